import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { LedgerEntry, LedgerKind } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { SelectField } from '../../ui/field';
import { Badge, Card } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { AsyncView, EmptyState } from '../../ui/states';
import {
  KIND_TONE,
  LEDGER_KINDS,
  reasonLabel,
  resourceLabel,
  useSignedNumber,
} from './credit-labels';
import { useLedger } from './credits-queries';
import { createCreditsStore } from './credits-store';

/** The ledger, newest first, filtered by kind and paged with "Cargar más". */
export function LedgerCard() {
  const { t } = useTranslation('credits');
  const store = useFeatureStore(createCreditsStore);
  const kind = useStore(store, (s) => s.kind);
  const ledger = useLedger(kind);

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
        </div>
      }
    >
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

function LedgerTable(props: { entries: LedgerEntry[] }) {
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
              <td>{reasonLabel(t, entry.reason)}</td>
              <td>{resourceLabel(t, entry) ?? <span className="muted">—</span>}</td>
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
