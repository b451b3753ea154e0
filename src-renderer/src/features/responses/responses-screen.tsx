import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useStore } from 'zustand';
import { useFeatureStore } from '../../app/app-context';
import { asFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import type { AppLanguage } from '../../i18n/messages';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Badge, Card, PageHeader } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { AsyncView, describeError, EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { fullName } from '../patients';
import { PatientSearchBox } from '../patients';
import { DistributionChart } from './distribution-chart';
import { downloadText } from '../../ui/download';
import {
  useExportCsv,
  useResponseCharts,
  useResponseList,
  useResponsesForm,
} from './responses-queries';
import {
  createResponsesStore,
  NO_FILTERS,
  rangeInvalid,
  type ResponsesState,
} from './responses-store';
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
  const { filters, applied } = useFormFilters(props.formId);
  const formQuery = useResponsesForm(props.formId);
  const list = useResponseList(props.formId, applied);
  const exportResponses = useExportCsv();
  const [exporting, setExporting] = useState(false);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | undefined>();

  useEffect(() => {
    setNote(undefined);
    store.getState().open(props.formId);
  }, [store, props.formId]);

  const back = (
    <Link href="/forms" className="responses-back">
      <span aria-hidden="true">← </span>
      {t('backToForms')}
    </Link>
  );

  const form = formQuery.data;
  if (!form && formQuery.error) {
    return (
      <div className="responses-screen">
        {back}
        {formQuery.error.code === 'resource_missing' ? (
          <div className="state state-empty">
            <h1 className="state-title">{t('formNotFound')}</h1>
          </div>
        ) : (
          <ErrorState error={formQuery.error} onRetry={() => void formQuery.refetch()} />
        )}
      </div>
    );
  }
  if (!form) {
    return (
      <div className="responses-screen">
        {back}
        <LoadingState />
      </div>
    );
  }

  const invalidRange = rangeInvalid(filters);
  const filtered = filters.patient !== undefined || filters.from !== '' || filters.to !== '';

  async function exportCsv() {
    setExporting(true);
    setNote(undefined);
    try {
      const language = (i18n.resolvedLanguage ?? 'es') as AppLanguage;
      const result = await exportResponses(props.formId, applied, language);
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

  const rows = list.data;

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
          onChange={(patient) => store.getState().setFilters({ patient })}
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
          onChange={(e) => store.getState().setFilters({ from: e.target.value })}
        />
        <TextField
          type="date"
          label={t('filters.to')}
          value={filters.to}
          min={filters.from || undefined}
          error={invalidRange ? t('filters.rangeInvalid') : undefined}
          onChange={(e) => store.getState().setFilters({ to: e.target.value })}
        />
        {filtered && (
          <Button variant="ghost" onClick={() => store.getState().setFilters(NO_FILTERS)}>
            {t('filters.clear')}
          </Button>
        )}
      </div>

      <Charts formId={props.formId} />

      <Card
        title={t('table.title')}
        label={t('table.title')}
        actions={
          rows && rows.length > 0 ? (
            <span className="muted" data-testid="responses-count">
              {list.hasMore
                ? t('table.shownMore', { formatted: format.number(rows.length) })
                : t('table.shown', {
                    count: rows.length,
                    formatted: format.number(rows.length),
                  })}
            </span>
          ) : undefined
        }
      >
        <AsyncView
          state={list}
          isEmpty={(data) => data.length === 0}
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
              <ResponsesTable rows={data} formName={form.name} />
              <LoadMoreFooter
                hasMore={list.hasMore}
                loading={list.loadingMore}
                error={list.moreError}
                failed={t('table.moreFailed')}
                onMore={list.loadMore}
              />
            </>
          )}
        </AsyncView>
      </Card>
    </div>
  );
}

/**
 * The filters of form `formId`: until the store has switched to it, those of the previous form do
 * not apply (it starts with none).
 */
function useFormFilters(formId: string): Pick<ResponsesState, 'filters' | 'applied'> {
  const store = useFeatureStore(createResponsesStore);
  const shownId = useStore(store, (s) => s.formId);
  const filters = useStore(store, (s) => s.filters);
  const applied = useStore(store, (s) => s.applied);
  return shownId === formId ? { filters, applied } : { filters: NO_FILTERS, applied: NO_FILTERS };
}

/** The trend of the selected patient and the distribution across patients, side by side. */
function Charts(props: { formId: string }) {
  const { t } = useTranslation('responses');
  const format = useFormat();
  const { filters, applied } = useFormFilters(props.formId);
  const patient = filters.patient;
  const charts = useResponseCharts(props.formId, applied);
  // Another patient's trend is another chart: never the previous one under the new name.
  const trend =
    applied.patient?.id === patient?.id ? charts.trend : { data: undefined, error: null };
  const distribution = charts.distribution;
  const retry = () => {
    void charts.trend.refetch();
    void distribution.refetch();
  };

  const measures = distribution.data?.measures;
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
