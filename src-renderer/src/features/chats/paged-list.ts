import type { Page } from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';

/** The service's largest page: a refresh reloads what is on screen in one call, up to this. */
const MAX_PAGE = 100;

/** A list read page by page with the service's cursor (the chats sections, the calls). */
export interface PagedList<T> {
  items: T[];
  cursor: string;
  hasMore: boolean;
  /** The first page's state; rows stay on screen while it loads again. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeFailure | undefined;
  loadingMore: boolean;
  moreError: BridgeFailure | undefined;
}

export const emptyPagedList: PagedList<never> = {
  items: [],
  cursor: '',
  hasMore: false,
  status: 'idle',
  error: undefined,
  loadingMore: false,
  moreError: undefined,
};

/**
 * Reads a PagedList held in a store: `read` and `write` reach it, `fetch` asks for one page. Each
 * first-page load takes a number; an answer whose number is no longer the latest (the filter
 * changed, or a newer load went out) is dropped, and so is a later page that belongs to it.
 */
export function pagedLoader<T extends { id: string }>(options: {
  read: () => PagedList<T>;
  write: (patch: Partial<PagedList<T>>) => void;
  fetch: (limit: number, cursor?: string) => Promise<Page<T>>;
  pageSize: number;
}) {
  const { read, write, fetch, pageSize } = options;
  let sequence = 0;
  return {
    /** The first page again, or as many rows as are shown (after a pushed change). */
    async reload(): Promise<void> {
      const seq = ++sequence;
      const limit = Math.min(MAX_PAGE, Math.max(pageSize, read().items.length));
      write({ status: 'loading', error: undefined, moreError: undefined });
      try {
        const page = await fetch(limit);
        if (seq !== sequence) return;
        write({
          items: page.data,
          cursor: page.pagination.cursor,
          hasMore: page.pagination.hasMore,
          status: 'ready',
          loadingMore: false,
        });
      } catch (error) {
        if (seq !== sequence) return;
        write({ status: 'error', error: asFailure(error), loadingMore: false });
      }
    },

    async loadMore(): Promise<void> {
      const list = read();
      if (list.status !== 'ready' || !list.hasMore || list.loadingMore) return;
      const seq = sequence;
      write({ loadingMore: true, moreError: undefined });
      try {
        const page = await fetch(pageSize, list.cursor);
        if (seq !== sequence) return;
        // A row that moved onto this page since the last one was read is already shown.
        const known = new Set(read().items.map((item) => item.id));
        write({
          items: [...read().items, ...page.data.filter((item) => !known.has(item.id))],
          cursor: page.pagination.cursor,
          hasMore: page.pagination.hasMore,
          loadingMore: false,
        });
      } catch (error) {
        if (seq !== sequence) return;
        write({ loadingMore: false, moreError: asFailure(error) });
      }
    },

    /** Drops the answers of every load under way. */
    invalidate(): void {
      sequence++;
    },
  };
}
