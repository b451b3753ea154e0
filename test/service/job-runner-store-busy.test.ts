import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import { StoreBusyError } from '../../src-main/service/errors';
import type { JobRow } from '../../src-main/service/store/queries/jobs';
import type { Sql } from '../../src-main/service/store/sql-port';
import { fakeTime } from './helpers';
import { SEC, T0, iso } from './time';
import { until } from './until';

/*
 * A store too busy to run a job's transaction (PostgreSQL refused it as not serializable every
 * time the port ran it again: errors.ts, StoreBusyError) is no failure of the job. Failing it
 * once left a webhook's pending deliveries with nothing to send them until some new event woke
 * its flush job (the 20-webhook benchmark on PostgreSQL, docs/benchmarks.md). The job goes back
 * to the queue, due after a wait that doubles with each refusal in a row, and is told to the
 * job error log; a batch the store refused whole is run again after a wait; and a batch that
 * PostgreSQL runs a second time starts its concurrent jobs once.
 *
 * SQLite never refuses a transaction, so the refusals are made here: a handler that throws the
 * error, or a `transaction` that refuses, or runs its work a first time and undoes it as
 * PostgreSQL does before running it again.
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const refusal = () =>
  new StoreBusyError(30, Object.assign(new Error('could not serialize'), { code: '40001' }));

async function newCore(errors: unknown[] = []) {
  const time = fakeTime(T0);
  const core = await createCore({
    memory: true,
    seed: 'empty',
    realNow: time.now,
    onJobError: (_kind, error) => errors.push(error),
  });
  cleanups.push(async () => {
    await core.runner.stop();
    if (core.db.open) await core.close();
  });
  return { core, time };
}

const jobOf = async (core: Core, kind: string): Promise<JobRow> =>
  (await core.db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE kind = ?').get(kind))!;

/** Fake real time moved on, and the runner woken to see it (a write arms its timer again). */
async function timePasses(core: Core, time: ReturnType<typeof fakeTime>, ms: number) {
  time.set(time.now() + ms);
  await core.runner.schedule({ kind: 'test.poke', dueAt: iso(time.now() + 3_600 * SEC) });
}

/** `db.transaction` as the runner calls it, replaced while the test runs. */
function replaceTransaction(db: Sql, replacement: Sql['transaction']): void {
  const real = db.transaction.bind(db);
  db.transaction = replacement;
  cleanups.push(() => {
    db.transaction = real;
  });
}

describe('a store too busy to run a job', () => {
  for (const options of [{ concurrent: true }, {}] as const) {
    const what = options.concurrent ? 'a concurrent job (a webhook flush)' : 'a synchronous job';
    it(`puts ${what} back in the queue, later each time, and it runs once the store lets it`, async () => {
      const errors: unknown[] = [];
      const { core, time } = await newCore(errors);
      core.runner.register('test.poke', async () => undefined);
      let refusals = 2;
      let ran = 0;
      core.runner.register(
        'test.busy',
        async () => {
          if (refusals-- > 0) throw refusal();
          ran++;
        },
        options,
      );
      await core.runner.schedule({ kind: 'test.busy', dueAt: iso(T0) });
      await core.runner.start();

      // First refusal: pending again, due 125 to 250 ms later (a jittered 250 ms), never failed.
      await until(async () => errors.length === 1, 'the first refusal to be told');
      await core.runner.idle();
      let job = await jobOf(core, 'test.busy');
      expect(job.status).toBe('pending');
      expect(job.last_error).toMatch(/refused as not serializable 30 times/);
      let wait = Date.parse(job.due_at) - time.now();
      expect(wait).toBeGreaterThanOrEqual(125);
      expect(wait).toBeLessThanOrEqual(250);
      expect(errors[0]).toBeInstanceOf(StoreBusyError);

      // Not run again before it is due: the fake real time has not moved.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors).toHaveLength(1);

      // Second refusal in a row: the wait doubles (250 to 500 ms).
      await timePasses(core, time, 250);
      await until(async () => errors.length === 2, 'the second refusal to be told');
      await core.runner.idle();
      job = await jobOf(core, 'test.busy');
      expect(job.status).toBe('pending');
      wait = Date.parse(job.due_at) - time.now();
      expect(wait).toBeGreaterThanOrEqual(250);
      expect(wait).toBeLessThanOrEqual(500);

      await timePasses(core, time, 500);
      await until(async () => (await jobOf(core, 'test.busy')).status === 'done', 'the job to run');
      expect(ran).toBe(1);
      expect(errors).toHaveLength(2);
    });
  }

  it('runs a batch the store refused whole again after a wait, and its job once', async () => {
    const errors: unknown[] = [];
    const { core } = await newCore(errors);
    let ran = 0;
    core.runner.register('test.sync', async () => void ran++);
    await core.runner.schedule({ kind: 'test.sync', dueAt: iso(T0) });
    // The next transaction of the runner's own (the batch) is refused, as after 30 refusals.
    let refuse = 1;
    const real = core.db.transaction.bind(core.db);
    replaceTransaction(core.db, (fn) =>
      !core.db.inTransaction && refuse-- > 0 ? Promise.reject(refusal()) : real(fn),
    );
    await core.runner.start();
    await until(async () => (await jobOf(core, 'test.sync')).status === 'done', 'the job to run');
    expect(ran).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(StoreBusyError);
  });

  it('starts the concurrent jobs of a batch PostgreSQL ran twice only once', async () => {
    const { core } = await newCore();
    const started: string[] = [];
    core.runner.register(
      'test.concurrent',
      async (ctx) => void started.push((ctx.payload as { name: string }).name),
      { concurrent: true },
    );
    for (const name of ['a', 'b', 'c'])
      await core.runner.schedule({ kind: 'test.concurrent', dueAt: iso(T0), payload: { name } });
    // The batch's work runs a first time and is undone, as PostgreSQL does with a transaction it
    // refused, then runs again and commits.
    const undone = new Error('refused: runs again');
    let rerun = 1;
    const real = core.db.transaction.bind(core.db);
    replaceTransaction(core.db, async (fn) => {
      if (core.db.inTransaction || rerun-- <= 0) return await real(fn);
      await real(async () => {
        await fn();
        throw undone;
      }).catch((error: unknown) => {
        if (error !== undone) throw error;
      });
      return await real(fn);
    });
    await core.runner.start();
    await core.runner.idle();
    await until(
      async () =>
        (await core.db
          .prepare<[], number>(
            `SELECT count(*) FROM jobs WHERE kind = 'test.concurrent' AND status = 'done'`,
          )
          .pluck()
          .get()) === 3,
      'the three jobs to end',
    );
    expect([...started].sort()).toEqual(['a', 'b', 'c']);
  });
});
