import { createStore, type StoreApi } from 'zustand/vanilla';
import type { OpenApiDocument, RequestLogEntry } from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

/** How many requests the live table keeps (the service keeps 500). */
export const SHOWN_REQUESTS = 200;

export type DeveloperTab = 'reference' | 'curl' | 'log';

export interface DeveloperState {
  tab: DeveloperTab;
  document: Async<OpenApiDocument>;
  log: Async<RequestLogEntry[]>;
  /** While paused the table stands still; `missed` counts what came in meanwhile. */
  paused: boolean;
  missed: number;
  setTab(tab: DeveloperTab): void;
  loadDocument(): Promise<void>;
  loadLog(): Promise<void>;
  /** Entries pushed by the service (`request.logged`), newest first. */
  received(entries: RequestLogEntry[]): void;
  setPaused(paused: boolean): Promise<void>;
  clear(): Promise<void>;
}

export type DeveloperStore = StoreApi<DeveloperState>;

export function createDeveloperStore(bridge: Bridge): DeveloperStore {
  return createStore<DeveloperState>()((set, get) => ({
    tab: 'reference',
    document: idle,
    log: idle,
    paused: false,
    missed: 0,
    setTab: (tab) => set({ tab }),
    async loadDocument() {
      // The document only changes with the sandbox switch: loaded once, reloaded on retry.
      const current = get().document;
      if (current.status === 'ready' || current.status === 'loading') return;
      await load(
        current,
        (document) => set({ document }),
        () => unwrap(bridge.developer.openapi()),
      );
    },
    async loadLog() {
      await load(
        get().log,
        (log) => set({ log }),
        () => unwrap(bridge.developer.requestLog({ limit: SHOWN_REQUESTS })),
      );
    },
    received(entries) {
      const state = get();
      if (state.paused) {
        set({ missed: state.missed + entries.length });
        return;
      }
      // Before the first load answers there is nothing to add to: the load brings them.
      if (state.log.status !== 'ready') return;
      const newest = state.log.data[0]?.seq ?? 0;
      const fresh = entries.filter((e) => e.seq > newest).sort((a, b) => b.seq - a.seq);
      if (!fresh.length) return;
      set({
        log: { status: 'ready', data: [...fresh, ...state.log.data].slice(0, SHOWN_REQUESTS) },
      });
    },
    async setPaused(paused) {
      set({ paused, ...(paused ? {} : { missed: 0 }) });
      // On resume the table catches up with everything it let pass.
      if (!paused) await get().loadLog();
    },
    async clear() {
      await unwrap(bridge.developer.clearRequestLog());
      set({ log: { status: 'ready', data: [] }, missed: 0 });
    },
  }));
}
