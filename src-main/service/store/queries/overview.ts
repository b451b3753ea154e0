import type { SqlStatement as Statement } from '../sql-port';
import type { Sql } from '../sql-port';

/**
 * Reads across tables for the desktop window's overviews (dashboard, patient timeline, usage
 * chart). The per-table modules each own one table; these joins own none, so they live here,
 * prepared once like the others. Rows carry each record's stored API JSON, parsed by the caller.
 */
export interface JsonWithName {
  json: string;
  name: string;
  at: string;
}

export interface JsonWithPatient {
  json: string;
  form_name: string | null;
  patient_id: string;
  first_name: string;
  last_name: string;
}

export interface FailedDeliveryRow {
  webhook_id: string;
  webhook_url: string;
  event_id: string;
  event_type: string;
  failed_at: string;
  failure_reason: string | null;
  attempt_count: number;
}

export function createOverviewQueries(db: Sql) {
  // Tags are a JSON array of strings. A tag from the JSON is text of the database's collation on
  // PostgreSQL: it is ordered byte by byte (COLLATE "C"), as SQLite orders it.
  const tags = db.prepare<[], { tag: string; count: number }>({
    sqlite: `SELECT value AS tag, count(*) AS count FROM patients, json_each(patients.tags)
     GROUP BY value ORDER BY count DESC, tag`,
    postgres: `SELECT t.value AS tag, count(*) AS count
     FROM patients, json_array_elements_text(patients.tags::json) AS t (value)
     GROUP BY t.value ORDER BY count(*) DESC, t.value COLLATE "C"`,
  });
  const timelineSchedules = db.prepare<[string, number], JsonWithName>(
    `SELECT s.api_json AS json, f.name AS name, s.scheduled_at AS at
     FROM form_schedules s JOIN clinical_forms f ON f.id = s.form_id
     WHERE s.patient_id = ? ORDER BY s.scheduled_at DESC, s.id DESC LIMIT ?`,
  );
  const timelineResponses = db.prepare<[string, number], JsonWithName>(
    `SELECT r.api_json AS json, f.name AS name, r.completed_at AS at
     FROM form_responses r JOIN clinical_forms f ON f.id = r.form_id
     WHERE r.patient_id = ? ORDER BY r.completed_at DESC, r.id DESC LIMIT ?`,
  );
  const timelineConversations = db.prepare<[string, number], { json: string; at: string }>(
    `SELECT api_json AS json, created_at AS at FROM conversations
     WHERE patient_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const timelineCalls = db.prepare<[string, number], { json: string; at: string }>(
    `SELECT api_json AS json, created_at AS at FROM calls
     WHERE patient_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const recentResponses = db.prepare<[number], JsonWithPatient>(
    `SELECT r.api_json AS json, f.name AS form_name, p.id AS patient_id, p.first_name, p.last_name
     FROM form_responses r JOIN clinical_forms f ON f.id = r.form_id JOIN patients p ON p.id = r.patient_id
     ORDER BY r.completed_at DESC, r.id DESC LIMIT ?`,
  );
  const upcoming = new Map<boolean, Statement<unknown[], JsonWithPatient>>();
  const attention = db.prepare<[number], JsonWithPatient>(
    `SELECT c.api_json AS json, NULL AS form_name, p.id AS patient_id, p.first_name, p.last_name
     FROM conversations c JOIN patients p ON p.id = c.patient_id
     WHERE c.status = 'active' AND c.escalated_at IS NOT NULL
     ORDER BY c.escalated_at DESC, c.id DESC LIMIT ?`,
  );
  const failedDeliveries = db.prepare<[number], FailedDeliveryRow>(
    `SELECT d.webhook_id, w.url AS webhook_url, d.event_id, d.event_type, d.failed_at,
       d.failure_reason, d.attempt_count
     FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
     WHERE d.status = 'failed' ORDER BY d.failed_at DESC, d.seq DESC LIMIT ?`,
  );
  // Consumption net of refunds per UTC day; grants and resets are not usage.
  const usage = db.prepare<[string, string], { day: string; consumed: number }>(
    `SELECT substr(created_at, 1, 10) AS day, -sum(amount) AS consumed FROM credit_ledger
     WHERE kind IN ('consume', 'refund') AND created_at >= ? AND created_at < ?
     GROUP BY day ORDER BY day`,
  );
  // Each entry's movements over a period, by kind and by what it paid for (a delivery by its
  // channel); the credits screen's breakdown.
  const breakdown = db.prepare<
    [string, string],
    {
      kind: string;
      resource_type: string | null;
      channel: string | null;
      entries: number;
      amount: number;
    }
  >(
    `SELECT l.kind, l.resource_type, s.channel, count(*) AS entries, sum(l.amount) AS amount
     FROM credit_ledger l LEFT JOIN form_schedules s ON l.resource_type = 'form_schedule' AND s.id = l.resource_id
     WHERE l.created_at >= ? AND l.created_at < ?
     GROUP BY l.kind, l.resource_type, s.channel
     ORDER BY l.kind, l.resource_type NULLS FIRST, s.channel NULLS FIRST`,
  );
  // The patient behind each paid-for resource (a ledger row names it).
  const idsIn = (ids: string) =>
    `SELECT id, patient_id FROM conversations WHERE id IN (SELECT value FROM ${ids})
     UNION ALL SELECT id, patient_id FROM form_schedules WHERE id IN (SELECT value FROM ${ids})
     UNION ALL SELECT id, patient_id FROM calls WHERE id IN (SELECT value FROM ${ids})`;
  const resourcePatients = db.prepare<[string, string, string], { id: string; patient_id: string }>(
    {
      sqlite: idsIn('json_each(?)'),
      postgres: idsIn('json_array_elements_text(?::json)'),
    },
  );

  return {
    /** Ledger movements from `from` (inclusive) to `to` (exclusive), grouped. */
    creditBreakdown: (from: string, to: string) => breakdown.all(from, to),
    /** The patient of each of these conversations, schedules and calls. */
    resourcePatients: async (ids: readonly string[]) => {
      const json = JSON.stringify([...new Set(ids)]);
      return await resourcePatients.all(json, json, json);
    },
    tags: () => tags.all(),
    timeline: async (patientId: string, limit: number) => ({
      schedules: await timelineSchedules.all(patientId, limit),
      responses: await timelineResponses.all(patientId, limit),
      conversations: await timelineConversations.all(patientId, limit),
      calls: await timelineCalls.all(patientId, limit),
    }),
    recentResponses: (limit: number) => recentResponses.all(limit),
    /** Pending deliveries from `from` (inclusive) to `to` (exclusive, optional), soonest first. */
    async upcoming(
      from: string,
      to: string | undefined,
      limit: number,
    ): Promise<JsonWithPatient[]> {
      const bounded = to !== undefined;
      let stmt = upcoming.get(bounded);
      if (!stmt) {
        stmt = db.prepare<unknown[], JsonWithPatient>(
          `SELECT s.api_json AS json, f.name AS form_name, p.id AS patient_id, p.first_name, p.last_name
           FROM form_schedules s JOIN clinical_forms f ON f.id = s.form_id JOIN patients p ON p.id = s.patient_id
           WHERE s.status = 'pending' AND s.scheduled_at >= ? ${bounded ? 'AND s.scheduled_at < ?' : ''}
           ORDER BY s.scheduled_at, s.id LIMIT ?`,
        );
        upcoming.set(bounded, stmt);
      }
      return bounded ? await stmt.all(from, to, limit) : await stmt.all(from, limit);
    },
    attention: (limit: number) => attention.all(limit),
    failedDeliveries: (limit: number) => failedDeliveries.all(limit),
    usage: (from: string, to: string) => usage.all(from, to),
  };
}
