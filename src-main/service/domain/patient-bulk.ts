import { PATIENT_SELECTION_LIMIT } from '../contract/limits';
import { validationFailed } from '../errors';
import type { Clock } from '../jobs/clock';
import type { Patient, PatientListQuery } from '../schemas/patient';
import type { Sql } from '../store/sql-port';
import type { Queries } from '../store/queries';
import { readPatientSelection } from './patient-filters';
import type { createPatients } from './patients';

/** The most tags a patient carries (the patient schema's own limit). */
const MAX_TAGS = 20;

export interface RetagReport {
  /** Patients whose tags changed. */
  updated: number;
  /** Patients that already had every tag added and none removed. */
  unchanged: number;
  /** Patients left as they were, with why: not found, or the tag limit. */
  refused: { id: string; code: 'not_found' | 'too_many_tags' }[];
}

/**
 * The patient list's bulk work: the ids of every patient a filter matches ("select all N
 * matching", up to the stated limit), the patients of a selection, and tags added or removed on
 * all of them in one transaction. Each patient goes through the same update as an edit, so the
 * search text, sort key and updatedAt follow.
 */
export function createPatientBulk(deps: {
  db: Sql;
  clock: Clock;
  q: Queries;
  patients: ReturnType<typeof createPatients>;
}) {
  const { db, clock, q, patients } = deps;

  const retag = (
    ids: readonly string[],
    add: readonly string[],
    remove: readonly string[],
  ): Promise<RetagReport> =>
    db.transaction(async () => {
      const report: RetagReport = { updated: 0, unchanged: 0, refused: [] };
      const adding = add.map((t) => t.trim());
      const removing = new Set(remove.map((t) => t.trim()));
      const both = adding.filter((t) => removing.has(t));
      if (adding.length + removing.size === 0 || both.length) {
        throw validationFailed([
          both.length
            ? {
                pointer: '/remove',
                code: 'conflict',
                detail: `A tag cannot be added and removed at once: ${both.join(', ')}.`,
              }
            : { pointer: '/add', code: 'required', detail: 'Give a tag to add or to remove.' },
        ]);
      }
      for (const id of new Set(ids)) {
        const row = await q.patients.get(id);
        if (!row) {
          report.refused.push({ id, code: 'not_found' });
          continue;
        }
        const before = JSON.parse(row.tags) as string[];
        const kept = before.filter((t) => !removing.has(t));
        const next = [...kept, ...adding.filter((t) => !kept.includes(t) && !removing.has(t))];
        if (next.length === before.length && next.every((t, i) => t === before[i])) {
          report.unchanged += 1;
        } else if (next.length > MAX_TAGS) {
          report.refused.push({ id, code: 'too_many_tags' });
        } else {
          await patients.update(id, { tags: next });
          report.updated += 1;
        }
      }
      return report;
    });

  return {
    /** Every patient the list's filters match, in its order, up to the selection limit. */
    async matchingIds(query: Omit<PatientListQuery, 'limit' | 'cursor'>) {
      const selection = await readPatientSelection(query, clock.now(), q);
      return {
        ids: await q.patients.ids(selection.filters, selection, PATIENT_SELECTION_LIMIT),
        total: await q.patients.count(selection.filters),
        limit: PATIENT_SELECTION_LIMIT,
      };
    },
    /** The patients of a selection, in its order; ids that no longer exist are left out. */
    byIds: async (ids: readonly string[]): Promise<Patient[]> =>
      (await q.patients.jsonByIds(ids)).map((json) => JSON.parse(json) as Patient),
    /** A tag added to or removed from many patients: all of it or, on any error, nothing. */
    retag: (input: { ids: readonly string[]; add?: string[]; remove?: string[] }) =>
      retag(input.ids, input.add ?? [], input.remove ?? []),
  };
}
