import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';

export const ALERT_LIST: ListDefinition = {
  name: 'alerts',
  from: 'alerts',
  json: 'api_json',
  keys: ['seq'],
};

export interface AlertRow {
  id: string;
  patient_id: string;
  source_type: 'conversation' | 'call' | 'form_response' | 'form_schedule';
  source_id: string;
  priority: 'urgent' | 'review';
  reason_code: string;
  reason: string;
  signs: string;
  detail: string;
  state: 'open' | 'acknowledged' | 'resolved';
  raised_at: string;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  acknowledge_note: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  resolve_note: string | null;
  updated_at: string;
}

type NewAlert = Pick<
  AlertRow,
  | 'id'
  | 'patient_id'
  | 'source_type'
  | 'source_id'
  | 'priority'
  | 'reason_code'
  | 'reason'
  | 'signs'
  | 'detail'
  | 'raised_at'
>;

const COLUMNS = `id, patient_id, source_type, source_id, priority, reason_code, reason, signs, detail,
  state, raised_at, acknowledged_at, acknowledged_by, acknowledge_note, resolved_at, resolved_by,
  resolve_note, updated_at`;

export function createAlertQueries(db: Sql) {
  const insert = db.prepare<[NewAlert]>(
    `INSERT INTO alerts (id, patient_id, source_type, source_id, priority, reason_code, reason,
       signs, detail, raised_at, updated_at)
     VALUES (@id, @patient_id, @source_type, @source_id, @priority, @reason_code, @reason,
       @signs, @detail, @raised_at, @raised_at)`,
  );
  const openFor = db.prepare<[string, string], AlertRow>(
    `SELECT ${COLUMNS} FROM alerts WHERE source_type = ? AND source_id = ? AND state = 'open'`,
  );
  const merge = db.prepare<
    [
      {
        id: string;
        priority: string;
        reason_code: string;
        reason: string;
        signs: string;
        detail: string;
        at: string;
      },
    ]
  >(
    `UPDATE alerts SET priority = @priority, reason_code = @reason_code, reason = @reason,
       signs = @signs, detail = @detail, updated_at = @at
     WHERE id = @id AND state = 'open'`,
  );
  const get = db.prepare<[string], AlertRow>(`SELECT ${COLUMNS} FROM alerts WHERE id = ?`);
  const getJson = db.prepare<[string], string>('SELECT api_json FROM alerts WHERE id = ?').pluck();
  const acknowledge = db.prepare<[{ id: string; at: string; by: string; note: string | null }]>(
    `UPDATE alerts SET state = 'acknowledged', acknowledged_at = @at, acknowledged_by = @by,
       acknowledge_note = @note, updated_at = @at
     WHERE id = @id AND state = 'open'`,
  );
  // Resolving an open alert acknowledges it in the same step: the person who resolves it saw it.
  const resolve = db.prepare<[{ id: string; at: string; by: string; note: string | null }]>(
    `UPDATE alerts SET state = 'resolved', resolved_at = @at, resolved_by = @by, resolve_note = @note,
       acknowledged_at = coalesce(acknowledged_at, @at), acknowledged_by = coalesce(acknowledged_by, @by),
       updated_at = @at
     WHERE id = @id AND state <> 'resolved'`,
  );
  // CASE … THEN 1 ELSE 0 rather than a comparison: PostgreSQL's is a boolean, not SQLite's 0/1.
  const counts = db.prepare<[], { urgent: number; review: number }>(
    `SELECT coalesce(sum(CASE WHEN priority = 'urgent' THEN 1 ELSE 0 END), 0) AS urgent,
       coalesce(sum(CASE WHEN priority = 'review' THEN 1 ELSE 0 END), 0) AS review
     FROM alerts WHERE state = 'open'`,
  );
  const openOfPatient = db
    .prepare<[string], string>(
      `SELECT api_json FROM alerts WHERE patient_id = ? AND state <> 'resolved'
       ORDER BY CASE WHEN priority = 'urgent' THEN 1 ELSE 0 END DESC, seq DESC LIMIT 20`,
    )
    .pluck();
  const latestOfPatient = db.prepare<[string, number], { at: string; json: string }>(
    `SELECT raised_at AS at, api_json AS json FROM alerts WHERE patient_id = ?
     ORDER BY seq DESC LIMIT ?`,
  );
  const urgentOpenForPatient = db
    .prepare<[string], number>(
      `SELECT count(*) FROM alerts WHERE patient_id = ? AND state <> 'resolved' AND priority = 'urgent'`,
    )
    .pluck();

  return {
    insert: (row: NewAlert) => insert.run(row),
    openFor: (sourceType: string, sourceId: string) => openFor.get(sourceType, sourceId),
    merge: async (update: Parameters<typeof merge.run>[0]) =>
      (await merge.run(update)).changes === 1,
    get: (id: string) => get.get(id),
    getJson: (id: string) => getJson.get(id),
    acknowledge: async (change: Parameters<typeof acknowledge.run>[0]) =>
      (await acknowledge.run(change)).changes === 1,
    resolve: async (change: Parameters<typeof resolve.run>[0]) =>
      (await resolve.run(change)).changes === 1,
    openCounts: async () => (await counts.get())!,
    /** Unresolved alerts of one patient as API JSON, urgent first (the patient page header). */
    unresolvedOfPatient: (patientId: string): Promise<string[]> => openOfPatient.all(patientId),
    /** The newest `limit` alerts of one patient, whatever their state (the timeline). */
    latestOfPatient: (patientId: string, limit: number) => latestOfPatient.all(patientId, limit),
    hasUrgentUnresolved: async (patientId: string): Promise<boolean> =>
      ((await urgentOpenForPatient.get(patientId)) ?? 0) > 0,
  };
}
