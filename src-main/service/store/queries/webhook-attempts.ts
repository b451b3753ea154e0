import type { Sql } from '../sql-port';

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

export interface WebhookSummaryRow {
  webhook_id: string;
  attempts: number;
  failed: number;
  /** JSON `{at, succeeded (0/1), statusCode, error}` of the newest attempt, or null. */
  last_attempt: string | null;
  pending_deliveries: number;
  failed_deliveries: number;
}

export function createWebhookAttemptQueries(db: Sql) {
  const insert = db.prepare<AttemptRow>(
    `INSERT INTO webhook_attempts (id, webhook_id, event_id, trigger, succeeded, url, status_code, error,
       error_detail, request_headers, response_body, duration_ms, attempted_at)
     VALUES (@id, @webhook_id, @event_id, @trigger, @succeeded, @url, @status_code, @error,
       @error_detail, @request_headers, @response_body, @duration_ms, @attempted_at)`,
  );
  // The deactivation rule's figures: attempts and failures of one webhook after a moment and
  // after a given attempt (its last activation).
  const since = db.prepare<[string, string, number], { total: number; failed: number }>(
    `SELECT count(*) AS total, coalesce(sum(CASE WHEN succeeded = 0 THEN 1 ELSE 0 END), 0) AS failed
     FROM webhook_attempts WHERE webhook_id = ? AND attempted_at > ? AND seq > ?`,
  );
  const lastSeq = db
    .prepare<[], number>('SELECT coalesce(max(seq), 0) FROM webhook_attempts')
    .pluck();
  // What the window shows beside each webhook: the deactivation rule's own figures (attempts
  // since `since` and since the last activation), the newest attempt, and the open deliveries.
  // The newest attempt is SQLite's json_object, spelled out on PostgreSQL with the same bytes; the
  // ids are a JSON array of strings (json_each, json_array_elements_text).
  const summariesSql = (lastAttempt: string, ids: string) =>
    `SELECT w.id AS webhook_id,
       (SELECT count(*) FROM webhook_attempts a WHERE a.webhook_id = w.id
          AND a.attempted_at > @since AND a.seq > w.stats_after_seq) AS attempts,
       (SELECT coalesce(sum(CASE WHEN a.succeeded = 0 THEN 1 ELSE 0 END), 0)
        FROM webhook_attempts a WHERE a.webhook_id = w.id
          AND a.attempted_at > @since AND a.seq > w.stats_after_seq) AS failed,
       (SELECT ${lastAttempt}
        FROM webhook_attempts a WHERE a.webhook_id = w.id
        ORDER BY a.attempted_at DESC, a.seq DESC LIMIT 1) AS last_attempt,
       (SELECT count(*) FROM webhook_deliveries d
          WHERE d.webhook_id = w.id AND d.status = 'pending') AS pending_deliveries,
       (SELECT count(*) FROM webhook_deliveries d
          WHERE d.webhook_id = w.id AND d.status = 'failed') AS failed_deliveries
     FROM webhooks w WHERE w.id IN (SELECT value FROM ${ids})`;
  const summaries = db.prepare<{ ids: string; since: string }, WebhookSummaryRow>({
    sqlite: summariesSql(
      `json_object('at', a.attempted_at, 'succeeded', a.succeeded,
          'statusCode', a.status_code, 'error', a.error)`,
      'json_each(@ids)',
    ),
    postgres: summariesSql(
      `'{"at":' || engage_json_text(a.attempted_at) || ',"succeeded":' || a.succeeded::text
          || ',"statusCode":' || coalesce(a.status_code::text, 'null')
          || ',"error":' || engage_json_text(a.error) || '}'`,
      'json_array_elements_text(@ids::json)',
    ),
  });
  return {
    insert: (row: AttemptRow) => insert.run(row),
    statsSince: async (webhookId: string, after: string, afterSeq: number) =>
      (await since.get(webhookId, after, afterSeq))!,
    /** The newest attempt's seq: where a (re)activated webhook's count starts. */
    lastSeq: async (): Promise<number> => (await lastSeq.get()) ?? 0,
    /** Figures for each of these webhooks, counting attempts made after `since`. */
    summaries: async (
      webhookIds: readonly string[],
      since: string,
    ): Promise<WebhookSummaryRow[]> =>
      webhookIds.length ? await summaries.all({ ids: JSON.stringify(webhookIds), since }) : [],
  };
}
