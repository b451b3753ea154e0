import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';

/** A clinical form as stored; `fields` is the JSON array of field definitions. */
export interface ClinicalFormRow {
  id: string;
  name: string;
  type: 'assessment' | 'follow_up' | 'survey';
  description: string;
  status: 'active' | 'archived';
  fields: string;
  /** JSON array of alert rules on instrument totals. */
  score_alerts: string;
  /** JSON `{ key, edition, language }` of a validated instrument's form, else null. */
  instrument: string | null;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

/**
 * The API shape: the stored one, with `scoreAlerts` added when the form has any and `instrument`
 * when it is a validated instrument (both before `createdAt`, where the schema has them).
 * `replace` works alike on both engines; it finds the form's own key only, since a string value
 * cannot hold `,"createdAt":` unescaped and no nested object (a field) has that key.
 */
const FORM_JSON = `CASE WHEN score_alerts = '[]' AND instrument IS NULL THEN api_json
  ELSE replace(api_json, ',"createdAt":',
    CASE WHEN score_alerts = '[]' THEN '' ELSE ',"scoreAlerts":' || score_alerts END
    || CASE WHEN instrument IS NULL THEN '' ELSE ',"instrument":' || instrument END
    || ',"createdAt":') END`;

export const FORM_LIST: ListDefinition = {
  name: 'clinical_forms',
  from: 'clinical_forms',
  json: FORM_JSON,
  keys: ['created_at', 'id'],
};

export function createClinicalFormQueries(db: Sql) {
  const insert = db.prepare<ClinicalFormRow>(
    `INSERT INTO clinical_forms (id, name, type, description, status, fields, score_alerts, instrument, created_at, updated_at, archived_at)
     VALUES (@id, @name, @type, @description, @status, @fields, @score_alerts, @instrument, @created_at, @updated_at, @archived_at)`,
  );
  const update = db.prepare<ClinicalFormRow>(
    `UPDATE clinical_forms SET name = @name, type = @type, description = @description, status = @status,
       fields = @fields, score_alerts = @score_alerts, updated_at = @updated_at, archived_at = @archived_at
     WHERE id = @id`,
  );
  const byId = db.prepare<[string], ClinicalFormRow>(
    `SELECT id, name, type, description, status, fields, score_alerts, instrument, created_at, updated_at, archived_at
     FROM clinical_forms WHERE id = ?`,
  );
  const jsonById = db
    .prepare<[string], string>(`SELECT ${FORM_JSON} FROM clinical_forms WHERE id = ?`)
    .pluck();
  const remove = db.prepare<[string]>('DELETE FROM clinical_forms WHERE id = ?');
  // The edition is a string in the instrument's JSON (or the form has no instrument: NULL).
  const byEdition = db
    .prepare<[string], string>({
      sqlite: `SELECT id FROM clinical_forms WHERE json_extract(instrument, '$.edition') = ?
       ORDER BY created_at, id LIMIT 1`,
      postgres: `SELECT id FROM clinical_forms WHERE (instrument::json ->> 'edition') = ?
       ORDER BY created_at, id LIMIT 1`,
    })
    .pluck();
  return {
    insert: (row: ClinicalFormRow) => insert.run(row),
    update: (row: ClinicalFormRow) => update.run(row),
    get: (id: string): Promise<ClinicalFormRow | undefined> => byId.get(id),
    /** The first form made from a validated instrument's edition (the demo's PHQ-9). */
    byEdition: (editionId: string): Promise<string | undefined> => byEdition.get(editionId),
    getJson: (id: string): Promise<string | undefined> => jsonById.get(id),
    /** Deletes a form nothing references; the database refuses any other (migration 0005). */
    remove: (id: string) => remove.run(id),
  };
}
