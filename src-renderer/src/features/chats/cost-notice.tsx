import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { CreditBalance, PriceList } from '../../../../src-preload/contract';
import { useFeatureStore, useRefreshOn } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { createCostsStore } from './costs-store';
import './cost-notice.css';

/** The price list and the balance, loaded on first use and kept current as credits move. */
export function useCosts(): {
  prices: PriceList | undefined;
  balance: CreditBalance | undefined;
  failed: boolean;
  retry: () => void;
} {
  const store = useFeatureStore(createCostsStore);
  const prices = useStore(store, (s) => s.prices);
  const balance = useStore(store, (s) => s.balance);
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  useRefreshOn(['credits'], () => void store.getState().refreshBalance());
  return {
    prices: 'data' in prices ? prices.data : undefined,
    balance: 'data' in balance ? balance.data : undefined,
    failed: prices.status === 'error' || balance.status === 'error',
    retry: () => void store.getState().load(),
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
  const { t: tc } = useTranslation();
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
            {t('costs.unavailable')}{' '}
            <Button size="sm" onClick={props.onRetry}>
              {tc('states.retry')}
            </Button>
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
