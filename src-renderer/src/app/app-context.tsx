import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { useStore, type StoreApi } from 'zustand';
import type { Topic } from '../../../src-preload/contract';
import type { Bridge } from '../bridge/bridge';
import type { AppState, AppStore } from '../stores/app-store';

interface AppContextValue {
  bridge: Bridge;
  appStore: AppStore;
  /** Feature stores, created on first use and kept while the app runs (state survives navigation). */
  stores: Map<unknown, StoreApi<unknown>>;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider(props: {
  bridge: Bridge;
  i18n: i18n;
  appStore: AppStore;
  children: ReactNode;
}) {
  const value = useRef<AppContextValue>({
    bridge: props.bridge,
    appStore: props.appStore,
    stores: new Map(),
  });
  return (
    <AppContext.Provider value={value.current}>
      <I18nextProvider i18n={props.i18n}>{props.children}</I18nextProvider>
    </AppContext.Provider>
  );
}

function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppProvider is missing');
  return value;
}

export function useBridge(): Bridge {
  return useAppContext().bridge;
}

export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useAppContext().appStore, selector);
}

/**
 * The store a feature's factory makes for this app's bridge, made once and shared by every
 * component of the feature: `const store = useFeatureStore(createPatientsStore)`.
 */
export function useFeatureStore<S>(factory: (bridge: Bridge) => StoreApi<S>): StoreApi<S> {
  const { bridge, stores } = useAppContext();
  let store = stores.get(factory) as StoreApi<S> | undefined;
  if (!store) {
    store = factory(bridge);
    stores.set(factory, store as StoreApi<unknown>);
  }
  return store;
}

/**
 * Calls `refresh` when a pushed `changed` event touches one of `topics` (a delivery ran, a patient
 * was created over the API, …), so open screens stay current without polling.
 */
export function useRefreshOn(topics: readonly Topic[], refresh: () => void): void {
  const bridge = useBridge();
  const latest = useRef(refresh);
  latest.current = refresh;
  const key = topics.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return bridge.on('changed', ({ topics: changed }) => {
      if (changed.some((t) => wanted.has(t))) latest.current();
    });
  }, [bridge, key]);
}
