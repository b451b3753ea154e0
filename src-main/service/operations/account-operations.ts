import type {
  ApiKeyInfo,
  CreatedApiKey,
  CreditUsage,
  LedgerEntry,
  Notification,
  Permission,
  UsageDay,
} from '../../../src-preload/contract';
import { LedgerQuery } from '../schemas/billing';
import { IdInput, KeyCreateInput, NotificationListInput, TopUpInput } from '../schemas/desktop';
import {
  noInput,
  op,
  pageOf,
  schemaInput,
  type GroupHandlers,
  type OperationDeps,
} from './operation-kit';

const DAY_MS = 86_400_000;

export function creditOperations({ core }: OperationDeps): GroupHandlers<'credits'> {
  return {
    balance: op({ parse: noInput, run: () => core.credits.balance() }),
    ledger: op({
      parse: schemaInput(LedgerQuery),
      run: (query) => pageOf<LedgerEntry>(core.credits.ledger(query)),
    }),
    usage: op({
      parse: noInput,
      run(): CreditUsage {
        const { resetsAt } = core.credits.balance();
        const start = new Date(resetsAt);
        start.setUTCMonth(start.getUTCMonth() - 1);
        const periodStart = start.toISOString();
        const consumed = new Map(
          core.q.overview.usage(periodStart, resetsAt).map((r) => [r.day, r.consumed]),
        );
        // Every day of the period up to today, zeros included, so a chart needs no gap filling.
        const today = core.clock.nowIso().slice(0, 10);
        const days: UsageDay[] = [];
        for (let t = start.getTime(); t < Date.parse(resetsAt); t += DAY_MS) {
          const date = new Date(t).toISOString().slice(0, 10);
          if (date > today) break;
          days.push({ date, consumed: consumed.get(date) ?? 0 });
        }
        return { periodStart, resetsAt, days };
      },
    }),
    topUp: op({
      parse: schemaInput<{ amount: number; reason?: string }>(TopUpInput),
      run({ amount, reason }) {
        core.credits.topUp(amount, reason?.trim() || undefined);
        return core.credits.balance();
      },
      topics: ['credits'],
    }),
    prices: op({ parse: noInput, run: () => ({ ...core.prices }) }),
  };
}

export function keyOperations({ core }: OperationDeps): GroupHandlers<'keys'> {
  return {
    // Revoked keys included (flagged by revokedAt), newest first: the audit trail stays visible.
    list: op({ parse: noInput, run: (): ApiKeyInfo[] => core.apiKeys.list() }),
    create: op({
      parse: schemaInput<{ name: string; permissions: Permission[] }>(KeyCreateInput),
      run: (input): CreatedApiKey => core.apiKeys.create(input),
      topics: ['keys'],
    }),
    revoke: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => core.apiKeys.revoke(id),
      topics: ['keys'],
    }),
  };
}

export function notificationOperations({ core }: OperationDeps): GroupHandlers<'notifications'> {
  return {
    list: op({
      parse: schemaInput(NotificationListInput),
      run: (query) => pageOf<Notification>(core.notifications.list(query)),
    }),
    markRead: op({
      parse: schemaInput(IdInput),
      run({ id }) {
        core.notifications.markRead(id);
        return { id };
      },
      topics: ['notifications'],
    }),
    unreadCount: op({ parse: noInput, run: () => ({ unread: core.notifications.unreadCount() }) }),
    markAllRead: op({
      parse: noInput,
      run: () => ({ marked: core.notifications.markAllRead() }),
      topics: ['notifications'],
    }),
  };
}
