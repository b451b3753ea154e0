import { ProblemError, resourceMissing } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { ScheduleInput } from '../jobs/job-handler';
import type { DeliveryListQuery, WebhookDelivery } from '../schemas/webhook';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import type { DeliveryRow } from '../store/queries/webhook-deliveries';
import { DELIVERY_LIST } from '../store/queries/webhook-deliveries';
import type { WebhookRow } from '../store/queries/webhooks';
import { disabledNotice, disabledReason } from '../webhooks/webhook-disabled-notice';
import type { SendOutcome } from '../webhooks/webhook-sender';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signBody,
} from '../webhooks/webhook-signature';
import type { Notifications } from './notifications';

/** The job that works through one webhook's due deliveries (see webhook-dispatcher). */
export const FLUSH_JOB = 'webhook.flush';

/** Waits before each retry, after the previous failure (interface spec: 1 min, 10 min, 1 h). */
export const RETRY_DELAYS_MS = [60_000, 600_000, 3_600_000];

/** The deactivation rule (api-decisions §9). */
export const DEACTIVATION_WINDOW_MS = 24 * 3_600_000;
export const DEACTIVATION_MIN_ATTEMPTS = 10;
export const DEACTIVATION_FAILURE_SHARE = 0.95;

/** One request as it goes out: the body serialized once, signed, with the spec's headers. */
export interface OutgoingRequest {
  body: Buffer;
  headers: Record<string, string>;
}

export type AttemptRecord = {
  webhook: WebhookRow;
  eventId: string;
  url: string;
  request: OutgoingRequest;
  attemptedAt: string;
  outcome: SendOutcome;
} & (
  | {
      trigger: 'automatic';
      /** Which one this was (1 = first, 2..4 = retries): its update finds the row only then. */
      attempt: number;
    }
  | { trigger: 'manual' }
);

/**
 * Deliveries: made by the fan-out in the transaction that writes each event, worked through by
 * each webhook's flush job, and settled by recordAttempt (retry plan, failure, deactivation) in
 * the transaction that stores the attempt.
 */
export function createWebhookDeliveries(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  listPage: ListRunner;
  notifications: Notifications;
  notice: {
    send(message: { subject: string; text: string }): Promise<string>;
    language(): Promise<'es' | 'ca' | 'en'>;
    clinicName(): Promise<string>;
  };
  wake: (job: ScheduleInput & { dedupeKey: string }) => Promise<unknown>;
}) {
  const { db, clock, newId, q } = deps;

  const flushKey = (webhookId: string) => `${FLUSH_JOB}:${webhookId}`;
  const wakeFlush = (webhookId: string, dueAt: string) =>
    deps.wake({ kind: FLUSH_JOB, dueAt, payload: { webhookId }, dedupeKey: flushKey(webhookId) });

  async function requireDelivery(webhookId: string, eventId: string): Promise<DeliveryRow> {
    if (!(await q.webhooks.get(webhookId))) throw resourceMissing('webhook', webhookId);
    const delivery = await q.webhookDeliveries.get(webhookId, eventId);
    if (!delivery) throw resourceMissing('delivery', eventId);
    return delivery;
  }

  /** Switches the webhook off when the trailing 24 h say so; inside recordAttempt's transaction. */
  async function checkDeactivation(webhook: WebhookRow): Promise<void> {
    const windowStart = new Date(clock.now() - DEACTIVATION_WINDOW_MS).toISOString();
    const { total, failed } = await q.webhookAttempts.statsSince(
      webhook.id,
      windowStart,
      webhook.stats_after_seq,
    );
    if (total < DEACTIVATION_MIN_ATTEMPTS || failed / total <= DEACTIVATION_FAILURE_SHARE) return;
    const at = clock.nowIso();
    if (!(await q.webhooks.disable(webhook.id, at, disabledReason(failed, total)))) return;
    const stranded = await q.webhookDeliveries.failPending(webhook.id, at, 'webhook_disabled');
    await deps.notifications.raise('webhook.disabled', {
      webhookId: webhook.id,
      url: webhook.url,
      failedAttempts: failed,
      attempts: total,
      pendingDeliveriesFailed: stranded,
    });
    await deps.notice.send(
      disabledNotice(await deps.notice.language(), {
        webhookId: webhook.id,
        url: webhook.url,
        failed,
        total,
        clinicName: await deps.notice.clinicName(),
      }),
    );
  }

  return {
    flushKey,

    /**
     * The fan-out, called by the event log in the transaction that writes the event: one pending
     * delivery per active webhook subscribed to the kind (UNIQUE per webhook and event), and each
     * of those webhooks' flush job woken.
     */
    async fanOut(eventId: string, type: string, createdAt: string): Promise<string[]> {
      const webhookIds = await q.webhookDeliveries.fanOut(eventId, type, createdAt);
      for (const id of webhookIds) await wakeFlush(id, createdAt);
      return webhookIds;
    },

    /** After a restart: every webhook with pending deliveries has its flush job planned. */
    async wakeAllPending(): Promise<void> {
      await db.transaction(async () => {
        for (const { webhookId, dueAt } of await q.webhookDeliveries.pendingByWebhook()) {
          await wakeFlush(webhookId, dueAt);
        }
      });
    },

    /**
     * The request for one delivery: the envelope serialized once, then signed as sent. `event` is
     * the event as the due deliveries' read already carried it (events never change); without
     * it, it is read.
     */
    async request(
      webhook: WebhookRow,
      eventId: string,
      known?: { type: string; created_at: string; data: string },
    ): Promise<OutgoingRequest> {
      const event = known ?? (await q.webhookDeliveries.eventOf(webhook.id, eventId));
      if (!event) throw resourceMissing('delivery', eventId);
      // `data` is stored as JSON.stringify wrote it, so splicing it in gives the same bytes as
      // serializing the parsed envelope, without parsing it again for every attempt.
      const text = `{"id":${JSON.stringify(eventId)},"event":${JSON.stringify(event.type)},"createdAt":${JSON.stringify(event.created_at)},"data":${event.data}}`;
      const body = Buffer.from(text, 'utf8');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(webhook.secret, body),
          [EVENT_HEADER]: event.type,
          [DELIVERY_HEADER]: eventId,
        },
      };
    },

    /**
     * Stores an attempt and what follows from it, in the caller's transaction: an automatic
     * failure plans the next retry (1 min, 10 min, 1 h after this failure) or, after the third
     * retry, fails the delivery; a manual attempt only settles the delivery when it succeeds.
     * Any failure may switch the webhook off. Returns false when the delivery is gone or the
     * attempt had already been recorded (a re-run after a crash).
     */
    async recordAttempt(record: AttemptRecord): Promise<boolean> {
      const { webhook, eventId, outcome } = record;
      const at = clock.nowIso();
      // Each update says whether it found the delivery (and, for an automatic attempt, still
      // pending at the attempt before this one), so nothing is read first: on PostgreSQL every
      // statement of the group commit is a round trip.
      if (record.trigger === 'automatic') {
        const { attempt } = record;
        const retryIn = RETRY_DELAYS_MS[attempt - 1];
        const moved = await q.webhookDeliveries.recordAutomatic({
          webhookId: webhook.id,
          eventId,
          attempt,
          attemptedAt: record.attemptedAt,
          at,
          status: outcome.succeeded ? 'delivered' : retryIn === undefined ? 'failed' : 'pending',
          nextAttemptAt:
            outcome.succeeded || retryIn === undefined
              ? null
              : new Date(clock.now() + retryIn).toISOString(),
          failureReason: !outcome.succeeded && retryIn === undefined ? 'retries_exhausted' : null,
        });
        if (!moved) return false;
      } else if (
        !(await q.webhookDeliveries.recordManual(
          webhook.id,
          eventId,
          record.attemptedAt,
          at,
          outcome.succeeded,
        ))
      )
        return false;
      await q.webhookAttempts.insert({
        id: newId('dlv', Date.parse(record.attemptedAt)),
        webhook_id: webhook.id,
        event_id: eventId,
        trigger: record.trigger,
        succeeded: outcome.succeeded ? 1 : 0,
        url: record.url,
        status_code: outcome.statusCode ?? null,
        error: outcome.error ?? null,
        error_detail: outcome.errorDetail ?? null,
        request_headers: JSON.stringify(record.request.headers),
        response_body: outcome.responseBody ?? null,
        duration_ms: outcome.durationMs,
        attempted_at: record.attemptedAt,
      });
      if (!outcome.succeeded)
        await checkDeactivation((await q.webhooks.get(webhook.id)) ?? webhook);
      return true;
    },

    /** A manual retry is refused while the webhook is switched off. */
    async checkRetry(
      webhookId: string,
      eventId: string,
    ): Promise<{ webhook: WebhookRow; delivery: DeliveryRow }> {
      const delivery = await requireDelivery(webhookId, eventId);
      const webhook = (await q.webhooks.get(webhookId))!;
      if (webhook.status === 'disabled') {
        throw new ProblemError(
          400,
          'webhook_disabled',
          `Webhook '${webhookId}' is disabled; reactivate it (PATCH {"status": "active"}) before retrying.`,
          { webhookId },
        );
      }
      return { webhook, delivery };
    },

    async getJson(webhookId: string, eventId: string): Promise<string> {
      await requireDelivery(webhookId, eventId);
      return (await q.webhookDeliveries.getJson(webhookId, eventId))!;
    },
    get: async (webhookId: string, eventId: string): Promise<WebhookDelivery> =>
      JSON.parse(
        (await q.webhookDeliveries.getJson(webhookId, eventId)) ?? 'null',
      ) as WebhookDelivery,

    async list(webhookId: string, query: DeliveryListQuery): Promise<ListPage> {
      if (!(await q.webhooks.get(webhookId))) throw resourceMissing('webhook', webhookId);
      return await deps.listPage(DELIVERY_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { webhookId, status: query.status, event: query.event },
        where: equalTo({
          'd.webhook_id': webhookId,
          'd.status': query.status,
          'd.event_type': query.event,
        }),
      });
    },
  };
}

export type WebhookDeliveries = ReturnType<typeof createWebhookDeliveries>;
