import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useStore } from 'zustand';
import { useFeatureStore, useRefreshOn } from '../../app/app-context';
import { asFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import type { AppLanguage } from '../../i18n/messages';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Badge, Card, PageHeader } from '../../ui/layout';
import { AsyncView, describeError, EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { fullName } from '../patients/patient-format';
import { PatientSearchBox } from '../patients/patient-search-box';
import { DistributionChart } from './distribution-chart';
import { downloadText } from './download';
import { createResponsesStore, NO_FILTERS, rangeInvalid } from './responses-store';
import { ResponsesTable } from './responses-table';
import { TrendChart } from './trend-chart';
import './responses.css';

/**
 * A form's responses: filters (patient, dates), the selected patient's trend per measure, the
 * distribution of every patient's latest value, the table with a link to each response, and the
 * CSV export of what the filters select.
 */
export function ResponsesScreen(props: { formId: string }) {
  const { t, i18n } = useTranslation('responses');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const store = useFeatureStore(createResponsesStore);
  const shownId = useStore(store, (s) => s.formId);
  const state = useStore(store);
  const [exporting, setExporting] = useState(false);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | undefined>();

  useEffect(() => {
    setNote(undefined);
    void store.getState().open(props.formId);
  }, [store, props.formId]);
  useRefreshOn(['responses', 'forms', 'patients'], () => void store.getState().refresh());

  const back = (
    <Link href="/forms" className="responses-back">
      <span aria-hidden="true">← </span>
      {t('backToForms')}
    </Link>
  );

  // Until the store switches to this form, what it holds belongs to the previous one.
  const current = shownId === props.formId;
  const form = current && 'data' in state.form ? state.form.data : undefined;
  if (current && !form && state.form.status === 'error') {
    return (
      <div className="responses-screen">
        {back}
        {state.form.error.code === 'resource_missing' ? (
          <div className="state state-empty">
            <h1 className="state-title">{t('formNotFound')}</h1>
          </div>
        ) : (
          <ErrorState
            error={state.form.error}
            onRetry={() => void store.getState().open(props.formId)}
          />
        )}
      </div>
    );
  }
  if (!current || !form) {
    return (
      <div className="responses-screen">
        {back}
        <LoadingState />
      </div>
    );
  }

  const { filters } = state;
  const invalidRange = rangeInvalid(filters);
  const filtered = filters.patient !== undefined || filters.from !== '' || filters.to !== '';

  async function exportCsv() {
    setExporting(true);
    setNote(undefined);
    try {
      const language = (i18n.resolvedLanguage ?? 'es') as AppLanguage;
      const result = await store.getState().exportCsv(language);
      downloadText(result.filename, result.csv, 'text/csv;charset=utf-8');
      setNote({
        tone: 'ok',
        text: t('export.done', {
          count: result.rows,
          formatted: format.number(result.rows),
          filename: result.filename,
        }),
      });
    } catch (error) {
      setNote({
        tone: 'error',
        text: t('export.failed', { message: describeError(tc, asFailure(error)) }),
      });
    } finally {
      setExporting(false);
    }
  }

  const list = state.list;
  const listData = 'data' in list ? list.data : undefined;

  return (
    <div className="responses-screen">
      {back}
      <PageHeader
        title={
          <span className="responses-title">
            {t('heading', { form: form.name })}
            {form.status === 'archived' && <Badge>{t('archived')}</Badge>}
          </span>
        }
        description={t('description')}
        actions={
          <Button
            variant="primary"
            busy={exporting}
            disabled={invalidRange}
            onClick={() => void exportCsv()}
          >
            {t('export.button')}
          </Button>
        }
      />
      <p
        className={`responses-note${note?.tone === 'error' ? ' responses-note-error' : ''}`}
        role="status"
        aria-live="polite"
      >
        {note?.text}
      </p>

      <div className="card responses-filters" role="search" aria-label={t('filters.label')}>
        <PatientSearchBox
          label={t('filters.patient')}
          value={filters.patient}
          onChange={(patient) => void store.getState().setFilters({ patient })}
          text={{
            placeholder: t('filters.patientPlaceholder'),
            results: t('filters.patientResults'),
            searching: t('filters.searching'),
            noMatches: (search) => t('filters.noPatients', { search }),
            failed: (error) => t('filters.searchFailed', { message: describeError(tc, error) }),
          }}
          clear={{ label: (name) => t('filters.clearPatient', { name }) }}
        />
        <TextField
          type="date"
          label={t('filters.from')}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => void store.getState().setFilters({ from: e.target.value })}
        />
        <TextField
          type="date"
          label={t('filters.to')}
          value={filters.to}
          min={filters.from || undefined}
          error={invalidRange ? t('filters.rangeInvalid') : undefined}
          onChange={(e) => void store.getState().setFilters({ to: e.target.value })}
        />
        {filtered && (
          <Button variant="ghost" onClick={() => void store.getState().setFilters(NO_FILTERS)}>
            {t('filters.clear')}
          </Button>
        )}
      </div>

      <Charts />

      <Card
        title={t('table.title')}
        label={t('table.title')}
        actions={
          listData && listData.rows.length > 0 ? (
            <span className="muted" data-testid="responses-count">
              {listData.hasMore
                ? t('table.shownMore', { formatted: format.number(listData.rows.length) })
                : t('table.shown', {
                    count: listData.rows.length,
                    formatted: format.number(listData.rows.length),
                  })}
            </span>
          ) : undefined
        }
      >
        <AsyncView
          state={list}
          onRetry={() => void store.getState().refresh()}
          isEmpty={(data) => data.rows.length === 0}
          empty={
            filtered ? (
              <EmptyState title={t('table.emptyFiltered')} />
            ) : (
              <EmptyState title={t('table.empty')}>
                <p>{t('table.emptyHint')}</p>
              </EmptyState>
            )
          }
        >
          {(data) => (
            <>
              <ResponsesTable rows={data.rows} formName={form.name} />
              {state.moreError && (
                <div className="notice notice-danger responses-more-error" role="alert">
                  <span>
                    {t('table.moreFailed')} {describeError(tc, state.moreError)}
                  </span>
                  <Button size="sm" onClick={() => void store.getState().loadMore()}>
                    {tc('states.retry')}
                  </Button>
                </div>
              )}
              {data.hasMore && (
                <div className="responses-more">
                  <Button busy={state.loadingMore} onClick={() => void store.getState().loadMore()}>
                    {tc('states.loadMore')}
                  </Button>
                </div>
              )}
            </>
          )}
        </AsyncView>
      </Card>
    </div>
  );
}

/** The trend of the selected patient and the distribution across patients, side by side. */
function Charts() {
  const { t } = useTranslation('responses');
  const format = useFormat();
  const store = useFeatureStore(createResponsesStore);
  const patient = useStore(store, (s) => s.filters.patient);
  const trend = useStore(store, (s) => s.trend);
  const distribution = useStore(store, (s) => s.distribution);
  const retry = () => void store.getState().refresh();

  const measures = 'data' in distribution ? distribution.data?.measures : undefined;
  if (measures && measures.length === 0) {
    return <p className="notice responses-no-measures">{t('measures.noMeasures')}</p>;
  }

  const trendTitle = patient
    ? t('trend.title', { name: fullName(patient) })
    : t('trend.titleNoPatient');
  return (
    <div className="responses-charts">
      <Card title={trendTitle} label={trendTitle} className="responses-trend">
        {patient ? (
          <AsyncView state={trend} onRetry={retry}>
            {(analysis) => (
              <div className="responses-chart-list">
                {analysis.truncated && (
                  <p className="notice notice-warning">
                    {t('trend.truncated', { limit: format.number(analysis.limit) })}
                  </p>
                )}
                {analysis.measures.map((measure) => (
                  <TrendChart
                    key={measure.key}
                    measure={measure}
                    points={analysis.points}
                    patient={patient}
                  />
                ))}
              </div>
            )}
          </AsyncView>
        ) : (
          <p className="muted responses-pick">{t('trend.pick')}</p>
        )}
      </Card>
      <Card
        title={t('distribution.title')}
        label={t('distribution.title')}
        className="responses-distribution"
      >
        <AsyncView state={distribution} onRetry={retry}>
          {(analysis) => (
            <div className="responses-chart-list">
              <p className="muted responses-intro">{t('distribution.intro')}</p>
              {analysis.latestTruncated && (
                <p className="notice notice-warning">
                  {t('distribution.truncated', { limit: format.number(analysis.limit) })}
                </p>
              )}
              {analysis.measures.map((measure) => (
                <DistributionChart
                  key={measure.key}
                  measure={measure}
                  latest={analysis.latest}
                  selected={patient}
                />
              ))}
            </div>
          )}
        </AsyncView>
      </Card>
    </div>
  );
}
