import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';

export interface WebhookRow {
  id: string;
  url: string;
  /** JSON array of event kinds. */
  events: string;
  secret: string;
  status: 'active' | 'disabled';
  disabled_at: string | null;
  disabled_reason: string | null;
  stats_since: string;
  stats_after_seq: number;
  created_at: string;
  updated_at: string;
}

export const WEBHOOK_LIST: ListDefinition = {
  name: 'webhooks',
  from: 'webhooks',
  json: 'api_json',
  keys: ['created_at', 'id'],
};

const COLUMNS = `id, url, events, secret, status, disabled_at, disabled_reason, stats_since,
  stats_after_seq, created_at, updated_at`;

export function createWebhookQueries(db: Sql) {
  const insert = db.prepare<WebhookRow>(
    `INSERT INTO webhooks (${COLUMNS}) VALUES (@id, @url, @events, @secret, @status, @disabled_at,
       @disabled_reason, @stats_since, @stats_after_seq, @created_at, @updated_at)`,
  );
  const update = db.prepare<WebhookRow>(
    `UPDATE webhooks SET url = @url, events = @events, status = @status, disabled_at = @disabled_at,
       disabled_reason = @disabled_reason, stats_since = @stats_since,
       stats_after_seq = @stats_after_seq, updated_at = @updated_at
     WHERE id = @id`,
  );
  const disable = db.prepare<{ id: string; at: string; reason: string }>(
    `UPDATE webhooks SET status = 'disabled', disabled_at = @at, disabled_reason = @reason,
       updated_at = @at WHERE id = @id AND status = 'active'`,
  );
  const remove = db.prepare<[string]>('DELETE FROM webhooks WHERE id = ?');
  const byId = db.prepare<[string], WebhookRow>(`SELECT ${COLUMNS} FROM webhooks WHERE id = ?`);
  const jsonById = db
    .prepare<[string], string>('SELECT api_json FROM webhooks WHERE id = ?')
    .pluck();
  const targets = db.prepare<[], Pick<WebhookRow, 'id' | 'url' | 'secret'>>(
    'SELECT id, url, secret FROM webhooks ORDER BY created_at, id',
  );
  return {
    insert: (row: WebhookRow) => insert.run(row),
    update: (row: WebhookRow) => update.run(row),
    /** Switches an active webhook off; false when it was not active. */
    disable: async (id: string, at: string, reason: string): Promise<boolean> =>
      (await disable.run({ id, at, reason })).changes === 1,
    delete: async (id: string): Promise<boolean> => (await remove.run(id)).changes === 1,
    get: (id: string): Promise<WebhookRow | undefined> => byId.get(id),
    getJson: (id: string): Promise<string | undefined> => jsonById.get(id),
    /** Every webhook's target and secret (the sandbox test receiver matches requests to them). */
    targets: () => targets.all(),
  };
}
