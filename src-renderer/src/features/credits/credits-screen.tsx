import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Card, PageHeader } from '../../ui/layout';
import { AsyncView } from '../../ui/states';
import { BalanceSummary, LowBalanceNotice } from './balance-summary';
import { useServiceNow } from '../../app/service-clock';
import { useBalance, useUsage } from './credits-queries';
import { BreakdownCard } from './credit-breakdown';
import { LedgerCard } from './ledger-card';
import { TopUpDialog } from './top-up-dialog';
import { UsageChart } from './usage-chart';
import './credits.css';

export function CreditsScreen() {
  const { t } = useTranslation('credits');
  const format = useFormat();
  // A delivery, a conversation or an integrator's call spends credits: the queries follow it.
  const balance = useBalance();
  const usage = useUsage();
  const now = useServiceNow();
  const [toppingUp, setToppingUp] = useState(false);
  const [done, setDone] = useState<string>();

  const current = balance.data;

  return (
    <div className="credits-screen">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button
            variant="primary"
            onClick={() => {
              setDone(undefined);
              setToppingUp(true);
            }}
          >
            {t('topUp.open')}
          </Button>
        }
      />
      <p className="credits-status" role="status">
        {done}
      </p>
      {current && <LowBalanceNotice balance={current} />}
      <div className="grid grid-2">
        <Card title={t('balance.label')} label={t('balance.label')}>
          <AsyncView state={balance}>
            {(data) => <BalanceSummary balance={data} now={now} />}
          </AsyncView>
        </Card>
        <Card title={t('chart.title')} label={t('chart.title')}>
          <AsyncView state={usage}>
            {(data) => <UsageChart usage={data} showTitle={false} />}
          </AsyncView>
        </Card>
      </div>
      {current && <BreakdownCard periodStart={periodStartOf(current.resetsAt)} />}
      <LedgerCard />
      {toppingUp && (
        <TopUpDialog
          onClose={(added) => {
            setToppingUp(false);
            if (added) {
              setDone(
                t('topUp.done', {
                  amount: t('balance.unit', {
                    count: added.amount,
                    value: format.number(added.amount),
                  }),
                  balance: format.number(added.balance),
                }),
              );
            }
          }}
        />
      )}
    </div>
  );
}

/** The current period's start: a month before it resets (domain/pricing.ts billingPeriod). */
function periodStartOf(resetsAt: string): string {
  const start = new Date(resetsAt);
  start.setUTCMonth(start.getUTCMonth() - 1);
  return start.toISOString();
}
