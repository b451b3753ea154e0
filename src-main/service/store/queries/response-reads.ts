import type { Sql } from '../sql-port';
import type { ListCondition, ListDefinition } from '../keyset-list';

/**
 * Every form's responses, newest first, each with its form's name, its patient's name and whether
 * it was read: one JSON object per row, rendered by SQLite like every list.
 */
export const RESPONSE_INBOX: ListDefinition = {
  name: 'responses-inbox',
  from: `form_responses r JOIN clinical_forms f ON f.id = r.form_id
    JOIN patients p ON p.id = r.patient_id
    LEFT JOIN response_reads rr ON rr.response_id = r.id`,
  json: `json_insert(r.api_json, '$.formName', f.name,
    '$.patient', json_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name),
    '$.read', json(CASE WHEN rr.response_id IS NULL THEN 'false' ELSE 'true' END))`,
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
  const mark = db.prepare<[string, string]>(
    `INSERT OR IGNORE INTO response_reads (response_id, read_at)
     SELECT value, ? FROM json_each(?) JOIN form_responses ON form_responses.id = value`,
  );
  const unmark = db.prepare<[string]>(
    'DELETE FROM response_reads WHERE response_id IN (SELECT value FROM json_each(?))',
  );
  const unread = db
    .prepare<[], number>(
      `SELECT count(*) FROM form_responses r
       WHERE NOT EXISTS (SELECT 1 FROM response_reads rr WHERE rr.response_id = r.id)`,
    )
    .pluck();
  const readBefore = db.prepare<[string, string]>(
    `INSERT OR IGNORE INTO response_reads (response_id, read_at)
     SELECT id, ? FROM form_responses WHERE completed_at < ?`,
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
