import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Notification } from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

/** How many the bell's panel shows. */
export const LATEST = 6;
/** One page of the notifications screen. */
export const PAGE = 20;

interface ListState {
  items: Async<Notification[]>;
  cursor: string;
  hasMore: boolean;
}

export interface NotificationsState {
  unread: Async<number>;
  latest: Async<Notification[]>;
  list: ListState;
  onlyUnread: boolean;
  loadingMore: boolean;
  loadUnread(): Promise<void>;
  loadLatest(): Promise<void>;
  /** The screen's list from the top again, as long as it was (so a refresh keeps what is shown). */
  loadList(): Promise<void>;
  loadMore(): Promise<void>;
  setOnlyUnread(only: boolean): Promise<void>;
  markRead(id: string): Promise<void>;
  markAllRead(): Promise<number>;
  /** After a change: what is on screen is reloaded, what was never loaded stays unloaded. */
  refresh(): Promise<void>;
}

export type NotificationsStore = StoreApi<NotificationsState>;

export function createNotificationsStore(bridge: Bridge): NotificationsStore {
  return createStore<NotificationsState>()((set, get) => {
    async function refreshLoaded(): Promise<void> {
      const state = get();
      await Promise.all([
        state.loadUnread(),
        state.latest.status === 'idle' ? undefined : state.loadLatest(),
        state.list.items.status === 'idle' ? undefined : state.loadList(),
      ]);
    }
    return {
      unread: idle,
      latest: idle,
      list: { items: idle, cursor: '', hasMore: false },
      onlyUnread: false,
      loadingMore: false,
      async loadUnread() {
        await load(
          get().unread,
          (unread) => set({ unread }),
          async () => (await unwrap(bridge.notifications.unreadCount())).unread,
        );
      },
      async loadLatest() {
        await load(
          get().latest,
          (latest) => set({ latest }),
          async () => (await unwrap(bridge.notifications.list({ limit: LATEST }))).data,
        );
      },
      async loadList() {
        const { list, onlyUnread } = get();
        const shown = 'data' in list.items && list.items.data ? list.items.data.length : 0;
        let page = { cursor: '', hasMore: false };
        await load(
          list.items,
          (items) => set({ list: { ...get().list, items } }),
          async () => {
            const result = await unwrap(
              bridge.notifications.list({
                limit: Math.min(100, Math.max(PAGE, shown)),
                ...(onlyUnread ? { unread: true } : {}),
              }),
            );
            page = result.pagination;
            return result.data;
          },
        );
        set({ list: { ...get().list, cursor: page.cursor, hasMore: page.hasMore } });
      },
      async loadMore() {
        const { list, onlyUnread } = get();
        if (!list.hasMore || list.items.status !== 'ready') return;
        set({ loadingMore: true });
        try {
          const result = await unwrap(
            bridge.notifications.list({
              limit: PAGE,
              cursor: list.cursor,
              ...(onlyUnread ? { unread: true } : {}),
            }),
          );
          const current = get().list;
          const before = current.items.status === 'ready' ? current.items.data : [];
          const known = new Set(before.map((n) => n.id));
          set({
            list: {
              items: {
                status: 'ready',
                data: [...before, ...result.data.filter((n) => !known.has(n.id))],
              },
              cursor: result.pagination.cursor,
              hasMore: result.pagination.hasMore,
            },
          });
        } finally {
          set({ loadingMore: false });
        }
      },
      async setOnlyUnread(only) {
        // A different filter is a different list: start from an empty one.
        set({ onlyUnread: only, list: { items: idle, cursor: '', hasMore: false } });
        await get().loadList();
      },
      async markRead(id) {
        await unwrap(bridge.notifications.markRead({ id }));
        await refreshLoaded();
      },
      async markAllRead() {
        const { marked } = await unwrap(bridge.notifications.markAllRead());
        await refreshLoaded();
        return marked;
      },
      refresh: refreshLoaded,
    };
  });
}
