import type { SqlStatement as Statement } from './sql-port';
import type { CursorSigner, CursorPosition } from '../security/cursor-signer';
import type { EngineSql, Sql } from './sql-port';

/**
 * The one keyset-pagination implementation every list uses. Rows come newest first on an immutable
 * key (or in a sort order the list chooses); the next page starts strictly after the last row
 * returned, so rows inserted while a client pages never shift or repeat a page. SQLite renders the whole page as one UTF-8 JSON blob: a
 * single buffer crosses into JavaScript and goes to the socket as is, instead of a dozen column
 * values per row being materialised, serialized and encoded again (see docs/benchmarks.md).
 */
export interface ListDefinition {
  /** Binds cursors to this list. */
  name: string;
  /** FROM clause, e.g. `patients` (or one per engine). */
  from: EngineSql;
  /**
   * SQL expression rendering one row as JSON text: one for both engines (a stored JSON column),
   * or one per engine where the rendering differs (json_quote is engage_json_text on PostgreSQL).
   */
  json: EngineSql;
  /**
   * The ordering key, newest first: either one unique, immutable key that grows with createdAt
   * (an INTEGER PRIMARY KEY kept in time order), or the pair (createdAt column, id column).
   */
  keys: readonly [string] | readonly [string, string];
  /**
   * `desc` (the default) walks the keys downwards: newest first. `asc` walks them upwards, for a
   * list sorted on a key such as a name, with a unique tie breaker as its second key.
   */
  direction?: 'asc' | 'desc';
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
  /** The page's rows as JSON, comma-separated, without the surrounding brackets (UTF-8). */
  rows: Buffer;
  /** How many rows the page holds. */
  size: number;
  pagination: { cursor: string; hasMore: boolean; limit: number };
}

type PageRow = [Buffer | null, number, string | number | null, string | null];

export function createListRunner(db: Sql, signer: CursorSigner) {
  const cache = new Map<string, Statement<unknown[], PageRow>>();

  const forEngine = (sql: EngineSql) => (typeof sql === 'string' ? sql : sql[db.engine]);

  function statement(def: ListDefinition, where: ListCondition[]) {
    const conditions = where.map((c) => c.sql).join(' AND ');
    const dir = def.direction === 'asc' ? 'ASC' : 'DESC';
    const from = forEngine(def.from);
    const json = forEngine(def.json);
    const cacheKey = `${from}\n${def.keys.join()}\n${dir}\n${json}\n${conditions}`;
    let stmt = cache.get(cacheKey);
    if (!stmt) {
      const [k0, k1] = def.keys;
      const order = def.keys.map((k) => `${k} ${dir}`).join(', ');
      // The inner query reads limit + 1 rows (the extra one only tells whether there is more);
      // the outer one joins the first `limit` of them in key order and reports the last key.
      // The joined text crosses as a Buffer on both engines: CAST AS BLOB on SQLite, convert_to
      // (bytea) on PostgreSQL. The limit is a `?` of its own at each place (the conditions take
      // `?` too, and PostgreSQL's adapter does not mix them with `@name`): see listPage.
      const page = (blob: (text: string) => string) =>
        `SELECT ${blob(`string_agg(CASE WHEN n <= ? THEN j END, ',' ORDER BY n)`)}, count(*),
          max(CASE WHEN n = ? THEN k0 END), max(CASE WHEN n = ? THEN k1 END)
        FROM (SELECT row_number() OVER (ORDER BY k0 ${dir}, k1 ${dir}) AS n, k0, k1, j
          FROM (SELECT ${k0} AS k0, ${k1 ?? 'NULL'} AS k1, ${json} AS j FROM ${from}
            ${conditions ? `WHERE ${conditions}` : ''} ORDER BY ${order} LIMIT ? + 1) AS keyed) AS numbered`;
      stmt = db
        .prepare<unknown[], PageRow>({
          sqlite: page((text) => `CAST(${text} AS BLOB)`),
          postgres: page((text) => `convert_to(${text}, 'UTF8')`),
        })
        .raw();
      cache.set(cacheKey, stmt);
    }
    return stmt;
  }

  return async function listPage(def: ListDefinition, query: ListQuery): Promise<ListPage> {
    const where = [...query.where];
    if (query.cursor) {
      const position = signer.verify(def.name, query.filters, query.cursor, def.keys.length);
      const after = def.direction === 'asc' ? '>' : '<';
      where.push(
        def.keys.length === 1
          ? { sql: `${def.keys[0]} ${after} ?`, params: position }
          : { sql: `(${def.keys[0]}, ${def.keys[1]}) ${after} (?, ?)`, params: position },
      );
    }
    // The limit's three places before the conditions, then the conditions', then the limit's last.
    const params: unknown[] = [query.limit, query.limit, query.limit];
    for (const c of where) params.push(...c.params);
    params.push(query.limit);
    const [rows, count, lastK0, lastK1] = (await statement(def, where).get(...params))!;
    const hasMore = count > query.limit;
    let cursor = '';
    if (hasMore) {
      const position: CursorPosition = def.keys.length === 1 ? [lastK0!] : [lastK0!, lastK1!];
      cursor = signer.sign(def.name, query.filters, position);
    }
    return {
      rows: rows ?? EMPTY,
      size: Math.min(count, query.limit),
      pagination: { cursor, hasMore, limit: query.limit },
    };
  };
}

const EMPTY = Buffer.alloc(0);

export type ListRunner = ReturnType<typeof createListRunner>;

/** `column = ?` for each column whose filter value is given: the equality filters of a list. */
export function equalTo(filters: Record<string, string | undefined>): ListCondition[] {
  return Object.entries(filters)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([column, value]) => ({ sql: `${column} = ?`, params: [value] }));
}
