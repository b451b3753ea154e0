import type { Sql } from '../sql-port';

export type ReceiverVerdict =
  'verified' | 'signature_mismatch' | 'signature_missing' | 'unknown_webhook';

export interface ReceiverRequestRow {
  seq: number;
  name: string;
  received_at: string;
  /** JSON object of the headers as received (lower-case names). */
  headers: string;
  body: string;
  body_size: number;
  body_truncated: 0 | 1;
  event_id: string | null;
  event_type: string | null;
  webhook_id: string | null;
  verdict: ReceiverVerdict;
  answered: number;
}

/** A row with the matched webhook's current URL (absent once the webhook is deleted). */
export interface ReceiverRequestListRow extends ReceiverRequestRow {
  webhook_url: string | null;
}

export function createReceiverRequestQueries(db: Sql) {
  // The new row's seq comes back with it (PostgreSQL has no lastInsertRowid).
  const insert = db
    .prepare<Omit<ReceiverRequestRow, 'seq'>, number>(
      `INSERT INTO receiver_requests (name, received_at, headers, body, body_size, body_truncated,
         event_id, event_type, webhook_id, verdict, answered)
       VALUES (@name, @received_at, @headers, @body, @body_size, @body_truncated, @event_id,
         @event_type, @webhook_id, @verdict, @answered)
       RETURNING seq`,
    )
    .pluck();
  // Everything older than the newest `keep` rows goes.
  const trim = db.prepare<[number]>(
    `DELETE FROM receiver_requests WHERE seq <= coalesce(
       (SELECT seq FROM receiver_requests ORDER BY seq DESC LIMIT 1 OFFSET ?), 0)`,
  );
  const latest = db.prepare<[number], ReceiverRequestListRow>(
    `SELECT r.*, w.url AS webhook_url FROM receiver_requests r
     LEFT JOIN webhooks w ON w.id = r.webhook_id
     ORDER BY r.seq DESC LIMIT ?`,
  );
  const latestNamed = db.prepare<[string, number], ReceiverRequestListRow>(
    `SELECT r.*, w.url AS webhook_url FROM receiver_requests r
     LEFT JOIN webhooks w ON w.id = r.webhook_id
     WHERE r.name = ? ORDER BY r.seq DESC LIMIT ?`,
  );
  const count = db.prepare<[], number>('SELECT count(*) FROM receiver_requests').pluck();
  const clear = db.prepare('DELETE FROM receiver_requests');
  return {
    /** Stores one request and drops what falls beyond the newest `keep`; returns its seq. */
    async insert(row: Omit<ReceiverRequestRow, 'seq'>, keep: number): Promise<number> {
      const seq = Number(await insert.get(row));
      await trim.run(keep);
      return seq;
    },
    /** Newest first, optionally only those sent to one receiver name. */
    latest: async (limit: number, name?: string): Promise<ReceiverRequestListRow[]> =>
      name === undefined ? await latest.all(limit) : await latestNamed.all(name, limit),
    count: async (): Promise<number> => (await count.get()) ?? 0,
    clear: async (): Promise<number> => (await clear.run()).changes,
  };
}
