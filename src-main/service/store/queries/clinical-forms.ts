import type { Db } from '../db';
import type { ListDefinition } from '../keyset-list';

/** A clinical form as stored; `fields` is the JSON array of field definitions. */
export interface ClinicalFormRow {
  id: string;
  name: string;
  type: 'assessment' | 'follow_up' | 'survey';
  description: string;
  status: 'active' | 'archived';
  fields: string;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

export const FORM_LIST: ListDefinition = {
  name: 'clinical_forms',
  from: 'clinical_forms',
  json: 'api_json',
  keys: ['created_at', 'id'],
};

export function createClinicalFormQueries(db: Db) {
  const insert = db.prepare<ClinicalFormRow>(
    `INSERT INTO clinical_forms (id, name, type, description, status, fields, created_at, updated_at, archived_at)
     VALUES (@id, @name, @type, @description, @status, @fields, @created_at, @updated_at, @archived_at)`,
  );
  const update = db.prepare<ClinicalFormRow>(
    `UPDATE clinical_forms SET name = @name, type = @type, description = @description, status = @status,
       fields = @fields, updated_at = @updated_at, archived_at = @archived_at
     WHERE id = @id`,
  );
  const byId = db.prepare<[string], ClinicalFormRow>(
    `SELECT id, name, type, description, status, fields, created_at, updated_at, archived_at
     FROM clinical_forms WHERE id = ?`,
  );
  const jsonById = db
    .prepare<[string], string>('SELECT api_json FROM clinical_forms WHERE id = ?')
    .pluck();
  const remove = db.prepare<[string]>('DELETE FROM clinical_forms WHERE id = ?');
  return {
    insert: (row: ClinicalFormRow) => insert.run(row),
    update: (row: ClinicalFormRow) => update.run(row),
    get: (id: string): ClinicalFormRow | undefined => byId.get(id),
    getJson: (id: string): string | undefined => jsonById.get(id),
    /** Deletes a form nothing references; the database refuses any other (migration 0005). */
    remove: (id: string) => remove.run(id),
  };
}

export type ClinicalFormQueries = ReturnType<typeof createClinicalFormQueries>;
