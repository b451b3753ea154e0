import { useMemo } from 'react';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import type {
  BridgeResult,
  Group,
  InputOf,
  MethodOf,
  OutputOf,
  Page,
  Topic,
} from '../../../src-preload/contract';
import { asFailure, unwrap, type Bridge, type BridgeFailure } from '../bridge/bridge';
import { dataKey, type DataKey } from './query-keys';

declare module '@tanstack/react-query' {
  interface Register {
    /** Every query and mutation function throws a BridgeFailure (see `failingAs`). */
    defaultError: BridgeFailure;
  }
}

/** Runs one contract operation and unwraps its result: a refusal throws its BridgeFailure. */
export function callOperation<G extends Group, M extends MethodOf<G>>(
  bridge: Bridge,
  group: G,
  method: M,
  input?: InputOf<G, M>,
): Promise<OutputOf<G, M>> {
  const calls = bridge[group] as unknown as Record<
    string,
    (input?: InputOf<G, M>) => Promise<BridgeResult<OutputOf<G, M>>>
  >;
  const call = calls[method]!;
  return unwrap(input === undefined ? call() : call(input));
}

/** Runs `work`, turning anything it throws into a BridgeFailure (the error states' one shape). */
export async function failingAs<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asFailure(error);
  }
}

/** A query that reads one operation: its key is `[topics, 'group.method', input]`. */
export function operationQuery<G extends Group, M extends MethodOf<G>>(
  bridge: Bridge,
  topics: readonly Topic[],
  group: G,
  method: M,
  input?: InputOf<G, M>,
) {
  return queryOptions({
    queryKey: dataKey(topics, `${group}.${method}`, input),
    queryFn: () => callOperation(bridge, group, method, input),
  });
}

/** The page after `page`, or undefined at the end of a keyset list. */
export function nextCursor(page: Page<unknown>): string | undefined {
  const { hasMore, cursor } = page.pagination;
  return hasMore && cursor ? cursor : undefined;
}

/** `input` with the keyset cursor of the page to read (none for the first). */
export function withCursor<I extends object>(input: I, cursor: string | undefined): I {
  return cursor ? { ...input, cursor } : input;
}

/**
 * A keyset list read page by page: `fetchPage(cursor)` reads one page (no cursor: the first). A
 * refetch (a pushed change, a retry) reads every page shown again from the top, so "load more"
 * is not undone by a change.
 */
export function pagedQuery<T, P extends Page<T> = Page<T>>(
  key: DataKey,
  fetchPage: (cursor: string | undefined) => Promise<P>,
) {
  return infiniteQueryOptions<P, BridgeFailure, InfiniteData<P, string>, DataKey, string>({
    queryKey: key,
    queryFn: ({ pageParam }) => failingAs(() => fetchPage(pageParam || undefined)),
    initialPageParam: '',
    getNextPageParam: nextCursor,
  });
}

/** A row of a page. */
export type ItemOf<P> = P extends Page<infer T> ? T : never;

export type PagedOptions<P extends Page<unknown>> = UseInfiniteQueryOptions<
  P,
  BridgeFailure,
  InfiniteData<P, string>,
  DataKey,
  string
>;

/** What a screen needs of a keyset list (a Loadable of its rows, for AsyncView). */
export interface PagedList<T, P extends Page<unknown> = Page<T>> {
  /** Every row read so far, each once; undefined until the first page answers. */
  data: T[] | undefined;
  /** The pages as the service answered them (what a page says besides its rows: a total). */
  pages: readonly P[] | undefined;
  hasMore: boolean;
  loadMore(): void;
  loadingMore: boolean;
  /** Why the next page failed (the rows shown stay). */
  moreError: BridgeFailure | null;
  /** Why the list failed: with no rows, or a refresh of the rows shown. */
  error: BridgeFailure | null;
  /** Reading the rows shown again (a pushed change, a retry), not a next page. */
  refreshing: boolean;
  /** Reads the list again from the top. */
  refetch(): void;
}

/** A keyset list (see `pagedQuery`) as rows: pages joined, a row that moved pages shown once. */
export function usePagedList<P extends Page<unknown>>(
  options: PagedOptions<P>,
  idOf: (item: ItemOf<P>) => string = (item) => (item as { id: string }).id,
): PagedList<ItemOf<P>, P> {
  const query = useInfiniteQuery(options);
  const { data } = query;
  const rows = useMemo(() => {
    if (!data) return undefined;
    const seen = new Set<string>();
    const joined: ItemOf<P>[] = [];
    for (const page of data.pages) {
      for (const item of page.data as ItemOf<P>[]) {
        const id = idOf(item);
        if (seen.has(id)) continue;
        seen.add(id);
        joined.push(item);
      }
    }
    return joined;
    // idOf is a pure function of the row: a new closure each render changes nothing.
  }, [data]);
  const moreFailed = query.isFetchNextPageError;
  return {
    data: rows,
    pages: data?.pages,
    hasMore: query.hasNextPage,
    loadMore() {
      // While the rows are read again, the next page waits for them (its cursor may move).
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
    loadingMore: query.isFetchingNextPage,
    moreError: moreFailed ? query.error : null,
    error: moreFailed ? null : query.error,
    refreshing: query.isFetching && !query.isFetchingNextPage && data !== undefined,
    refetch() {
      void query.refetch();
    },
  };
}

/**
 * A keyset list read through one operation: `input` without its cursor, which each page adds. Its
 * key is `[topics, 'group.method:pages', input]` (pages, not one answer, are cached under it).
 */
export function pagedOperation<G extends Group, M extends MethodOf<G>>(
  bridge: Bridge,
  topics: readonly Topic[],
  group: G,
  method: M,
  input: InputOf<G, M> & object,
) {
  type Item = ItemOf<OutputOf<G, M>>;
  return pagedQuery<Item, OutputOf<G, M> & Page<Item>>(
    dataKey(topics, `${group}.${method}:pages`, input),
    (cursor) =>
      callOperation(bridge, group, method, withCursor(input, cursor)) as Promise<
        OutputOf<G, M> & Page<Item>
      >,
  );
}
