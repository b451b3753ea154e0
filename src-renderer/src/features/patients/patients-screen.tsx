import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useStore } from 'zustand';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/layout';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { PatientTransferActions } from '../transfers';
import { PatientFormDialog } from './patient-form';
import { useCommand } from '../../app/commands';
import { PatientBulkBar } from './patient-bulk-bar';
import { PatientFilterBar } from './patient-filter-bar';
import { matchInput, usePatientList } from './patients-queries';
import { createPatientsStore, DEFAULT_QUERY } from './patients-store';
import { PatientsTable } from './patients-table';
import './patients.css';

export function PatientsScreen() {
  const { t } = useTranslation('patients');
  const format = useFormat();
  const [, navigate] = useLocation();
  const store = useFeatureStore(createPatientsStore);
  const state = useStore(store);
  const list = usePatientList(state.query);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');
  const selected = useMemo(() => new Set(state.selection.ids), [state.selection.ids]);
  // "New patient" from the command palette or the `n` key.
  useCommand('newPatient', () => setCreating(true));

  const rows = list.data ?? [];
  const total = list.pages?.at(-1)?.total;
  const filtered =
    JSON.stringify({ ...state.query, search: '', sort: '', direction: '' }) !==
    JSON.stringify({ ...DEFAULT_QUERY, search: '', sort: '', direction: '' });
  const search = state.query.search.trim();

  let body;
  if (list.error && total === undefined) {
    body = <ErrorState error={list.error} onRetry={list.refetch} />;
  } else if (total === undefined) {
    body = <LoadingState />;
  } else if (rows.length === 0 && !list.refreshing) {
    body = search ? (
      <EmptyState title={t('list.noResults', { search })}>
        <p>{t('list.noResultsHint')}</p>
      </EmptyState>
    ) : filtered ? (
      <EmptyState title={t('list.noMatches')} />
    ) : (
      <EmptyState title={t('list.empty')}>
        <p>{t('list.emptyHint')}</p>
      </EmptyState>
    );
  } else {
    body = (
      <PatientsTable
        rows={rows}
        total={total}
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        moreFailed={list.moreError !== null}
        onLoadMore={list.loadMore}
        selected={selected}
        onToggle={(id, range) =>
          store.getState().toggle(id, { range, order: rows.map((p) => p.id) })
        }
        onToggleLoaded={(on) =>
          store.getState().setMany(
            rows.map((p) => p.id),
            on,
          )
        }
        sort={state.query.sort}
        direction={state.query.direction}
        onSort={(sort) => store.getState().sortBy(sort)}
      />
    );
  }

  return (
    <div className="patients-screen">
      <PageHeader
        title={t('title')}
        description={
          <span aria-live="polite" data-testid="patients-total">
            {total === undefined
              ? t('description')
              : t('list.total', { count: total, formatted: format.number(total) })}
          </span>
        }
        actions={
          <>
            <PatientTransferActions scope={matchInput(state.query)} />
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('newPatient')}
            </Button>
          </>
        }
      />
      <PatientFilterBar store={store} state={state} />
      {list.refreshing && total !== undefined && (
        <p className="patients-updating muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t('list.updating')}
        </p>
      )}
      {total !== undefined && (
        <PatientBulkBar
          selection={state.selection}
          total={total}
          loaded={rows.length}
          query={state.query}
          onSelectMatching={(ids, matched, limit) =>
            store.getState().selectMatching(ids, matched, limit)
          }
          onClear={() => store.getState().clearSelection()}
          onNotice={setNotice}
        />
      )}
      <p className="patients-notice notice" role="status">
        {notice}
      </p>
      {list.error && total !== undefined && (
        <ErrorState error={list.error} onRetry={list.refetch} />
      )}
      <div className="card patients-card">{body}</div>
      <PatientFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(patient) => {
          setCreating(false);
          navigate(`/patients/${patient.id}`);
        }}
      />
    </div>
  );
}
