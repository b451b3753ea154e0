import { ProblemError, resourceMissing, validationFailed, type FieldError } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import {
  CreatePatient,
  type Patient,
  type PatientListQuery,
  type UpdatePatient,
} from '../schemas/patient';
import { compileBodyValidator } from '../validation/input-validator';
import { fieldErrors } from '../validation/field-errors';
import type { Sql } from '../store/sql-port';
import type { ListPage, ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import type { PatientRow } from '../store/queries/patients';
import type { EventLog } from './event-log';
import { createReadCache } from '../store/read-cache';
import { eventData } from './event-data';
import { readPatientSelection } from './patient-filters';

export const METADATA_MAX_BYTES = 16 * 1024;

export interface PatientPage extends ListPage {
  total: number;
}

/**
 * Patients: the schema checks shapes; this module checks what needs the clock or the whole value
 * (a birth date in the future, the metadata size) and keeps the row, the search index (by trigger)
 * and the patient.created event in one transaction.
 */
export function createPatients(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  events: EventLog;
  listPage: ListRunner;
}) {
  const { db, clock, newId, q, events } = deps;
  // Lists are read far more often than patients change: a page is kept until the next write.
  const pages = createReadCache<PatientPage>(q.changeToken);

  function check(input: Partial<CreatePatient> | UpdatePatient): void {
    const errors: FieldError[] = [];
    if (input.dateOfBirth) {
      const today = new Date(clock.now()).toISOString().slice(0, 10);
      if (input.dateOfBirth > today) {
        errors.push({
          pointer: '/dateOfBirth',
          code: 'future_date',
          detail: 'dateOfBirth cannot be in the future.',
        });
      } else if (input.dateOfBirth < '1900-01-01') {
        errors.push({
          pointer: '/dateOfBirth',
          code: 'range',
          detail: 'dateOfBirth must be on or after 1900-01-01.',
        });
      }
    }
    if (input.metadata !== undefined) {
      const size = Buffer.byteLength(JSON.stringify(input.metadata));
      if (size > METADATA_MAX_BYTES) {
        errors.push({
          pointer: '/metadata',
          code: 'too_large',
          detail: `metadata is ${size} bytes as JSON; the limit is ${METADATA_MAX_BYTES}.`,
        });
      }
    }
    if (errors.length) throw validationFailed(errors);
  }

  async function getJson(id: string): Promise<string> {
    const json = await q.patients.getJson(id);
    if (json === undefined) throw resourceMissing('patient', id);
    return json;
  }

  const create = (input: CreatePatient): Promise<Patient> =>
    db.transaction(async () => {
      check(input);
      // Patients are stored in (createdAt, id) order, which makes the insertion order the list
      // order. The clock never goes back within a run, but another process or a wall-clock step
      // could: then the new patient takes the newest patient's time, one millisecond later.
      const latest = await q.patients.latest();
      let createdMs = Math.max(clock.now(), latest ? Date.parse(latest.created_at) : 0);
      let id = newId('pat', createdMs);
      if (latest && new Date(createdMs).toISOString() === latest.created_at && id <= latest.id) {
        createdMs += 1;
        id = newId('pat', createdMs);
      }
      const now = new Date(createdMs).toISOString();
      const row: PatientRow = {
        id,
        first_name: input.firstName.trim(),
        last_name: input.lastName.trim(),
        email: input.email?.trim() ?? null,
        phone: input.phone ?? null,
        date_of_birth: input.dateOfBirth ?? null,
        status: input.status ?? 'active',
        tags: JSON.stringify(cleanTags(input.tags ?? [])),
        metadata: JSON.stringify(input.metadata ?? {}),
        created_at: now,
        updated_at: now,
      };
      await q.patients.insert(row);
      await events.emit('patient.created', eventData.patientCreated(row));
      return JSON.parse(await getJson(row.id)) as Patient;
    });

  const update = (id: string, patch: UpdatePatient): Promise<Patient> =>
    db.transaction(async () => {
      const row = await q.patients.get(id);
      if (!row) throw resourceMissing('patient', id);
      check(patch);
      const next: PatientRow = {
        ...row,
        first_name: patch.firstName?.trim() ?? row.first_name,
        last_name: patch.lastName?.trim() ?? row.last_name,
        email: patch.email === undefined ? row.email : (patch.email?.trim() ?? null),
        phone: patch.phone === undefined ? row.phone : patch.phone,
        date_of_birth: patch.dateOfBirth === undefined ? row.date_of_birth : patch.dateOfBirth,
        status: patch.status ?? row.status,
        tags: patch.tags ? JSON.stringify(cleanTags(patch.tags)) : row.tags,
        metadata: patch.metadata ? JSON.stringify(patch.metadata) : row.metadata,
        updated_at: clock.nowIso(),
      };
      await q.patients.update(next);
      return JSON.parse(await getJson(id)) as Patient;
    });

  /**
   * What POST /patients would say about `input`, without writing: the schema's errors (the same
   * compiled validator every transport uses), then the checks above. The patient import asks this
   * of every row, so a file is held to exactly the rules of the API and the patient dialog.
   */
  function problemsOf(input: unknown): FieldError[] {
    const validate = compileBodyValidator(CreatePatient);
    if (!validate(input)) return fieldErrors(validate.errors ?? [], 'body');
    try {
      check(input as CreatePatient);
      return [];
    } catch (error) {
      if (error instanceof ProblemError) return (error.extensions.errors as FieldError[]) ?? [];
      throw error;
    }
  }

  /**
   * Creates every patient in one transaction, in order: all of them or, if any write fails, none
   * (the patient import). Each is created exactly as POST /patients creates one, event included.
   */
  /** Creates them all or none (the CSV import); answers their ids, in order. */
  const createMany = (inputs: readonly CreatePatient[]): Promise<string[]> =>
    db.transaction(async () => {
      const ids: string[] = [];
      for (const input of inputs) ids.push((await create(input)).id);
      return ids;
    });

  return {
    create,
    createMany,
    problemsOf,
    /** Every patient's identity keys (id, name, e-mail, phone, metadata.mrn). */
    identities: () => q.patients.identities(),
    update,
    get: async (id: string): Promise<Patient> => JSON.parse(await getJson(id)) as Patient,
    /** The patient as API JSON text, straight from SQLite. */
    getJson,
    async list(query: PatientListQuery): Promise<PatientPage> {
      const selection = await readPatientSelection(query, clock.now(), q);
      const limit = query.limit ?? 20;
      // The key holds the filters as dates and times: a page read yesterday is not today's.
      const key = JSON.stringify([selection.given, selection.filters, limit, query.cursor ?? '']);
      return await pages.get(key, async () => {
        const { def, where } = await q.patients.listQuery(selection.filters, selection, limit);
        const page = await deps.listPage(def, {
          limit,
          cursor: query.cursor,
          filters: selection.given,
          where,
        });
        // A first page that holds every match is its own total: a coordinator looking for one
        // patient by name gets one or two, and counting them again (a heap recheck of every
        // match on PostgreSQL) is most of what that search would cost.
        const whole = !query.cursor && !page.pagination.hasMore;
        return {
          ...page,
          total: whole ? page.size : await q.patients.count(selection.filters),
        };
      });
    },
  };
}

/** Tags are trimmed; two that differ only by surrounding spaces are one tag. */
function cleanTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()))];
}
