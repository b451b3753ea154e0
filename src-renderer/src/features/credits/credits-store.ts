import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  CreditBalance,
  CreditUsage,
  LedgerEntry,
  LedgerKind,
} from '../../../../src-preload/contract';
import { asFailure, unwrap, type Bridge, type BridgeFailure } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

export const LEDGER_PAGE_SIZE = 20;
/** The service's largest page: a refresh reloads what is on screen in one call, up to this. */
const MAX_PAGE = 100;

export interface LedgerView {
  entries: LedgerEntry[];
  /** The cursor of the next page; only meaningful when `hasMore`. */
  cursor: string;
  hasMore: boolean;
}

export interface CreditsState {
  balance: Async<CreditBalance>;
  usage: Async<CreditUsage>;
  ledger: Async<LedgerView>;
  /** The ledger's kind filter; undefined: every kind. */
  kind: LedgerKind | undefined;
  loadingMore: boolean;
  moreError: BridgeFailure | undefined;
  /** Balance, usage and the ledger's first page (or as many entries as are on screen). */
  loadAll(): Promise<void>;
  loadBalance(): Promise<void>;
  loadUsage(): Promise<void>;
  loadLedger(): Promise<void>;
  loadMore(): Promise<void>;
  setKind(kind: LedgerKind | undefined): Promise<void>;
  /** Adds credits; on success the balance is replaced and the ledger and usage reloaded. */
  topUp(input: { amount: number; reason?: string }): Promise<CreditBalance>;
}

export type CreditsStore = StoreApi<CreditsState>;

export function createCreditsStore(bridge: Bridge): CreditsStore {
  // Loads of the ledger race when the filter changes quickly; only the latest one may land.
  let ledgerRequest = 0;

  return createStore<CreditsState>()((set, get) => ({
    balance: idle,
    usage: idle,
    ledger: idle,
    kind: undefined,
    loadingMore: false,
    moreError: undefined,

    async loadAll() {
      await Promise.all([get().loadBalance(), get().loadUsage(), get().loadLedger()]);
    },

    async loadBalance() {
      await load(
        get().balance,
        (balance) => set({ balance }),
        () => unwrap(bridge.credits.balance()),
      );
    },

    async loadUsage() {
      await load(
        get().usage,
        (usage) => set({ usage }),
        () => unwrap(bridge.credits.usage()),
      );
    },

    async loadLedger() {
      const request = ++ledgerRequest;
      const { kind, ledger } = get();
      const shown = 'data' in ledger && ledger.data ? ledger.data.entries.length : 0;
      const limit = Math.min(MAX_PAGE, Math.max(LEDGER_PAGE_SIZE, shown));
      set({ moreError: undefined });
      await load(
        ledger,
        (next) => {
          if (request === ledgerRequest) set({ ledger: next });
        },
        async () => {
          const page = await unwrap(bridge.credits.ledger({ limit, ...(kind ? { kind } : {}) }));
          return {
            entries: page.data,
            cursor: page.pagination.cursor,
            hasMore: page.pagination.hasMore,
          };
        },
      );
    },

    async loadMore() {
      const { ledger, kind, loadingMore } = get();
      if (loadingMore || ledger.status !== 'ready' || !ledger.data.hasMore) return;
      const request = ledgerRequest;
      set({ loadingMore: true, moreError: undefined });
      try {
        const page = await unwrap(
          bridge.credits.ledger({
            limit: LEDGER_PAGE_SIZE,
            cursor: ledger.data.cursor,
            ...(kind ? { kind } : {}),
          }),
        );
        if (request !== ledgerRequest) return;
        const current = get().ledger;
        const entries = 'data' in current && current.data ? current.data.entries : [];
        const seen = new Set(entries.map((e) => e.id));
        set({
          ledger: {
            status: 'ready',
            data: {
              entries: [...entries, ...page.data.filter((e) => !seen.has(e.id))],
              cursor: page.pagination.cursor,
              hasMore: page.pagination.hasMore,
            },
          },
        });
      } catch (error) {
        if (request === ledgerRequest) set({ moreError: asFailure(error) });
      } finally {
        set({ loadingMore: false });
      }
    },

    async setKind(kind) {
      if (kind === get().kind) return;
      // A different filter is a different list: start from its first page, not the old rows.
      set({ kind, ledger: idle, loadingMore: false });
      await get().loadLedger();
    },

    async topUp(input) {
      const balance = await unwrap(bridge.credits.topUp(input));
      set({ balance: { status: 'ready', data: balance } });
      await Promise.all([get().loadLedger(), get().loadUsage()]);
      return balance;
    },
  }));
}

/** Share of the monthly allowance under which the service raises `credits.low` (pricing.ts). */
const LOW_BALANCE_SHARE = 0.1;

/** The same threshold as the service's `credits.low` event, so the notice and the event agree. */
export function isLowBalance(balance: CreditBalance): boolean {
  return balance.balance < Math.ceil(balance.monthlyAllowance * LOW_BALANCE_SHARE);
}
