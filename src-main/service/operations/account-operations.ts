import type { ApiKeyInfo, CreatedApiKey, LedgerEntry, Notification } from '../contract';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function creditOperations({ core }: OperationDeps): GroupHandlers<'credits'> {
  return {
    balance: op({ run: () => core.credits.balance() }),
    ledger: op({
      run: (query) => core.creditViews.page(pageOf<LedgerEntry>(core.credits.ledger(query))),
    }),
    breakdown: op({ run: (input) => core.creditViews.breakdown(input) }),
    usage: op({ run: () => core.views.creditUsage() }),
    topUp: op({
      // The coordinator's words are a note beside the reason's own (translated) words.
      run({ amount, reason }) {
        core.credits.topUp(amount, reason?.trim() || undefined);
        return core.credits.balance();
      },
    }),
    prices: op({ run: () => ({ ...core.prices }) }),
  };
}

export function keyOperations({ core }: OperationDeps): GroupHandlers<'keys'> {
  return {
    // Revoked keys included (flagged by revokedAt), newest first: the audit trail stays visible.
    list: op({ run: (): ApiKeyInfo[] => core.apiKeys.list() }),
    create: op({
      run: (input): CreatedApiKey => core.apiKeys.create(input),
    }),
    revoke: op({
      run: ({ id }) => core.apiKeys.revoke(id),
    }),
  };
}

export function notificationOperations({ core }: OperationDeps): GroupHandlers<'notifications'> {
  return {
    list: op({
      run: (query) => pageOf<Notification>(core.notifications.list(query)),
    }),
    markRead: op({
      run({ id }) {
        core.notifications.markRead(id);
        return { id };
      },
    }),
    unreadCount: op({ run: () => ({ unread: core.notifications.unreadCount() }) }),
    markAllRead: op({
      run: () => ({ marked: core.notifications.markAllRead() }),
    }),
  };
}
