/**
 * The store's port: the one asynchronous interface the whole service reads and writes through,
 * whatever the engine behind it (docs/architecture.md, "The store port"). Query modules prepare
 * statements on it; the domain runs them and opens transactions on it. An adapter per engine
 * implements it: store/sqlite-port.ts today.
 *
 * Transactions are ambient: inside `transaction(fn)`, every statement run by `fn` (and by whatever
 * it awaits) runs in that transaction, and a `transaction()` opened inside it is a savepoint. The
 * domain therefore keeps the shape it had when it was synchronous: a query module is prepared once
 * and called from anywhere, in a transaction or not.
 */

/** The engines the service runs on. */
export type Engine = 'sqlite' | 'postgres';

/**
 * A statement's text: one string when every engine takes it as is, or an explicit pair where the
 * engines' SQL must differ (full-text search, JSON rendering, a few functions).
 */
export type EngineSql = string | { readonly sqlite: string; readonly postgres: string };

export interface RunResult {
  /** Rows the statement inserted, updated or deleted. */
  changes: number;
  /** SQLite's rowid of the last row inserted (integer primary keys); absent on other engines. */
  lastInsertRowid?: number | bigint;
}

/** A prepared statement, in the shape better-sqlite3 made familiar, with asynchronous results. */
export interface SqlStatement<P extends unknown[] = unknown[], R = unknown> {
  run(...params: P): Promise<RunResult>;
  get(...params: P): Promise<R | undefined>;
  all(...params: P): Promise<R[]>;
  /** Rows are the first column's value instead of objects. */
  pluck(): this;
  /** Rows are arrays of column values instead of objects. */
  raw(): this;
  /**
   * Its changes leave the change token alone (the audit trail: an event changes no patient, so
   * it must not empty the list caches). What `run` changes is left out as the statement runs, in
   * its own transaction.
   */
  uncounted(): this;
}

export type StatementFor<P extends unknown[] | object, R> = P extends unknown[]
  ? SqlStatement<P, R>
  : SqlStatement<[P], R>;

export interface Sql {
  readonly engine: Engine;
  /** Prepares a statement once; it runs on whichever connection the caller's context needs. */
  prepare<P extends unknown[] | object = unknown[], R = unknown>(
    source: EngineSql,
  ): StatementFor<P, R>;
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. Write
   * transactions are serialised, so the domain may read, decide and write inside one as if it were
   * alone. Nested calls are savepoints of the enclosing transaction.
   */
  transaction<T>(fn: () => Promise<T> | T): Promise<T>;
  /** Runs statements that take no parameters (schema changes, a test's sabotage). */
  exec(source: EngineSql): Promise<void>;
  /** False once closed. */
  readonly open: boolean;
  /** Whether the caller runs inside a transaction of this store. */
  readonly inTransaction: boolean;
  /**
   * Runs `fn` outside any transaction of the caller, for work that outlives it (a job woken by a
   * write must not run inside the transaction that woke it). A write started this way waits for
   * the caller's transaction to end: awaiting it from inside that transaction never returns.
   */
  detached<T>(fn: () => T): T;
  /**
   * Runs `fn` once the caller's transaction has committed (at once outside one; never if it
   * rolls back): for work that reads what the transaction wrote from elsewhere (the job runner
   * arming its timer for a job just added).
   */
  afterCommit(fn: () => void): void;
  /**
   * What the caller's transaction remembers of its own reads, for a value read again and again
   * within it (a delivery batch reads the clinic's name for each of its hundreds of jobs): one map
   * per transaction, emptied when one of its savepoints is undone, gone with it. Undefined outside
   * a transaction, where nothing may be remembered (another connection may change anything). A
   * value kept here must be written through by whatever changes it within the transaction.
   */
  memo(): Map<string, unknown> | undefined;
  /**
   * Changes whenever something this store can see was committed, except by the statements marked
   * `uncounted` (see read-cache.ts); never takes a value it had before. Cheap enough to ask before
   * every cached read.
   */
  changeToken(): string;
  close(): Promise<void>;
}
