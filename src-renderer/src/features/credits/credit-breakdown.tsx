import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditBreakdown, CreditBreakdownLine } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { SelectField } from '../../ui/field';
import { Card } from '../../ui/layout';
import { AsyncView, EmptyState } from '../../ui/states';
import { KIND_TONE, useSignedNumber } from './credit-labels';
import { useBreakdown } from './credits-queries';
import { Badge } from '../../ui/layout';

type Period = 'current' | 'previous';

/** The previous billing period: the month before the current one's start. */
function previousRange(periodStart: string): { from: string; to: string } {
  const start = new Date(periodStart);
  start.setUTCMonth(start.getUTCMonth() - 1);
  return { from: start.toISOString(), to: periodStart };
}

/**
 * Where the period's credits came from and went, by kind and by what they paid for (a delivery by
 * its channel), under one sentence that says what the balance is made of: what is left of the
 * plan's allowance (it expires at the renewal) and of top-ups (they do not), and what was used.
 */
export function BreakdownCard(props: { periodStart: string }) {
  const { t } = useTranslation('credits');
  const [period, setPeriod] = useState<Period>('current');
  const breakdown = useBreakdown(period === 'current' ? {} : previousRange(props.periodStart));
  return (
    <Card
      title={t('breakdown.title')}
      label={t('breakdown.title')}
      actions={
        <div className="credits-filter">
          <SelectField
            label={t('breakdown.period')}
            value={period}
            onChange={(e) => setPeriod(e.target.value as Period)}
          >
            <option value="current">{t('breakdown.current')}</option>
            <option value="previous">{t('breakdown.previous')}</option>
          </SelectField>
        </div>
      }
    >
      <AsyncView state={breakdown}>{(data) => <BreakdownBody data={data} />}</AsyncView>
    </Card>
  );
}

function BreakdownBody(props: { data: CreditBreakdown }) {
  const { t } = useTranslation('credits');
  const format = useFormat();
  const signed = useSignedNumber();
  const { data } = props;
  const label = (line: CreditBreakdownLine) => {
    const what =
      line.resource === 'none'
        ? undefined
        : line.resource === 'delivery'
          ? t(line.channel === 'email' ? 'breakdown.deliveryEmail' : 'breakdown.deliveryWhatsapp')
          : t(`breakdown.${line.resource}`);
    return what ? `${t(`kinds.${line.kind}`)} · ${what}` : t(`kinds.${line.kind}`);
  };
  return (
    <>
      <p className="credits-explained" data-testid="credits-explained">
        {t('breakdown.explained', {
          balance: format.number(data.balance),
          allowanceLeft: format.number(data.allowanceLeft),
          allowance: format.number(data.monthlyAllowance),
          date: format.date(data.resetsAt),
          topUps: format.number(data.topUpLeft),
          used: format.number(data.usedThisMonth),
        })}
      </p>
      {data.lines.length === 0 ? (
        <EmptyState title={t('breakdown.empty')} />
      ) : (
        <div className="credits-table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('breakdown.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('breakdown.concept')}</th>
                <th scope="col" className="num">
                  {t('breakdown.entries')}
                </th>
                <th scope="col" className="num">
                  {t('ledger.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line) => (
                <tr key={`${line.kind}-${line.resource}-${line.channel ?? ''}`}>
                  <td>
                    <Badge tone={KIND_TONE[line.kind]}>{label(line)}</Badge>
                  </td>
                  <td className="num">{format.number(line.entries)}</td>
                  <td className="num">{signed(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
