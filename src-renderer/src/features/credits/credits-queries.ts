import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreditBalance, LedgerKind } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import type { Bridge } from '../../bridge/bridge';
import {
  callOperation,
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../data/bridge-query';
import { useWrite } from '../../data/topic-invalidation';

export const LEDGER_PAGE_SIZE = 20;

function balanceQuery(bridge: Bridge) {
  return operationQuery(bridge, ['credits'], 'credits', 'balance');
}

/** The balance, plan and month's use: one answer shared by every screen that shows it. */
export function useBalance() {
  return useQuery(balanceQuery(useBridge()));
}

/** Credits consumed per day over the current period. */
export function useUsage() {
  return useQuery(operationQuery(useBridge(), ['credits'], 'credits', 'usage'));
}

/** The price list: the service's own, the same while it runs (no topic moves it). */
export function usePrices() {
  return useQuery({
    ...operationQuery(useBridge(), [], 'credits', 'prices'),
    staleTime: Infinity,
  });
}

/** The ledger, newest first, a page at a time; a kind filter is a list of its own. */
export function useLedger(kind: LedgerKind | undefined) {
  return usePagedList(
    pagedOperation(useBridge(), ['credits'], 'credits', 'ledger', {
      limit: LEDGER_PAGE_SIZE,
      ...(kind ? { kind } : {}),
    }),
  );
}

/** The breakdown by kind and channel over a period (default the current one) and the pots. */
export function useBreakdown(range: { from?: string; to?: string }) {
  return useQuery(operationQuery(useBridge(), ['credits'], 'credits', 'breakdown', range));
}

/** The ledger as CSV with the list's filter, headers and reasons in the window's language. */
export function useExportLedger() {
  const bridge = useBridge();
  const { i18n } = useTranslation();
  return (kind: LedgerKind | undefined) =>
    callOperation(bridge, 'exports', 'ledger', {
      ...(kind ? { kind } : {}),
      language: (i18n.resolvedLanguage ?? 'es') as 'es' | 'ca' | 'en',
    });
}

/** Adds credits; the new balance shows at once, the ledger and the usage are read again. */
export function useTopUp() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useWrite({
    mutationFn: (input: { amount: number; reason?: string }) =>
      callOperation(bridge, 'credits', 'topUp', input),
    onSuccess: (balance: CreditBalance) =>
      void client.setQueryData(balanceQuery(bridge).queryKey, balance),
  });
}
