import type { TriageSign } from '../triage/signs';
import { resourceMissing } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { ListPage, ListRunner } from '../store/keyset-list';
import type { Plan } from '../schemas/billing';
import type { Queries } from '../store/queries';
import { NOTIFICATION_LIST } from '../store/queries/notifications';

/** What the app can tell the coordinator about; the desktop renders each in their language. */
export const NOTIFICATION_KINDS = [
  'webhook.disabled',
  'credits.low',
  'conversation.escalated',
  'conversation.unanswered',
  'backup.failed',
  'backup.overdue',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What each kind carries: enough to say it in any language with names rather than ids, and the
 * id to link to. Names are as they were when it happened (a notification reports an event).
 */
export interface NotificationData {
  /** The webhook was switched off after too many failed deliveries. */
  'webhook.disabled': {
    webhookId: string;
    url: string;
    failedAttempts: number;
    attempts: number;
    pendingDeliveriesFailed: number;
  };
  /** The balance fell below the low-balance line (10% of the monthly allowance). */
  'credits.low': {
    balance: number;
    monthlyAllowance: number;
    threshold: number;
    plan: Plan;
    resetsAt: string;
  };
  /** A patient wrote something alarming in a chat; the assistant told them to call 112. */
  'conversation.escalated': {
    conversationId: string;
    patient: { id: string; firstName: string; lastName: string };
    redFlags: TriageSign[];
    escalatedAt: string;
  };
  /**
   * The patient wrote on their chat page (`/c/`) but the balance could not pay the answer: the
   * message was not stored (nothing is, on a 402), so it is kept here for the person who calls
   * them, with the warning signs triage found in it.
   */
  'conversation.unanswered': {
    conversationId: string;
    patient: { id: string; firstName: string; lastName: string };
    reason: 'insufficient_credits';
    content: string;
    signs: TriageSign[];
    at: string;
  };
  /** A backup could not be made (a missing folder, a full disk); raised once per run of failures. */
  'backup.failed': { at: string; folder: string; message: string };
  /** No backup succeeded for `hours` while the service ran (backup/backup-schedule.ts). */
  'backup.overdue': { lastSuccessAt: string | null; folder: string; hours: number };
}

/** What the domain needs to raise one (credits and chats get only this). */
export interface NotificationRaiser {
  raise<K extends NotificationKind>(kind: K, data: NotificationData[K]): Promise<string>;
}

export interface NotificationListQuery {
  limit?: number;
  cursor?: string;
  unread?: boolean;
}

/**
 * The in-app notification centre's store. A notification is raised in the transaction of the
 * change it reports (a webhook switched off), so it exists exactly when the change does.
 */
export function createNotifications(deps: {
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  listPage: ListRunner;
}) {
  const { clock, newId, q } = deps;
  return {
    async raise<K extends NotificationKind>(kind: K, data: NotificationData[K]): Promise<string> {
      const id = newId('ntf');
      await q.notifications.insert(id, kind, JSON.stringify(data), clock.nowIso());
      return id;
    },
    async list(query: NotificationListQuery = {}): Promise<ListPage> {
      return await deps.listPage(NOTIFICATION_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { unread: query.unread ?? null },
        where: query.unread ? [{ sql: 'read_at IS NULL', params: [] }] : [],
      });
    },
    async markRead(id: string): Promise<void> {
      if (!(await q.notifications.exists(id))) throw resourceMissing('notification', id);
      await q.notifications.markRead(id, clock.nowIso());
    },
    markAllRead: (): Promise<number> => q.notifications.markAllRead(clock.nowIso()),
    unreadCount: (): Promise<number> => q.notifications.unreadCount(),
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
