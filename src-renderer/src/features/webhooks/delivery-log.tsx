import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { WebhookDelivery } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { asFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/field';
import { Badge, Card } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { AsyncView, EmptyState } from '../../ui/states';
import { HeaderList } from './receiver-panel';
import {
  attemptResult,
  describeWebhookError,
  eventLabel,
  prettyJson,
  showsErrorDetail,
} from './webhook-labels';
import { createWebhookLogStore } from './webhook-log-store';
import { useDeliveryLog, useRetryDelivery, type DeliveryStatus } from './webhooks-queries';
import { useServiceNow } from '../../app/service-clock';

const STATUSES: readonly DeliveryStatus[] = ['failed', 'pending', 'delivered'];
const STATUS_TONE = { pending: 'warning', delivered: 'success', failed: 'danger' } as const;

/** A webhook's deliveries, newest first, each with every attempt it took. */
export function DeliveryLog(props: { webhookId: string; disabled: boolean }) {
  const { t } = useTranslation('webhooks');
  const store = useFeatureStore(createWebhookLogStore);
  // Until the store has switched to this webhook, the previous one's filter does not apply.
  const status = useStore(store, (s) => (s.id === props.webhookId ? s.status : undefined));
  const deliveries = useDeliveryLog(props.webhookId, status);
  return (
    <Card
      title={t('log.title')}
      label={t('log.title')}
      className="webhooks-log"
      actions={
        <div className="webhooks-log-filter">
          <SelectField
            label={t('log.filter')}
            value={status ?? ''}
            onChange={(e) =>
              store.getState().setStatus((e.target.value || undefined) as DeliveryStatus)
            }
          >
            <option value="">{t('log.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`delivery.${s}`)}
              </option>
            ))}
          </SelectField>
        </div>
      }
    >
      <AsyncView
        state={deliveries}
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState title={status ? t('log.emptyFiltered') : t('log.empty')} />}
      >
        {(items) => (
          <>
            <ol className="webhooks-deliveries">
              {items.map((delivery) => (
                <DeliveryItem
                  key={delivery.eventId}
                  webhookId={props.webhookId}
                  delivery={delivery}
                  webhookDisabled={props.disabled}
                />
              ))}
            </ol>
            <LoadMoreFooter
              hasMore={deliveries.hasMore}
              loading={deliveries.loadingMore}
              error={deliveries.moreError}
              onMore={deliveries.loadMore}
            />
          </>
        )}
      </AsyncView>
    </Card>
  );
}

function DeliveryState(props: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const now = useServiceNow();
  const { delivery } = props;
  let detail: string | undefined;
  if (delivery.status === 'pending' && delivery.nextAttemptAt) {
    detail = t('delivery.nextAttempt', {
      relative: format.relative(delivery.nextAttemptAt, now),
    });
  } else if (delivery.status === 'delivered' && delivery.deliveredAt) {
    detail = t('delivery.deliveredAt', { date: format.dateTime(delivery.deliveredAt) });
  } else if (delivery.status === 'failed' && delivery.failureReason) {
    detail = t(`delivery.reasons.${delivery.failureReason}`);
  }
  return (
    <span className="webhooks-delivery-state">
      <Badge tone={STATUS_TONE[delivery.status]}>{t(`delivery.${delivery.status}`)}</Badge>
      {detail && <span className="muted">{detail}</span>}
    </span>
  );
}

function DeliveryItem(props: {
  webhookId: string;
  delivery: WebhookDelivery;
  webhookDisabled: boolean;
}) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const retryDelivery = useRetryDelivery(props.webhookId);
  const [open, setOpen] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const detailId = useId();
  const { delivery } = props;
  const event = eventLabel(t, delivery.event);
  const date = format.dateTime(delivery.createdAt);
  const count = delivery.attempts.length;

  async function retry() {
    setRetrying(true);
    setOutcome(undefined);
    try {
      const after = await retryDelivery.mutateAsync(delivery.eventId);
      const last = after.attempts.at(-1);
      const result = last ? attemptResult(t, last) : '';
      setOutcome(
        last?.succeeded
          ? { ok: true, text: t('log.retried', { result }) }
          : { ok: false, text: t('log.retryFailed', { result }) },
      );
    } catch (error) {
      setOutcome({ ok: false, text: describeWebhookError(t, tc, asFailure(error)) });
    } finally {
      setRetrying(false);
    }
  }

  return (
    <li className="webhooks-delivery" data-testid="delivery">
      <div className="webhooks-delivery-summary">
        <div className="webhooks-delivery-title">
          <span className="webhooks-delivery-event">{event}</span>
          <time dateTime={delivery.createdAt} className="muted">
            {t('log.created', { date })}
          </time>
        </div>
        <DeliveryState delivery={delivery} />
        <div className="webhooks-delivery-actions">
          {count > 0 && (
            <Button
              size="sm"
              variant="ghost"
              aria-expanded={open}
              aria-controls={detailId}
              aria-label={open ? undefined : t('log.toggleLabel', { event, date })}
              onClick={() => setOpen(!open)}
            >
              {open ? t('log.hideAttempts') : t('log.showAttempts', { count })}
            </Button>
          )}
          {delivery.status === 'failed' && (
            <Button
              size="sm"
              busy={retrying}
              disabled={props.webhookDisabled}
              title={props.webhookDisabled ? t('log.retryDisabledHint') : undefined}
              aria-label={t('log.retryLabel', { event, date })}
              onClick={() => void retry()}
            >
              {t('log.retry')}
            </Button>
          )}
        </div>
      </div>
      <p
        className={`webhooks-retry-outcome${outcome ? (outcome.ok ? ' is-ok' : ' is-failed') : ''}`}
        role="status"
      >
        {outcome?.text}
      </p>
      {count === 0 && <p className="muted">{t('log.noAttempts')}</p>}
      <div id={detailId} hidden={!open} className="webhooks-delivery-detail">
        {open && (
          <>
            <ol className="webhooks-attempts">
              {delivery.attempts.map((attempt, index) => (
                <AttemptItem
                  key={attempt.id}
                  attempt={attempt}
                  n={
                    delivery.attempts.slice(0, index + 1).filter((a) => a.trigger === 'automatic')
                      .length
                  }
                />
              ))}
            </ol>
            <h4>{t('log.payload')}</h4>
            <pre className="webhooks-code">
              <code>{JSON.stringify(delivery.payload, null, 2)}</code>
            </pre>
          </>
        )}
      </div>
    </li>
  );
}

function AttemptItem(props: { attempt: WebhookDelivery['attempts'][number]; n: number }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const { attempt } = props;
  return (
    <li className="webhooks-attempt" data-testid="attempt">
      <h4 className="webhooks-attempt-title">
        {attempt.trigger === 'manual'
          ? t('attempt.manual')
          : t('attempt.automatic', { n: props.n })}
        <Badge tone={attempt.succeeded ? 'success' : 'danger'}>{attemptResult(t, attempt)}</Badge>
      </h4>
      <dl className="webhooks-attempt-facts">
        <div>
          <dt>{t('attempt.when')}</dt>
          <dd>
            <time dateTime={attempt.attemptedAt}>{format.dateTime(attempt.attemptedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('attempt.duration')}</dt>
          <dd>{t('attempt.durationValue', { ms: format.number(attempt.durationMs) })}</dd>
        </div>
        <div>
          <dt>{t('attempt.url')}</dt>
          <dd>
            <code>{attempt.url}</code>
          </dd>
        </div>
        {showsErrorDetail(attempt) && (
          <div>
            <dt>{t('attempt.detail')}</dt>
            <dd>
              <code>{attempt.errorDetail}</code>
            </dd>
          </div>
        )}
      </dl>
      <h5>{t('attempt.headers')}</h5>
      <HeaderList headers={attempt.requestHeaders} />
      <h5>{t('attempt.response')}</h5>
      {attempt.responseBody ? (
        <pre className="webhooks-code">
          <code>{prettyJson(attempt.responseBody)}</code>
        </pre>
      ) : (
        <p className="muted">
          {/* A receiver on this machine keeps only its status (api-decisions, Webhooks). */}
          {attempt.statusCode !== undefined ? t('attempt.bodyNotKept') : t('attempt.noResponse')}
        </p>
      )}
    </li>
  );
}
