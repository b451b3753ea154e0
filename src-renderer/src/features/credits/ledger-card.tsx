import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useStore } from 'zustand';
import type { LedgerKind, LedgerRowView } from '../../../../src-preload/contract';
import { asFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { downloadText } from '../../ui/download';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { SelectField } from '../../ui/field';
import { Badge, Card } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { AsyncView, describeError, EmptyState } from '../../ui/states';
import {
  KIND_TONE,
  LEDGER_KINDS,
  reasonLabel,
  resourceHref,
  resourceLabel,
  useSignedNumber,
} from './credit-labels';
import { useExportLedger, useLedger } from './credits-queries';
import { createCreditsStore } from './credits-store';

/** The ledger, newest first, filtered by kind and paged with "Cargar más". */
export function LedgerCard() {
  const { t } = useTranslation('credits');
  const store = useFeatureStore(createCreditsStore);
  const kind = useStore(store, (s) => s.kind);
  const ledger = useLedger(kind);
  const exportLedger = useExportLedger();
  const { t: tc } = useTranslation('common');
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [exporting, setExporting] = useState(false);

  async function download() {
    setExporting(true);
    setNote(undefined);
    try {
      const file = await exportLedger(kind);
      downloadText(file.filename, file.csv, 'text/csv;charset=utf-8');
      setNote({
        tone: 'ok',
        text: t('ledger.exported', { count: file.rows, filename: file.filename }),
      });
    } catch (error) {
      setNote({
        tone: 'error',
        text: t('ledger.exportFailed', { message: describeError(tc, asFailure(error)) }),
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card
      title={t('ledger.title')}
      label={t('ledger.title')}
      className="credits-ledger"
      actions={
        <div className="credits-filter">
          <SelectField
            label={t('ledger.filter')}
            value={kind ?? ''}
            onChange={(e) =>
              store.getState().setKind((e.target.value || undefined) as LedgerKind | undefined)
            }
          >
            <option value="">{t('ledger.all')}</option>
            {LEDGER_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </SelectField>
          <Button onClick={() => void download()} disabled={exporting}>
            {t('ledger.export')}
          </Button>
        </div>
      }
    >
      <p
        className={note?.tone === 'error' ? 'notice notice-danger' : 'muted'}
        role={note?.tone === 'error' ? 'alert' : 'status'}
      >
        {note?.text}
      </p>
      <AsyncView
        state={ledger}
        isEmpty={(entries) => entries.length === 0}
        empty={<EmptyState title={kind ? t('ledger.emptyKind') : t('ledger.empty')} />}
      >
        {(entries) => (
          <>
            <LedgerTable entries={entries} />
            <LoadMoreFooter
              hasMore={ledger.hasMore}
              loading={ledger.loadingMore}
              error={ledger.moreError}
              failed={t('ledger.loadMoreFailed')}
              onMore={ledger.loadMore}
            />
          </>
        )}
      </AsyncView>
    </Card>
  );
}

function LedgerTable(props: { entries: LedgerRowView[] }) {
  const { t } = useTranslation('credits');
  const format = useFormat();
  const signed = useSignedNumber();
  return (
    <div className="credits-table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t('ledger.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ledger.date')}</th>
            <th scope="col">{t('ledger.kind')}</th>
            <th scope="col">{t('ledger.reason')}</th>
            <th scope="col">{t('ledger.patient')}</th>
            <th scope="col">{t('ledger.resource')}</th>
            <th scope="col" className="num">
              {t('ledger.amount')}
            </th>
            <th scope="col" className="num">
              {t('ledger.balanceAfter')}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.entries.map((entry) => (
            <tr key={entry.id}>
              <td className="credits-nowrap">
                <time dateTime={entry.createdAt}>{format.dateTime(entry.createdAt)}</time>
              </td>
              <td>
                <Badge tone={KIND_TONE[entry.kind]}>{t(`kinds.${entry.kind}`)}</Badge>
              </td>
              <td>{reasonLabel(t, entry.why)}</td>
              <td>
                {entry.patient ? (
                  <Link href={`/patients/${encodeURIComponent(entry.patient.id)}`}>
                    {`${entry.patient.firstName} ${entry.patient.lastName}`.trim()}
                  </Link>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td>
                <ResourceCell entry={entry} label={resourceLabel(t, entry)} />
              </td>
              <td
                className={`num credits-amount ${
                  entry.amount > 0
                    ? 'credits-amount-positive'
                    : entry.amount < 0
                      ? 'credits-amount-negative'
                      : ''
                }`}
              >
                {signed(entry.amount)}
              </td>
              <td className="num">{format.number(entry.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the entry paid for, linked to where it is shown (a chat, a call, the patient's page). */
function ResourceCell(props: { entry: LedgerRowView; label: string | undefined }) {
  if (!props.label) return <span className="muted">—</span>;
  const href = resourceHref(props.entry);
  return href ? <Link href={href}>{props.label}</Link> : <>{props.label}</>;
}
