import type { i18n } from 'i18next';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppInfo, SandboxClockView } from '../../../src-preload/contract';
import { asFailure, BridgeFailure, unwrap, type Bridge } from '../bridge/bridge';
import { LANGUAGES, type AppLanguage } from '../i18n/messages';

/** The service's first answer: the window waits for it (the starting screen), or says why not. */
export type AppInfoState =
  | { status: 'loading'; data?: AppInfo }
  | { status: 'ready'; data: AppInfo }
  | { status: 'error'; error: BridgeFailure; data?: AppInfo };

/**
 * The window's app-level client state: what the service said about itself, the UI language, the
 * sandbox switch and its clock. The service's data lives in the query cache (see data/).
 */
export interface AppState {
  info: AppInfoState;
  language: AppLanguage;
  sandbox: boolean;
  /**
   * The desk's developer mode (a service setting): the window shows its sandbox and developer
   * tools only while it is on. Read with `useDeveloperMode()` (app/developer-mode.ts).
   */
  developerMode: boolean;
  clock: SandboxClockView | undefined;
  /**
   * How far the desktop's conversion of a plain clinic to an encrypted one is (0 to 1), while
   * the starting screen waits for it; undefined when none runs.
   */
  conversion: number | undefined;
  /** When `clock` was heard (the computer's ms): the service's now moves on from it. */
  clockAt: number;
  /** Loads what the shell shows (info, saved language, sandbox switch, clock). */
  start(): Promise<void>;
  /**
   * Switches the UI language now and saves it (the service's notices follow it too). Resolves
   * with the failure when saving did not work: the window keeps the language for this session.
   */
  setLanguage(language: AppLanguage): Promise<BridgeFailure | undefined>;
  /** Switches the UI language to one the service has already saved (the settings' Save). */
  followLanguage(language: AppLanguage): Promise<void>;
  setSandbox(on: boolean): void;
  setDeveloperMode(on: boolean): void;
  refreshClock(): Promise<void>;
}

export type AppStore = StoreApi<AppState>;

export function createAppStore(bridge: Bridge, i18n: i18n): AppStore {
  const store = createStore<AppState>()((set, get) => ({
    info: { status: 'loading' },
    language: (LANGUAGES as readonly string[]).includes(i18n.language)
      ? (i18n.language as AppLanguage)
      : 'es',
    sandbox: false,
    developerMode: false,
    clock: undefined,
    clockAt: 0,
    conversion: undefined,
    async start() {
      // Read again (a retry), what an earlier answer said stays meanwhile.
      const before = get().info;
      const data = 'data' in before ? before.data : undefined;
      set({ info: data ? { status: 'loading', data } : { status: 'loading' } });
      try {
        set({ info: { status: 'ready', data: await unwrap(bridge.app.info()) } });
      } catch (error) {
        set({ info: { status: 'error', error: asFailure(error), ...(data ? { data } : {}) } });
      }
      const settings = await bridge.settings.get();
      if (settings.ok) {
        set({
          sandbox: settings.value.sandbox,
          developerMode: settings.value.developerMode === true,
        });
        if (settings.value.language !== get().language) {
          await i18n.changeLanguage(settings.value.language);
          set({ language: settings.value.language });
        }
      }
      await get().refreshClock();
    },
    async setLanguage(language) {
      await get().followLanguage(language);
      const saved = await bridge.settings.update({ language });
      return saved.ok ? undefined : new BridgeFailure(saved.error);
    },
    async followLanguage(language) {
      await i18n.changeLanguage(language);
      set({ language });
      document.documentElement.lang = language;
    },
    setSandbox(on) {
      set({ sandbox: on });
      if (!on) set({ clock: undefined });
      else void get().refreshClock();
    },
    setDeveloperMode(on) {
      set({ developerMode: on });
    },
    async refreshClock() {
      if (!get().sandbox) return;
      const clock = await bridge.sandbox.clock();
      if (clock.ok) set({ clock: clock.value, clockAt: Date.now() });
    },
  }));
  bridge.on('clock', (clock) => store.setState({ clock, clockAt: Date.now() }));
  bridge.on('startup.conversion', ({ fraction }) => store.setState({ conversion: fraction }));
  return store;
}
