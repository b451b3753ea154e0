import type { Statement } from 'better-sqlite3';
import type { CursorSigner } from '../security/cursor-signer';
import type { Db } from './db';

/**
 * The one keyset-pagination implementation every list uses. Rows come newest first on an immutable
 * (sort, id) key; the next page starts strictly after the last row returned, so rows inserted while
 * a client pages never shift or repeat a page. Each row is rendered to JSON by SQLite itself: one
 * string per row crosses into JavaScript instead of a dozen column values (see docs/benchmarks.md).
 */
export interface ListDefinition {
  /** Binds cursors to this list. */
  name: string;
  /** FROM clause, e.g. `patients`. */
  from: string;
  /** SQL expression rendering one row as JSON text. */
  json: string;
  /** Immutable ISO timestamp column the list is ordered by, newest first. */
  sort: string;
  /** Unique id column breaking ties. */
  id: string;
}

export interface ListCondition {
  sql: string;
  params: unknown[];
}

export interface ListQuery {
  limit: number;
  cursor?: string | undefined;
  /** The client's filter values; they bind the cursor. */
  filters: Record<string, unknown>;
  /** SQL conditions implementing those filters. */
  where: ListCondition[];
}

export interface ListPage {
  /** The page's rows as one JSON array text. */
  dataJson: string;
  pagination: { cursor: string; hasMore: boolean; limit: number };
}

export function createListRunner(db: Db, signer: CursorSigner) {
  const cache = new Map<string, Statement<unknown[], [string, string, string]>>();
  const statement = (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = db.prepare<unknown[], [string, string, string]>(sql).raw(true) as Statement<
        unknown[],
        [string, string, string]
      >;
      cache.set(sql, stmt);
    }
    return stmt;
  };

  return function listPage(def: ListDefinition, query: ListQuery): ListPage {
    const where = [...query.where];
    if (query.cursor) {
      const position = signer.verify(def.name, query.filters, query.cursor);
      where.push({
        sql: `(${def.sort}, ${def.id}) < (?, ?)`,
        params: [position.sort, position.id],
      });
    }
    const sql =
      `SELECT ${def.sort}, ${def.id}, ${def.json} FROM ${def.from}` +
      (where.length ? ` WHERE ${where.map((c) => c.sql).join(' AND ')}` : '') +
      ` ORDER BY ${def.sort} DESC, ${def.id} DESC LIMIT ?`;
    const params = where.flatMap((c) => c.params);
    params.push(query.limit + 1);
    const rows = statement(sql).all(...params);
    const hasMore = rows.length > query.limit;
    if (hasMore) rows.pop();
    const last = rows[rows.length - 1];
    let dataJson = '[';
    for (let i = 0; i < rows.length; i++) dataJson += (i ? ',' : '') + rows[i]![2];
    dataJson += ']';
    return {
      dataJson,
      pagination: {
        cursor:
          hasMore && last
            ? signer.sign(def.name, query.filters, { sort: last[0], id: last[1] })
            : '',
        hasMore,
        limit: query.limit,
      },
    };
  };
}

export type ListRunner = ReturnType<typeof createListRunner>;

/** Renders a list response body around a page, without parsing the rows again. */
export function listBody(page: ListPage, extra?: Record<string, unknown>): string {
  let body = `{"data":${page.dataJson},"pagination":${JSON.stringify(page.pagination)}`;
  if (extra)
    for (const [k, v] of Object.entries(extra))
      body += `,${JSON.stringify(k)}:${JSON.stringify(v)}`;
  return body + '}';
}
