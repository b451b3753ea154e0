import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useStore } from 'zustand';
import type { CsvFile } from '../../../../src-preload/contract';
import { useBridge, useFeatureStore } from '../../app/app-context';
import { callOperation } from '../../data/bridge-query';
import { useFormat } from '../../i18n/format';
import type { AppLanguage } from '../../i18n/messages';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { Card } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { PatientPicker } from '../chats';
import { fullName } from '../patients';
import { CsvDownloadButton } from '../transfers';
import { auditFilters, rangeIsValid, useAuditEvents } from './audit-queries';
import { createAuditStore, NO_FILTER } from './audit-store';
import { AUDIT_ACTIONS, AUDIT_CHANNELS, useAuditWords } from './audit-words';
import './audit.css';

/** The audit log (Settings → Audit log): the whole trail, filtered, with its CSV export. */
export function AuditLog() {
  const { t, i18n } = useTranslation('audit');
  const bridge = useBridge();
  const format = useFormat();
  const words = useAuditWords();
  const store = useFeatureStore(createAuditStore);
  const filter = useStore(store, (s) => s.filter);
  const setFilter = store.getState().setFilter;
  const rangeOk = rangeIsValid(filter);
  const filters = auditFilters(filter);
  const list = useAuditEvents(filters, rangeOk);
  const items = list.data ?? [];
  const filtered = JSON.stringify(filter) !== JSON.stringify(NO_FILTER);
  const exportCsv = async () =>
    (await callOperation(bridge, 'audit', 'exportCsv', {
      ...filters,
      language: (i18n.resolvedLanguage ?? 'es') as AppLanguage,
    })) as CsvFile;

  let body;
  if (!rangeOk) body = <EmptyState title={t('filters.toBeforeFrom')} />;
  else if (list.data === undefined)
    body = list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : <LoadingState />;
  else if (items.length === 0) body = <EmptyState title={t(filtered ? 'noMatches' : 'empty')} />;
  else {
    body = (
      <div className="audit-table-wrap">
        <table className="table audit-table" aria-label={t('title')}>
          <thead>
            <tr>
              <th scope="col">{t('columns.at')}</th>
              <th scope="col">{t('columns.who')}</th>
              <th scope="col">{t('columns.channel')}</th>
              <th scope="col">{t('columns.action')}</th>
              <th scope="col">{t('columns.patient')}</th>
              <th scope="col">{t('columns.record')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td>
                  <time dateTime={e.at}>{format.dateTime(e.at)}</time>
                </td>
                <td>{words.who(e)}</td>
                <td>{words.channel(e)}</td>
                <td>{words.action(e)}</td>
                <td>
                  {/* A change of the retention period concerns no patient. */}
                  {e.patientId ? (
                    <Link href={`/patients/${encodeURIComponent(e.patientId)}`}>
                      {fullName(e.patient) || e.patientId}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="audit-record">
                  <code>{e.resourceId}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <Card title={t('title')} label={t('title')}>
      <p className="muted">{t('description')}</p>
      <div className="audit-filters" role="search" aria-label={t('filters.label')}>
        <PatientPicker
          label={t('filters.patient')}
          value={filter.patient}
          onChange={(patient) => setFilter({ patient })}
          clearLabel={t('filters.allPatients')}
        />
        <SelectField
          label={t('filters.action')}
          value={filter.action}
          onChange={(e) => setFilter({ action: e.target.value as typeof filter.action })}
        >
          <option value="">{t('filters.allActions')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`actions.${action}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('filters.channel')}
          value={filter.channel}
          onChange={(e) => setFilter({ channel: e.target.value as typeof filter.channel })}
        >
          <option value="">{t('filters.allChannels')}</option>
          {AUDIT_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {t(`channels.${channel}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('filters.from')}
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(e) => setFilter({ from: e.target.value })}
        />
        <TextField
          label={t('filters.to')}
          type="date"
          value={filter.to}
          min={filter.from || undefined}
          error={rangeOk ? undefined : t('filters.toBeforeFrom')}
          onChange={(e) => setFilter({ to: e.target.value })}
        />
        {filtered && (
          <Button className="audit-clear" onClick={() => setFilter(NO_FILTER)}>
            {t('filters.clear')}
          </Button>
        )}
        {rangeOk && (
          <div className="audit-export">
            <CsvDownloadButton run={exportCsv} done="export.rows" />
          </div>
        )}
      </div>
      {body}
      {rangeOk && items.length > 0 && (
        <LoadMoreFooter
          hasMore={list.hasMore}
          loading={list.loadingMore}
          error={list.moreError}
          failed={t('moreError')}
          onMore={list.loadMore}
        />
      )}
    </Card>
  );
}
