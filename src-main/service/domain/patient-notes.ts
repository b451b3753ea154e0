import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { Actor } from '../schemas/actor';
import type { CreatePatientNote, PatientNote, PatientNoteListQuery } from '../schemas/patient-note';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { PATIENT_NOTE_LIST } from '../store/queries/patient-notes';
import { resourceReader } from './resource-reader';

/**
 * Notes in a patient's record: added, read, never changed or deleted (the table refuses both; a
 * correction is a new note). The author is who signed it, or else whoever stored it (the API
 * key's name, the desk); `createdBy` always says which credential stored it.
 */
export function createPatientNotes(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  listPage: ListRunner;
  requirePatient: (id: string) => Promise<void>;
}) {
  const { db, clock, newId, q } = deps;
  const { getJson, get } = resourceReader<string, PatientNote>(
    'patient note',
    q.patientNotes.getJson,
    q.patientNotes.getJson,
  );

  const create = (patientId: string, input: CreatePatientNote, by: Actor): Promise<PatientNote> =>
    db.transaction(async () => {
      await deps.requirePatient(patientId);
      const id = newId('note');
      await q.patientNotes.insert({
        id,
        patient_id: patientId,
        // Kept as written, but without the blank lines a paste leaves around it.
        text: input.text.replace(/^\s*\n|\s+$/g, ''),
        author: input.author?.trim() || by.name,
        created_by: JSON.stringify(by),
        created_at: clock.nowIso(),
      });
      return await get(id);
    });

  return {
    create,
    get,
    getJson,
    async list(patientId: string, query: PatientNoteListQuery): Promise<ListPage> {
      await deps.requirePatient(patientId);
      return await deps.listPage(PATIENT_NOTE_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { patientId },
        where: equalTo({ patient_id: patientId }),
      });
    },
  };
}

export type PatientNotes = ReturnType<typeof createPatientNotes>;
