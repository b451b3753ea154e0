import type { ApiKeyInfo, CreatedApiKey, LedgerEntry, Notification } from '../contract';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function creditOperations({ core }: OperationDeps): GroupHandlers<'credits'> {
  return {
    balance: op({ run: () => core.credits.balance() }),
    ledger: op({
      run: async (query) =>
        core.creditViews.page(pageOf<LedgerEntry>(await core.credits.ledger(query))),
    }),
    breakdown: op({ run: (input) => core.creditViews.breakdown(input) }),
    usage: op({ run: () => core.views.creditUsage() }),
    topUp: op({
      // The coordinator's words are a note beside the reason's own (translated) words.
      async run({ amount, reason }) {
        await core.credits.topUp(amount, reason?.trim() || undefined);
        return await core.credits.balance();
      },
    }),
    prices: op({ run: () => ({ ...core.prices }) }),
  };
}

export function keyOperations({ core }: OperationDeps): GroupHandlers<'keys'> {
  return {
    // Revoked keys included (flagged by revokedAt), newest first: the audit trail stays visible.
    list: op({ run: (): Promise<ApiKeyInfo[]> => core.apiKeys.list() }),
    create: op({
      run: (input): Promise<CreatedApiKey> => core.apiKeys.create(input),
    }),
    revoke: op({
      run: ({ id }) => core.apiKeys.revoke(id),
    }),
  };
}

export function notificationOperations({ core }: OperationDeps): GroupHandlers<'notifications'> {
  return {
    list: op({
      run: async (query) => pageOf<Notification>(await core.notifications.list(query)),
    }),
    markRead: op({
      async run({ id }) {
        await core.notifications.markRead(id);
        return { id };
      },
    }),
    unreadCount: op({ run: async () => ({ unread: await core.notifications.unreadCount() }) }),
    markAllRead: op({
      run: async () => ({ marked: await core.notifications.markAllRead() }),
    }),
  };
}
