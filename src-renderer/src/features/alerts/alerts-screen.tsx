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
import { useFeatureStore, useRefreshOn } from '../../app/app-context';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/field';
import { PageHeader } from '../../ui/layout';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { PatientPicker } from '../chats/patient-picker';
import { MoreFooter } from '../deliveries/list-parts';
import { fullName } from '../patients/patient-format';
import { AlertActionDialog } from './alert-action-dialog';
import { AlertItem } from './alert-item';
import {
  ALERT_PRIORITIES,
  ALERT_SOURCES,
  ALERT_STATES,
  createAlertsStore,
  NO_FILTER,
  type AlertAction,
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
  const state = useStore(store);
  const search = useSearch();
  const [, navigate] = useLocation();
  const [acting, setActing] = useState<{ alert: AlertView; action: AlertAction }>();
  const [notice, setNotice] = useState('');
  const patientId = new URLSearchParams(search).get('patientId') ?? undefined;

  // The address decides the patient; changes pushed while another screen was shown were not
  // heard, so the list is read again on every visit (the rows kept stay on screen meanwhile).
  useEffect(() => {
    const s = store.getState();
    if (s.filter.patient?.id !== patientId) void s.showPatient(patientId);
    else void s.reload();
  }, [store, patientId]);
  useRefreshOn(['alerts'], () => void store.getState().reload());

  const { filter } = state;
  const filtered =
    filter.patient !== undefined ||
    filter.priority !== '' ||
    filter.source !== '' ||
    filter.state !== '';

  const more = () => void store.getState().loadMore();

  let body;
  if (state.status === 'error' && state.items.length === 0) {
    body = <ErrorState error={state.error!} onRetry={() => void store.getState().reload()} />;
  } else if (state.items.length === 0 && state.status !== 'ready') {
    body = <LoadingState />;
  } else if (state.items.length === 0) {
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
        {state.items.map((alert) => (
          <li key={alert.id}>
            <AlertItem alert={alert} onAct={(a, action) => setActing({ alert: a, action })} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="alerts-screen">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="alerts-filters" role="search" aria-label={t('filters.label')}>
        <PatientPicker
          label={t('filters.patient')}
          value={filter.patient}
          onChange={(patient) => {
            void store.getState().setFilter({ patient });
            navigate(alertsHref(patient?.id), { replace: true });
          }}
          clearLabel={t('filters.allPatients')}
        />
        <SelectField
          label={t('filters.priority')}
          value={filter.priority}
          onChange={(e) =>
            void store.getState().setFilter({ priority: e.target.value as AlertPriority | '' })
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
            void store.getState().setFilter({ source: e.target.value as AlertSource | '' })
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
          onChange={(e) =>
            void store.getState().setFilter({ state: e.target.value as AlertState | '' })
          }
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
              void store.getState().setFilter(NO_FILTER);
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
      {state.status === 'error' && state.items.length > 0 && (
        <ErrorState error={state.error!} onRetry={() => void store.getState().reload()} />
      )}
      <div className="card alerts-card">
        {body}
        {state.items.length > 0 && (
          <MoreFooter
            hasMore={state.hasMore}
            loadingMore={state.loadingMore}
            moreError={state.moreError}
            failed={t('list.moreFailed')}
            onMore={more}
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
