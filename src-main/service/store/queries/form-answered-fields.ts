import type { Sql } from '../sql-port';

/** Which fields of a form have answers, and the type they were answered as. */
export function createFormAnsweredFieldQueries(db: Sql) {
  const record = db.prepare<[string, string, string]>(
    `INSERT INTO form_answered_fields (form_id, field_id, type) VALUES (?, ?, ?)
     ON CONFLICT (form_id, field_id) DO NOTHING`,
  );
  const ofForm = db.prepare<[string], { field_id: string; type: string }>(
    'SELECT field_id, type FROM form_answered_fields WHERE form_id = ?',
  );
  return {
    record: async (formId: string, fieldId: string, type: string) => {
      await record.run(formId, fieldId, type);
    },
    /** field id → the type its answers were given under. */
    ofForm: async (formId: string): Promise<Map<string, string>> =>
      new Map((await ofForm.all(formId)).map((r) => [r.field_id, r.type])),
  };
}
