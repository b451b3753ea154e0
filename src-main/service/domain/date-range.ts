import { validationFailed } from '../errors';
import type { ListCondition } from '../store/keyset-list';

/**
 * `from` (inclusive) and `to` (exclusive) on a timestamp column. A bare date means 00:00 UTC of
 * that day; date-times are normalised to the stored form so text comparison is time comparison.
 */
export function dateRangeConditions(
  column: string,
  from: string | undefined,
  to: string | undefined,
): ListCondition[] {
  const where: ListCondition[] = [];
  const lower = from ? normalise('from', from) : undefined;
  const upper = to ? normalise('to', to) : undefined;
  if (lower && upper && lower >= upper) {
    throw validationFailed([
      { parameter: 'to', code: 'range', detail: '`to` must be later than `from`.' },
    ]);
  }
  if (lower) where.push({ sql: `${column} >= ?`, params: [lower] });
  if (upper) where.push({ sql: `${column} < ?`, params: [upper] });
  return where;
}

/** A query bound as stored: a bare date is 00:00 UTC of that day; a bad value answers 422. */
export function normalise(parameter: string, value: string): string {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(ms)) {
    throw validationFailed([
      { parameter, code: 'format', detail: `\`${parameter}\` must be an ISO date or date-time.` },
    ]);
  }
  return new Date(ms).toISOString();
}
