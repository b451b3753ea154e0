import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';
import type { CallFailureReason, CallStatus } from '../../schemas/call';
import type { Language } from '../../schemas/form-schedule';

export interface CallRow {
  id: string;
  patient_id: string;
  phone: string;
  purpose: string;
  language: Language;
  status: CallStatus;
  duration: number;
  credits_consumed: number;
  failure_reason: CallFailureReason | null;
  transcript: string | null;
  summary: string | null;
  metadata: string;
  ringing_at: string | null;
  answered_at: string | null;
  completed_at: string | null;
  failed_at: string | null;
  created_at: string;
  updated_at: string;
}

export const CALL_LIST: ListDefinition = {
  name: 'calls',
  from: 'calls',
  json: 'api_json',
  keys: ['created_at', 'id'],
};

const COLUMNS = `id, patient_id, phone, purpose, language, status, duration, credits_consumed, failure_reason,
  transcript, summary, metadata, ringing_at, answered_at, completed_at, failed_at, created_at, updated_at`;

export function createCallQueries(db: Sql) {
  const insert = db.prepare<CallRow>(
    `INSERT INTO calls (${COLUMNS}) VALUES (@id, @patient_id, @phone, @purpose, @language, @status, @duration,
       @credits_consumed, @failure_reason, @transcript, @summary, @metadata, @ringing_at, @answered_at,
       @completed_at, @failed_at, @created_at, @updated_at)`,
  );
  // Every step of the lifecycle rewrites the mutable columns, guarded by the status it leaves.
  const transition = db.prepare<CallRow & { from_status: CallStatus }>(
    `UPDATE calls SET status = @status, duration = @duration, credits_consumed = @credits_consumed,
       failure_reason = @failure_reason, transcript = @transcript, summary = @summary, metadata = @metadata,
       ringing_at = @ringing_at, answered_at = @answered_at, completed_at = @completed_at,
       failed_at = @failed_at, updated_at = @updated_at
     WHERE id = @id AND status = @from_status`,
  );
  const byId = db.prepare<[string], CallRow>(`SELECT ${COLUMNS} FROM calls WHERE id = ?`);
  // The full record: the list form plus what only completed calls have. json_set appends the
  // keys (the list form has none of them); PostgreSQL splices the same bytes in before the
  // closing brace (transcript and metadata are JSON.stringify's text, which json() keeps as is).
  const detailJson = db
    .prepare<[string], string>({
      sqlite: `SELECT CASE WHEN status = 'completed'
         THEN json_set(api_json, '$.transcript', json(transcript), '$.summary', summary, '$.metadata', json(metadata))
         ELSE json_set(api_json, '$.metadata', json(metadata)) END
       FROM calls WHERE id = ?`,
      postgres: `SELECT substr(api_json, 1, length(api_json) - 1)
         || CASE WHEN status = 'completed'
              THEN ',"transcript":' || coalesce(transcript, 'null')
                || ',"summary":' || engage_json_text(summary)
              ELSE '' END
         || ',"metadata":' || metadata || '}'
       FROM calls WHERE id = ?`,
    })
    .pluck();
  const latestEnded = db.prepare<[], CallRow>(
    `SELECT ${COLUMNS} FROM calls WHERE status IN ('completed', 'failed')
     ORDER BY updated_at DESC, id DESC LIMIT 1`,
  );
  return {
    /** The call that ended last (the sandbox's sample call.ended). */
    latestEnded: (): Promise<CallRow | undefined> => latestEnded.get(),
    insert: (row: CallRow) => insert.run(row),
    /** Applies `next` if the call is still in `from`; false when it moved on. */
    transition: async (from: CallStatus, next: CallRow): Promise<boolean> =>
      (await transition.run({ ...next, from_status: from })).changes === 1,
    get: (id: string): Promise<CallRow | undefined> => byId.get(id),
    detailJson: (id: string): Promise<string | undefined> => detailJson.get(id),
  };
}
