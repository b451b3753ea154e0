import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CallStatus, CallView } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Card, PageHeader } from '../../ui/layout';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { fullName } from '../patients';
import { formatDuration } from './call-format';
import { CallStatusBadge } from './calls-screen';
import { useCall } from './calls-queries';
import { CallAgain } from './call-again';
import './calls.css';

/** The lifecycle as the service runs it; a failed call stops after ringing. */
const STEPS: CallStatus[] = ['queued', 'ringing', 'in-progress', 'completed'];

/** One call: who, what for, where it is in its lifecycle, then its transcript and summary. */
export function CallPage(props: { id: string }) {
  const { t } = useTranslation('calls');
  // The simulated lifecycle's steps are jobs on the service clock; each one touches 'calls'.
  const call = useCall(props.id);

  const back = (
    <Link href="/calls" className="calls-back">
      <span aria-hidden="true">← </span>
      {t('detail.back')}
    </Link>
  );

  const data = call.data;

  if (!data) {
    return (
      <div className="call-page">
        {back}
        {call.error?.code === 'resource_missing' ? (
          <EmptyState title={t('detail.notFound')}>
            <p>{t('detail.notFoundHint')}</p>
          </EmptyState>
        ) : call.error ? (
          <ErrorState error={call.error} onRetry={() => void call.refetch()} />
        ) : (
          <LoadingState />
        )}
      </div>
    );
  }

  const name = fullName(data.patient);
  return (
    <div className="call-page">
      {back}
      <PageHeader
        title={
          <span className="call-title">
            {t('detail.title', { name })} <CallStatusBadge status={data.status} />
          </span>
        }
        description={<span translate="no">{data.purpose}</span>}
        actions={
          <>
            {data.status === 'failed' && <CallAgain call={data} />}
            <Button onClick={() => window.print()}>{t('detail.print')}</Button>
          </>
        }
      />
      {call.error && <ErrorState error={call.error} onRetry={() => void call.refetch()} />}
      <CallProgress call={data} />
      <div className="call-grid">
        <CallDetails call={data} />
        <div className="call-side">
          <Card title={t('detail.summary')} label={t('detail.summary')}>
            {data.status === 'completed' ? (
              <p className="call-summary" lang={data.language} translate="no">
                {data.summary ?? t('detail.noSummary')}
              </p>
            ) : (
              <p className="muted">
                {data.status === 'failed' ? t('detail.noSummary') : t('detail.summaryPending')}
              </p>
            )}
          </Card>
          <Card title={t('detail.transcript')} label={t('detail.transcript')}>
            <Transcript call={data} />
          </Card>
        </div>
      </div>
    </div>
  );
}

function CallProgress(props: { call: CallView }) {
  const { t } = useTranslation('calls');
  const { status } = props.call;
  const failed = status === 'failed';
  // A failed call got as far as ringing; its last step is the failure.
  const steps: CallStatus[] = failed ? ['queued', 'ringing', 'failed'] : STEPS;
  const reached = steps.indexOf(status);
  const live = status !== 'completed' && status !== 'failed';
  return (
    <div className="call-progress-wrap">
      <ol className="call-progress" aria-label={t('detail.progress')}>
        {steps.map((step, index) => {
          const state = index < reached ? 'done' : index === reached ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`call-step call-step-${state}${step === 'failed' ? ' call-step-failed' : ''}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="call-step-dot" aria-hidden="true" />
              {t(`status.${step}`)}
            </li>
          );
        })}
      </ol>
      {live && (
        <p className="muted call-live" role="status">
          <span className="spinner" aria-hidden="true" /> {t('detail.live')}
        </p>
      )}
    </div>
  );
}

function CallDetails(props: { call: CallView }) {
  const { t } = useTranslation('calls');
  const format = useFormat();
  const { call } = props;
  const rows: [string, ReactNode][] = [
    [
      t('detail.patient'),
      <Link key="p" href={`/patients/${encodeURIComponent(call.patientId)}`}>
        {fullName(call.patient)}
      </Link>,
    ],
    [
      t('detail.purpose'),
      <span key="purpose" translate="no">
        {call.purpose}
      </span>,
    ],
    [t('detail.language'), t(`languages.${call.language}`)],
    [t('detail.status'), t(`status.${call.status}`)],
  ];
  if (call.failureReason) {
    rows.push([t('detail.failureReason'), t(`failureReasons.${call.failureReason}`)]);
  }
  if (call.status === 'completed') {
    rows.push([t('detail.duration'), formatDuration(t, call.duration)]);
  }
  if (call.status === 'completed' || call.status === 'failed') {
    rows.push([t('detail.credits'), format.number(call.creditsConsumed)]);
  }
  const when = (iso: string | undefined) =>
    iso && <time dateTime={iso}>{format.dateTime(iso)}</time>;
  rows.push([t('detail.createdAt'), when(call.createdAt)]);
  if (call.answeredAt) rows.push([t('detail.answeredAt'), when(call.answeredAt)]);
  if (call.completedAt) rows.push([t('detail.completedAt'), when(call.completedAt)]);
  if (call.failedAt) rows.push([t('detail.failedAt'), when(call.failedAt)]);
  const unbilled = Number(call.metadata.unbilledCredits ?? 0);
  return (
    <Card title={t('detail.details')} label={t('detail.details')}>
      <dl className="call-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {unbilled > 0 && (
        <p className="notice notice-warning">{t('detail.unbilled', { count: unbilled })}</p>
      )}
      {Boolean(call.metadata.fallback) && <p className="muted">{t('detail.fallback')}</p>}
    </Card>
  );
}

function Transcript(props: { call: CallView }) {
  const { t } = useTranslation('calls');
  const format = useFormat();
  const { call } = props;
  if (call.status === 'failed') return <p className="muted">{t('detail.noTranscript')}</p>;
  if (call.status !== 'completed' || !call.transcript) {
    return <p className="muted">{t('detail.transcriptPending')}</p>;
  }
  // Turns are placed from the answer, as on a recording: 0:00, 0:12, 1:05…
  const answered = Date.parse(call.answeredAt ?? call.transcript[0]?.at ?? call.createdAt);
  const offset = (at: string) => Math.max(0, Math.round((Date.parse(at) - answered) / 1000));
  return (
    <ol className="call-transcript" aria-label={t('detail.transcript')}>
      {call.transcript.map((turn, index) => (
        <li
          key={`${turn.at}-${index}`}
          className={`call-turn call-turn-${turn.role}`}
          data-testid="transcript-turn"
        >
          <p className="call-turn-meta">
            <span className="call-turn-speaker">{t(`speakers.${turn.role}`)}</span>
            <time dateTime={`PT${offset(turn.at)}S`} title={format.dateTime(turn.at)}>
              {clockOffset(offset(turn.at))}
            </time>
          </p>
          {/* What was said, in the call's language. */}
          <p className="call-turn-text" lang={call.language} translate="no">
            {turn.content}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Seconds as a recording's position: 0:05, 1:30, 12:04. */
export function clockOffset(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
