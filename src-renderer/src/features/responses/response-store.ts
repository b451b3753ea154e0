import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ResponseDetail } from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

export interface ResponseState {
  /** The response the page shows; answers for another id (the user moved on) are dropped. */
  id: string | undefined;
  response: Async<ResponseDetail>;
  open(id: string): Promise<void>;
  refresh(): Promise<void>;
}

export type ResponseStore = StoreApi<ResponseState>;

export function createResponseStore(bridge: Bridge): ResponseStore {
  return createStore<ResponseState>()((set, get) => {
    async function fetch(id: string) {
      await load(
        get().response,
        (response) => {
          if (get().id === id) set({ response });
        },
        () => unwrap(bridge.responses.get({ id })),
      );
    }
    return {
      id: undefined,
      response: idle,
      async open(id) {
        if (get().id !== id) set({ id, response: idle });
        await fetch(id);
      },
      async refresh() {
        const { id } = get();
        if (id) await fetch(id);
      },
    };
  });
}
