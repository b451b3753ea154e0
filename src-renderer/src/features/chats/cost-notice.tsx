import { useTranslation } from 'react-i18next';
import type { CreditBalance, PriceList } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { ErrorState } from '../../ui/states';
import { useBalance, usePrices } from '../credits';
import './cost-notice.css';

/** The price list (read once) and the balance (kept current as credits move). */
export function useCosts(): {
  prices: PriceList | undefined;
  balance: CreditBalance | undefined;
  failed: boolean;
  retry: () => void;
} {
  const prices = usePrices();
  const balance = useBalance();
  return {
    prices: prices.data,
    balance: balance.data,
    failed: prices.isError || balance.isError,
    retry: () => {
      if (prices.isError) void prices.refetch();
      void balance.refetch();
    },
  };
}

/**
 * What an action costs, said before it is taken, with the balance beside it and a warning when
 * the balance does not reach `required` (the service would refuse with insufficient_credits).
 */
export function CostNotice(props: {
  lines: string[];
  balance: CreditBalance | undefined;
  required: number | undefined;
  failed: boolean;
  onRetry: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('chats');
  const format = useFormat();
  const { balance, required } = props;
  const short = balance !== undefined && required !== undefined && balance.balance < required;
  return (
    <div
      className={`cost-notice${short ? ' cost-notice-short' : ''}${props.compact ? ' cost-notice-compact' : ''}`}
      data-testid="cost-notice"
    >
      <span className="cost-notice-icon" aria-hidden="true">
        ◎
      </span>
      <p>
        {props.lines.map((line) => (
          <span key={line} className="cost-notice-line">
            {line}
          </span>
        ))}
        {balance ? (
          <span className="cost-notice-balance">
            {t('costs.balance', {
              count: balance.balance,
              formatted: format.number(balance.balance),
            })}
          </span>
        ) : props.failed ? (
          <span className="cost-notice-balance">
            <ErrorState variant="inline" title={t('costs.unavailable')} onRetry={props.onRetry} />
          </span>
        ) : null}
        {short && (
          <strong className="cost-notice-warning" role="alert">
            {t('costs.notEnough')}
          </strong>
        )}
      </p>
    </div>
  );
}
