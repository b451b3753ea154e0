/**
 * What the test's own checks read through: the store port (asynchronous) or a better-sqlite3
 * connection to a file a killed process left behind (synchronous). Awaiting either's result
 * works, so one check serves both.
 */
export interface Queryable {
  prepare(sql: string): {
    all(...params: unknown[]): unknown[] | Promise<unknown[]>;
    get(...params: unknown[]): unknown;
  };
}
