import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { StoreBusyError } from '../errors';
import { bindValues, numberPlaceholders, type Placeholders } from './pg-placeholders';
import type { EngineSql, RunResult, Sql, StatementFor } from './sql-port';

/** An open transaction: its connection, savepoints and what waits for its commit. */
interface TransactionContext {
  client: pg.PoolClient;
  open: boolean;
  savepoints: string[];
  nextSavepoint: number;
  committed: Array<() => void>;
  /** Sql.memo: what it remembers of its own reads; a new attempt starts without it. */
  memo: Map<string, unknown>;
  /** Rows its statements changed, counted into the change token once it commits. */
  changes: number;
  /** Set when PostgreSQL refused one of its statements as not serializable: it runs again. */
  mustRetry: boolean;
  /**
   * The first statement that failed, and the savepoint it ran in (undefined: the transaction
   * itself). PostgreSQL then refuses everything up to the rollback to that savepoint, and turns
   * a COMMIT into a ROLLBACK; SQLite would have undone only the statement. So a caller that
   * caught the error cannot go on as if nothing happened: that savepoint, or the transaction,
   * fails with it.
   */
  aborted?: { at: string | undefined; error: unknown };
}

interface Scope {
  tx: TransactionContext;
  savepoint?: string;
}

export type Isolation = 'serializable' | 'read committed';

export interface PgPortOptions {
  /**
   * SERIALIZABLE unless a test asks otherwise: the double-spend test's control case shows that
   * READ COMMITTED loses updates the domain's read-decide-write makes.
   */
  isolation?: Isolation;
  /** How often a transaction refused as not serializable runs again before the error is told. */
  attempts?: number;
  /** The first retry waits up to this (jittered, doubling each time). */
  retryBaseMs?: number;
  /** Counts the retries (the benchmarks report the rate). */
  onRetry?: (code: string) => void;
  /** How many SQL texts are prepared on each connection (see statementName); 500 unless set. */
  mostPrepared?: number;
}

/** The advisory lock a transaction running again takes first (any fixed number of our own). */
const RETRY_LANE = 7_314_022;

/** PostgreSQL's serialization failure and deadlock: the transaction may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const isRetryable = (error: unknown) =>
  RETRYABLE.has((error as { code?: string } | null)?.code ?? '');

type Mode = 'rows' | 'pluck' | 'raw';

/**
 * A statement's name on every connection of the pool: derived from its text, so one text is one
 * prepared statement, parsed once per connection rather than on every run. Parsing was a third of
 * a patient search's time on the server (docs/benchmarks.md). `exec` stays unnamed: it runs
 * migrations and one-off statements.
 */
const statementName = (text: string) =>
  `ed_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

/**
 * The PostgreSQL adapter of the store port (docs/architecture.md, "The store port"). A pool of
 * connections; a transaction takes one for its whole life, at SERIALIZABLE, so the domain's
 * read-decide-write (credits.ts reads the account and writes it back) stays as safe as on the
 * one SQLite writer without auditing each site: when PostgreSQL finds two transactions that could
 * not have run one after the other, or a deadlock, one of them is refused and runs again here,
 * after a jittered wait. So `fn` may run more than once: its effects outside the store belong in
 * `afterCommit`, which only the attempt that committed runs.
 */
export function createPgPort(pool: pg.Pool, options: PgPortOptions = {}): Sql {
  const context = new AsyncLocalStorage<Scope>();
  const isolation = (options.isolation ?? 'serializable').toUpperCase();
  // A hundred requests spending from the one credit account at once conflict on its row again
  // and again: twelve attempts ran out for a few of them (a 500); thirty, with the doubling wait
  // capped at half a second, see a burst like that through.
  const attempts = options.attempts ?? 30;
  const retryBaseMs = options.retryBaseMs ?? 2;
  let changes = 0;
  let open = true;
  // A prepared statement holds 16 to 32 KB on each connection for the connection's life, and the
  // patient list builds its SQL from the filters it is given: the query modules' own statements
  // come first (they are prepared as the service starts), and past the cap a new text runs
  // unnamed, parsed on every run as before.
  const names = new Map<string, string>();
  const mostPrepared = options.mostPrepared ?? 500;
  const named = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < mostPrepared)
      names.set(text, (name = statementName(text)));
    return name;
  };

  const current = () => {
    const scope = context.getStore();
    return scope?.tx.open ? scope : undefined;
  };

  /** A jittered, doubling wait before attempt `n` (1-based) runs again. */
  const backoff = (n: number) => sleep(Math.random() * retryBaseMs * 2 ** Math.min(n, 8));

  /** Counts a statement's changed rows: into its transaction, or at once for a lone one. */
  function counted(result: pg.QueryResult, scope: Scope | undefined): number {
    const rows = isWrite(result.command) ? (result.rowCount ?? 0) : 0;
    if (scope) scope.tx.changes += rows;
    else changes += rows;
    return rows;
  }

  async function query(
    config: pg.QueryConfig | pg.QueryArrayConfig,
    counts = true,
  ): Promise<pg.QueryResult | pg.QueryArrayResult> {
    const scope = current();
    if (scope) {
      try {
        const result = await scope.tx.client.query(config);
        if (counts) counted(result, scope);
        return result;
      } catch (error) {
        if (isRetryable(error)) scope.tx.mustRetry = true;
        else scope.tx.aborted ??= { at: scope.savepoint, error };
        throw error;
      }
    }
    // A lone statement is a transaction of its own: refused as not serializable, it runs again.
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await pool.query(config);
        if (counts) counted(result, undefined);
        return result;
      } catch (error) {
        if (!isRetryable(error)) throw error;
        if (attempt >= attempts) throw new StoreBusyError(attempts, error);
        options.onRetry?.((error as { code: string }).code);
        await backoff(attempt);
      }
    }
  }

  class PortStatement {
    private mode: Mode = 'rows';
    private counts = true;
    private readonly placeholders: Placeholders;
    private readonly name: string | undefined;
    constructor(source: string) {
      this.placeholders = numberPlaceholders(source);
      this.name = named(this.placeholders.text);
    }
    pluck() {
      this.mode = 'pluck';
      return this;
    }
    raw() {
      this.mode = 'raw';
      return this;
    }
    uncounted() {
      this.counts = false;
      return this;
    }
    private async rows(params: unknown[]): Promise<{ rows: unknown[]; changes: number }> {
      const values = bindValues(this.placeholders, params);
      const arrays = this.mode !== 'rows';
      const result = await query(
        {
          ...(this.name ? { name: this.name } : {}),
          text: this.placeholders.text,
          values,
          ...(arrays ? { rowMode: 'array' as const } : {}),
        },
        this.counts,
      );
      const rows =
        this.mode === 'pluck' ? (result.rows as unknown[][]).map((r) => r[0]) : result.rows;
      return { rows, changes: isWrite(result.command) ? (result.rowCount ?? 0) : 0 };
    }
    async run(...params: unknown[]): Promise<RunResult> {
      return { changes: (await this.rows(params)).changes };
    }
    async get(...params: unknown[]): Promise<unknown> {
      return (await this.rows(params)).rows[0];
    }
    async all(...params: unknown[]): Promise<unknown[]> {
      return (await this.rows(params)).rows;
    }
  }

  async function savepoint<T>(outer: Scope, fn: () => Promise<T> | T): Promise<T> {
    const { tx } = outer;
    if (tx.savepoints.at(-1) !== outer.savepoint)
      throw new Error('Nested transactions of one transaction must not run concurrently');
    const name = `sp${tx.nextSavepoint++}`;
    const committedBefore = tx.committed.length;
    const changesBefore = tx.changes;
    await tx.client.query(`SAVEPOINT ${name}`);
    tx.savepoints.push(name);
    const close = () => {
      if (tx.savepoints.at(-1) !== name)
        throw new Error('Nested transactions of one transaction must not run concurrently');
      tx.savepoints.pop();
    };
    try {
      const result = await context.run({ tx, savepoint: name }, fn);
      if (tx.aborted?.at === name) throw tx.aborted.error;
      close();
      await tx.client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      close();
      // A transaction that must run again is undone whole; its savepoints need no undoing.
      if (!tx.mustRetry) {
        await tx.client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
        if (tx.aborted?.at === name) tx.aborted = undefined;
        // What it remembered may have been read or written inside the savepoint just undone.
        tx.memo.clear();
        tx.committed.length = committedBefore;
        tx.changes = changesBefore;
      }
      throw error;
    }
  }

  /**
   * One attempt: BEGIN, `fn`, COMMIT on its own connection; what it committed, or why not. A
   * transaction running again (`lane`) first takes the retry lane, a session advisory lock every
   * instance on the database shares: transactions that lost once then run one at a time, and a
   * burst on one hot row (a hundred spenders on the credit account) drains instead of refusing
   * itself over and over until attempts run out. First attempts never wait for the lane.
   */
  async function attempt<T>(
    fn: () => Promise<T> | T,
    lane: boolean,
  ): Promise<{ result: T; tx: TransactionContext }> {
    const client = await pool.connect();
    const tx: TransactionContext = {
      client,
      open: true,
      savepoints: [],
      nextSavepoint: 1,
      committed: [],
      memo: new Map(),
      changes: 0,
      mustRetry: false,
    };
    let broken = false;
    let laneTaken = false;
    try {
      if (lane) {
        await client.query('SELECT pg_advisory_lock($1)', [RETRY_LANE]);
        laneTaken = true;
      }
      await client.query(`BEGIN ISOLATION LEVEL ${isolation}`);
      let result: T;
      try {
        result = await context.run({ tx }, fn);
      } catch (error) {
        // A refusal caught inside `fn` still dooms the attempt: it runs again whole.
        throw tx.mustRetry && !isRetryable(error) ? retryableFrom(error) : error;
      }
      if (tx.mustRetry) throw retryableFrom(new Error('a statement was refused and caught'));
      if (tx.aborted) throw tx.aborted.error;
      const commit = await client.query('COMMIT');
      // PostgreSQL answers ROLLBACK to the COMMIT of a transaction it had aborted: never silent.
      if (commit.command !== 'COMMIT')
        throw new Error(`The transaction was rolled back at its commit (${commit.command})`);
      return { result, tx };
    } catch (error) {
      tx.open = false;
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      tx.open = false;
      // A connection that cannot give the lane back is closed, which gives it back.
      if (laneTaken && !broken)
        await client
          .query('SELECT pg_advisory_unlock($1)', [RETRY_LANE])
          .catch(() => (broken = true));
      client.release(broken);
    }
  }

  return {
    engine: 'postgres',
    prepare<P extends unknown[] | object = unknown[], R = unknown>(source: EngineSql) {
      const text = typeof source === 'string' ? source : source.postgres;
      return new PortStatement(text) as unknown as StatementFor<P, R>;
    },
    async transaction<T>(fn: () => Promise<T> | T): Promise<T> {
      const outer = current();
      if (outer) return savepoint(outer, fn);
      for (let n = 1; ; n++) {
        try {
          const { result, tx } = await attempt(fn, n > 1);
          changes += tx.changes;
          for (const done of tx.committed) context.exit(done);
          return result;
        } catch (error) {
          // A COMMIT can be refused too (serialization is checked at commit).
          if (!isRetryable(error)) throw error;
          if (n >= attempts) throw new StoreBusyError(attempts, (error as Error).cause ?? error);
          options.onRetry?.((error as { code: string }).code);
          await backoff(n);
        }
      }
    },
    async exec(source: EngineSql) {
      const text = typeof source === 'string' ? source : source.postgres;
      const scope = current();
      await (scope ? scope.tx.client : pool).query(text);
      // A schema change or a sabotage: whatever caches hold is suspect.
      if (scope) scope.tx.changes++;
      else changes++;
    },
    get open() {
      return open;
    },
    get inTransaction() {
      return current() !== undefined;
    },
    detached: (fn) => context.exit(fn),
    afterCommit(fn) {
      const scope = current();
      if (scope) scope.tx.committed.push(fn);
      else fn();
    },
    memo: () => current()?.tx.memo,
    /**
     * The rows this process committed, the uncounted statements' left out (as they ran, in their
     * own transaction: a count taken off a global figure before their commit made the token go
     * back to a value it had had, and a cached page from before a commit came back). One instance
     * per database for now (issue 21): another process's commits are not seen here; several
     * instances will need the database to announce its changes (LISTEN/NOTIFY), the next issue's.
     */
    changeToken() {
      return String(changes);
    },
    async close() {
      if (!open) return;
      open = false;
      // Waits for every connection a transaction holds to come back.
      await pool.end();
    },
  };
}

const isWrite = (command: string | undefined) =>
  command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';

/** An error that makes the transaction run again, keeping the one that caused it. */
function retryableFrom(cause: unknown): Error {
  return Object.assign(new Error('The transaction must run again (not serializable)', { cause }), {
    code: '40001',
  });
}
