import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useStore } from 'zustand';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { PageHeader } from '../../ui/layout';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { PatientTransferActions } from '../transfers';
import { PatientFormDialog } from './patient-form';
import { usePatientList, usePatientTags } from './patients-queries';
import { createPatientsStore, type StatusFilter } from './patients-store';
import { PatientsTable } from './patients-table';
import './patients.css';
import { useTagLabel } from './tag-labels';

export function PatientsScreen() {
  const { t } = useTranslation('patients');
  const tagLabel = useTagLabel();
  const format = useFormat();
  const [, navigate] = useLocation();
  const store = useFeatureStore(createPatientsStore);
  const state = useStore(store);
  const list = usePatientList(state.query);
  const tags = usePatientTags().data;
  const [creating, setCreating] = useState(false);

  const rows = list.data ?? [];
  const total = list.pages?.at(-1)?.total;
  const filtered = state.query.status !== 'all' || state.query.tag !== '';
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
            <PatientTransferActions scope={exportScope(state.query)} />
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('newPatient')}
            </Button>
          </>
        }
      />
      <div className="patients-toolbar" role="search">
        <TextField
          label={t('list.searchLabel')}
          type="search"
          placeholder={t('list.searchPlaceholder')}
          value={state.searchText}
          onChange={(e) => store.getState().typeSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') store.getState().setQuery({});
          }}
          autoComplete="off"
          maxLength={200}
        />
        <SelectField
          label={t('list.statusFilter')}
          value={state.query.status}
          onChange={(e) => store.getState().setQuery({ status: e.target.value as StatusFilter })}
        >
          <option value="all">{t('list.allStatuses')}</option>
          <option value="active">{t('status.active')}</option>
          <option value="inactive">{t('status.inactive')}</option>
        </SelectField>
        <SelectField
          label={t('list.tagFilter')}
          value={state.query.tag}
          onChange={(e) => store.getState().setQuery({ tag: e.target.value })}
        >
          <option value="">{t('list.allTags')}</option>
          {state.query.tag && !tags?.some((x) => x.tag === state.query.tag) && (
            <option value={state.query.tag}>{tagLabel(state.query.tag)}</option>
          )}
          {tags?.map((x) => (
            <option key={x.tag} value={x.tag}>
              {t('list.tagOption', { tag: tagLabel(x.tag), formatted: format.number(x.count) })}
            </option>
          ))}
        </SelectField>
        {list.refreshing && total !== undefined && (
          <span className="patients-updating muted" role="status">
            <span className="spinner" aria-hidden="true" /> {t('list.updating')}
          </span>
        )}
      </div>
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

/** The export's filters: the list's own (the search, the status and the tag shown). */
function exportScope(query: { status: StatusFilter; search: string; tag: string }) {
  return {
    ...(query.status !== 'all' ? { status: query.status } : {}),
    ...(query.search.trim() ? { search: query.search.trim() } : {}),
    ...(query.tag ? { tag: query.tag } : {}),
  };
}
