import { createContext, useContext, useState, type ReactNode } from 'react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useStore, type StoreApi } from 'zustand';
import type { Bridge } from '../bridge/bridge';
import { invalidateTopics, useTopicInvalidation } from '../data/topic-invalidation';
import { refreshingWrites } from '../data/write-refresh';
import type { AppState, AppStore } from '../stores/app-store';
import { createQueryClient } from './query-client';

interface AppContextValue {
  bridge: Bridge;
  appStore: AppStore;
  /** Feature stores (client state), made on first use and kept while the app runs. */
  stores: Map<unknown, StoreApi<unknown>>;
}

const AppContext = createContext<AppContextValue | null>(null);

/**
 * The window's context: the bridge, the app store, the feature stores (client state) and the
 * query cache (the service's data), which the window's own writes and pushed `changed` events
 * invalidate by topic.
 */
export function AppProvider(props: {
  bridge: Bridge;
  i18n: i18n;
  appStore: AppStore;
  /** Tests pass their own to look into it; the app makes one per run. */
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  // Screens get the bridge whose writes refresh what they changed (data/write-refresh.ts); made
  // once, as the stores' map is.
  const [value] = useState<AppContextValue>(() => ({
    bridge: refreshingWrites(props.bridge, (topics) => void invalidateTopics(queryClient, topics)),
    appStore: props.appStore,
    stores: new Map(),
  }));
  useTopicInvalidation(props.bridge, queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppContext.Provider value={value}>
        <I18nextProvider i18n={props.i18n}>{props.children}</I18nextProvider>
      </AppContext.Provider>
    </QueryClientProvider>
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
 * A feature's client-state store (filters, selections, what an action said), made once per app
 * run and shared by every component of the feature, so it survives navigation:
 * `const store = useFeatureStore(createPatientsStore)`. The service's data is not kept there but
 * in the query cache (data/).
 */
export function useFeatureStore<S>(factory: () => StoreApi<S>): StoreApi<S> {
  const { stores } = useAppContext();
  let store = stores.get(factory) as StoreApi<S> | undefined;
  if (!store) {
    store = factory();
    stores.set(factory, store as StoreApi<unknown>);
  }
  return store;
}
