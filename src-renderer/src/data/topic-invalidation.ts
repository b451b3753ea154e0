import { useEffect } from 'react';
import {
  useMutation,
  useQueryClient,
  type Query,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { Topic } from '../../../src-preload/contract';
import type { Bridge, BridgeFailure } from '../bridge/bridge';
import { failingAs } from './bridge-query';
import { showsAny, type DataKey } from './query-keys';

/**
 * Marks every query that shows one of `topics` stale: the ones on screen are read again at once
 * (keeping what they show meanwhile), the others when a screen shows them next.
 */
export async function invalidateTopics(
  client: QueryClient,
  topics: readonly Topic[],
): Promise<void> {
  const { predicate } = showing(topics);
  // A refresh under way is cancelled by the new one; a first read under way would be joined
  // instead (Query's rule), though it may have started before the change: it starts again.
  await client.cancelQueries({
    predicate: (query) =>
      predicate(query) && query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
  await client.invalidateQueries({ predicate });
}

/**
 * The window's one subscription to pushed `changed` events (a delivery ran, a patient was created
 * over the API, a job moved a call on): each invalidates the queries of the topics it names.
 */
export function useTopicInvalidation(bridge: Bridge, client: QueryClient): void {
  useEffect(
    () => bridge.on('changed', ({ topics }) => void invalidateTopics(client, topics)),
    [bridge, client],
  );
}

/** How an optimistic change edits one cached answer (the key says which read it is). */
export type CacheEdit = (data: unknown, key: DataKey) => unknown;

/** The query filter of every query that shows one of `topics`. */
function showing(topics: readonly Topic[]) {
  return { predicate: (query: Query) => showsAny(query.queryKey, topics) };
}

/** Applies `edit` to every cached answer of `topics` (a write's answer, placed where it shows). */
export function editCachedNow(
  client: QueryClient,
  topics: readonly Topic[],
  edit: CacheEdit,
): void {
  for (const [key, data] of client.getQueriesData(showing(topics))) {
    if (data !== undefined) client.setQueryData(key, edit(data, key as unknown as DataKey));
  }
}

/**
 * Applies `edit` to every cached answer of `topics` at once and returns the undo. Reads of those
 * topics under way are cancelled first, so an answer from before the change cannot undo it.
 */
export async function editCached(
  client: QueryClient,
  topics: readonly Topic[],
  edit: CacheEdit,
): Promise<() => void> {
  await client.cancelQueries(showing(topics));
  const before = client.getQueriesData(showing(topics));
  editCachedNow(client, topics, edit);
  return () => {
    for (const [key, data] of before) client.setQueryData(key, data);
  };
}

/** What an optimistic write changes at once: the cached answers of `topics`, by `edit`. */
export interface Optimistic<TVariables> {
  topics: readonly Topic[];
  edit: (variables: TVariables) => CacheEdit;
}

/**
 * A write through the bridge. What it changed is read again by the bridge itself, from the
 * service's answer (data/write-refresh.ts), so a write does not say it here. With `optimistic`,
 * the cached answers it names change at once and go back as they were when the write fails.
 */
export function useWrite<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, BridgeFailure, TVariables, () => void>, 'onMutate'> & {
    mutationFn: (variables: TVariables) => Promise<TData>;
    optimistic?: Optimistic<TVariables>;
  },
): UseMutationResult<TData, BridgeFailure, TVariables, () => void> {
  const client = useQueryClient();
  const { optimistic, mutationFn, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: (variables) => failingAs(() => mutationFn(variables)),
    onMutate: async (variables) =>
      optimistic
        ? editCached(client, optimistic.topics, optimistic.edit(variables))
        : () => undefined,
    onError: (error, variables, undo, context) => {
      undo?.();
      // The optimistic change cancelled reads under way: read them again.
      if (optimistic) void invalidateTopics(client, optimistic.topics);
      return rest.onError?.(error, variables, undo, context);
    },
  });
}
