import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';

/** A patient's notes, newest first (the insertion order is the time order). */
export const PATIENT_NOTE_LIST: ListDefinition = {
  name: 'patient_notes',
  from: 'patient_notes',
  json: 'api_json',
  keys: ['seq'],
};

export interface NewPatientNote {
  id: string;
  patient_id: string;
  text: string;
  author: string;
  /** The credential as JSON (an Actor). */
  created_by: string;
  created_at: string;
}

export function createPatientNoteQueries(db: Sql) {
  const insert = db.prepare<[NewPatientNote]>(
    `INSERT INTO patient_notes (id, patient_id, text, author, created_by, created_at)
     VALUES (@id, @patient_id, @text, @author, @created_by, @created_at)`,
  );
  const getJson = db
    .prepare<[string], string>('SELECT api_json FROM patient_notes WHERE id = ?')
    .pluck();
  const ofPatient = db.prepare<[string, number], { at: string; json: string }>(
    `SELECT created_at AS at, api_json AS json FROM patient_notes
     WHERE patient_id = ? ORDER BY seq DESC LIMIT ?`,
  );
  return {
    insert: async (row: NewPatientNote) => {
      await insert.run(row);
    },
    getJson: (id: string) => getJson.get(id),
    /** The newest `limit` notes of a patient (the timeline). */
    latestOf: (patientId: string, limit: number) => ofPatient.all(patientId, limit),
  };
}
