import { createHash } from 'node:crypto';
import { tableNames } from '../engine-sql';
import type { Queryable } from '../queryable';

/**
 * A content hash of every table, so a run can prove that rejected requests changed nothing.
 * Left out, on purpose:
 * - `api_keys.last_used_at`: a request with a valid key that is then refused (403, 404, 422) is
 *   still a use of the key (at most one write a minute), as GitHub shows "last used" for it.
 * - the tables in `skip` (the caller says why).
 */
export async function tableHashes(
  db: Queryable,
  skip: string[] = [],
): Promise<Record<string, string>> {
  const tables = (await tableNames(db)).filter((name) => !skip.includes(name));
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = (await db.prepare(`SELECT * FROM "${table}"`).all()) as Record<string, unknown>[];
    const lines = rows
      .map((row) => {
        if (table === 'api_keys') row = { ...row, last_used_at: null };
        return JSON.stringify(row, (_, v: unknown) =>
          Buffer.isBuffer(v) ? v.toString('base64') : typeof v === 'bigint' ? String(v) : v,
        );
      })
      .sort();
    out[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return out;
}
