import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';
export type DeliveryFailureReason = 'retries_exhausted' | 'webhook_disabled';

export interface DeliveryRow {
  seq: number;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  failed_at: string | null;
  failure_reason: DeliveryFailureReason | null;
  created_at: string;
  updated_at: string;
}

/** A due delivery with what its attempt needs: the event as stored and the webhook's target. */
export interface DueDeliveryRow {
  webhook_id: string;
  event_id: string;
  event_type: string;
  attempt_count: number;
  next_attempt_at: string;
  event_created_at: string;
  event_data: string;
}

// One delivery as the API shows it: its state, the event it carries (as the receiver gets it)
// and every attempt, oldest first. Rendered by the database so a page is one string (see
// keyset-list). The engines differ only in how a string is quoted (json_quote on SQLite,
// engage_json_text on PostgreSQL) and in the event's object: SQLite's json_object, spelled out on
// PostgreSQL with the same bytes (events.data is JSON.stringify's text, which json() keeps as is).
const deliveryJson = (quote: string, payload: string) => `'{"eventId":' || ${quote}(d.event_id)
  || ',"event":' || ${quote}(d.event_type)
  || ',"webhookId":' || ${quote}(d.webhook_id)
  || ',"status":' || ${quote}(d.status)
  || ',"attemptCount":' || CAST(d.attempt_count AS TEXT)
  || CASE WHEN d.next_attempt_at IS NULL THEN '' ELSE ',"nextAttemptAt":' || ${quote}(d.next_attempt_at) END
  || CASE WHEN d.last_attempt_at IS NULL THEN '' ELSE ',"lastAttemptAt":' || ${quote}(d.last_attempt_at) END
  || CASE WHEN d.delivered_at IS NULL THEN '' ELSE ',"deliveredAt":' || ${quote}(d.delivered_at) END
  || CASE WHEN d.status = 'failed' THEN ',"failedAt":' || ${quote}(d.failed_at)
       || ',"failureReason":' || ${quote}(d.failure_reason) ELSE '' END
  || ',"createdAt":' || ${quote}(d.created_at)
  || ',"payload":' || (SELECT ${payload} FROM events e WHERE e.id = d.event_id)
  || ',"attempts":[' || coalesce((SELECT string_agg(a.api_json, ',' ORDER BY a.seq)
       FROM webhook_attempts a WHERE a.webhook_id = d.webhook_id AND a.event_id = d.event_id), '')
  || ']}'`;

const DELIVERY_JSON = {
  sqlite: deliveryJson(
    'json_quote',
    `json_object('id', e.id, 'event', e.type, 'createdAt', e.created_at, 'data', json(e.data))`,
  ),
  postgres: deliveryJson(
    'engage_json_text',
    `'{"id":' || engage_json_text(e.id) || ',"event":' || engage_json_text(e.type)
       || ',"createdAt":' || engage_json_text(e.created_at) || ',"data":' || e.data || '}'`,
  ),
} as const;

export const DELIVERY_LIST: ListDefinition = {
  name: 'webhook_deliveries',
  from: 'webhook_deliveries d',
  json: DELIVERY_JSON,
  keys: ['d.seq'],
};

const COLUMNS = `seq, webhook_id, event_id, event_type, status, attempt_count, next_attempt_at,
  last_attempt_at, delivered_at, failed_at, failure_reason, created_at, updated_at`;

export function createWebhookDeliveryQueries(db: Sql) {
  // The fan-out: one pending delivery per active webhook subscribed to the event's kind, in the
  // order the webhooks were created (ids grow with time). The webhook's kinds are a JSON array of
  // strings: json_each on SQLite, json_array_elements_text on PostgreSQL.
  const fanOutSql = (kinds: string) =>
    `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, status, next_attempt_at,
       created_at, updated_at)
     SELECT w.id, CAST(@event AS TEXT), CAST(@type AS TEXT), 'pending', CAST(@at AS TEXT),
       CAST(@at AS TEXT), CAST(@at AS TEXT)
     FROM webhooks w
     WHERE w.status = 'active' AND EXISTS (SELECT 1 FROM ${kinds} WHERE value = @type)
     ORDER BY w.id
     ON CONFLICT (webhook_id, event_id) DO NOTHING
     RETURNING webhook_id`;
  const fanOut = db
    .prepare<{ event: string; type: string; at: string }, string>({
      sqlite: fanOutSql('json_each(w.events)'),
      postgres: fanOutSql('json_array_elements_text(w.events::json)'),
    })
    .pluck();
  const due = db.prepare<[string, string, number], DueDeliveryRow>(
    `SELECT d.webhook_id, d.event_id, d.event_type, d.attempt_count, d.next_attempt_at,
       e.created_at AS event_created_at, e.data AS event_data
     FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
     WHERE d.webhook_id = ? AND d.status = 'pending' AND d.next_attempt_at <= ?
     ORDER BY d.next_attempt_at, d.seq LIMIT ?`,
  );
  const nextDue = db
    .prepare<[string], string | null>(
      `SELECT min(next_attempt_at) FROM webhook_deliveries WHERE webhook_id = ? AND status = 'pending'`,
    )
    .pluck();
  const webhooksOfEvent = db
    .prepare<[string], string>(
      'SELECT webhook_id FROM webhook_deliveries WHERE event_id = ? ORDER BY seq',
    )
    .pluck();
  const pendingByWebhook = db.prepare<[], { webhookId: string; dueAt: string }>(
    `SELECT webhook_id AS "webhookId", min(next_attempt_at) AS "dueAt" FROM webhook_deliveries
     WHERE status = 'pending' GROUP BY webhook_id ORDER BY webhook_id`,
  );
  const byKey = db.prepare<[string, string], DeliveryRow>(
    `SELECT ${COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? AND event_id = ?`,
  );
  const eventOf = db.prepare<[string, string], { created_at: string; data: string; type: string }>(
    `SELECT e.created_at, e.data, e.type FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
     WHERE d.webhook_id = ? AND d.event_id = ?`,
  );
  const jsonByKey = db
    .prepare<[string, string], string>({
      sqlite: `SELECT ${DELIVERY_JSON.sqlite} FROM webhook_deliveries d WHERE d.webhook_id = ? AND d.event_id = ?`,
      postgres: `SELECT ${DELIVERY_JSON.postgres} FROM webhook_deliveries d WHERE d.webhook_id = ? AND d.event_id = ?`,
    })
    .pluck();
  // An automatic attempt's outcome, guarded by the attempt it was (a re-run after a crash that
  // already recorded this attempt changes nothing).
  const recordAutomatic = db.prepare<{
    webhook_id: string;
    event_id: string;
    attempt: number;
    attempted_at: string;
    at: string;
    status: DeliveryStatus;
    next_attempt_at: string | null;
    failure_reason: DeliveryFailureReason | null;
  }>(
    `UPDATE webhook_deliveries SET attempt_count = @attempt, last_attempt_at = @attempted_at, status = @status,
       next_attempt_at = @next_attempt_at,
       delivered_at = CASE WHEN @status = 'delivered' THEN @at END,
       failed_at = CASE WHEN @status = 'failed' THEN @at END,
       failure_reason = @failure_reason, updated_at = @at
     WHERE webhook_id = @webhook_id AND event_id = @event_id AND status = 'pending'
       AND attempt_count = @attempt - 1`,
  );
  // A manual attempt: success settles the delivery (whatever it was); failure leaves its state.
  const recordManual = db.prepare<{
    webhook_id: string;
    event_id: string;
    attempted_at: string;
    at: string;
    succeeded: number;
  }>(
    `UPDATE webhook_deliveries SET last_attempt_at = @attempted_at, updated_at = @at,
       status = CASE WHEN @succeeded = 1 THEN 'delivered' ELSE status END,
       next_attempt_at = CASE WHEN @succeeded = 1 THEN NULL ELSE next_attempt_at END,
       delivered_at = CASE WHEN @succeeded = 1 THEN @at ELSE delivered_at END,
       failed_at = CASE WHEN @succeeded = 1 THEN NULL ELSE failed_at END,
       failure_reason = CASE WHEN @succeeded = 1 THEN NULL ELSE failure_reason END
     WHERE webhook_id = @webhook_id AND event_id = @event_id`,
  );
  const failPending = db.prepare<{ webhook_id: string; at: string; reason: DeliveryFailureReason }>(
    `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, failed_at = @at,
       failure_reason = @reason, updated_at = @at
     WHERE webhook_id = @webhook_id AND status = 'pending'`,
  );
  return {
    /** Creates the deliveries of one event; returns the webhooks that got one. */
    fanOut: (eventId: string, type: string, at: string): Promise<string[]> =>
      fanOut.all({ event: eventId, type, at }),
    due: (webhookId: string, upTo: string, limit: number): Promise<DueDeliveryRow[]> =>
      due.all(webhookId, upTo, limit),
    nextDue: async (webhookId: string): Promise<string | null> =>
      (await nextDue.get(webhookId)) ?? null,
    /** The webhooks an event went to. */
    webhooksOfEvent: (eventId: string): Promise<string[]> => webhooksOfEvent.all(eventId),
    /** Each webhook with pending deliveries, and when the earliest is due. */
    pendingByWebhook: () => pendingByWebhook.all(),
    get: (webhookId: string, eventId: string): Promise<DeliveryRow | undefined> =>
      byKey.get(webhookId, eventId),
    eventOf: (webhookId: string, eventId: string) => eventOf.get(webhookId, eventId),
    getJson: (webhookId: string, eventId: string): Promise<string | undefined> =>
      jsonByKey.get(webhookId, eventId),
    recordAutomatic: async (input: {
      webhookId: string;
      eventId: string;
      attempt: number;
      attemptedAt: string;
      at: string;
      status: DeliveryStatus;
      nextAttemptAt: string | null;
      failureReason: DeliveryFailureReason | null;
    }): Promise<boolean> =>
      (
        await recordAutomatic.run({
          webhook_id: input.webhookId,
          event_id: input.eventId,
          attempt: input.attempt,
          attempted_at: input.attemptedAt,
          at: input.at,
          status: input.status,
          next_attempt_at: input.nextAttemptAt,
          failure_reason: input.failureReason,
        })
      ).changes === 1,
    recordManual: async (
      webhookId: string,
      eventId: string,
      attemptedAt: string,
      at: string,
      succeeded: boolean,
    ): Promise<boolean> =>
      (
        await recordManual.run({
          webhook_id: webhookId,
          event_id: eventId,
          attempted_at: attemptedAt,
          at,
          succeeded: succeeded ? 1 : 0,
        })
      ).changes === 1,
    /** Settles every pending delivery of a webhook as failed (it was switched off). */
    failPending: async (
      webhookId: string,
      at: string,
      reason: DeliveryFailureReason,
    ): Promise<number> => (await failPending.run({ webhook_id: webhookId, at, reason })).changes,
  };
}
