import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../src-renderer/src/app/app-context';
import { createQueryClient } from '../../src-renderer/src/app/query-client';
import {
  createMemoryBridge,
  type MemoryHandlers,
} from '../../src-renderer/src/bridge/memory-bridge';
import { createI18n } from '../../src-renderer/src/i18n/create-i18n';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { createAppStore } from '../../src-renderer/src/stores/app-store';
import { WRITE_CHANGES } from './write-changes';

/**
 * Renders a screen the way the app does (bridge, i18n, app store, query cache, router) with an
 * in-memory Bridge answering from `handlers`, each write with what the service says it changes
 * (write-changes.ts). Returns the bridge (its `log` and `emit`), the query cache and the router's
 * location history. The window shows as a developer sees it (developer mode on: the sandbox tools
 * the screens' tests exercise) unless `developerMode: false` says otherwise.
 */
export function renderWithApp(
  ui: ReactNode,
  options: {
    handlers?: MemoryHandlers;
    language?: AppLanguage;
    path?: string;
    developerMode?: boolean;
    sandbox?: boolean;
  } = {},
) {
  const bridge = createMemoryBridge(options.handlers ?? {}, WRITE_CHANGES);
  const i18n = createI18n(options.language ?? 'es');
  const appStore = createAppStore(bridge, i18n);
  appStore.setState({ developerMode: options.developerMode ?? true });
  // As the shell's start() would have read it from the settings (tools shown only in sandbox mode).
  if (options.sandbox) appStore.setState({ sandbox: true });
  const queryClient = createQueryClient();
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const result = render(
    <AppProvider bridge={bridge} i18n={i18n} appStore={appStore} queryClient={queryClient}>
      <Router hook={location.hook}>{ui}</Router>
    </AppProvider>,
  );
  return { ...result, bridge, i18n, appStore, queryClient, location };
}

/** Everything the window keeps of the service's data (reads and writes), as text to search in. */
export function cachedState(queryClient: QueryClient): string {
  return JSON.stringify([
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.state),
    queryClient
      .getMutationCache()
      .getAll()
      .map((m) => m.state),
  ]);
}
