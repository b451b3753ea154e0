import { AsyncLocalStorage } from 'node:async_hooks';
import type { Statement } from 'better-sqlite3-multiple-ciphers';
import { openKeyed, type DataKey } from './data-key';
import type { Db } from './db';
import type { EngineSql, RunResult, Sql, StatementFor } from './sql-port';
import { createWriteTurn } from './write-turn';

/** An open transaction. */
interface TransactionContext {
  open: boolean;
  /** Savepoints open inside it, innermost last. */
  savepoints: string[];
  nextSavepoint: number;
  /** What runs once it has committed (Sql.afterCommit). */
  committed: Array<() => void>;
  /** Sql.memo: what it remembers of its own reads. */
  memo: Map<string, unknown>;
}

/** Where a caller runs (ambient through AsyncLocalStorage): a transaction, and its savepoint. */
interface Scope {
  tx: TransactionContext;
  savepoint?: string;
}

export interface SqlitePortOptions {
  /** The database file, for the read connection; absent for an in-memory database. */
  file?: string;
  key?: DataKey;
}

type Mode = 'rows' | 'pluck' | 'raw';

/**
 * The SQLite adapter of the store port. One writer connection (the one openDb migrated), taken in
 * turns: a transaction holds it across its awaits, so the domain's read-decide-write stays as safe
 * as it was when everything was synchronous. A read outside a transaction runs on the writer when
 * it is free, and otherwise on a second, read-only connection, which in WAL mode sees every commit
 * and never waits for the writer. An in-memory database has no second connection: there, such a
 * read waits for the writer's turn like a write does, or it would see an open transaction's
 * uncommitted rows.
 */
export function createSqlitePort(writer: Db, options: SqlitePortOptions = {}): Sql {
  const context = new AsyncLocalStorage<Scope>();
  const turn = createWriteTurn();
  const reader = options.file ? openKeyed(options.file, options.key, true) : undefined;

  const begin = writer.prepare('BEGIN IMMEDIATE');
  const commit = writer.prepare('COMMIT');
  const rollback = writer.prepare('ROLLBACK');
  const totalChanges = writer.prepare<[], number>('SELECT total_changes()').pluck();
  const dataVersion = writer.prepare<[], number>('PRAGMA data_version').pluck();
  /**
   * The savepoint statements of each depth, prepared once: a savepoint's SQL name is its depth
   * (the one open at a depth is released before another opens there), so a job batch's hundreds
   * of savepoints reuse a few statements instead of parsing SQL for each (as better-sqlite3's own
   * nested transactions do). Its identity in `savepoints` stays unique to the transaction.
   */
  const savepointSql: Array<{ open: Statement; release: Statement; undo: Statement }> = [];
  const savepointAt = (depth: number) =>
    (savepointSql[depth] ??= {
      open: writer.prepare(`SAVEPOINT sp${depth}`),
      release: writer.prepare(`RELEASE sp${depth}`),
      undo: writer.prepare(`ROLLBACK TO sp${depth}`),
    });
  /** Changes made by uncounted statements, which total_changes() counts too. */
  let uncountedChanges = 0;
  let committed = '';
  /** Whether a statement that may write ran outside a transaction since the last note. */
  let loneWrites = false;
  /**
   * What the change token counts: every change made on the writer, less the uncounted ones. Noted
   * at each commit, and before a transaction or a token is taken when a lone statement may have
   * written since (every write on the writer goes through this port, so nothing else moves it);
   * while a transaction is open, the figure noted before it stands, since its own changes are not
   * committed yet.
   */
  const noteCommit = () => {
    committed = String(totalChanges.get()! - uncountedChanges);
    loneWrites = false;
  };
  noteCommit();

  const current = () => {
    const scope = context.getStore();
    return scope?.tx.open ? scope : undefined;
  };

  /**
   * Runs `op` on the connection the caller's context calls for. A read outside a transaction
   * goes to the writer when no transaction holds it: the writer's page cache stays warm across
   * its own commits, while the reader's is dropped after each of them (every page read again, and
   * decrypted again on a keyed database), which cost the write-heavy workloads a third of their
   * rate. The reader serves the reads that would otherwise wait for a transaction to end.
   */
  function execute<T>(stmt: PortStatement, op: (s: Statement) => T): Promise<T> | T {
    if (current()) return op(stmt.on(writer));
    if (!turn.taken) {
      if (!stmt.readonly) loneWrites = true;
      return op(stmt.on(writer));
    }
    if (reader && stmt.readonly) return op(stmt.on(reader));
    return turn.take()!.then(() => {
      try {
        if (!stmt.readonly) loneWrites = true;
        return op(stmt.on(writer));
      } finally {
        turn.give();
      }
    });
  }

  class PortStatement {
    private mode: Mode = 'rows';
    private counts = true;
    private readonly prepared = new Map<Db, Statement>();
    readonly readonly: boolean;
    constructor(private readonly source: string) {
      this.readonly = this.on(writer).readonly;
    }
    on(db: Db): Statement {
      let stmt = this.prepared.get(db);
      if (!stmt) {
        stmt = db.prepare(this.source);
        if (this.mode === 'pluck') stmt.pluck();
        else if (this.mode === 'raw') stmt.raw();
        this.prepared.set(db, stmt);
      }
      return stmt;
    }
    pluck() {
      return this.setMode('pluck');
    }
    raw() {
      return this.setMode('raw');
    }
    private setMode(mode: Mode) {
      this.mode = mode;
      for (const stmt of this.prepared.values()) {
        if (mode === 'pluck') stmt.pluck();
        else stmt.raw();
      }
      return this;
    }
    uncounted() {
      this.counts = false;
      return this;
    }
    async run(...params: unknown[]): Promise<RunResult> {
      return execute(this, (s) => {
        const result = s.run(...params);
        // With the statement, before anything can read the token (total_changes() has it now).
        if (!this.counts) uncountedChanges += result.changes;
        return result;
      });
    }
    async get(...params: unknown[]): Promise<unknown> {
      return execute(this, (s) => s.get(...params));
    }
    async all(...params: unknown[]): Promise<unknown[]> {
      return execute(this, (s) => s.all(...params));
    }
  }

  async function savepoint<T>(outer: Scope, fn: () => Promise<T> | T): Promise<T> {
    const { tx } = outer;
    // Only from inside the innermost savepoint (or the transaction itself when none is open):
    // two savepoints opened side by side (Promise.all) would release or undo each other's work,
    // so that is refused loudly rather than left to corrupt the transaction.
    if (tx.savepoints.at(-1) !== outer.savepoint)
      throw new Error('Nested transactions of one transaction must not run concurrently');
    const name = `sp${tx.nextSavepoint++}`;
    const sql = savepointAt(tx.savepoints.length + 1);
    // What the savepoint asks to run after the commit goes with it when it is undone.
    const committedBefore = tx.committed.length;
    sql.open.run();
    tx.savepoints.push(name);
    const close = () => {
      if (tx.savepoints.at(-1) !== name)
        throw new Error('Nested transactions of one transaction must not run concurrently');
      tx.savepoints.pop();
    };
    try {
      const result = await context.run({ tx, savepoint: name }, fn);
      close();
      sql.release.run();
      return result;
    } catch (error) {
      close();
      if (writer.inTransaction) {
        sql.undo.run();
        sql.release.run();
      }
      tx.committed.length = committedBefore;
      // What it remembered may have been read or written inside the savepoint just undone.
      tx.memo.clear();
      throw error;
    }
  }

  return {
    engine: 'sqlite',
    prepare<P extends unknown[] | object = unknown[], R = unknown>(source: EngineSql) {
      const text = typeof source === 'string' ? source : source.sqlite;
      return new PortStatement(text) as unknown as StatementFor<P, R>;
    },
    async transaction<T>(fn: () => Promise<T> | T): Promise<T> {
      const outer = current();
      if (outer) return savepoint(outer, fn);
      const wait = turn.take();
      if (wait) await wait;
      const tx: TransactionContext = {
        open: true,
        savepoints: [],
        nextSavepoint: 1,
        committed: [],
        memo: new Map(),
      };
      try {
        // What was committed before it (lone statements included), for the change token meanwhile.
        if (loneWrites) noteCommit();
        begin.run();
        let result: T;
        try {
          result = await context.run({ tx }, fn);
          commit.run();
        } catch (error) {
          if (writer.inTransaction) rollback.run();
          throw error;
        }
        noteCommit();
        tx.open = false;
        turn.give();
        for (const fn of tx.committed) context.exit(fn);
        return result;
      } finally {
        if (tx.open) {
          tx.open = false;
          turn.give();
        }
      }
    },
    async exec(source: EngineSql) {
      const text = typeof source === 'string' ? source : source.sqlite;
      const inTransaction = current() !== undefined;
      if (inTransaction || !turn.taken) {
        if (!inTransaction) loneWrites = true;
        writer.exec(text);
        return;
      }
      await turn.take();
      try {
        loneWrites = true;
        writer.exec(text);
      } finally {
        turn.give();
      }
    },
    get open() {
      return writer.open;
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
    changeToken() {
      if (!turn.taken && loneWrites) noteCommit();
      return `${dataVersion.get()}:${committed}`;
    },
    async close() {
      if (!writer.open) return;
      // A transaction under way ends first: a close never cuts one in half.
      const wait = turn.take();
      if (wait) await wait;
      reader?.close();
      writer.close();
      turn.give();
    },
  };
}
