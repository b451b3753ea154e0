import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useStore } from 'zustand';
import type { CallListItem, CallStatus } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { Badge, PageHeader } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { PatientPicker } from '../chats';
import { fullName } from '../patients';
import { shownDuration, STATUS_TONES } from './call-format';
import { callFilters, useCallList } from './calls-queries';
import { ExportCsvButton } from '../transfers';
import { createCallsStore, NO_FILTER, rangeIsValid } from './calls-store';
import { StartCallDialog } from './start-call-dialog';
import './calls.css';

export const CALL_STATUSES: readonly CallStatus[] = [
  'queued',
  'ringing',
  'in-progress',
  'completed',
  'failed',
];

export function CallStatusBadge(props: { status: CallStatus }) {
  const { t } = useTranslation('calls');
  return <Badge tone={STATUS_TONES[props.status]}>{t(`status.${props.status}`)}</Badge>;
}

/** Calls: filters (patient, status, days), the list newest first, and a button to place one. */
export function CallsScreen() {
  const { t } = useTranslation('calls');
  const [, navigate] = useLocation();
  const store = useFeatureStore(createCallsStore);
  const filter = useStore(store, (s) => s.filter);
  const list = useCallList(filter);
  const [starting, setStarting] = useState(false);

  const filtered =
    filter.patient !== undefined || filter.status !== '' || filter.from !== '' || filter.to !== '';
  const rangeOk = rangeIsValid(filter);
  const items = list.data ?? [];

  let body;
  if (!rangeOk) {
    body = <EmptyState title={t('filters.toBeforeFrom')} />;
  } else if (list.data === undefined) {
    body = list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : <LoadingState />;
  } else if (items.length === 0) {
    body = filtered ? (
      <EmptyState title={t('list.noMatches')} />
    ) : (
      <EmptyState title={t('list.empty')}>
        <p>{t('list.emptyHint')}</p>
      </EmptyState>
    );
  } else {
    body = <CallsTable calls={items} />;
  }

  return (
    <div className="calls-screen">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {rangeOk && <ExportCsvButton what="calls" filters={callFilters(filter)} />}
            <Button variant="primary" onClick={() => setStarting(true)}>
              {t('newCall')}
            </Button>
          </>
        }
      />
      <div className="calls-filters" role="search" aria-label={t('filters.label')}>
        <PatientPicker
          label={t('filters.patient')}
          value={filter.patient}
          onChange={(patient) => store.getState().setFilter({ patient })}
          clearLabel={t('filters.allPatients')}
        />
        <SelectField
          label={t('filters.status')}
          value={filter.status}
          onChange={(e) =>
            store.getState().setFilter({ status: e.target.value as CallStatus | '' })
          }
        >
          <option value="">{t('filters.allStatuses')}</option>
          {CALL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('filters.from')}
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(e) => store.getState().setFilter({ from: e.target.value })}
        />
        <TextField
          label={t('filters.to')}
          type="date"
          value={filter.to}
          min={filter.from || undefined}
          error={rangeOk ? undefined : t('filters.toBeforeFrom')}
          onChange={(e) => store.getState().setFilter({ to: e.target.value })}
        />
        {filtered && (
          <Button className="calls-clear" onClick={() => store.getState().setFilter(NO_FILTER)}>
            {t('filters.clear')}
          </Button>
        )}
      </div>
      {rangeOk && list.error && items.length > 0 && (
        <ErrorState error={list.error} onRetry={list.refetch} />
      )}
      <div className="card calls-card">
        {body}
        {rangeOk && items.length > 0 && (
          <LoadMoreFooter
            hasMore={list.hasMore}
            loading={list.loadingMore}
            error={list.moreError}
            failed={t('list.moreError')}
            onMore={list.loadMore}
          />
        )}
      </div>
      {starting && (
        <StartCallDialog
          patient={filter.patient}
          onClose={() => setStarting(false)}
          onStarted={(call) => {
            setStarting(false);
            navigate(`/calls/${encodeURIComponent(call.id)}`);
          }}
        />
      )}
    </div>
  );
}

function CallsTable(props: { calls: CallListItem[] }) {
  const { t } = useTranslation('calls');
  const format = useFormat();
  const [, navigate] = useLocation();
  return (
    <div className="calls-table-wrap">
      <table className="table calls-table" aria-label={t('list.label')}>
        <thead>
          <tr>
            <th scope="col">{t('list.columns.date')}</th>
            <th scope="col">{t('list.columns.patient')}</th>
            <th scope="col">{t('list.columns.purpose')}</th>
            <th scope="col">{t('list.columns.status')}</th>
            <th scope="col" className="num">
              {t('list.columns.duration')}
            </th>
            <th scope="col" className="num">
              {t('list.columns.credits')}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.calls.map((call) => {
            const href = `/calls/${encodeURIComponent(call.id)}`;
            return (
              <tr
                key={call.id}
                className="calls-row"
                onClick={(event) => {
                  if (!(event.target as HTMLElement).closest('a,button')) navigate(href);
                }}
              >
                <th scope="row">
                  <Link href={href}>
                    <time dateTime={call.createdAt}>{format.dateTime(call.createdAt)}</time>
                  </Link>
                </th>
                <td>{fullName(call.patient)}</td>
                <td className="calls-purpose" translate="no">
                  {call.purpose}
                </td>
                <td>
                  <CallStatusBadge status={call.status} />
                  {call.failureReason && (
                    <span className="calls-failure muted">
                      {t(`failureReasons.${call.failureReason}`)}
                    </span>
                  )}
                </td>
                <td className="num">{shownDuration(t, call)}</td>
                <td className="num">
                  {call.status === 'completed' || call.status === 'failed'
                    ? format.number(call.creditsConsumed)
                    : t('notSet')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
