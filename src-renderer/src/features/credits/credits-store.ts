import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CreditBalance, LedgerKind } from '../../../../src-preload/contract';

/** The credits screen's own choices (kept while the app runs). */
export interface CreditsState {
  /** The ledger's kind filter; undefined: every kind. */
  kind: LedgerKind | undefined;
  setKind(kind: LedgerKind | undefined): void;
}

export function createCreditsStore(): StoreApi<CreditsState> {
  return createStore<CreditsState>()((set) => ({
    kind: undefined,
    setKind: (kind) => set({ kind }),
  }));
}

/** Share of the monthly allowance under which the service raises `credits.low` (pricing.ts). */
const LOW_BALANCE_SHARE = 0.1;

/** The same threshold as the service's `credits.low` event, so the notice and the event agree. */
export function isLowBalance(balance: CreditBalance): boolean {
  return balance.balance < Math.ceil(balance.monthlyAllowance * LOW_BALANCE_SHARE);
}
