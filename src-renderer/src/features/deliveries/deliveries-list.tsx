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
import { useAllForms, useDeliveryRows } from './deliveries-queries';
import { createDeliveriesStore, NO_FILTERS } from './deliveries-store';
import { ChannelFilter } from './list-parts';
import { PatientFilter } from './patient-filter';

/** Every delivery, newest first, with filters; pending ones can be cancelled. */
export function DeliveriesList(props: { onCancel: (delivery: ScheduleListItem) => void }) {
  const { t } = useTranslation('deliveries');
  const store = useFeatureStore(createDeliveriesStore);
  const filters = useStore(store, (s) => s.filters);
  // Rows from an earlier visit stay on screen while they are read again.
  const rows = useDeliveryRows(filters);
  const forms = useAllForms();

  const filtered =
    filters.status !== '' || filters.channel !== '' || filters.formId !== '' || !!filters.patient;
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
        {filtered && (
          <Button variant="ghost" onClick={() => store.getState().setFilters(NO_FILTERS)}>
            {t('list.clearFilters')}
          </Button>
        )}
        {rows.refreshing && (
          <span className="muted deliveries-updating" role="status">
            <span className="spinner" aria-hidden="true" /> {t('list.updating')}
          </span>
        )}
      </div>
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
              <DeliveriesTable items={items} onCancel={props.onCancel} />
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

function DeliveriesTable(props: {
  items: ScheduleListItem[];
  onCancel: (delivery: ScheduleListItem) => void;
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
                <td>{item.formName}</td>
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
                      onClick={() => props.onCancel(item)}
                    >
                      {t('list.cancel')}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
