import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Patient } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { callOperation } from '../../data/bridge-query';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ProgressBar } from '../../ui/layout';
import { ErrorState } from '../../ui/states';
import { useBalance, usePrices } from '../credits';
import { fullName } from '../patients';
import {
  runBulkSchedule,
  type BulkOutcome,
  type BulkResult,
  type ScheduleInput,
} from './bulk-schedule';
import { refusalText, useCreditsText } from './delivery-text';
import { priceOf } from './deliveries-store';
import type { Recurrence } from './series-plan';

export interface BulkPlan {
  patients: readonly Patient[];
  input: Omit<ScheduleInput, 'patientId'>;
  formName: string;
  /** A series for each patient instead of one delivery, with its number of deliveries. */
  recurrence?: Recurrence;
  occurrences?: number;
}

/**
 * A delivery to several patients: the confirmation (count, price per delivery, total, balance;
 * no start when the balance cannot cover the total), then the run with a progress bar, then
 * the summary with each refusal's patient and reason.
 */
export function BulkRun(props: {
  plan: BulkPlan;
  onBack: () => void;
  onRunning: (running: boolean) => void;
  onClose: (notice?: string) => void;
}) {
  const { t } = useTranslation('deliveries');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const credits = useCreditsText();
  const bridge = useBridge();
  const prices = usePrices();
  const balance = useBalance();
  const [step, setStep] = useState<'confirm' | 'running' | 'done'>('confirm');
  const [outcomes, setOutcomes] = useState<readonly BulkOutcome[]>([]);
  const [result, setResult] = useState<BulkResult>();
  const [stopping, setStopping] = useState(false);
  const stop = useRef(false);

  const { plan } = props;
  const total = plan.patients.length;
  const channel = plan.input.channel;
  const price = prices.data ? priceOf(prices.data, channel) : undefined;
  const current = balance.data?.balance;
  const perPatient = plan.occurrences ?? 1;
  const cost = price === undefined ? undefined : price * total * perPatient;
  const covered = cost !== undefined && current !== undefined && current >= cost;
  const createdCount = outcomes.filter((o) => o.status === 'created').length;

  async function start() {
    setStep('running');
    props.onRunning(true);
    stop.current = false;
    const finished = await runBulkSchedule({
      patients: plan.patients,
      input: plan.input,
      create: ({ scheduledAt, ...input }) =>
        plan.recurrence
          ? callOperation(bridge, 'series', 'create', {
              ...input,
              ...(scheduledAt ? { startsAt: scheduledAt } : {}),
              recurrence: plan.recurrence,
            })
          : callOperation(bridge, 'schedules', 'create', {
              ...input,
              ...(scheduledAt ? { scheduledAt } : {}),
            }),
      onOutcome: setOutcomes,
      stopRequested: () => stop.current,
    });
    setResult(finished);
    setStep('done');
    props.onRunning(false);
  }

  const requestStop = () => {
    stop.current = true;
    setStopping(true);
  };

  if (step === 'confirm') {
    const when = plan.input.scheduledAt
      ? t('bulk.whenAt', { date: format.dateTime(plan.input.scheduledAt) })
      : t('bulk.whenNow');
    return (
      <Dialog
        open
        title={t('bulk.confirmTitle')}
        onClose={props.onBack}
        footer={
          <>
            <Button onClick={props.onBack}>{t('bulk.back')}</Button>
            <Button variant="primary" disabled={!covered} onClick={() => void start()}>
              {t('bulk.start', { count: total, formatted: format.number(total) })}
            </Button>
          </>
        }
      >
        <p>
          {t('bulk.summary', {
            count: total,
            formatted: format.number(total),
            form: plan.formName,
            channel: t(`channelsInText.${channel}`),
            when,
          })}
        </p>
        <dl className="deliveries-cost-table" aria-label={t('bulk.total')}>
          <div>
            <dt>{t('bulk.deliveries')}</dt>
            <dd className="num">{format.number(total)}</dd>
          </div>
          {perPatient > 1 && (
            <div>
              <dt>{t('repeat.perPatient')}</dt>
              <dd className="num">{format.number(perPatient)}</dd>
            </div>
          )}
          <div>
            <dt>{t('bulk.pricePer')}</dt>
            <dd className="num">{price === undefined ? '…' : credits(price)}</dd>
          </div>
          <div className="deliveries-cost-total">
            <dt>{t('bulk.total')}</dt>
            <dd className="num" data-testid="bulk-total">
              {cost === undefined ? '…' : credits(cost)}
            </dd>
          </div>
          <div>
            <dt>{t('bulk.balance')}</dt>
            <dd className="num" data-testid="bulk-balance">
              {current === undefined ? '…' : credits(current)}
            </dd>
          </div>
          {covered && (
            <div>
              <dt>{t('bulk.after')}</dt>
              <dd className="num">{credits(current - cost)}</dd>
            </div>
          )}
        </dl>
        {cost !== undefined && current !== undefined && !covered && (
          <p className="notice notice-danger" role="alert">
            {t('bulk.notEnough', { count: cost - current, missing: credits(cost - current) })}
          </p>
        )}
        {balance.isError && (
          <ErrorState
            variant="notice"
            title={t('bulk.unknownBalance')}
            message={null}
            onRetry={() => void balance.refetch()}
          />
        )}
        {prices.error && (
          <ErrorState variant="notice" error={prices.error} onRetry={() => void prices.refetch()} />
        )}
        <p className="muted">{t('bulk.failedRefusalsNote')}</p>
      </Dialog>
    );
  }

  if (step === 'running') {
    return (
      <Dialog open title={t('bulk.progressTitle')} onClose={requestStop}>
        <ProgressBar label={t('bulk.progress')} value={outcomes.length} max={total} />
        <p className="deliveries-progress-count" aria-live="polite">
          {t('bulk.progressCount', {
            done: format.number(outcomes.length),
            total: format.number(total),
          })}
        </p>
        <div className="dialog-footer">
          <Button onClick={requestStop} disabled={stopping}>
            {stopping ? t('bulk.stopping') : t('bulk.stop')}
          </Button>
        </div>
      </Dialog>
    );
  }

  const failed = outcomes.filter((o) => o.status === 'failed');
  const skipped = outcomes.filter((o) => o.status === 'skipped');
  const stoppedBy = result?.stoppedBy;
  const createdText = t('bulk.created', {
    count: createdCount,
    formatted: format.number(createdCount),
  });
  return (
    <Dialog
      open
      title={t('bulk.doneTitle')}
      onClose={() => props.onClose(createdText)}
      footer={
        <Button variant="primary" onClick={() => props.onClose(createdText)}>
          {tc('actions.close')}
        </Button>
      }
    >
      <ProgressBar label={t('bulk.progress')} value={outcomes.length} max={total} />
      <p role="status" className="deliveries-summary-created">
        {createdText}
      </p>
      {stoppedBy !== undefined && (
        <p className="notice notice-warning">
          {stoppedBy === 'user'
            ? t('bulk.stoppedByUser')
            : t('bulk.stoppedBy', { reason: refusalText(t, tc, stoppedBy, channel) })}
        </p>
      )}
      {failed.length + skipped.length > 0 && (
        <section aria-label={t('bulk.failures')}>
          {failed.length > 0 && (
            <>
              <p>
                {t('bulk.failed', {
                  count: failed.length,
                  formatted: format.number(failed.length),
                })}
              </p>
              <ul className="deliveries-outcomes">
                {failed.map((o) => (
                  <li key={o.patient.id}>
                    <strong>{fullName(o.patient)}</strong>:{' '}
                    {o.status === 'failed' && refusalText(t, tc, o.error, channel)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {skipped.length > 0 && (
            <>
              <p>
                {t('bulk.skipped', {
                  count: skipped.length,
                  formatted: format.number(skipped.length),
                })}
              </p>
              <ul className="deliveries-outcomes">
                {skipped.map((o) => (
                  <li key={o.patient.id}>
                    <strong>{fullName(o.patient)}</strong>: {t('bulk.notAttempted')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </Dialog>
  );
}
