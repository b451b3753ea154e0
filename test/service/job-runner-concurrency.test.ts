import { setMaxListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core, type CoreOptions } from '../../src-main/service/core';
import type { JobContext } from '../../src-main/service/jobs/job-handler';
import type { JobRow } from '../../src-main/service/store/queries/jobs';
import { fakeTime, tempDataDir } from './helpers';
import { MIN, HOUR, T0_ISO, T0, iso } from './time';
import { until } from './until';

/*
 * The job runner's side-by-side work (the webhook flush jobs run on it): concurrent kinds in real
 * time and one at a time during a sandbox clock advance, an advance that waits for work already
 * in flight, ctx.settle (ending or re-arming the job in the handler's own transaction), wake,
 * stop interrupting network work (which runs again after a restart), the cap of 64 jobs in
 * flight, and idle().
 *
 * Every core runs on a fake real-time source, so the service clock only moves when a test
 * advances it; handlers are held on promises the test releases, never on timers.
 */

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A core (empty clinic, fake real time frozen at T0) stopped and closed after the test. */
async function newCore(options: Partial<CoreOptions> = {}): Promise<Core> {
  const core = await createCore({
    memory: true,
    seed: 'empty',
    realNow: fakeTime(T0).now,
    ...options,
  });
  cleanups.push(async () => {
    await core.runner.stop();
    if (core.db.open) await core.close();
  });
  return core;
}

const jobsOfKind = (core: Core, kind: string): Promise<JobRow[]> =>
  core.db
    .prepare<[string], JobRow>('SELECT * FROM jobs WHERE kind = ? ORDER BY due_at, id')
    .all(kind);

const jobByKey = (core: Core, key: string): Promise<JobRow | undefined> =>
  core.db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE dedupe_key = ?').get(key);

const nameOf = (ctx: JobContext) => (ctx.payload as { name: string }).name;

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * What a network-bound handler does: waits for `gate`, or gives up with the runner's stop reason
 * when the runner stops under it (so a test that never releases the gate still shuts down).
 */
function hold(ctx: JobContext, gate: Promise<void>): Promise<void> {
  // Many jobs in flight listen on the runner's one signal.
  setMaxListeners(200, ctx.signal);
  return new Promise<void>((resolve, reject) => {
    if (ctx.signal.aborted) {
      reject(ctx.signal.reason);
      return;
    }
    const onAbort = () => reject(ctx.signal.reason);
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    void gate.then(() => {
      ctx.signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Polls (short sleeps, bounded) until `condition` holds. */

/**
 * Lets queued callbacks and zero-delay timers run, so that work which should not happen yet
 * would have happened by now if the runner were going to do it.
 */
async function letItRun(): Promise<void> {
  for (let i = 0; i < 20; i++) await turn();
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (let i = 0; i < 20; i++) await turn();
}

/** Registers a synchronous kind that records each run with the service time it saw. */
function recorder(core: Core, log: string[], kind = 'test.kind'): void {
  core.runner.register(kind, async (ctx) => {
    log.push(`run ${nameOf(ctx)} @${iso(core.clock.now())}`);
  });
}

describe('concurrent kinds in real time', () => {
  it('runs two due concurrent jobs side by side', async () => {
    const core = await newCore();
    const gate = deferred();
    const started: string[] = [];
    const ended: string[] = [];
    core.runner.register(
      'test.concurrent',
      async (ctx) => {
        started.push(nameOf(ctx));
        await hold(ctx, gate.promise);
        ended.push(nameOf(ctx));
      },
      { concurrent: true },
    );
    await core.runner.schedule({
      kind: 'test.concurrent',
      dueAt: iso(T0 - MIN),
      payload: { name: 'a' },
    });
    await core.runner.schedule({ kind: 'test.concurrent', dueAt: iso(T0), payload: { name: 'b' } });

    await core.runner.start();
    await until(() => started.length === 2, 'both jobs to start');
    // Both started while neither has been released.
    expect(started).toEqual(['a', 'b']);
    expect(ended).toEqual([]);
    expect((await jobsOfKind(core, 'test.concurrent')).map((j) => j.status)).toEqual([
      'running',
      'running',
    ]);

    gate.resolve();
    await core.runner.idle();
    expect([...ended].sort()).toEqual(['a', 'b']);
    for (const job of await jobsOfKind(core, 'test.concurrent')) {
      expect(job).toMatchObject({
        status: 'done',
        attempts: 1,
        last_error: null,
        finished_at: T0_ISO,
      });
    }
  });

  it('runs the jobs of a kind that is not concurrent one at a time', async () => {
    const core = await newCore();
    const gates: Record<string, Deferred> = { a: deferred(), b: deferred() };
    const log: string[] = [];
    let active = 0;
    let maxActive = 0;
    core.runner.register(
      'test.serial',
      async (ctx) => {
        const name = nameOf(ctx);
        active++;
        maxActive = Math.max(maxActive, active);
        log.push(`start ${name}`);
        try {
          await hold(ctx, gates[name]!.promise);
        } finally {
          active--;
        }
        log.push(`end ${name}`);
      },
      { network: true },
    );
    await core.runner.schedule({
      kind: 'test.serial',
      dueAt: iso(T0 - MIN),
      payload: { name: 'a' },
    });
    await core.runner.schedule({ kind: 'test.serial', dueAt: iso(T0), payload: { name: 'b' } });

    const starting = core.runner.start();
    await until(() => log.length === 1, 'the first job to start');
    await letItRun();
    expect(log).toEqual(['start a']);
    expect((await jobsOfKind(core, 'test.serial')).map((j) => j.status)).toEqual([
      'running',
      'pending',
    ]);

    gates.a!.resolve();
    await until(() => log.includes('start b'), 'the second job to start');
    expect(log).toEqual(['start a', 'end a', 'start b']);
    gates.b!.resolve();
    await starting;
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(maxActive).toBe(1);
    expect((await jobsOfKind(core, 'test.serial')).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('never has more than 64 concurrent jobs in flight, and runs them all once released', async () => {
    const core = await newCore();
    const gate = deferred();
    let started = 0;
    let ended = 0;
    let active = 0;
    let maxActive = 0;
    core.runner.register(
      'test.concurrent',
      async (ctx) => {
        started++;
        active++;
        maxActive = Math.max(maxActive, active);
        try {
          await hold(ctx, gate.promise);
        } finally {
          active--;
        }
        ended++;
      },
      { concurrent: true },
    );
    for (let n = 0; n < 100; n++) {
      await core.runner.schedule({
        kind: 'test.concurrent',
        dueAt: iso(T0 - 100 + n),
        payload: { n },
      });
    }

    await core.runner.start();
    await letItRun();
    expect(started).toBe(64);
    expect(active).toBe(64);
    const byStatus = () =>
      core.db
        .prepare(
          `SELECT status, count(*) AS n FROM jobs WHERE kind = 'test.concurrent' GROUP BY status ORDER BY status`,
        )
        .all();
    expect(await byStatus()).toEqual([
      { status: 'pending', n: 36 },
      { status: 'running', n: 64 },
    ]);

    gate.resolve();
    await until(() => ended === 100, 'all 100 jobs to end');
    await core.runner.idle();
    expect(started).toBe(100);
    expect(maxActive).toBeLessThanOrEqual(64);
    expect(await byStatus()).toEqual([{ status: 'done', n: 100 }]);
  });

  it('at the cap, waits for a job to end instead of polling for due work', async () => {
    const core = await newCore();
    const gate = deferred();
    let started = 0;
    let ended = 0;
    core.runner.register(
      'test.concurrent',
      async (ctx) => {
        started++;
        await hold(ctx, gate.promise);
        ended++;
      },
      { concurrent: true },
    );
    for (let n = 0; n < 100; n++) {
      await core.runner.schedule({ kind: 'test.concurrent', dueAt: iso(T0), payload: { n } });
    }
    // Every look at the queue goes through these two queries.
    let looks = 0;
    const { earliestDue, dueBatch } = core.q.jobs;
    core.q.jobs.earliestDue = async () => {
      looks++;
      return await earliestDue();
    };
    core.q.jobs.dueBatch = async (upTo, limit) => {
      looks++;
      return await dueBatch(upTo, limit);
    };

    // The runner's timers on a fake timer clock: a minute passes without a real wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await core.runner.start();
      expect(started).toBe(64);
      const before = looks;
      await vi.advanceTimersByTimeAsync(60_000);
      // 64 jobs in flight and 36 due: nothing can start until one ends (which re-arms the
      // runner), so a minute holds at most the periodic re-arm, not a look every millisecond.
      expect(looks - before).toBeLessThanOrEqual(3);
      expect(started).toBe(64);
    } finally {
      vi.useRealTimers();
    }

    gate.resolve();
    await until(() => ended === 100, 'all 100 jobs to end');
    await core.runner.idle();
  });

  it('idle() resolves once the concurrent jobs in flight have ended', async () => {
    const core = await newCore();
    // Nothing in flight: resolves at once.
    await core.runner.idle();

    const gate = deferred();
    const log: string[] = [];
    core.runner.register(
      'test.concurrent',
      async (ctx) => {
        log.push(`start ${nameOf(ctx)}`);
        await hold(ctx, gate.promise);
        for (let i = 0; i < 5; i++) await turn();
        log.push(`end ${nameOf(ctx)}`);
      },
      { concurrent: true },
    );
    await core.runner.schedule({ kind: 'test.concurrent', dueAt: iso(T0), payload: { name: 'a' } });
    await core.runner.schedule({ kind: 'test.concurrent', dueAt: iso(T0), payload: { name: 'b' } });
    await core.runner.start();
    await until(() => log.length === 2, 'both jobs to start');

    let idle = false;
    const idling = core.runner.idle().then(() => {
      idle = true;
      log.push('idle');
    });
    await letItRun();
    expect(idle).toBe(false);

    gate.resolve();
    await idling;
    expect(log.slice(2).sort()).toEqual(['end a', 'end b', 'idle']);
    expect(log.at(-1)).toBe('idle');
    expect((await jobsOfKind(core, 'test.concurrent')).map((j) => j.status)).toEqual([
      'done',
      'done',
    ]);
  });
});

describe('concurrent kinds during a clock advance', () => {
  // Issue 17, finding 9: jobs due at the very same moment (the flush jobs of every webhook an
  // event fanned out to) now run side by side; jobs due at different moments still one at a time.
  it('runs them in due order, each at its own due time, side by side only when due at the same moment', async () => {
    const core = await newCore();
    await core.runner.start();
    const log: string[] = [];
    let active = 0;
    let maxActive = 0;
    core.runner.register(
      'test.concurrent',
      async (ctx) => {
        active++;
        maxActive = Math.max(maxActive, active);
        log.push(`start ${nameOf(ctx)} @${iso(core.clock.now())}`);
        for (let i = 0; i < 5; i++) await turn();
        log.push(`end ${nameOf(ctx)} @${iso(core.clock.now())}`);
        active--;
      },
      { concurrent: true },
    );
    recorder(core, log);
    for (const [kind, name, at] of [
      ['test.concurrent', 'c', T0 + 3 * HOUR],
      ['test.concurrent', 'a', T0 + HOUR],
      ['test.concurrent', 'later', T0 + 5 * HOUR],
      ['test.kind', 'sync', T0 + 90 * MIN],
      ['test.concurrent', 'b', T0 + 2 * HOUR],
      ['test.concurrent', 'b2', T0 + 2 * HOUR],
    ] as const) {
      await core.runner.schedule({ kind, dueAt: iso(at), payload: { name } });
    }

    expect(await core.advanceClock(4 * 3600)).toBe(5);
    expect(log).toEqual([
      `start a @${iso(T0 + HOUR)}`,
      `end a @${iso(T0 + HOUR)}`,
      `run sync @${iso(T0 + 90 * MIN)}`,
      `start b @${iso(T0 + 2 * HOUR)}`,
      `start b2 @${iso(T0 + 2 * HOUR)}`,
      `end b @${iso(T0 + 2 * HOUR)}`,
      `end b2 @${iso(T0 + 2 * HOUR)}`,
      `start c @${iso(T0 + 3 * HOUR)}`,
      `end c @${iso(T0 + 3 * HOUR)}`,
    ]);
    // b and b2 (due together) overlapped; nothing else did.
    expect(maxActive).toBe(2);
    expect(core.clock.now()).toBe(T0 + 4 * HOUR);
    const jobs = await jobsOfKind(core, 'test.concurrent');
    expect(jobs.map((j) => [JSON.parse(j.payload).name, j.status])).toEqual([
      ['a', 'done'],
      ['b', 'done'],
      ['b2', 'done'],
      ['c', 'done'],
      ['later', 'pending'],
    ]);
    // Each finished at its own due time.
    expect(jobs.slice(0, 4).map((j) => j.finished_at)).toEqual(
      jobs.slice(0, 4).map((j) => j.due_at),
    );
  });

  it('waits for a concurrent job started in real time before it moves the clock', async () => {
    const core = await newCore();
    const gate = deferred();
    const log: string[] = [];
    let advanced = false;
    core.runner.register(
      'test.concurrent',
      async (ctx) => {
        log.push(`start ${nameOf(ctx)} @${iso(core.clock.now())}`);
        await hold(ctx, gate.promise);
        log.push(`end ${nameOf(ctx)} @${iso(core.clock.now())} advanced=${advanced}`);
        // What it plans lands on the timeline before the advance moves it.
        await core.runner.schedule({
          kind: 'test.kind',
          dueAt: iso(core.clock.now() + 10 * MIN),
          payload: { name: 'planned' },
        });
      },
      { concurrent: true },
    );
    recorder(core, log);
    await core.runner.schedule({
      kind: 'test.concurrent',
      dueAt: iso(T0),
      payload: { name: 'in-flight' },
    });
    await core.runner.start();
    await until(() => log.length === 1, 'the job to start');
    await core.runner.schedule({
      kind: 'test.kind',
      dueAt: iso(T0 + 30 * MIN),
      payload: { name: 'due' },
    });

    const advancing = core.advanceClock(3600).then((ran) => {
      advanced = true;
      return ran;
    });
    await letItRun();
    expect(advanced).toBe(false);
    expect(core.clock.now()).toBe(T0);
    expect(log).toEqual([`start in-flight @${T0_ISO}`]);

    gate.resolve();
    expect(await advancing).toBe(2);
    expect(log).toEqual([
      `start in-flight @${T0_ISO}`,
      `end in-flight @${T0_ISO} advanced=false`,
      `run planned @${iso(T0 + 10 * MIN)}`,
      `run due @${iso(T0 + 30 * MIN)}`,
    ]);
    expect(core.clock.now()).toBe(T0 + HOUR);
    expect((await jobsOfKind(core, 'test.concurrent'))[0]).toMatchObject({
      status: 'done',
      finished_at: T0_ISO,
      attempts: 1,
    });
  });
});

describe('ctx.settle', () => {
  it('ends the job in the transaction of its work, once', async () => {
    const core = await newCore();
    for (const [kind, concurrent] of [
      ['test.concurrent', true],
      ['test.async', false],
    ] as const) {
      core.runner.register(
        kind,
        async (ctx) => {
          await turn();
          await core.db.transaction(async () => {
            await core.q.settings.set(`work_${kind}`, iso(core.clock.now()));
            await ctx.settle();
          });
          await turn();
        },
        { concurrent, network: true },
      );
    }
    await core.runner.schedule({ kind: 'test.concurrent', dueAt: iso(T0), dedupeKey: 'c' });
    await core.runner.schedule({ kind: 'test.async', dueAt: iso(T0 + HOUR), dedupeKey: 'a' });

    // In real time (concurrent) ...
    await core.runner.start();
    await until(
      async () => (await jobByKey(core, 'c'))?.status === 'done',
      'the concurrent job to end',
    );
    await core.runner.idle();
    expect(await jobByKey(core, 'c')).toMatchObject({
      status: 'done',
      attempts: 1,
      finished_at: T0_ISO,
      last_error: null,
    });
    expect(await core.q.settings.get('work_test.concurrent')).toBe(T0_ISO);

    // ... and during an advance.
    expect(await core.advanceClock(2 * 3600)).toBe(1);
    expect(await jobByKey(core, 'a')).toMatchObject({
      status: 'done',
      attempts: 1,
      finished_at: iso(T0 + HOUR),
      last_error: null,
    });
    expect(await core.q.settings.get('work_test.async')).toBe(iso(T0 + HOUR));
    // Nothing ran twice.
    expect((await jobByKey(core, 'c'))!.attempts).toBe(1);
  });

  it('with nextDueAt puts the same row back to pending, and it runs again when due', async () => {
    const core = await newCore();
    const runs: string[] = [];
    core.runner.register(
      'test.rearm',
      async (ctx) => {
        runs.push(iso(core.clock.now()));
        await turn();
        await core.db.transaction(async () => {
          if (runs.length === 1) await ctx.settle(iso(T0 + 2 * HOUR));
          else await ctx.settle();
        });
      },
      { concurrent: true },
    );
    await core.runner.schedule({
      kind: 'test.rearm',
      dueAt: iso(T0),
      dedupeKey: 'rearm',
      payload: {},
    });
    const original = (await jobByKey(core, 'rearm'))!;

    await core.runner.start();
    await until(() => runs.length === 1, 'the first run');
    await core.runner.idle();
    await letItRun();
    // Back in the queue at its next due time: the same row, not a new one, and not done.
    expect(await jobsOfKind(core, 'test.rearm')).toHaveLength(1);
    const rearmed = (await jobByKey(core, 'rearm'))!;
    expect(rearmed).toMatchObject({
      id: original.id,
      dedupe_key: 'rearm',
      status: 'pending',
      due_at: iso(T0 + 2 * HOUR),
      last_error: null,
    });
    // Its key is still taken.
    expect(
      await core.runner.schedule({ kind: 'test.rearm', dueAt: iso(T0 + HOUR), dedupeKey: 'rearm' }),
    ).toBe(false);

    // Not before it is due...
    await core.advanceClock(2 * 3600 - 1);
    expect(runs).toEqual([T0_ISO]);
    expect((await jobByKey(core, 'rearm'))!.status).toBe('pending');
    // ... then at its due time.
    expect(await core.advanceClock(1)).toBe(1);
    expect(runs).toEqual([T0_ISO, iso(T0 + 2 * HOUR)]);
    expect(await jobsOfKind(core, 'test.rearm')).toHaveLength(1);
    expect(await jobByKey(core, 'rearm')).toMatchObject({
      id: original.id,
      status: 'done',
      finished_at: iso(T0 + 2 * HOUR),
      attempts: 2,
    });
  });

  it('leaves the row as the handler settled it even when the handler throws afterwards', async () => {
    const core = await newCore();
    core.runner.register(
      'test.settle-then-throw',
      async (ctx) => {
        await turn();
        await core.db.transaction(async () => {
          await core.q.settings.set('recurring_work', 'done');
          await ctx.settle(iso(T0 + 2 * HOUR));
        });
        throw new Error('after settling');
      },
      { network: true },
    );
    await core.runner.schedule({
      kind: 'test.settle-then-throw',
      dueAt: iso(T0 + HOUR),
      dedupeKey: 'recurring',
    });
    await core.advanceClock(3600);
    expect(await core.q.settings.get('recurring_work')).toBe('done');
    // "The runner then leaves the row as the handler set it" (JobContext.settle): the return to
    // the queue committed with the work, so the recurring job is not lost.
    expect(await jobByKey(core, 'recurring')).toMatchObject({
      status: 'pending',
      due_at: iso(T0 + 2 * HOUR),
    });
  });

  it('with nextDueAt inside an advance runs again in the same advance, at the new due time', async () => {
    const core = await newCore();
    const runs: string[] = [];
    core.runner.register(
      'test.rearm',
      async (ctx) => {
        runs.push(iso(core.clock.now()));
        await turn();
        await core.db.transaction(async () => {
          if (runs.length < 3) await ctx.settle(iso(ctx.dueAt + 30 * MIN));
          else await ctx.settle();
        });
      },
      { network: true },
    );
    await core.runner.schedule({ kind: 'test.rearm', dueAt: iso(T0 + HOUR), dedupeKey: 'rearm' });
    expect(await core.advanceClock(3 * 3600)).toBe(3);
    expect(runs).toEqual([iso(T0 + HOUR), iso(T0 + 90 * MIN), iso(T0 + 2 * HOUR)]);
    expect(await jobsOfKind(core, 'test.rearm')).toHaveLength(1);
    expect(await jobByKey(core, 'rearm')).toMatchObject({
      status: 'done',
      due_at: iso(T0 + 2 * HOUR),
      finished_at: iso(T0 + 2 * HOUR),
    });
  });
});

describe('wake', () => {
  it('adds a job, brings a pending one forward only, and revives a finished or failed one', async () => {
    const core = await newCore();
    const log: string[] = [];
    recorder(core, log);
    const wake = (dueAt: number, dedupeKey = 'w', kind = 'test.kind') =>
      core.runner.wake({ kind, dueAt: iso(dueAt), dedupeKey, payload: { name: dedupeKey } });

    // Absent: added.
    await wake(T0 + 2 * HOUR);
    const added = (await jobByKey(core, 'w'))!;
    expect(added).toMatchObject({
      kind: 'test.kind',
      status: 'pending',
      due_at: iso(T0 + 2 * HOUR),
      dedupe_key: 'w',
      attempts: 0,
      finished_at: null,
    });
    expect(JSON.parse(added.payload)).toEqual({ name: 'w' });

    // Pending: a later time changes nothing, an earlier one moves it forward.
    await wake(T0 + 3 * HOUR);
    expect(await jobByKey(core, 'w')).toEqual(added);
    await wake(T0 + HOUR);
    expect(await jobByKey(core, 'w')).toEqual({ ...added, due_at: iso(T0 + HOUR) });
    expect(await jobsOfKind(core, 'test.kind')).toHaveLength(1);

    await core.advanceClock(3600);
    expect(log).toEqual([`run w @${iso(T0 + HOUR)}`]);
    expect(await jobByKey(core, 'w')).toMatchObject({
      status: 'done',
      finished_at: iso(T0 + HOUR),
    });

    // Done: revived at the new time (later than the old one), same row.
    await wake(T0 + 5 * HOUR);
    expect(await jobByKey(core, 'w')).toMatchObject({
      id: added.id,
      status: 'pending',
      due_at: iso(T0 + 5 * HOUR),
      finished_at: null,
      last_error: null,
    });
    expect(await jobsOfKind(core, 'test.kind')).toHaveLength(1);
    await core.advanceClock(4 * 3600);
    expect(log).toEqual([`run w @${iso(T0 + HOUR)}`, `run w @${iso(T0 + 5 * HOUR)}`]);

    // Failed: revived, its error cleared.
    let failing = true;
    core.runner.register('test.flaky', async (ctx) => {
      if (failing) throw new Error('not yet');
      log.push(`run ${nameOf(ctx)} @${iso(core.clock.now())}`);
    });
    await wake(T0 + 6 * HOUR, 'f', 'test.flaky');
    await core.advanceClock(3600);
    const failed = (await jobByKey(core, 'f'))!;
    expect(failed).toMatchObject({ status: 'failed', last_error: 'not yet' });
    expect(failed.finished_at).not.toBeNull();
    failing = false;
    await wake(T0 + 6 * HOUR + 30 * MIN, 'f', 'test.flaky');
    expect(await jobByKey(core, 'f')).toMatchObject({
      id: failed.id,
      status: 'pending',
      due_at: iso(T0 + 6 * HOUR + 30 * MIN),
      last_error: null,
      finished_at: null,
    });
    await core.advanceClock(3600);
    expect(log.at(-1)).toBe(`run f @${iso(T0 + 6 * HOUR + 30 * MIN)}`);
    expect((await jobByKey(core, 'f'))!.status).toBe('done');
  });

  it('leaves a running job alone', async () => {
    const core = await newCore();
    const gate = deferred();
    const runs: string[] = [];
    core.runner.register(
      'test.concurrent',
      async (ctx) => {
        runs.push(iso(core.clock.now()));
        await hold(ctx, gate.promise);
      },
      { concurrent: true },
    );
    await core.runner.schedule({ kind: 'test.concurrent', dueAt: iso(T0), dedupeKey: 'busy' });
    await core.runner.start();
    await until(() => runs.length === 1, 'the job to start');
    const running = (await jobByKey(core, 'busy'))!;
    expect(running.status).toBe('running');

    for (const at of [T0 - HOUR, T0 + HOUR]) {
      await core.runner.wake({ kind: 'test.concurrent', dueAt: iso(at), dedupeKey: 'busy' });
      expect(await jobByKey(core, 'busy')).toEqual(running);
    }

    gate.resolve();
    await core.runner.idle();
    expect(await jobByKey(core, 'busy')).toMatchObject({ status: 'done', due_at: T0_ISO });
    // The ignored wakes planned nothing.
    await core.advanceClock(2 * 3600);
    expect(runs).toEqual([T0_ISO]);
    expect(await jobsOfKind(core, 'test.concurrent')).toHaveLength(1);
  });
});

describe('stop', () => {
  function dataDir(): string {
    const { dir, cleanup } = tempDataDir();
    cleanups.unshift(cleanup); // removed after everything using it has closed
    return dir;
  }

  it('aborts a concurrent job in flight, which goes back to pending and runs again after a restart', async () => {
    const dir = dataDir();
    const time = fakeTime(T0);
    const errors: string[] = [];
    const first = await newCore({
      memory: false,
      dataDir: dir,
      realNow: time.now,
      onJobError: (kind) => errors.push(kind),
    });
    let signal: AbortSignal | undefined;
    first.runner.register(
      'test.network',
      async (ctx) => {
        signal = ctx.signal;
        await hold(ctx, new Promise(() => {})); // a receiver that never answers
      },
      { concurrent: true },
    );
    await first.runner.schedule({
      kind: 'test.network',
      dueAt: iso(T0),
      dedupeKey: 'net',
      payload: { name: 'interrupted' },
    });
    const scheduled = (await jobByKey(first, 'net'))!;
    await first.runner.start();
    await until(() => signal !== undefined, 'the job to start');
    expect(signal!.aborted).toBe(false);
    expect((await jobByKey(first, 'net'))!.status).toBe('running');

    await first.runner.stop();
    expect(signal!.aborted).toBe(true);
    // Back in the queue as it was, not failed.
    expect(await jobByKey(first, 'net')).toEqual(scheduled);
    expect(errors).toEqual([]);
    await first.close();

    const second = await newCore({ memory: false, dataDir: dir, realNow: time.now });
    const runs: string[] = [];
    second.runner.register(
      'test.network',
      async (ctx) => {
        await turn();
        runs.push(`${nameOf(ctx)} aborted=${ctx.signal.aborted}`);
      },
      { concurrent: true },
    );
    expect((await jobByKey(second, 'net'))!.status).toBe('pending');
    await second.runner.start();
    await until(() => runs.length === 1, 'the job to run again');
    await second.runner.idle();
    expect(runs).toEqual(['interrupted aborted=false']);
    expect(await jobByKey(second, 'net')).toMatchObject({
      id: scheduled.id,
      status: 'done',
      last_error: null,
    });
  });

  it('puts back unrun a concurrent job whose batch commits as the runner stops, before stop() returns', async () => {
    const errors: string[] = [];
    const core = await newCore({ onJobError: (kind) => errors.push(kind) });
    let stopped: Promise<void> | undefined;
    const ran: string[] = [];
    // A job of the same batch, run inside its transaction: the app quits right then.
    core.runner.register('test.quit', async () => {
      stopped = core.runner.stop();
    });
    core.runner.register(
      'test.concurrent',
      async (ctx) => {
        ran.push(`${nameOf(ctx)} aborted=${ctx.signal.aborted}`);
        await turn();
      },
      { concurrent: true },
    );
    await core.runner.schedule({ kind: 'test.quit', dueAt: iso(T0 - MIN), dedupeKey: 'quit' });
    await core.runner.schedule({
      kind: 'test.concurrent',
      dueAt: iso(T0),
      dedupeKey: 'late',
      payload: { name: 'late' },
    });
    const scheduled = (await jobByKey(core, 'late'))!;
    await core.runner.start();
    await until(() => stopped !== undefined, 'the batch to start');
    await stopped;
    // Nothing of it is left running once stop() has returned: the database may close now.
    expect(ran).toEqual([]);
    expect(await jobByKey(core, 'late')).toEqual(scheduled);
    expect((await jobByKey(core, 'quit'))!.status).toBe('done');
    expect(errors).toEqual([]);
  });

  it('marks a concurrent job whose handler throws a normal error failed, with the error', async () => {
    const errors: Array<[string, unknown]> = [];
    const core = await newCore({ onJobError: (kind, error) => errors.push([kind, error]) });
    core.runner.register(
      'test.concurrent',
      async () => {
        await turn();
        throw new Error('receiver exploded');
      },
      { concurrent: true },
    );
    await core.runner.schedule({ kind: 'test.concurrent', dueAt: iso(T0), dedupeKey: 'boom' });
    await core.runner.start();
    await until(async () => (await jobByKey(core, 'boom'))!.status !== 'running', 'the job to end');
    await core.runner.idle();
    expect(await jobByKey(core, 'boom')).toMatchObject({
      status: 'failed',
      last_error: 'receiver exploded',
      finished_at: T0_ISO,
      attempts: 1,
    });
    expect(errors.map(([kind]) => kind)).toEqual(['test.concurrent']);
    // A failed job is not run again.
    await core.advanceClock(3600);
    expect((await jobByKey(core, 'boom'))!.attempts).toBe(1);
  });
});
