import type { ListPage } from '../store/keyset-list';

/**
 * A list page as the transports answer it. The store hands back the page's rows already rendered
 * as JSON by SQLite (store/keyset-list.ts); the HTTP API sends them as they are, the window's
 * operations parse them. Routes and operations reach lists only through here, never the store.
 */
export type { ListPage };

const DATA_OPEN = Buffer.from('{"data":[');

/** The list response body, `{data, pagination, ...extra}`, around the page's rows. */
export function listBody(page: ListPage, extra?: Record<string, unknown>): Buffer {
  let tail = `],"pagination":${JSON.stringify(page.pagination)}`;
  if (extra)
    for (const [k, v] of Object.entries(extra))
      tail += `,${JSON.stringify(k)}:${JSON.stringify(v)}`;
  return Buffer.concat([DATA_OPEN, page.rows, Buffer.from(`${tail}}`)]);
}

/** The page's rows as values, for callers that need objects rather than bytes (IPC, tests). */
export function listItems<T>(page: ListPage): T[] {
  return JSON.parse(`[${page.rows.toString('utf8')}]`) as T[];
}
