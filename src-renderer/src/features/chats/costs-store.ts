import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CreditBalance, PriceList } from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

/**
 * What an action costs and what is in hand, for the notices shown before a chat, a message or a
 * call is started (the service charges by the same price list). Shared by Chats and Calls.
 */
export interface CostsState {
  prices: Async<PriceList>;
  balance: Async<CreditBalance>;
  /** Loads the price list once and the balance every time (it moves with every action). */
  load(): Promise<void>;
  refreshBalance(): Promise<void>;
}

export type CostsStore = StoreApi<CostsState>;

export function createCostsStore(bridge: Bridge): CostsStore {
  return createStore<CostsState>()((set, get) => ({
    prices: idle,
    balance: idle,
    async load() {
      await Promise.all([
        get().prices.status === 'ready'
          ? undefined
          : load(
              get().prices,
              (prices) => set({ prices }),
              () => unwrap(bridge.credits.prices()),
            ),
        get().refreshBalance(),
      ]);
    },
    async refreshBalance() {
      await load(
        get().balance,
        (balance) => set({ balance }),
        () => unwrap(bridge.credits.balance()),
      );
    },
  }));
}
