import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useStore } from 'zustand';
import type {
  AlertPriority,
  AlertSource,
  AlertState,
  AlertView,
} from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/field';
import { PageHeader } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { PatientPicker } from '../chats';
import { fullName } from '../patients';
import { ExportCsvButton } from '../transfers';
import { AlertActionDialog } from './alert-action-dialog';
import { AlertItem } from './alert-item';
import { useAlertList, usePatientName } from './alerts-queries';
import {
  ALERT_PRIORITIES,
  ALERT_SOURCES,
  ALERT_STATES,
  createAlertsStore,
  NO_FILTER,
  type AlertAction,
  type AlertFilter,
} from './alerts-store';
import './alerts.css';

/** `/alerts?patientId=…`: the patient filter lives in the address, so a link can set it. */
function alertsHref(patientId: string | undefined): string {
  return patientId ? `/alerts?patientId=${encodeURIComponent(patientId)}` : '/alerts';
}

/**
 * Alerts: open ones first, urgent at the top, then acknowledged and resolved ones; filters by
 * patient, priority, source and state; acknowledge and resolve with a note.
 */
export function AlertsScreen() {
  const { t } = useTranslation('alerts');
  const store = useFeatureStore(createAlertsStore);
  const stored = useStore(store, (s) => s.filter);
  const search = useSearch();
  const [, navigate] = useLocation();
  const [acting, setActing] = useState<{ alert: AlertView; action: AlertAction }>();
  const [notice, setNotice] = useState('');
  const patientId = new URLSearchParams(search).get('patientId') ?? undefined;

  // The address decides the patient (a link can set it); the store keeps the rest, and the name.
  const filter: AlertFilter =
    stored.patient?.id === patientId
      ? stored
      : {
          ...stored,
          patient: patientId ? { id: patientId, firstName: '', lastName: '' } : undefined,
        };
  useEffect(() => {
    store.getState().showPatient(patientId);
  }, [store, patientId]);
  const list = useAlertList(filter);

  // A patient from the address has no name yet: a row of theirs says it, else the service.
  const unnamed = filter.patient && !filter.patient.firstName && !filter.patient.lastName;
  const row = unnamed ? list.data?.find((alert) => alert.patientId === patientId) : undefined;
  const named = usePatientName(patientId, Boolean(unnamed) && list.data !== undefined && !row);
  const pickerValue = unnamed ? (row?.patient ?? named.data ?? filter.patient) : filter.patient;

  const filtered =
    filter.patient !== undefined ||
    filter.priority !== '' ||
    filter.source !== '' ||
    filter.state !== '';

  const items = list.data ?? [];
  let body;
  if (list.data === undefined) {
    body = list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : <LoadingState />;
  } else if (items.length === 0) {
    body = filtered ? (
      <EmptyState title={t('list.noMatches')} />
    ) : (
      <EmptyState title={t('list.empty')}>
        <p className="muted">{t('list.emptyBody')}</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="flag-list alert-list" aria-label={t('list.label')}>
        {items.map((alert) => (
          <li key={alert.id}>
            <AlertItem alert={alert} onAct={(a, action) => setActing({ alert: a, action })} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="alerts-screen">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<ExportCsvButton what="alerts" filters={exportFilters(filter)} />}
      />
      <div className="alerts-filters" role="search" aria-label={t('filters.label')}>
        <PatientPicker
          label={t('filters.patient')}
          value={pickerValue}
          onChange={(patient) => {
            store.getState().setFilter({ patient });
            navigate(alertsHref(patient?.id), { replace: true });
          }}
          clearLabel={t('filters.allPatients')}
        />
        <SelectField
          label={t('filters.priority')}
          value={filter.priority}
          onChange={(e) =>
            store.getState().setFilter({ priority: e.target.value as AlertPriority | '' })
          }
        >
          <option value="">{t('filters.allPriorities')}</option>
          {ALERT_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {t(`priority.${priority}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('filters.source')}
          value={filter.source}
          onChange={(e) =>
            store.getState().setFilter({ source: e.target.value as AlertSource | '' })
          }
        >
          <option value="">{t('filters.allSources')}</option>
          {ALERT_SOURCES.map((source) => (
            <option key={source} value={source}>
              {t(`sources.${source}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('filters.state')}
          value={filter.state}
          onChange={(e) => store.getState().setFilter({ state: e.target.value as AlertState | '' })}
        >
          <option value="">{t('filters.allStates')}</option>
          {ALERT_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`states.${s}`)}
            </option>
          ))}
        </SelectField>
        {filtered && (
          <Button
            className="alerts-clear"
            onClick={() => {
              store.getState().setFilter(NO_FILTER);
              if (patientId) navigate(alertsHref(undefined), { replace: true });
            }}
          >
            {t('filters.clear')}
          </Button>
        )}
      </div>
      <p className="alerts-status" role="status">
        {notice}
      </p>
      {list.error && items.length > 0 && <ErrorState error={list.error} onRetry={list.refetch} />}
      <div className="card alerts-card">
        {body}
        {items.length > 0 && (
          <LoadMoreFooter
            hasMore={list.hasMore}
            loading={list.loadingMore}
            error={list.moreError}
            failed={t('list.moreFailed')}
            onMore={list.loadMore}
          />
        )}
      </div>
      {acting && (
        <AlertActionDialog
          alert={acting.alert}
          action={acting.action}
          onClose={() => setActing(undefined)}
          onDone={(alert) => {
            setActing(undefined);
            setNotice(
              t(alert.state === 'resolved' ? 'dialog.done.resolved' : 'dialog.done.acknowledged', {
                name: fullName(alert.patient),
              }),
            );
          }}
        />
      )}
    </div>
  );
}

/** The export selects what the list shows: the same patient, priority, source and state. */
function exportFilters(filter: AlertFilter) {
  return {
    ...(filter.patient ? { patientId: filter.patient.id } : {}),
    ...(filter.priority ? { priority: filter.priority } : {}),
    ...(filter.source ? { sourceType: filter.source } : {}),
    ...(filter.state ? { state: filter.state } : {}),
  };
}
