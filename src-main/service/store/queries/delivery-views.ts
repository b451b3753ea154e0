import type { Sql } from '../sql-port';

/**
 * Reads for the desktop window's Deliveries screen: the names that turn a schedule's or an outbox
 * message's ids into something a coordinator reads, and the pending times the calendar counts.
 * Joins across tables that own none of them, prepared once like overview.ts.
 */
export function createDeliveryViewQueries(db: Sql) {
  // The ids come as a JSON array of strings: json_each on SQLite, json_array_elements_text on
  // PostgreSQL (whose column is also `value`).
  const formNames = db.prepare<[string], { id: string; name: string }>({
    sqlite: 'SELECT id, name FROM clinical_forms WHERE id IN (SELECT value FROM json_each(?))',
    postgres: `SELECT id, name FROM clinical_forms
      WHERE id IN (SELECT value FROM json_array_elements_text(?::json))`,
  });
  const bySchedule = (ids: string) =>
    `SELECT s.id AS schedule_id, f.name FROM form_schedules s JOIN clinical_forms f ON f.id = s.form_id
     WHERE s.id IN (SELECT value FROM ${ids})`;
  const formNamesBySchedule = db.prepare<[string], { schedule_id: string; name: string }>({
    sqlite: bySchedule('json_each(?)'),
    postgres: bySchedule('json_array_elements_text(?::json)'),
  });
  const pendingTimes = db
    .prepare<[string, string], string>(
      `SELECT scheduled_at FROM form_schedules
       WHERE status = 'pending' AND scheduled_at >= ? AND scheduled_at < ? ORDER BY scheduled_at`,
    )
    .pluck();

  return {
    /** Names of these forms, in one statement. */
    formNames: (ids: readonly string[]) => formNames.all(JSON.stringify([...new Set(ids)])),
    /** The name of the form each of these schedules delivers. */
    formNamesBySchedule: (scheduleIds: readonly string[]) =>
      formNamesBySchedule.all(JSON.stringify([...new Set(scheduleIds)])),
    /** When each pending delivery in [from, to) is due, soonest first. */
    pendingTimes: (from: string, to: string): Promise<string[]> => pendingTimes.all(from, to),
  };
}

export type DeliveryViewQueries = ReturnType<typeof createDeliveryViewQueries>;
