import type { Sql } from '../sql-port';
import type { ListCondition, ListDefinition } from '../keyset-list';

export interface FormResponseRow {
  id: string;
  form_id: string;
  patient_id: string;
  schedule_id: string | null;
  responses: string;
  completed_at: string;
}

/** Which of a form's responses a chart or an export covers. */
export interface ResponseScope {
  formId: string;
  patientId?: string | undefined;
  /** Bounds on completed_at (domain/date-range.ts). */
  range: readonly ListCondition[];
}

export type ScopedResponseRow = Pick<
  FormResponseRow,
  'id' | 'patient_id' | 'responses' | 'completed_at'
>;

function scopeWhere(scope: ResponseScope): { sql: string; params: unknown[] } {
  const parts = ['form_id = ?'];
  const params: unknown[] = [scope.formId];
  if (scope.patientId !== undefined) {
    parts.push('patient_id = ?');
    params.push(scope.patientId);
  }
  for (const condition of scope.range) {
    parts.push(condition.sql);
    params.push(...condition.params);
  }
  return { sql: parts.join(' AND '), params };
}

/** Responses are listed by when the patient completed them (api-decisions §5). */
export const RESPONSE_LIST: ListDefinition = {
  name: 'form_responses',
  from: 'form_responses',
  json: 'api_json',
  keys: ['completed_at', 'id'],
};

export function createFormResponseQueries(db: Sql) {
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
  // One statement per combination of filters, so each one uses the index that fits it.
  const statements = new Map<string, ReturnType<typeof db.prepare<unknown[], ScopedResponseRow>>>();
  function scoped(sql: string) {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = db.prepare<unknown[], ScopedResponseRow>(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  }
  const COLUMNS = 'id, patient_id, responses, completed_at';

  return {
    /** The newest `limit` responses in the scope, newest first (charts). */
    async newestInScope(scope: ResponseScope, limit: number): Promise<ScopedResponseRow[]> {
      const where = scopeWhere(scope);
      return await scoped(
        `SELECT ${COLUMNS} FROM form_responses WHERE ${where.sql}
         ORDER BY completed_at DESC, id DESC LIMIT ?`,
      ).all(...where.params, limit);
    },
    /** Each patient's latest response in the scope, newest first, at most `limit` patients. */
    async latestPerPatient(scope: ResponseScope, limit: number): Promise<ScopedResponseRow[]> {
      const where = scopeWhere(scope);
      return await scoped(
        `SELECT ${COLUMNS} FROM (
           SELECT ${COLUMNS}, row_number() OVER (
             PARTITION BY patient_id ORDER BY completed_at DESC, id DESC) AS nth
           FROM form_responses WHERE ${where.sql}) AS ranked
         WHERE nth = 1 ORDER BY completed_at DESC, id DESC LIMIT ?`,
      ).all(...where.params, limit);
    },
    /** Every response in the scope, oldest first (the CSV export). */
    async allInScope(scope: ResponseScope): Promise<ScopedResponseRow[]> {
      const where = scopeWhere(scope);
      return await scoped(
        `SELECT ${COLUMNS} FROM form_responses WHERE ${where.sql} ORDER BY completed_at, id`,
      ).all(...where.params);
    },
    /** The most recent response (the sandbox's sample form.completed). */
    latest: (): Promise<FormResponseRow | undefined> => latest.get(),
    insert: (row: FormResponseRow) => insert.run(row),
    getJson: (id: string): Promise<string | undefined> => jsonById.get(id),
  };
}
