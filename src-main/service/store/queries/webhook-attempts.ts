import type { Db } from '../db';

export type AttemptError =
  | 'timeout'
  | 'connection_error'
  | 'redirect'
  | 'http_error'
  | 'blocked_address'
  | 'url_not_allowed';

export interface AttemptRow {
  id: string;
  webhook_id: string;
  event_id: string;
  trigger: 'automatic' | 'manual';
  succeeded: 0 | 1;
  url: string;
  status_code: number | null;
  error: AttemptError | null;
  error_detail: string | null;
  request_headers: string;
  response_body: string | null;
  duration_ms: number;
  attempted_at: string;
}

export function createWebhookAttemptQueries(db: Db) {
  const insert = db.prepare<AttemptRow>(
    `INSERT INTO webhook_attempts (id, webhook_id, event_id, trigger, succeeded, url, status_code, error,
       error_detail, request_headers, response_body, duration_ms, attempted_at)
     VALUES (@id, @webhook_id, @event_id, @trigger, @succeeded, @url, @status_code, @error,
       @error_detail, @request_headers, @response_body, @duration_ms, @attempted_at)`,
  );
  // The deactivation rule's figures: attempts and failures of one webhook after a moment and
  // after a given attempt (its last activation).
  const since = db.prepare<[string, string, number], { total: number; failed: number }>(
    `SELECT count(*) AS total, coalesce(sum(succeeded = 0), 0) AS failed
     FROM webhook_attempts WHERE webhook_id = ? AND attempted_at > ? AND seq > ?`,
  );
  const lastSeq = db
    .prepare<[], number>('SELECT coalesce(max(seq), 0) FROM webhook_attempts')
    .pluck();
  return {
    insert: (row: AttemptRow) => insert.run(row),
    statsSince: (webhookId: string, after: string, afterSeq: number) =>
      since.get(webhookId, after, afterSeq)!,
    /** The newest attempt's seq: where a (re)activated webhook's count starts. */
    lastSeq: (): number => lastSeq.get() ?? 0,
  };
}

export type WebhookAttemptQueries = ReturnType<typeof createWebhookAttemptQueries>;
