import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppSettings, AppSettingsUpdate } from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

export interface SettingsState {
  settings: Async<AppSettings>;
  load(): Promise<void>;
  /** Saves one section's changes; the service answers with every setting, which replaces ours. */
  save(update: AppSettingsUpdate): Promise<AppSettings>;
  /** Follows a change saved elsewhere (the language, which the app store saves itself). */
  patch(patch: Partial<AppSettings>): void;
}

export type SettingsStore = StoreApi<SettingsState>;

export function createSettingsStore(bridge: Bridge): SettingsStore {
  return createStore<SettingsState>()((set, get) => ({
    settings: idle,
    async load() {
      await load(
        get().settings,
        (settings) => set({ settings }),
        () => unwrap(bridge.settings.get()),
      );
    },
    async save(update) {
      const saved = await unwrap(bridge.settings.update(update));
      set({ settings: { status: 'ready', data: saved } });
      return saved;
    },
    patch(patch) {
      const state = get().settings;
      if ('data' in state && state.data)
        set({ settings: { ...state, data: { ...state.data, ...patch } } });
    },
  }));
}
