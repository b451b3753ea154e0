import Database from 'better-sqlite3-multiple-ciphers';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../../src-main/service/store/db';
import type { Sql } from '../../src-main/service/store/sql-port';
import { createSqlitePort } from '../../src-main/service/store/sqlite-port';
import { tempDataDir } from './helpers';

/**
 * The store port's SQLite adapter (store/sqlite-port.ts): ambient transactions with savepoints,
 * one writer at a time across awaits, reads on their own connection, and work that leaves a
 * transaction behind. Each case on a database file (a read connection beside the writer) and,
 * where the behaviour differs, in memory (reads wait for the writer's turn).
 */
const opened: Sql[] = [];
const cleanups: Array<() => void> = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
  while (cleanups.length) cleanups.pop()!();
});

/** A fresh port over a table `t (n INTEGER)`, on a file or in memory. */
async function port(where: 'file' | 'memory'): Promise<Sql> {
  let sql: Sql;
  if (where === 'memory') {
    sql = createSqlitePort(new Database(':memory:'));
  } else {
    const { dir, cleanup } = tempDataDir();
    cleanups.push(cleanup);
    const { db, file } = openDb({ dataDir: dir });
    sql = createSqlitePort(db, { file: file! });
  }
  opened.push(sql);
  await sql.exec('CREATE TABLE t (n INTEGER NOT NULL)');
  return sql;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function values(sql: Sql): Promise<number[]> {
  return await sql.prepare<[], number>('SELECT n FROM t ORDER BY rowid').pluck().all();
}

describe.each(['file', 'memory'] as const)('the SQLite store port (%s)', (where) => {
  it('commits a transaction that resolves and undoes one that throws', async () => {
    const sql = await port(where);
    const insert = sql.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
    await sql.transaction(async () => {
      await insert.run(1);
      await tick();
      await insert.run(2);
    });
    await expect(
      sql.transaction(async () => {
        await insert.run(3);
        await tick();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await values(sql)).toEqual([1, 2]);
    expect(sql.inTransaction).toBe(false);
  });

  it('makes a nested transaction a savepoint: its failure undoes only itself', async () => {
    const sql = await port(where);
    const insert = sql.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
    await sql.transaction(async () => {
      await insert.run(1);
      await expect(
        sql.transaction(async () => {
          await insert.run(2);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      await sql.transaction(() => insert.run(3));
      expect(sql.inTransaction).toBe(true);
    });
    expect(await values(sql)).toEqual([1, 3]);
    // ...and the outer one's failure undoes what its savepoints kept.
    await expect(
      sql.transaction(async () => {
        await sql.transaction(() => insert.run(4));
        throw new Error('outer');
      }),
    ).rejects.toThrow('outer');
    expect(await values(sql)).toEqual([1, 3]);
  });

  it('undoes the right work when savepoints at one depth follow each other (a job batch)', async () => {
    const sql = await port(where);
    const insert = sql.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
    await sql.transaction(async () => {
      // Each savepoint of a depth reuses that depth's statements: a failure must still undo
      // only its own rows, at any depth, however many came before it.
      for (let job = 1; job <= 6; job++) {
        await sql
          .transaction(async () => {
            await insert.run(job * 10);
            await sql
              .transaction(async () => {
                await insert.run(job * 10 + 1);
                if (job % 3 === 0) throw new Error('inner');
              })
              .catch(() => undefined);
            if (job % 2 === 0) throw new Error('job');
          })
          .catch(() => undefined);
      }
    });
    expect(await values(sql)).toEqual([10, 11, 30, 50, 51]);
  });

  it('runs concurrent transactions one after the other: read, decide and write lose nothing', async () => {
    const sql = await port(where);
    await sql.prepare('INSERT INTO t (n) VALUES (0)').run();
    const read = sql.prepare<[], number>('SELECT n FROM t').pluck();
    const write = sql.prepare<[number]>('UPDATE t SET n = ?');
    const order: string[] = [];
    // Fifty increments that each wait between their read and their write: without one writer
    // at a time, most would write back a stale count.
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sql.transaction(async () => {
          order.push(`start ${i}`);
          const n = (await read.get())!;
          await tick();
          await write.run(n + 1);
          order.push(`end ${i}`);
        }),
      ),
    );
    expect(await read.get()).toBe(50);
    // In arrival order, never overlapping.
    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => [`start ${i}`, `end ${i}`]).flat());
  });

  it('keeps a write made outside a transaction out of the one that is open', async () => {
    const sql = await port(where);
    const insert = sql.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
    let outside: Promise<unknown> | undefined;
    await expect(
      sql.transaction(async () => {
        await insert.run(1);
        // Started from elsewhere while the transaction is open (a timer, another request).
        outside = sql.detached(() => insert.run(2));
        await tick();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await outside;
    expect(await values(sql)).toEqual([2]);
  });

  it('refuses two savepoints of one transaction open side by side', async () => {
    const sql = await port(where);
    const insert = sql.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
    await expect(
      sql.transaction(() =>
        Promise.all([
          sql.transaction(async () => {
            await tick();
            await insert.run(1);
          }),
          sql.transaction(() => insert.run(2)),
        ]),
      ),
    ).rejects.toThrow('must not run concurrently');
    expect(await values(sql)).toEqual([]);
  });

  it('runs what waits for the commit after it, and never after a rollback', async () => {
    const sql = await port(where);
    const insert = sql.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
    const ran: string[] = [];
    // What it runs reads the committed rows from outside the transaction.
    const note = (label: string) => () =>
      void values(sql).then((rows) => ran.push(`${label} ${rows.join(',')}`));
    await sql.transaction(async () => {
      await insert.run(1);
      sql.afterCommit(note('committed'));
      await expect(
        sql.transaction(async () => {
          sql.afterCommit(note('undone savepoint'));
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      await tick();
      expect(ran).toEqual([]);
    });
    await expect(
      sql.transaction(async () => {
        await insert.run(2);
        sql.afterCommit(note('rolled back'));
        throw new Error('outer');
      }),
    ).rejects.toThrow('outer');
    sql.afterCommit(note('outside'));
    await tick();
    expect(ran).toEqual(['committed 1', 'outside 1']);
  });

  it('moves the change token with each commit, not with reads', async () => {
    const sql = await port(where);
    const before = sql.changeToken();
    await values(sql);
    expect(sql.changeToken()).toBe(before);
    await sql.transaction(() => sql.prepare('INSERT INTO t (n) VALUES (1)').run());
    const afterTransaction = sql.changeToken();
    expect(afterTransaction).not.toBe(before);
    await sql.prepare('INSERT INTO t (n) VALUES (2)').run();
    const afterLoneWrite = sql.changeToken();
    expect(afterLoneWrite).not.toBe(afterTransaction);
    // A lone write not yet asked about, then a transaction: the token it shows while open counts
    // the lone write, and not its own uncommitted rows.
    const beforeLone = sql.changeToken();
    await sql.prepare('INSERT INTO t (n) VALUES (3)').run();
    await sql.transaction(async () => {
      const during = sql.detached(() => sql.changeToken());
      expect(during).not.toBe(beforeLone);
      await sql.prepare('INSERT INTO t (n) VALUES (4)').run();
      expect(sql.detached(() => sql.changeToken())).toBe(during);
    });
    expect(sql.changeToken()).not.toBe(afterLoneWrite);
    // Every way of writing alone moves it: a write read back with get(), an exec; a transaction
    // that rolled back does not.
    const seen = [sql.changeToken()];
    await sql.prepare('INSERT INTO t (n) VALUES (5) RETURNING n').get();
    seen.push(sql.changeToken());
    await sql.exec('DELETE FROM t WHERE n = 5');
    seen.push(sql.changeToken());
    expect(new Set(seen).size).toBe(3);
    await expect(
      sql.transaction(async () => {
        await sql.prepare('INSERT INTO t (n) VALUES (6)').run();
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(sql.changeToken()).toBe(seen[2]);
  });

  it('answers a failing statement with a rejection, never a throw', async () => {
    const sql = await port(where);
    const bad = sql.prepare('INSERT INTO t (n) VALUES (NULL)');
    const answer = bad.run();
    expect(answer).toBeInstanceOf(Promise);
    await expect(answer).rejects.toThrow(/NOT NULL/);
  });
});

describe('reads outside a transaction', () => {
  it('on a file, never see an open transaction and never wait for it', async () => {
    const sql = await port('file');
    const insert = sql.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
    let seenDuring: number[] | undefined;
    await sql.transaction(async () => {
      await insert.run(1);
      // A request answered meanwhile: it reads the last commit, at once.
      seenDuring = await sql.detached(() => values(sql));
    });
    expect(seenDuring).toEqual([]);
    expect(await values(sql)).toEqual([1]);
  });

  it('in memory, wait for the open transaction instead of reading its uncommitted rows', async () => {
    const sql = await port('memory');
    const insert = sql.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
    let read: Promise<number[]> | undefined;
    await sql.transaction(async () => {
      await insert.run(1);
      read = sql.detached(() => values(sql));
      await tick();
      await insert.run(2);
    });
    expect(await read).toEqual([1, 2]);
  });

  it('see a commit made by another connection, and the change token moves with it', async () => {
    const { dir, cleanup } = tempDataDir();
    cleanups.push(cleanup);
    const { db, file } = openDb({ dataDir: dir });
    const sql = createSqlitePort(db, { file: file! });
    opened.push(sql);
    await sql.exec('CREATE TABLE t (n INTEGER NOT NULL)');
    const before = sql.changeToken();
    const other = new Database(join(dir, 'engage-desk.db'));
    other.prepare('INSERT INTO t (n) VALUES (7)').run();
    other.close();
    expect(await values(sql)).toEqual([7]);
    expect(sql.changeToken()).not.toBe(before);
  });
});
