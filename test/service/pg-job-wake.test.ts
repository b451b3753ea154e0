import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStore } from '../../src-main/service/store/pg-store';
import { createJobQueries } from '../../src-main/service/store/queries/jobs';
import type { Sql } from '../../src-main/service/store/sql-port';
import { createTestDatabase, postgresUrl } from './postgres-test-db';

/**
 * A running job that looks for new work before it settles (the webhook flush) and a writer
 * that adds work and wakes it, on two PostgreSQL connections at once. The settle read before
 * the writer committed: it must not end the job as done with the new work left waiting for
 * nobody (a delivery that was never sent). The wake rewrites the running job's row, so the
 * settle fails to serialize, is retried, and sees the work.
 */
describe.skipIf(!postgresUrl)('waking a running job on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let flusher: Sql;
  let writer: Sql;
  beforeAll(async () => {
    database = await createTestDatabase();
    flusher = (await openPgStore(database.url)).db;
    writer = (await openPgStore(database.url)).db;
    await flusher.exec('CREATE TABLE work (n integer NOT NULL)');
  });
  afterAll(async () => {
    await flusher?.close();
    await writer?.close();
    await database?.drop();
  });

  it('does not settle as done over work a concurrent transaction added and woke it for', async () => {
    const jobs = { flusher: createJobQueries(flusher), writer: createJobQueries(writer) };
    const at = '2026-05-10T09:00:00.000Z';
    await jobs.flusher.insert('job_1', 'test.flush', '{}', at, 'flush:1', at);
    await jobs.flusher.markRunning('job_1');
    const work = {
      count: flusher.prepare<[], number>('SELECT count(*) FROM work').pluck(),
      add: writer.prepare('INSERT INTO work (n) VALUES (1)'),
    };

    const seen: number[] = [];
    await flusher.transaction(async () => {
      const waiting = (await work.count.get())!;
      seen.push(waiting);
      // The writer commits between the settle's look and its write, the first time only.
      if (seen.length === 1)
        await writer.transaction(async () => {
          await work.add.run();
          await jobs.writer.wake('job_2', 'test.flush', '{}', at, 'flush:1', at);
        });
      if (!waiting) await jobs.flusher.finish('job_1', 'done', null, at);
    });

    // Retried after the writer's commit, the settle saw the work and left the job running.
    expect(seen).toEqual([0, 1]);
    expect((await jobs.flusher.byId('job_1'))!.status).toBe('running');
  });
});
