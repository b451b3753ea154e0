import { validationFailed, type FieldError } from '../errors';
import type { PatientListQuery } from '../schemas/patient';
import type { Queries } from '../store/queries';
import type { PatientFilters, PatientSort, SortDirection } from '../store/queries/patients';

const DAY_MS = 86_400_000;

/** What a patient list asks for: the filters as the client gave them, as SQL needs them, the order. */
export interface PatientSelection {
  /** The client's values: they bind the cursor (a cursor survives midnight, not a filter change). */
  given: Record<string, unknown>;
  /** The same filters as dates and times on the service clock. */
  filters: PatientFilters;
  sort: PatientSort;
  direction: SortDirection;
}

/** `YYYY-MM-DD` of the day `years` before `today` (29 February falls back to 1 March). */
function yearsBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d)).toISOString().slice(0, 10);
}

/**
 * Reads a patient list query against the service clock: ages become birth-date bounds on today's
 * date (UTC), "within N days" a time N × 24 hours ago. Contradictions are 422 and change nothing:
 * a minimum age above the maximum, a form to count responses of without a response filter, or a
 * form that does not exist (a typo there would silently turn "no answer to PHQ-9" into everyone).
 */
export async function readPatientSelection(
  query: PatientListQuery,
  nowMs: number,
  q: Pick<Queries, 'clinicalForms'>,
): Promise<PatientSelection> {
  const errors: FieldError[] = [];
  if (query.minAge !== undefined && query.maxAge !== undefined && query.minAge > query.maxAge) {
    errors.push({
      parameter: 'minAge',
      code: 'range',
      detail: `minAge (${query.minAge}) cannot be above maxAge (${query.maxAge}).`,
    });
  }
  const respondedFilter =
    query.respondedWithinDays !== undefined || query.notRespondedWithinDays !== undefined;
  if (query.responseFormId !== undefined) {
    if (!respondedFilter) {
      errors.push({
        parameter: 'responseFormId',
        code: 'requires',
        detail: 'responseFormId needs respondedWithinDays or notRespondedWithinDays.',
      });
    } else if (!(await q.clinicalForms.get(query.responseFormId))) {
      errors.push({
        parameter: 'responseFormId',
        code: 'not_found',
        detail: `No clinical form with id '${query.responseFormId}' exists.`,
      });
    }
  }
  if (errors.length) throw validationFailed(errors);

  const today = new Date(nowMs).toISOString().slice(0, 10);
  // "In the last N days" counts from the start of the current minute: the same list asked again
  // within the minute is the same query, so its page and total come from the read caches (until
  // the next write) instead of probing every patient's responses again.
  const minute = nowMs - (nowMs % 60_000);
  const ago = (days: number | undefined) =>
    days === undefined ? undefined : new Date(minute - days * DAY_MS).toISOString();
  const sort = query.sort ?? 'created';
  const direction = query.direction ?? (sort === 'created' ? 'desc' : 'asc');
  const search = query.search?.trim() || undefined;
  const filters: PatientFilters = {
    status: query.status,
    search,
    tag: query.tag,
    bornOnOrBefore: query.minAge === undefined ? undefined : yearsBefore(today, query.minAge),
    bornAfter: query.maxAge === undefined ? undefined : yearsBefore(today, query.maxAge + 1),
    respondedSince: ago(query.respondedWithinDays),
    silentSince: ago(query.notRespondedWithinDays),
    responseFormId: query.responseFormId,
  };
  // Only the filters given join the cursor, so cursors issued before a filter existed stay valid.
  const given: Record<string, unknown> = { status: query.status, search };
  for (const key of [
    'tag',
    'minAge',
    'maxAge',
    'respondedWithinDays',
    'notRespondedWithinDays',
    'responseFormId',
  ] as const) {
    if (query[key] !== undefined) given[key] = query[key];
  }
  if (query.sort !== undefined || query.direction !== undefined) {
    given.sort = sort;
    given.direction = direction;
  }
  return { given, filters, sort, direction };
}
