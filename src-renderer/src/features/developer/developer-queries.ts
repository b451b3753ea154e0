import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestLogEntry } from '../../../../src-preload/contract';
import { useBridge, useFeatureStore } from '../../app/app-context';
import type { Bridge } from '../../bridge/bridge';
import { callOperation, operationQuery } from '../../data/bridge-query';
import { useWrite } from '../../data/topic-invalidation';
import { createDeveloperStore } from './developer-store';

/** How many requests the live table keeps (the service keeps 500). */
export const SHOWN_REQUESTS = 200;

/** The service's OpenAPI document: the same while it runs (read once, again on a retry). */
export function useOpenApiDocument() {
  return useQuery({
    ...operationQuery(useBridge(), [], 'developer', 'openapi'),
    staleTime: Infinity,
  });
}

function logQuery(bridge: Bridge) {
  // No topic: the log follows its own pushed event, `request.logged`.
  return operationQuery(bridge, [], 'developer', 'requestLog', { limit: SHOWN_REQUESTS });
}

/** The latest requests the HTTP interface answered, newest first. */
export function useRequestLog() {
  return useQuery(logQuery(useBridge()));
}

/**
 * Follows the requests the service pushes while the screen is open: newer ones go on top of the
 * log (before its first answer there is nothing to add to: that answer brings them); while paused
 * they are only counted.
 */
export function useFollowRequestLog(): void {
  const bridge = useBridge();
  const client = useQueryClient();
  const store = useFeatureStore(createDeveloperStore);
  useEffect(
    () =>
      bridge.on('request.logged', ({ entries }) => {
        const state = store.getState();
        if (state.paused) {
          store.setState({ missed: state.missed + entries.length });
          return;
        }
        client.setQueryData(logQuery(bridge).queryKey, (log) => {
          if (!log) return log;
          const newest = log[0]?.seq ?? 0;
          const fresh = entries.filter((e) => e.seq > newest).sort((a, b) => b.seq - a.seq);
          return fresh.length ? [...fresh, ...log].slice(0, SHOWN_REQUESTS) : log;
        });
      }),
    [bridge, client, store],
  );
}

/** Pauses or resumes the table; on resume it catches up with everything it let pass. */
export function useSetPaused() {
  const bridge = useBridge();
  const client = useQueryClient();
  const store = useFeatureStore(createDeveloperStore);
  return (paused: boolean) => {
    store.setState({ paused, ...(paused ? {} : { missed: 0 }) });
    if (!paused) void client.refetchQueries({ queryKey: logQuery(bridge).queryKey });
  };
}

/** Empties the service's request log, and the table with it. */
export function useClearRequestLog() {
  const bridge = useBridge();
  const client = useQueryClient();
  const store = useFeatureStore(createDeveloperStore);
  return useWrite({
    mutationFn: () => callOperation(bridge, 'developer', 'clearRequestLog'),
    onSuccess: () => {
      client.setQueryData<RequestLogEntry[]>(logQuery(bridge).queryKey, []);
      store.setState({ missed: 0 });
    },
  });
}
