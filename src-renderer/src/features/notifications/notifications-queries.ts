import { useQuery, type InfiniteData } from '@tanstack/react-query';
import type { Notification, Page } from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import {
  callOperation,
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../data/bridge-query';
import { whatOf } from '../../data/query-keys';
import { useWrite, type CacheEdit } from '../../data/topic-invalidation';

/** How many the bell's panel shows. */
export const LATEST = 6;
/** One page of the notifications screen. */
export const PAGE = 20;

type Bridge = ReturnType<typeof useBridge>;

export function unreadQuery(bridge: Bridge) {
  return operationQuery(bridge, ['notifications'], 'notifications', 'unreadCount');
}

/** How many are unread (the bell and the screen's "mark all read"). */
export function useUnreadCount() {
  return useQuery({ ...unreadQuery(useBridge()), select: (answer) => answer.unread });
}

/** The newest few, for the bell's panel. */
export function useLatestNotifications() {
  return useQuery({
    ...operationQuery(useBridge(), ['notifications'], 'notifications', 'list', { limit: LATEST }),
    select: (page) => page.data,
  });
}

/** Every notification, newest first, a page at a time; a filter is a list of its own. */
export function useNotificationList(onlyUnread: boolean) {
  return usePagedList(
    pagedOperation(useBridge(), ['notifications'], 'notifications', 'list', {
      limit: PAGE,
      ...(onlyUnread ? { unread: true } : {}),
    }),
  );
}

/** Marks read the notifications `marked` picks, in every cached answer (the optimistic step). */
function markCached(marked: (n: Notification) => boolean, readAt: string): CacheEdit {
  const mark = (list: Notification[]) =>
    list.map((n) => (marked(n) && !n.readAt ? { ...n, readAt } : n));
  return (data, key) => {
    switch (whatOf(key)) {
      case 'notifications.unreadCount': {
        const { unread } = data as { unread: number };
        return { unread: marked === everyOne ? 0 : Math.max(0, unread - 1) };
      }
      case 'notifications.list': {
        const page = data as Page<Notification>;
        return { ...page, data: mark(page.data) };
      }
      case 'notifications.list:pages': {
        const pages = data as InfiniteData<Page<Notification>, string>;
        return { ...pages, pages: pages.pages.map((page) => ({ ...page, data: mark(page.data) })) };
      }
      default:
        return data;
    }
  };
}

const everyOne = () => true;

/** Marks one read: it shows read (and the count drops) at once, and comes back if refused. */
export function useMarkRead() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (id: string) => callOperation(bridge, 'notifications', 'markRead', { id }),
    optimistic: {
      topics: ['notifications'],
      edit: (id) => markCached((n) => n.id === id, new Date().toISOString()),
    },
  });
}

/** Marks every one read, at once on screen; resolves with how many the service marked. */
export function useMarkAllRead() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: async () => (await callOperation(bridge, 'notifications', 'markAllRead')).marked,
    optimistic: {
      topics: ['notifications'],
      edit: () => markCached(everyOne, new Date().toISOString()),
    },
  });
}
