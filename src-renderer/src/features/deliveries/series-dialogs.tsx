import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, ScheduleListItem } from '../../../../src-preload/contract';
import { useServiceNowMs } from '../../app/service-clock';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { invalidateTopics } from '../../data/topic-invalidation';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { describeError } from '../../ui/states';
import { usePrices } from '../credits';
import { fullName } from '../patients';
import { CHANNELS, refusalText, useCreditsText } from './delivery-text';
import { useCancelSeries, useRetryDelivery, useSeries } from './deliveries-queries';
import { priceOf } from './deliveries-store';
import { localInputToIso, localTimeZone, nextRoundHour, toLocalInputValue } from './service-time';

export interface SeriesRef {
  id: string;
  formName: string;
  patient: ScheduleListItem['patient'];
}

/**
 * Cancels a whole series in one step: every pending delivery, refunded; what was sent or
 * answered stays. The dialog says beforehand how many deliveries and credits that is.
 */
export function CancelSeriesDialog(props: {
  series: SeriesRef;
  onDone: (notice?: string) => void;
}) {
  const { t } = useTranslation('deliveries');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const credits = useCreditsText();
  const client = useQueryClient();
  const series = useSeries(props.series.id);
  const prices = usePrices();
  const cancel = useCancelSeries();
  const name = fullName(props.series.patient);
  const pending = series.data?.counts.pending;
  const refund =
    series.data && prices.data
      ? priceOf(prices.data, series.data.channel) * series.data.counts.pending
      : undefined;
  const done = series.data?.status === 'cancelled' || pending === 0;

  function confirm() {
    cancel.mutate(props.series.id, {
      onSuccess: (cancelled) =>
        props.onDone(
          t('series.cancelled', {
            name,
            count: cancelled.cancelledSchedules.length,
            formatted: format.number(cancelled.cancelledSchedules.length),
            credits: credits(cancelled.creditsRefunded),
          }),
        ),
      onError: () => void invalidateTopics(client, ['schedules']),
    });
  }

  return (
    <Dialog
      open
      title={t('series.cancelTitle')}
      onClose={() => props.onDone()}
      footer={
        <>
          <Button onClick={() => props.onDone()}>{t('cancel.keep')}</Button>
          <Button
            variant="danger"
            busy={cancel.isPending}
            disabled={series.data === undefined || done}
            onClick={confirm}
          >
            {t('series.cancelConfirm')}
          </Button>
        </>
      }
    >
      <p>{t('series.cancelBody', { form: props.series.formName, name })}</p>
      {pending !== undefined && refund !== undefined && !done && (
        <p data-testid="series-refund">
          {t('series.cancelRefund', {
            count: pending,
            formatted: format.number(pending),
            credits: credits(refund),
          })}
        </p>
      )}
      {done && <p className="notice notice-warning">{t('series.nothingPending')}</p>}
      <p className="muted">{t('series.cancelKeeps')}</p>
      {(cancel.error ?? series.error) && (
        <p className="notice notice-danger" role="alert">
          {describeError(tc, (cancel.error ?? series.error)!)}
        </p>
      )}
    </Dialog>
  );
}

/**
 * Sends a failed delivery again: by the same channel or another, now or at a later time (a
 * reschedule). It is a new delivery, charged like any other; the failed one stays in the list
 * with its reason and a note that it was retried.
 */
export function RetryDeliveryDialog(props: {
  delivery: ScheduleListItem;
  onDone: (notice?: string) => void;
}) {
  const { t } = useTranslation('deliveries');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const credits = useCreditsText();
  const prices = usePrices();
  const serviceNow = useServiceNowMs();
  const retry = useRetryDelivery();
  const { delivery } = props;
  const [channel, setChannel] = useState<Channel>(delivery.channel);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState(() => toLocalInputValue(nextRoundHour(serviceNow())));
  const [failure, setFailure] = useState<BridgeFailure>();
  const [atError, setAtError] = useState<string>();
  const name = fullName(delivery.patient);
  const price = prices.data ? priceOf(prices.data, channel) : undefined;

  async function confirm() {
    setFailure(undefined);
    let scheduledAt: string | undefined;
    if (when === 'later') {
      scheduledAt = localInputToIso(at);
      if (!scheduledAt || Date.parse(scheduledAt) <= serviceNow()) {
        setAtError(t('schedule.errors.past'));
        return;
      }
    }
    try {
      const made = await retry.mutateAsync({
        id: delivery.id,
        channel,
        ...(scheduledAt ? { scheduledAt } : {}),
      });
      props.onDone(
        t('retry.done', {
          name,
          when: scheduledAt ? format.dateTime(made.scheduledAt) : t('schedule.scheduledNow'),
        }),
      );
    } catch (error) {
      setFailure(asFailure(error));
    }
  }

  return (
    <Dialog
      open
      title={t('retry.title')}
      onClose={() => props.onDone()}
      footer={
        <>
          {price !== undefined && (
            <span className="muted deliveries-cost" data-testid="retry-cost">
              {t('retry.cost', { cost: credits(price) })}
            </span>
          )}
          <Button onClick={() => props.onDone()}>{tc('actions.cancel')}</Button>
          <Button variant="primary" busy={retry.isPending} onClick={() => void confirm()}>
            {when === 'later' ? t('retry.reschedule') : t('retry.confirm')}
          </Button>
        </>
      }
    >
      <p>
        {t('retry.body', {
          form: delivery.formName,
          name,
          reason: delivery.failureReason ? t(`failureReasons.${delivery.failureReason}`) : '',
        })}
      </p>
      {failure && (
        <p className="notice notice-danger" role="alert">
          {refusalText(t, tc, failure, channel)}
        </p>
      )}
      <fieldset className="deliveries-fieldset deliveries-radios">
        <legend>{t('schedule.channel')}</legend>
        {CHANNELS.map((c) => (
          <label key={c} className="deliveries-check">
            <input
              type="radio"
              name="retry-channel"
              value={c}
              checked={channel === c}
              onChange={() => setChannel(c)}
            />
            <span>{t(`channels.${c}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="deliveries-fieldset deliveries-radios">
        <legend>{t('schedule.when')}</legend>
        <label className="deliveries-check">
          <input
            type="radio"
            name="retry-when"
            checked={when === 'now'}
            onChange={() => setWhen('now')}
          />
          <span>{t('schedule.now')}</span>
        </label>
        <label className="deliveries-check">
          <input
            type="radio"
            name="retry-when"
            checked={when === 'later'}
            onChange={() => setWhen('later')}
          />
          <span>{t('schedule.later')}</span>
        </label>
      </fieldset>
      {when === 'later' && (
        <TextField
          label={t('schedule.dateTime')}
          type="datetime-local"
          value={at}
          min={toLocalInputValue(serviceNow())}
          hint={t('schedule.dateTimeHint', { zone: localTimeZone() })}
          error={atError}
          onChange={(e) => {
            setAt(e.target.value);
            setAtError(undefined);
          }}
        />
      )}
    </Dialog>
  );
}
