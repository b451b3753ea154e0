import { useTranslation } from 'react-i18next';
import type { CreditBalance } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { ProgressBar } from '../../ui/layout';
import { planLabel } from './credit-labels';
import { isLowBalance } from './credits-store';

/**
 * The balance as a big number with the plan, the month's use against the allowance and when the
 * allowance renews. Shared by the credits screen and the dashboard.
 */
export function BalanceSummary(props: { balance: CreditBalance; now: Date }) {
  const { t } = useTranslation('credits');
  const format = useFormat();
  const { balance } = props;
  const low = isLowBalance(balance);
  return (
    <div className="credits-balance">
      <div>
        <p className="stat-caption">{t('balance.label')}</p>
        {/* A figure, not a paragraph: a big bold <p> reads to assistive technology as a heading
            made by hand (axe's p-as-heading). */}
        <div className={`stat credits-balance-number${low ? ' credits-low' : ''}`}>
          <span data-testid="credit-balance">{format.number(balance.balance)}</span>
        </div>
        <p className="stat-caption">{t('balance.plan', { plan: planLabel(t, balance.plan) })}</p>
      </div>
      <dl className="credits-facts">
        <div>
          <dt>{t('balance.allowance')}</dt>
          <dd className="num">{format.number(balance.monthlyAllowance)}</dd>
        </div>
        <div>
          <dt>{t('balance.used')}</dt>
          <dd className="num">
            {t('balance.usedOf', {
              used: format.number(balance.usedThisMonth),
              allowance: format.number(balance.monthlyAllowance),
            })}
          </dd>
        </div>
      </dl>
      <ProgressBar
        label={t('balance.usedBar')}
        value={Math.min(balance.usedThisMonth, balance.monthlyAllowance)}
        max={Math.max(balance.monthlyAllowance, 1)}
      />
      <p className="muted credits-resets">
        {t('balance.resets', {
          date: format.date(balance.resetsAt),
          relative: format.relative(balance.resetsAt, props.now),
        })}
      </p>
    </div>
  );
}

/** The warning shown while the balance is under the `credits.low` threshold; nothing otherwise. */
export function LowBalanceNotice(props: { balance: CreditBalance }) {
  const { t } = useTranslation('credits');
  const format = useFormat();
  if (!isLowBalance(props.balance)) return null;
  return (
    <p className="notice notice-warning" role="status">
      {t('balance.low', {
        balance: format.number(props.balance.balance),
        allowance: format.number(props.balance.monthlyAllowance),
      })}
    </p>
  );
}
