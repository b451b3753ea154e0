import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';

/** The audit trail, newest first (rows are appended in service-time order). */
export const AUDIT_EVENT_LIST: ListDefinition = {
  name: 'audit_events',
  from: 'audit_events',
  json: 'api_json',
  keys: ['seq'],
};

/** One line of the audit trail (migration 0015): ids, codes and counts, never clinical content. */
export interface NewAuditEvent {
  id: string;
  at: string;
  actor_type: 'desk' | 'api_key' | 'cli';
  actor_id: string | null;
  actor_name: string;
  channel: 'window' | 'api' | 'cli';
  action: string;
  resource_type: string;
  resource_id: string;
  patient_id: string;
  count: number | null;
}

/** The setting holding the retention period in whole years (the triggers keep it in 1..30). */
export const AUDIT_RETENTION_SETTING = 'audit_retention_years';

export function createAuditEventQueries(db: Sql) {
  // The trail's writes leave the read caches' change token alone (store/read-cache.ts): an event
  // changes no patient, and a recorded read must not empty the list caches.
  const insert = db
    .prepare<[NewAuditEvent]>(
      `INSERT INTO audit_events (id, at, actor_type, actor_id, actor_name, channel, action,
       resource_type, resource_id, patient_id, count)
     VALUES (@id, @at, @actor_type, @actor_id, @actor_name, @channel, @action,
       @resource_type, @resource_id, @patient_id, @count)`,
    )
    .uncounted();
  // Both bounds: the one the service clock sets and the one the delete trigger checks (the
  // computer's clock: SQLite's 'now'; on PostgreSQL the server's at the statement's start, through
  // engage_years_before, which moves back by years as SQLite's modifier does), so the purge never
  // asks for a row the trigger would refuse.
  const clockBound = {
    sqlite: `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || @years || ' years')`,
    postgres: `engage_years_before(statement_timestamp() AT TIME ZONE 'UTC', @years)`,
  };
  const purgeSql = (bound: string) =>
    `DELETE FROM audit_events WHERE at < @before AND at < ${bound}`;
  const purge = db
    .prepare<{ before: string; years: number }>({
      sqlite: purgeSql(clockBound.sqlite),
      postgres: purgeSql(clockBound.postgres),
    })
    .uncounted();
  const purgeableSql = (bound: string) =>
    `SELECT count(*) AS events, count(DISTINCT nullif(patient_id, '')) AS patients,
       min(at) AS oldest, ${bound} AS bound
     FROM audit_events WHERE at < @before AND at < ${bound}`;
  const purgeable = db.prepare<
    { before: string; years: number },
    { events: number; patients: number; oldest: string | null; bound: string }
  >({
    sqlite: purgeableSql(clockBound.sqlite),
    postgres: purgeableSql(clockBound.postgres),
  });
  return {
    insert: async (row: NewAuditEvent) => void (await insert.run(row)),
    /** Deletes the events older than both bounds; returns how many went. */
    purge: async (before: string, years: number): Promise<number> =>
      (await purge.run({ before, years })).changes,
    /** What `purge` would delete with the same bounds (the retention's confirmation). */
    purgeable: async (before: string, years: number) => (await purgeable.get({ before, years }))!,
  };
}
