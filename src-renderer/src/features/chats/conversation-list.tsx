import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ConversationListItem, ConversationStatus } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import type { PagedList } from '../../data/bridge-query';
import { LoadMoreFooter } from '../../ui/load-more';
import { ErrorState, LoadingState } from '../../ui/states';
import { EscalatedFlag } from './chat-view';
import { fullName } from '../patients';
import { useServiceNow } from '../../app/service-clock';

/** One section of the list: its heading, its conversations and a button for the next page. */
export function ConversationSection(props: {
  status: ConversationStatus;
  section: PagedList<ConversationListItem>;
  selectedId: string | undefined;
  filtered: boolean;
}) {
  const { t } = useTranslation('chats');
  const headingId = useId();
  const { section, status } = props;
  const title = status === 'active' ? t('list.active') : t('list.ended');
  const items = section.data ?? [];

  let body;
  if (section.data === undefined) {
    body = section.error ? (
      <ErrorState error={section.error} onRetry={section.refetch} />
    ) : (
      <LoadingState />
    );
  } else if (items.length === 0) {
    const key = props.filtered
      ? status === 'active'
        ? 'list.noMatchesActive'
        : 'list.noMatchesEnded'
      : status === 'active'
        ? 'list.emptyActive'
        : 'list.emptyEnded';
    body = <p className="chat-list-empty muted">{t(key)}</p>;
  } else {
    body = (
      <ul className="chat-list-items" aria-labelledby={headingId}>
        {items.map((conversation) => (
          <ConversationItem
            key={conversation.id}
            conversation={conversation}
            selected={conversation.id === props.selectedId}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className={`chat-list-section chat-list-${status}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="chat-list-heading">
        {title}
      </h2>
      {body}
      {items.length > 0 && (
        <LoadMoreFooter
          size="sm"
          hasMore={section.hasMore}
          loading={section.loadingMore}
          error={section.moreError}
          failed={t('list.moreError')}
          onMore={section.loadMore}
        />
      )}
    </section>
  );
}

function ConversationItem(props: { conversation: ConversationListItem; selected: boolean }) {
  const { t } = useTranslation('chats');
  const format = useFormat();
  const now = useServiceNow();
  const { conversation: c } = props;
  const when =
    c.status === 'ended' && c.endedAt
      ? t('list.endedAt', { relative: format.relative(c.endedAt, now) })
      : t('list.lastMessage', { relative: format.relative(c.lastMessageAt, now) });
  return (
    <li className={`chat-item${c.escalated ? ' chat-item-escalated' : ''}`}>
      <Link
        href={`/chats/${encodeURIComponent(c.id)}`}
        className="chat-item-link"
        aria-current={props.selected ? 'page' : undefined}
        data-testid="chat-item"
      >
        <span className="chat-item-name">{fullName(c.patient)}</span>
        {c.escalated && <EscalatedFlag at={c.escalatedAt} />}
        <span className="chat-item-context" translate="no">
          {c.context}
        </span>
        <span className="chat-item-meta muted">
          {t('list.messages', { count: c.messageCount })} · {t(`languages.${c.language}`)} · {when}
        </span>
      </Link>
    </li>
  );
}
