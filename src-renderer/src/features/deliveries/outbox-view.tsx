import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useStore } from 'zustand';
import type { OutboxListItem } from '../../../../src-preload/contract';
import { useApp, useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { CopyButton } from '../../ui/copy-button';
import { Badge } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { AsyncView, EmptyState } from '../../ui/states';
import { fullName } from '../patients';
import { CHANNEL_TONE } from './delivery-text';
import { useOutbox } from './deliveries-queries';
import { createDeliveriesStore } from './deliveries-store';
import { ChannelFilter } from './list-parts';
import { PatientFilter } from './patient-filter';

/**
 * Whether a link can open from the window. In web mode it opens in a new tab. The desktop app
 * hands only https links to the system browser and denies every other window.open, so a local
 * http form link (the embedded service's own) can only be copied there.
 */
export function linkOpens(link: string, mode: 'desktop' | 'web' | undefined): boolean {
  return mode === 'web' || link.startsWith('https:');
}

/** Every message the service sent, exactly as the patient received it. */
export function OutboxView() {
  const { t } = useTranslation('deliveries');
  const store = useFeatureStore(createDeliveriesStore);
  const filters = useStore(store, (s) => s.outboxFilters);
  // A delivery that falls due (a job, the sandbox clock) writes here without the window asking.
  const messages = useOutbox(filters);

  const filtered = filters.channel !== '' || !!filters.patient;

  return (
    <div className="deliveries-outbox">
      <p className="muted">{t('outbox.description')}</p>
      <div className="deliveries-toolbar" role="search" aria-label={t('list.filters')}>
        <ChannelFilter
          label={t('outbox.channel')}
          allLabel={t('outbox.allChannels')}
          value={filters.channel}
          onChange={(channel) => store.getState().setOutboxFilters({ channel })}
        />
        <PatientFilter
          value={filters.patient}
          onChange={(patient) => store.getState().setOutboxFilters({ patient })}
        />
      </div>
      <AsyncView
        state={messages}
        isEmpty={(items) => items.length === 0}
        empty={
          <div className="card">
            {filtered ? (
              <EmptyState title={t('outbox.noMatches')} />
            ) : (
              <EmptyState title={t('outbox.empty')}>
                <p>{t('outbox.emptyHint')}</p>
              </EmptyState>
            )}
          </div>
        }
      >
        {(items) => (
          <>
            <ol className="deliveries-messages" aria-label={t('outbox.label')}>
              {items.map((message) => (
                <li key={message.id}>
                  <OutboxMessageCard message={message} />
                </li>
              ))}
            </ol>
            <LoadMoreFooter
              hasMore={messages.hasMore}
              loading={messages.loadingMore}
              error={messages.moreError}
              failed={t('outbox.moreFailed')}
              onMore={messages.loadMore}
            />
          </>
        )}
      </AsyncView>
    </div>
  );
}

function OutboxMessageCard(props: { message: OutboxListItem }) {
  const { t } = useTranslation('deliveries');
  const format = useFormat();
  const info = useApp((s) => s.info);
  const mode = 'data' in info ? info.data?.mode : undefined;
  const { message } = props;
  const bodyId = useId();
  const name = message.patient ? fullName(message.patient) : t('outbox.clinicNotice');
  return (
    <article className="card deliveries-message" aria-label={t('outbox.messageLabel', { name })}>
      <header className="deliveries-message-header">
        <Badge tone={CHANNEL_TONE[message.channel]}>{t(`channels.${message.channel}`)}</Badge>
        <strong>
          {message.patient ? <Link href={`/patients/${message.patient.id}`}>{name}</Link> : name}
        </strong>
        <time className="muted" dateTime={message.createdAt}>
          {format.dateTime(message.createdAt)}
        </time>
        <span className="muted deliveries-transport">
          {t(`outbox.transport.${message.transport}`)}
        </span>
      </header>
      <dl className="deliveries-message-facts">
        <div>
          <dt>{t('outbox.to')}</dt>
          <dd>{message.to}</dd>
        </div>
        {message.formName && (
          <div>
            <dt>{t('outbox.form')}</dt>
            <dd>{message.formName}</dd>
          </div>
        )}
        {message.subject && (
          <div>
            <dt>{t('outbox.subject')}</dt>
            <dd>{message.subject}</dd>
          </div>
        )}
      </dl>
      <figure className="deliveries-message-body" aria-labelledby={bodyId}>
        <figcaption className="visually-hidden" id={bodyId}>
          {t('outbox.body')}
        </figcaption>
        <pre>{message.body}</pre>
      </figure>
      {message.link && (
        <div className="deliveries-message-link">
          <span className="deliveries-label">{t('outbox.link')}</span>
          {linkOpens(message.link, mode) ? (
            <a
              href={message.link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('outbox.openLinkLabel', { name })}
            >
              {t('outbox.openLink')}
            </a>
          ) : null}
          <code className="deliveries-link-text">{message.link}</code>
          <CopyButton text={message.link} label={t('outbox.copyLink', { name })} />
          {!linkOpens(message.link, mode) && (
            <p className="field-hint">{t('outbox.desktopLinkHint')}</p>
          )}
        </div>
      )}
    </article>
  );
}
