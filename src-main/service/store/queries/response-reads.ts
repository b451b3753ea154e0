import type { Sql } from '../sql-port';
import type { ListCondition, ListDefinition } from '../keyset-list';

/**
 * An inbox row: the response's stored object with its form's name, its patient's name and whether
 * it was read. json_insert appends the three keys; PostgreSQL splices the same bytes in before
 * the closing brace.
 */
export const INBOX_JSON = {
  sqlite: `json_insert(r.api_json, '$.formName', f.name,
    '$.patient', json_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name),
    '$.read', json(CASE WHEN rr.response_id IS NULL THEN 'false' ELSE 'true' END))`,
  postgres: `substr(r.api_json, 1, length(r.api_json) - 1)
    || ',"formName":' || engage_json_text(f.name)
    || ',"patient":{"id":' || engage_json_text(p.id)
    || ',"firstName":' || engage_json_text(p.first_name)
    || ',"lastName":' || engage_json_text(p.last_name)
    || '},"read":' || CASE WHEN rr.response_id IS NULL THEN 'false' ELSE 'true' END || '}'`,
} as const;

/**
 * Every form's responses, newest first, each with its form's name, its patient's name and whether
 * it was read: one JSON object per row, rendered by the database like every list.
 */
export const RESPONSE_INBOX: ListDefinition = {
  name: 'responses-inbox',
  from: `form_responses r JOIN clinical_forms f ON f.id = r.form_id
    JOIN patients p ON p.id = r.patient_id
    LEFT JOIN response_reads rr ON rr.response_id = r.id`,
  json: INBOX_JSON,
  keys: ['r.completed_at', 'r.id'],
};

export interface InboxFilters {
  unread?: boolean | undefined;
  formId?: string | undefined;
}

/** The inbox's conditions: only unread responses, only one form's. */
export function inboxConditions(filters: InboxFilters): ListCondition[] {
  return [
    ...(filters.unread ? [{ sql: 'rr.response_id IS NULL', params: [] }] : []),
    ...(filters.formId ? [{ sql: 'r.form_id = ?', params: [filters.formId] }] : []),
  ];
}

export function createResponseReadQueries(db: Sql) {
  // The ids are a JSON array of strings: json_each on SQLite, json_array_elements_text on
  // PostgreSQL. A response already read is left as it is (ON CONFLICT rather than SQLite's
  // INSERT OR IGNORE; the WHERE lets SQLite tell the upsert from a join's ON).
  const markSql = (ids: string) =>
    `INSERT INTO response_reads (response_id, read_at)
     SELECT ids.value, CAST(? AS TEXT) FROM ${ids} AS ids
       JOIN form_responses ON form_responses.id = ids.value WHERE true
     ON CONFLICT (response_id) DO NOTHING`;
  const mark = db.prepare<[string, string]>({
    sqlite: markSql('json_each(?)'),
    postgres: markSql('json_array_elements_text(?::json)'),
  });
  const unmark = db.prepare<[string]>({
    sqlite: 'DELETE FROM response_reads WHERE response_id IN (SELECT value FROM json_each(?))',
    postgres:
      'DELETE FROM response_reads WHERE response_id IN (SELECT value FROM json_array_elements_text(?::json))',
  });
  const unread = db
    .prepare<[], number>(
      `SELECT count(*) FROM form_responses r
       WHERE NOT EXISTS (SELECT 1 FROM response_reads rr WHERE rr.response_id = r.id)`,
    )
    .pluck();
  const readBefore = db.prepare<[string, string]>(
    `INSERT INTO response_reads (response_id, read_at)
     SELECT id, CAST(? AS TEXT) FROM form_responses WHERE completed_at < ?
     ON CONFLICT (response_id) DO NOTHING`,
  );
  return {
    /** Marks these responses read (unknown ids are ignored); how many were newly marked. */
    markRead: async (ids: readonly string[], at: string): Promise<number> =>
      (await mark.run(at, JSON.stringify(ids))).changes,
    markUnread: async (ids: readonly string[]): Promise<number> =>
      (await unmark.run(JSON.stringify(ids))).changes,
    /** Responses nobody has opened. */
    unreadCount: async (): Promise<number> => (await unread.get()) ?? 0,
    /** Every response completed before `before` counts as read (a seeded history is not news). */
    markAllReadBefore: async (before: string, at: string): Promise<number> =>
      (await readBefore.run(at, before)).changes,
  };
}
