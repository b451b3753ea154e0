import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WebhookView } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge } from '../../ui/layout';
import { describeWebhookError, eventLabel, inListOrder, percent } from './webhook-labels';
import { useRemoveWebhook } from './webhooks-queries';
import { useServiceNow } from '../../app/service-clock';

/** Active, or disabled since when. */
export function StatusBadge(props: { webhook: WebhookView }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const { webhook } = props;
  if (webhook.status === 'active') return <Badge tone="success">{t('status.active')}</Badge>;
  return (
    <Badge tone="danger">
      {webhook.disabledAt
        ? t('status.disabledSince', { date: format.date(webhook.disabledAt) })
        : t('status.disabled')}
    </Badge>
  );
}

/** Why a webhook was switched off, in the coordinator's language. */
export function disabledWhy(t: TFunction<'webhooks'>, webhook: WebhookView): string {
  const by = webhook.stats.disabledBy;
  return by ? t('disabledReason.figures', by) : t('disabledReason.generic');
}

export function EventChips(props: { events: readonly string[] }) {
  const { t } = useTranslation('webhooks');
  return (
    <ul className="webhooks-chips">
      {inListOrder(props.events).map((kind) => (
        <li key={kind} className="badge badge-info" title={kind}>
          {eventLabel(t, kind)}
        </li>
      ))}
    </ul>
  );
}

/** "98 % correctos" over 24 h, with the counts behind it. */
export function SuccessRate(props: { webhook: WebhookView }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const { attempts, failedAttempts } = props.webhook.stats;
  if (attempts === 0) return <span className="muted">{t('stats.none')}</span>;
  const ok = attempts - failedAttempts;
  return (
    <span className="webhooks-rate">
      <span className={ok / attempts < 0.5 ? 'webhooks-rate-bad' : undefined}>
        {t('stats.rate', { rate: percent(format, ok / attempts) })}
      </span>
      <span className="muted webhooks-rate-detail">
        {t('stats.rateDetail', { ok: format.number(ok), total: format.number(attempts) })}
      </span>
    </span>
  );
}

/** When the newest attempt was, relative to the service clock, and how it went. */
export function LastAttempt(props: { webhook: WebhookView }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const now = useServiceNow();
  const last = props.webhook.stats.lastAttempt;
  if (!last) return <span className="muted">{t('stats.never')}</span>;
  return (
    <span className="webhooks-last">
      <time dateTime={last.at} title={format.dateTime(last.at)}>
        {format.relative(last.at, now)}
      </time>
      <Badge tone={last.succeeded ? 'success' : 'danger'}>
        {last.succeeded ? t('stats.lastOk') : t('stats.lastFailed')}
      </Badge>
    </span>
  );
}

/** Deletes a webhook after confirmation; `onDone` gets whether it was deleted. */
export function DeleteWebhookDialog(props: {
  webhook: WebhookView;
  onDone: (deleted: boolean) => void;
}) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const remove = useRemoveWebhook();
  const failure = remove.error;
  return (
    <ConfirmDialog
      open
      danger
      busy={remove.isPending}
      title={t('remove.title', { url: props.webhook.url })}
      confirmLabel={t('remove.confirm')}
      onCancel={() => props.onDone(false)}
      onConfirm={() => {
        remove.mutate(props.webhook.id, { onSuccess: () => props.onDone(true) });
      }}
    >
      <p>{t('remove.body')}</p>
      {failure && (
        <p className="notice notice-danger" role="alert">
          {describeWebhookError(t, tc, failure)}
        </p>
      )}
    </ConfirmDialog>
  );
}
