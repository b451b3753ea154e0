import type { Notification } from '../../src-preload/contract';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';

export const webhookDisabled: Notification = {
  id: 'ntf_01JWEBHOOK',
  kind: 'webhook.disabled',
  data: {
    webhookId: 'wh_01JHOOK',
    url: 'https://crm.example.org/hooks/engage',
    failedAttempts: 19,
    attempts: 20,
    pendingDeliveriesFailed: 3,
  },
  createdAt: '2026-11-24T08:00:00.000Z',
};

export const creditsLow: Notification = {
  id: 'ntf_01JCREDITS',
  kind: 'credits.low',
  data: {
    balance: 180,
    monthlyAllowance: 2000,
    threshold: 200,
    plan: 'professional',
    resetsAt: '2026-12-01T00:00:00.000Z',
  },
  createdAt: '2026-11-24T09:00:00.000Z',
};

export const escalated: Notification = {
  id: 'ntf_01JESCALATED',
  kind: 'conversation.escalated',
  data: {
    conversationId: 'conv_01JCHAT',
    patient: { id: 'pat_01JMARTA', firstName: 'Marta', lastName: 'Vidal Puig' },
    redFlags: ['chest_pain'],
    escalatedAt: '2026-11-24T10:00:00.000Z',
  },
  createdAt: '2026-11-24T10:00:00.000Z',
};

/**
 * The notification operations over an in-memory list (newest first), paged by offset cursors,
 * with the read marks the service would keep.
 */
export function notificationsFake(initial: Notification[]) {
  const items = initial.map((n) => ({ ...n }));
  const handlers: MemoryHandlers = {
    app: {
      info: () => ({
        apiBaseUrl: 'http://127.0.0.1:4010/api/v1',
        version: '0.1.0',
        mode: 'desktop',
      }),
    },
    sandbox: { clock: () => ({ now: '2026-11-24T10:30:00.000Z', offsetSeconds: 0 }) },
    notifications: {
      list: ({ limit = 20, cursor, unread } = {}) => {
        const shown = items.filter((n) => !unread || !n.readAt);
        const start = cursor ? Number(cursor) : 0;
        const data = shown.slice(start, start + limit);
        const hasMore = start + limit < shown.length;
        return {
          data: data.map((n) => ({ ...n })),
          pagination: { cursor: hasMore ? String(start + limit) : '', hasMore, limit },
        };
      },
      unreadCount: () => ({ unread: items.filter((n) => !n.readAt).length }),
      markRead: ({ id }) => {
        const found = items.find((n) => n.id === id);
        if (!found) throw { code: 'resource_missing', message: 'No such notification' };
        found.readAt ??= '2026-11-24T10:31:00.000Z';
        return { id };
      },
      markAllRead: () => {
        const unread = items.filter((n) => !n.readAt);
        for (const n of unread) n.readAt = '2026-11-24T10:31:00.000Z';
        return { marked: unread.length };
      },
    },
  };
  return {
    handlers,
    items,
    /** What the service does when something new happens. */
    add(notification: Notification) {
      items.unshift({ ...notification });
    },
  };
}
