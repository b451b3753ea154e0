import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ScheduleListItem, ScheduleStatus } from '../../../../src-preload/contract';
import { invalidateTopics } from '../../data/topic-invalidation';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { describeError } from '../../ui/states';
import { fullName } from '../patients';
import { STATUSES } from './delivery-text';
import { useCancelDelivery } from './deliveries-queries';

export type CancellableDelivery = Pick<
  ScheduleListItem,
  'id' | 'formName' | 'patient' | 'scheduledAt' | 'channel' | 'creditsConsumed'
>;

/**
 * Confirms cancelling a pending delivery. On success the screen announces the refund; when the
 * delivery left meanwhile the service answers 400 schedule_not_cancellable with its status, and
 * the dialog says why nothing was cancelled.
 */
export function CancelDeliveryDialog(props: {
  delivery: CancellableDelivery;
  onDone: (notice?: string) => void;
}) {
  const { t } = useTranslation('deliveries');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const cancel = useCancelDelivery();
  const failure = cancel.error;
  const { delivery } = props;
  const name = fullName(delivery.patient);

  const notCancellable = failure?.code === 'schedule_not_cancellable';
  const status = failure?.details?.scheduleStatus as ScheduleStatus | undefined;

  function confirm() {
    cancel.mutate(delivery.id, {
      onSuccess: (cancelled) =>
        props.onDone(
          `${t('cancel.done', { name })} ${t('cancel.refunded', {
            count: cancelled.creditsRefunded,
            formatted: format.number(cancelled.creditsRefunded),
          })}`,
        ),
      // The list is out of date: the delivery moved on without it.
      onError: () => void invalidateTopics(client, ['schedules']),
    });
  }

  return (
    <Dialog
      open
      title={t('cancel.title')}
      onClose={() => props.onDone()}
      footer={
        notCancellable ? (
          <Button variant="primary" onClick={() => props.onDone()}>
            {tc('actions.close')}
          </Button>
        ) : (
          <>
            <Button onClick={() => props.onDone()}>{t('cancel.keep')}</Button>
            <Button variant="danger" busy={cancel.isPending} onClick={confirm}>
              {t('cancel.confirm')}
            </Button>
          </>
        )
      }
    >
      <p>
        {t('cancel.body', {
          form: delivery.formName,
          name,
          date: format.dateTime(delivery.scheduledAt),
          channel: t(`channelsInText.${delivery.channel}`),
        })}
      </p>
      {!notCancellable && (
        <p className="muted">
          {t('cancel.refundNote', {
            count: delivery.creditsConsumed,
            formatted: format.number(delivery.creditsConsumed),
          })}
        </p>
      )}
      {failure && (
        <p className="notice notice-danger" role="alert">
          {notCancellable
            ? t('cancel.notCancellable', {
                status:
                  status && STATUSES.includes(status) ? t(`status.${status}`) : (status ?? ''),
              })
            : describeError(tc, failure)}
        </p>
      )}
    </Dialog>
  );
}
