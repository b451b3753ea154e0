import { createStore, type StoreApi } from 'zustand/vanilla';

export type DeveloperTab = 'reference' | 'curl' | 'log';

/**
 * The Developer screen's own state, kept while the app runs: the tab shown, and whether the live
 * log stands still (`missed` counts what came in meanwhile). The document and the log are queries.
 */
export interface DeveloperState {
  tab: DeveloperTab;
  paused: boolean;
  missed: number;
  setTab(tab: DeveloperTab): void;
}

export function createDeveloperStore(): StoreApi<DeveloperState> {
  return createStore<DeveloperState>()((set) => ({
    tab: 'reference',
    paused: false,
    missed: 0,
    setTab: (tab) => set({ tab }),
  }));
}
