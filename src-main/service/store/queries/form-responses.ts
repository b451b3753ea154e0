import type { Db } from '../db';
import type { ListDefinition } from '../keyset-list';

export interface FormResponseRow {
  id: string;
  form_id: string;
  patient_id: string;
  schedule_id: string | null;
  responses: string;
  completed_at: string;
}

/** Responses are listed by when the patient completed them (api-decisions §5). */
export const RESPONSE_LIST: ListDefinition = {
  name: 'form_responses',
  from: 'form_responses',
  json: 'api_json',
  keys: ['completed_at', 'id'],
};

export function createFormResponseQueries(db: Db) {
  const insert = db.prepare<FormResponseRow>(
    `INSERT INTO form_responses (id, form_id, patient_id, schedule_id, responses, completed_at)
     VALUES (@id, @form_id, @patient_id, @schedule_id, @responses, @completed_at)`,
  );
  const jsonById = db
    .prepare<[string], string>('SELECT api_json FROM form_responses WHERE id = ?')
    .pluck();
  const latest = db.prepare<[], FormResponseRow>(
    `SELECT id, form_id, patient_id, schedule_id, responses, completed_at FROM form_responses
     ORDER BY completed_at DESC, id DESC LIMIT 1`,
  );
  return {
    /** The most recent response (the sandbox's sample form.completed). */
    latest: (): FormResponseRow | undefined => latest.get(),
    insert: (row: FormResponseRow) => insert.run(row),
    getJson: (id: string): string | undefined => jsonById.get(id),
  };
}

export type FormResponseQueries = ReturnType<typeof createFormResponseQueries>;
