import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { InboxItem } from '../../../../src-preload/contract';
import { useServiceNow } from '../../app/service-clock';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/field';
import { LoadMoreFooter } from '../../ui/load-more';
import { PageHeader } from '../../ui/layout';
import { AsyncView, EmptyState } from '../../ui/states';
import { fullName, useFilterForms } from '../patients';
import { inboxGroup, type InboxGroup } from './inbox-day';
import { useInbox, useMarkResponses } from './responses-queries';
import { ScoreBadges } from './score-badges';
import './responses.css';

const GROUPS: readonly InboxGroup[] = ['today', 'yesterday', 'thisWeek', 'earlier'];

/**
 * What came back: every form's responses, newest first, grouped by day (today, yesterday, this
 * week, earlier), each with its patient, form, scores and whether someone has opened it. Opening
 * a response marks it read; it can be marked unread again, or a whole page read at once.
 */
export function InboxScreen() {
  const { t } = useTranslation('responses');
  const format = useFormat();
  const now = useServiceNow().getTime();
  const [unread, setUnread] = useState(false);
  const [formId, setFormId] = useState('');
  const forms = useFilterForms().data?.data ?? [];
  const inbox = useInbox({ unread, formId });
  const mark = useMarkResponses();
  const rows = inbox.data ?? [];
  const unreadCount = inbox.pages?.at(-1)?.unread;
  const unreadShown = rows.filter((r) => !r.read).map((r) => r.id);

  return (
    <div className="inbox-screen">
      <PageHeader
        title={t('inbox.title')}
        description={
          <span aria-live="polite">
            {unreadCount === undefined
              ? t('inbox.description')
              : t('inbox.unread', { count: unreadCount, formatted: format.number(unreadCount) })}
          </span>
        }
        actions={
          <Button
            disabled={unreadShown.length === 0}
            busy={mark.isPending}
            onClick={() => mark.mutate({ ids: unreadShown, read: true })}
          >
            {t('inbox.markShownRead')}
          </Button>
        }
      />
      <div className="inbox-filters" role="search">
        <SelectField
          label={t('inbox.show')}
          value={unread ? 'unread' : 'all'}
          onChange={(e) => setUnread(e.target.value === 'unread')}
        >
          <option value="all">{t('inbox.all')}</option>
          <option value="unread">{t('inbox.onlyUnread')}</option>
        </SelectField>
        <SelectField
          label={t('inbox.form')}
          value={formId}
          onChange={(e) => setFormId(e.target.value)}
        >
          <option value="">{t('inbox.anyForm')}</option>
          {forms.map((form) => (
            <option key={form.id} value={form.id}>
              {form.name}
            </option>
          ))}
        </SelectField>
      </div>
      <AsyncView
        state={inbox}
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState title={unread ? t('inbox.noneUnread') : t('inbox.empty')} />}
      >
        {(items) => (
          <div className="card inbox-card">
            {GROUPS.map((group) => {
              const inGroup = items.filter((r) => inboxGroup(r.completedAt, now) === group);
              if (inGroup.length === 0) return null;
              return (
                <section key={group} aria-labelledby={`inbox-${group}`}>
                  <h2 id={`inbox-${group}`} className="inbox-group">
                    {t(`inbox.groups.${group}`)}
                  </h2>
                  <ul className="inbox-list">
                    {inGroup.map((item) => (
                      <InboxRow
                        key={item.id}
                        item={item}
                        recent={group === 'today' || group === 'yesterday'}
                        onToggleRead={() => mark.mutate({ ids: [item.id], read: !item.read })}
                      />
                    ))}
                  </ul>
                </section>
              );
            })}
            <LoadMoreFooter
              hasMore={inbox.hasMore}
              loading={inbox.loadingMore}
              error={inbox.moreError}
              onMore={inbox.loadMore}
            />
          </div>
        )}
      </AsyncView>
    </div>
  );
}

/** One response in the inbox: who and which form (the link), its scores, when, read or not. */
function InboxRow(props: { item: InboxItem; recent: boolean; onToggleRead: () => void }) {
  const { t } = useTranslation('responses');
  const format = useFormat();
  const { item } = props;
  return (
    <li className={`inbox-item${item.read ? '' : ' inbox-unread'}`}>
      <span className="inbox-dot" aria-hidden="true" />
      <Link href={`/responses/${item.id}`} className="inbox-link">
        {!item.read && (
          <>
            <span className="visually-hidden">{t('inbox.new')}</span>{' '}
          </>
        )}
        <strong>{fullName(item.patient)}</strong>
        <span className="muted"> · {item.formName}</span>
      </Link>
      <ScoreBadges scores={item.scores} />
      <time dateTime={item.completedAt} className="muted inbox-time">
        {props.recent ? format.time(item.completedAt) : format.dateTime(item.completedAt)}
      </time>
      <Button size="sm" variant="ghost" onClick={props.onToggleRead}>
        {item.read ? t('inbox.markUnread') : t('inbox.markRead')}
      </Button>
    </li>
  );
}
