import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSettingsUpdate } from '../../../../src-preload/contract';
import { useApp, useBridge, useFeatureStore } from '../../app/app-context';
import type { Bridge } from '../../bridge/bridge';
import { callOperation, operationQuery } from '../../data/bridge-query';
import { useWrite } from '../../data/topic-invalidation';
import { createSandboxStore, type Seed } from './sandbox-store';

function settingsQuery(bridge: Bridge) {
  return operationQuery(bridge, ['settings'], 'settings', 'get');
}

export function useSettings() {
  return useQuery(settingsQuery(useBridge()));
}

/**
 * Saves one page's changes; the service answers with every setting, which replace ours, and the
 * window follows the switches it keeps itself (sandbox mode, developer mode, the language).
 */
export function useSaveSettings() {
  const bridge = useBridge();
  const client = useQueryClient();
  const setSandbox = useApp((s) => s.setSandbox);
  const setDeveloperMode = useApp((s) => s.setDeveloperMode);
  const followLanguage = useApp((s) => s.followLanguage);
  const language = useApp((s) => s.language);
  const sandbox = useApp((s) => s.sandbox);
  return useWrite({
    mutationFn: (update: AppSettingsUpdate) => callOperation(bridge, 'settings', 'update', update),
    onSuccess: async (saved) => {
      client.setQueryData(settingsQuery(bridge).queryKey, saved);
      if (saved.sandbox !== sandbox) setSandbox(saved.sandbox);
      setDeveloperMode(saved.developerMode);
      if (saved.language !== language) await followLanguage(saved.language);
    },
  });
}

function clockQuery(bridge: Bridge) {
  return operationQuery(bridge, ['clock'], 'sandbox', 'clock');
}

/** The service clock, which the service also pushes whenever it moves (here or from the API). */
export function useSandboxClock() {
  const bridge = useBridge();
  const client = useQueryClient();
  useEffect(
    () => bridge.on('clock', (clock) => client.setQueryData(clockQuery(bridge).queryKey, clock)),
    [bridge, client],
  );
  return useQuery(clockQuery(bridge));
}

/**
 * Moves the service clock forward, running every job due on the way; one move at a time. The
 * answer is the new clock; what the jobs changed the service pushes, topic by topic. The sandbox
 * store says how it went, even when the panel was left meanwhile.
 */
export function useAdvanceClock(): (seconds: number) => void {
  const bridge = useBridge();
  const client = useQueryClient();
  const store = useFeatureStore(createSandboxStore);
  const mutation = useWrite({
    mutationFn: (seconds: number) => callOperation(bridge, 'sandbox', 'advance', { seconds }),
    onSuccess: ({ jobsRun, ...clock }, seconds) => {
      client.setQueryData(clockQuery(bridge).queryKey, clock);
      store.setState({ advanced: { seconds, jobsRun } });
    },
    onError: (error) => store.setState({ advanceError: error }),
    onSettled: () => store.setState({ advancing: null }),
  });
  return (seconds) => {
    if (store.getState().advancing !== null) return;
    store.setState({ advancing: seconds, advanceError: null, advanced: null });
    mutation.mutate(seconds);
  };
}

/**
 * Replaces the clinic's data with the demo clinic or an empty one; resolves true once it is
 * replaced. The sandbox store says how it went.
 */
export function useResetClinic(): (seed: Seed) => Promise<boolean> {
  const bridge = useBridge();
  const store = useFeatureStore(createSandboxStore);
  const mutation = useWrite({
    mutationFn: (seed: Seed) => callOperation(bridge, 'sandbox', 'reset', { seed }),
    onSuccess: (done) => store.setState({ resetDone: done }),
    onError: (error) => store.setState({ resetError: error }),
    onSettled: () => store.setState({ resetting: false }),
  });
  return async (seed) => {
    if (store.getState().resetting) return false;
    store.setState({ resetting: true, resetError: null, resetDone: null });
    return mutation.mutateAsync(seed).then(
      () => true,
      () => false,
    );
  };
}
