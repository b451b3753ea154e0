import type { Clock } from '../jobs/clock';
import type { JobContext } from '../jobs/job-handler';
import type { WebhookDeliveries } from '../domain/webhook-deliveries';
import type { Webhooks } from '../domain/webhooks';
import type { WebhookDelivery } from '../schemas/webhook';
import type { Sql } from '../store/sql-port';
import type { Queries } from '../store/queries';
import type { DueDeliveryRow } from '../store/queries/webhook-deliveries';
import { createAttemptRecorder } from './attempt-recorder';
import { createConcurrencyLimit, createKeyedSerial } from './concurrency-limit';
import type { WebhookSender } from './webhook-sender';

/** Requests in flight across all webhooks at once. */
export const DEFAULT_WEBHOOK_CONCURRENCY = 32;
/** Due deliveries a flush reads at a time. */
const FLUSH_BATCH = 100;

/**
 * Sends deliveries. Each webhook has one durable flush job (webhook.flush:<id>) that works through
 * its due deliveries one at a time, oldest due first, then settles at the next due time in the
 * same transaction that found nothing more to do, so an event fanned out meanwhile is never
 * missed. Flush jobs of different webhooks run side by side under a global cap; manual retries
 * queue behind the webhook's flush, so one webhook never has two requests in flight.
 */
export function createWebhookDispatcher(deps: {
  db: Sql;
  clock: Clock;
  q: Queries;
  webhooks: Webhooks;
  deliveries: WebhookDeliveries;
  sender: WebhookSender;
  concurrency?: number;
}) {
  const { db, clock, q, deliveries, sender } = deps;
  const slot = createConcurrencyLimit(deps.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY);
  const lane = createKeyedSerial();
  const record = createAttemptRecorder(db, deliveries);

  /**
   * One attempt: read what is current, send, and hand the outcome to the group-committing
   * recorder. Returns whether it succeeded and a promise of its record (undefined when there was
   * nothing to send).
   */
  async function attempt(
    webhookId: string,
    eventId: string,
    how: { trigger: 'automatic'; due: DueDeliveryRow } | { trigger: 'manual' },
    signal?: AbortSignal,
  ): Promise<{ succeeded: boolean; recorded: Promise<boolean> } | undefined> {
    const webhook = await q.webhooks.get(webhookId);
    if (!webhook) return undefined;
    if (how.trigger === 'automatic') {
      // Settled, switched off or moved since it was read: nothing to send now.
      const current = await q.webhookDeliveries.get(webhookId, eventId);
      if (webhook.status !== 'active' || current?.status !== 'pending') return undefined;
      if (current.attempt_count !== how.due.attempt_count) return undefined;
    }
    const request = await deliveries.request(
      webhook,
      eventId,
      how.trigger === 'automatic'
        ? {
            type: how.due.event_type,
            created_at: how.due.event_created_at,
            data: how.due.event_data,
          }
        : undefined,
    );
    const attemptedAt = clock.nowIso();
    const outcome = await slot(() =>
      sender.send(webhook.url, request.headers, request.body, signal),
    );
    const recorded = record({
      webhook,
      eventId,
      ...(how.trigger === 'automatic'
        ? { trigger: how.trigger, attempt: how.due.attempt_count + 1 }
        : { trigger: how.trigger }),
      url: webhook.url,
      request,
      attemptedAt,
      outcome,
    });
    // A success's record is awaited later, after the next request: a refusal meanwhile is no
    // unhandled rejection (whoever awaits it still gets the error).
    recorded.catch(() => undefined);
    return { succeeded: outcome.succeeded, recorded };
  }

  return {
    /** The webhook.flush job. */
    async flush(ctx: JobContext): Promise<void> {
      const { webhookId } = ctx.payload as { webhookId: string };
      for (;;) {
        const due = await q.webhookDeliveries.due(webhookId, clock.nowIso(), FLUSH_BATCH);
        if (!due.length) {
          // Nothing due: settle at the next due time, unless something became due meanwhile.
          const settled = await db.transaction(async () => {
            if ((await q.webhookDeliveries.due(webhookId, clock.nowIso(), 1)).length) return false;
            await ctx.settle((await q.webhookDeliveries.nextDue(webhookId)) ?? undefined);
            return true;
          });
          if (settled) return;
          continue;
        }
        // A success's record may commit while the next request is out (it changes nothing the
        // next one needs); a failure's is awaited, since it may switch the webhook off. All are
        // committed before the next read of due deliveries, so none is sent twice.
        const records: Promise<boolean>[] = [];
        try {
          for (const delivery of due) {
            if (ctx.signal.aborted) break;
            const sent = await lane(webhookId, async () => {
              const result = await attempt(
                webhookId,
                delivery.event_id,
                { trigger: 'automatic', due: delivery },
                ctx.signal,
              );
              if (result && !result.succeeded) await result.recorded;
              return result;
            });
            if (sent) records.push(sent.recorded);
          }
        } finally {
          // Also when a shutdown interrupts a request: what was recorded is committed first.
          await Promise.allSettled(records);
        }
        const recorded = (await Promise.all(records)).filter(Boolean).length;
        if (ctx.signal.aborted) throw ctx.signal.reason;
        // Every due delivery moves forward with its attempt; if none did, looping would resend
        // the same requests forever. Fail the job instead (it is woken again by the next event
        // or the next start).
        if (!recorded && (await q.webhooks.get(webhookId))?.status === 'active')
          throw new Error(`Webhook ${webhookId}: due deliveries did not move`);
      }
    },

    /**
     * POST /webhooks/{id}/deliveries/{eventId}/retry: one manual attempt now, with the same event
     * id and body; answers once it is recorded.
     */
    async retry(webhookId: string, eventId: string): Promise<WebhookDelivery> {
      await deliveries.checkRetry(webhookId, eventId);
      await lane(webhookId, async () => {
        // Checked again in the lane: the webhook may have been switched off while it waited.
        await deliveries.checkRetry(webhookId, eventId);
        await (
          await attempt(webhookId, eventId, { trigger: 'manual' })
        )?.recorded;
      });
      return await deliveries.get(webhookId, eventId);
    },
  };
}
