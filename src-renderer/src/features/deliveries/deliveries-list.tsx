import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useStore } from 'zustand';
import type { ScheduleListItem, ScheduleStatus } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/field';
import { Badge } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { AsyncView, EmptyState } from '../../ui/states';
import { fullName } from '../patients';
import { CHANNEL_TONE, STATUS_TONE, STATUSES } from './delivery-text';
import { exportFilters, useAllForms, useDeliveryRows, useSeries } from './deliveries-queries';
import { ExportCsvButton } from '../transfers';
import { createDeliveriesStore, NO_FILTERS, type DeliveryFilters } from './deliveries-store';
import type { SeriesRef } from './series-dialogs';
import { ChannelFilter } from './list-parts';
import { PatientFilter } from './patient-filter';

interface RowActions {
  onCancel: (delivery: ScheduleListItem) => void;
  onRetry: (delivery: ScheduleListItem) => void;
  onCancelSeries: (series: SeriesRef) => void;
}

/**
 * Every delivery by delivery time (latest first, or soonest first), with filters; pending ones
 * can be cancelled, failed ones retried, and a series' badge shows that series alone, where it
 * can be cancelled as one.
 */
export function DeliveriesList(props: RowActions) {
  const { t } = useTranslation('deliveries');
  const store = useFeatureStore(createDeliveriesStore);
  const filters = useStore(store, (s) => s.filters);
  // Rows from an earlier visit stay on screen while they are read again.
  const rows = useDeliveryRows(filters);
  const forms = useAllForms();

  const filtered =
    filters.status !== '' ||
    filters.channel !== '' ||
    filters.formId !== '' ||
    !!filters.patient ||
    !!filters.series;
  const formList = forms.data ?? [];

  return (
    <div className="deliveries-list">
      <div className="deliveries-toolbar" role="search" aria-label={t('list.filters')}>
        <SelectField
          label={t('list.status')}
          value={filters.status}
          onChange={(e) =>
            store.getState().setFilters({ status: e.target.value as ScheduleStatus | '' })
          }
        >
          <option value="">{t('list.allStatuses')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </SelectField>
        <ChannelFilter
          label={t('list.channel')}
          allLabel={t('list.allChannels')}
          value={filters.channel}
          onChange={(channel) => store.getState().setFilters({ channel })}
        />
        <SelectField
          label={t('list.form')}
          value={filters.formId}
          onChange={(e) => store.getState().setFilters({ formId: e.target.value })}
        >
          <option value="">{t('list.allForms')}</option>
          {formList.map((form) => (
            <option key={form.id} value={form.id}>
              {form.status === 'archived' ? t('list.archivedForm', { name: form.name }) : form.name}
            </option>
          ))}
        </SelectField>
        <PatientFilter
          value={filters.patient}
          onChange={(patient) => store.getState().setFilters({ patient })}
        />
        <SelectField
          label={t('list.sort')}
          value={filters.sort}
          onChange={(e) =>
            store.getState().setFilters({ sort: e.target.value as DeliveryFilters['sort'] })
          }
        >
          <option value="-scheduledAt">{t('list.latestFirst')}</option>
          <option value="scheduledAt">{t('list.soonestFirst')}</option>
        </SelectField>
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => store.getState().setFilters({ ...NO_FILTERS, sort: filters.sort })}
          >
            {t('list.clearFilters')}
          </Button>
        )}
        {rows.refreshing && (
          <span className="muted deliveries-updating" role="status">
            <span className="spinner" aria-hidden="true" /> {t('list.updating')}
          </span>
        )}
        <ExportCsvButton what="deliveries" filters={exportFilters(filters)} />
      </div>
      {filters.series && (
        <SeriesBar
          series={filters.series}
          onShowAll={() => store.getState().setFilters({ series: undefined })}
          onCancelSeries={props.onCancelSeries}
        />
      )}
      <div className="card deliveries-card">
        <AsyncView
          state={rows}
          isEmpty={(items) => items.length === 0}
          empty={
            filtered ? (
              <EmptyState title={t('list.noMatches')} />
            ) : (
              <EmptyState title={t('list.empty')}>
                <p>{t('list.emptyHint')}</p>
              </EmptyState>
            )
          }
        >
          {(items) => (
            <>
              <DeliveriesTable
                items={items}
                actions={props}
                onSeries={(series) => store.getState().setFilters({ series })}
              />
              <LoadMoreFooter
                hasMore={rows.hasMore}
                loading={rows.loadingMore}
                error={rows.moreError}
                failed={t('list.moreFailed')}
                onMore={rows.loadMore}
              />
            </>
          )}
        </AsyncView>
      </div>
    </div>
  );
}

/** One series shown alone: its plan and progress, "Cancel series", and the way back. */
function SeriesBar(props: {
  series: SeriesRef;
  onShowAll: () => void;
  onCancelSeries: (series: SeriesRef) => void;
}) {
  const { t } = useTranslation('deliveries');
  const format = useFormat();
  const series = useSeries(props.series.id);
  const data = series.data;
  return (
    <section className="notice deliveries-series-bar" aria-label={t('series.label')}>
      <strong>
        {t('series.title', {
          form: props.series.formName,
          name: fullName(props.series.patient),
        })}
      </strong>
      {data && (
        <span data-testid="series-summary">
          {t(`series.every.${data.recurrence.interval}`, {
            count: data.recurrence.intervalCount,
            formatted: format.number(data.recurrence.intervalCount),
          })}
          {' · '}
          {t('series.progress', {
            done: format.number(data.occurrences - data.counts.pending - data.counts.cancelled),
            count: data.occurrences,
            formatted: format.number(data.occurrences),
          })}
          {' · '}
          {t(`series.status.${data.status}`)}
        </span>
      )}
      {data?.status === 'active' && (
        <Button size="sm" variant="danger" onClick={() => props.onCancelSeries(props.series)}>
          {t('series.cancel')}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={props.onShowAll}>
        {t('series.showAll')}
      </Button>
    </section>
  );
}

function DeliveriesTable(props: {
  items: ScheduleListItem[];
  actions: RowActions;
  onSeries: (series: SeriesRef) => void;
}) {
  const { t } = useTranslation('deliveries');
  const format = useFormat();
  return (
    <div className="deliveries-table-wrap">
      <table className="table deliveries-table" aria-label={t('list.label')}>
        <thead>
          <tr>
            <th scope="col">{t('list.columns.patient')}</th>
            <th scope="col">{t('list.columns.form')}</th>
            <th scope="col">{t('list.columns.channel')}</th>
            <th scope="col">{t('list.columns.scheduledAt')}</th>
            <th scope="col">{t('list.columns.status')}</th>
            <th scope="col" className="num">
              {t('list.columns.credits')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((item) => {
            const name = fullName(item.patient);
            return (
              <tr key={item.id}>
                <th scope="row">
                  <Link href={`/patients/${item.patientId}`}>{name}</Link>
                </th>
                <td>
                  {item.formName}
                  {item.seriesId && item.seriesIndex !== undefined && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="deliveries-series-badge"
                      aria-label={t('series.showLabel', {
                        index: item.seriesIndex,
                        count: item.seriesOccurrences ?? 0,
                        form: item.formName,
                        name,
                      })}
                      onClick={() =>
                        props.onSeries({
                          id: item.seriesId!,
                          formName: item.formName,
                          patient: item.patient,
                        })
                      }
                    >
                      {t('series.badge', {
                        index: format.number(item.seriesIndex),
                        count: format.number(item.seriesOccurrences ?? 0),
                      })}
                    </Button>
                  )}
                  {item.remindedAt && (
                    <span className="muted deliveries-reason">
                      {t('list.reminded', { date: format.dateTime(item.remindedAt) })}
                    </span>
                  )}
                  {item.retryOf && (
                    <span className="muted deliveries-reason">{t('list.retry')}</span>
                  )}
                </td>
                <td>
                  <Badge tone={CHANNEL_TONE[item.channel]}>{t(`channels.${item.channel}`)}</Badge>
                </td>
                <td>
                  <time dateTime={item.scheduledAt}>{format.dateTime(item.scheduledAt)}</time>
                </td>
                <td>
                  <Badge tone={STATUS_TONE[item.status]}>{t(`status.${item.status}`)}</Badge>
                  {item.failureReason && (
                    <span className="muted deliveries-reason">
                      {t(`failureReasons.${item.failureReason}`)}
                    </span>
                  )}
                </td>
                <td className="num">
                  {format.number(item.creditsConsumed)}
                  {item.creditsRefunded !== undefined && (
                    <span className="muted deliveries-reason">
                      {t('list.refunded', { formatted: format.number(item.creditsRefunded) })}
                    </span>
                  )}
                </td>
                <td className="deliveries-actions">
                  {item.status === 'pending' && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('list.cancelLabel', {
                        name,
                        date: format.dateTime(item.scheduledAt),
                      })}
                      onClick={() => props.actions.onCancel(item)}
                    >
                      {t('list.cancel')}
                    </Button>
                  )}
                  {item.status === 'failed' && !item.retriedBy && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('list.retryLabel', {
                        name,
                        date: format.dateTime(item.scheduledAt),
                      })}
                      onClick={() => props.actions.onRetry(item)}
                    >
                      {t('list.retryAction')}
                    </Button>
                  )}
                  {item.retriedBy && <span className="muted">{t('list.retried')}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
