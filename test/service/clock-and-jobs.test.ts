import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core, type CoreOptions } from '../../src-main/service/core';
import { createClock } from '../../src-main/service/jobs/clock';
import type { LedgerEntry } from '../../src-main/service/schemas/billing';
import type { JobContext } from '../../src-main/service/jobs/job-handler';
import type { JobRow } from '../../src-main/service/store/queries/jobs';
import { expectProblem, startServer, tempDataDir, type TestServer, fakeTime } from './helpers';
import { MIN, HOUR, DAY, T0_ISO, T0, iso } from './time';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function newServer(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const server = await startServer(options);
  cleanups.push(() => server.close());
  return server;
}

/** A core with its runner stopped and its database closed at the end of the test. */
async function newCore(options: Partial<CoreOptions> & { realNow: () => number }): Promise<Core> {
  const core = await createCore({ memory: true, seed: 'empty', ...options });
  cleanups.push(async () => {
    await core.runner.stop();
    await core.close();
  });
  return core;
}

const jobsOfKind = (core: Core, kind: string): Promise<JobRow[]> =>
  core.db
    .prepare<[string], JobRow>('SELECT * FROM jobs WHERE kind = ? ORDER BY due_at, id')
    .all(kind);

interface Seen {
  name: string;
  now: number;
  dueAt: number;
}

/** Registers `test.kind`, recording each run with the service time it saw. */
function recorder(core: Core, kind = 'test.kind') {
  const seen: Seen[] = [];
  core.runner.register(kind, async (ctx: JobContext) => {
    seen.push({
      name: (ctx.payload as { name: string }).name,
      now: core.clock.now(),
      dueAt: ctx.dueAt,
    });
  });
  return seen;
}

describe('the sandbox clock over HTTP', () => {
  it('reads the clock and moves it forward', async () => {
    const server = await newServer({ realNow: fakeTime(T0).now });
    const start = await server.request('GET', '/sandbox/clock');
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ now: T0_ISO, offsetSeconds: 0 });

    const moved = await server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: 3600 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ now: iso(T0 + HOUR), offsetSeconds: 3600 });
    expect((await server.request('GET', '/sandbox/clock')).body).toEqual(moved.body);

    // Zero is a valid (no-op) advance.
    const zero = await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 0 } });
    expect(zero.body).toEqual(moved.body);

    const more = await server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: 86_400 },
    });
    expect(more.body).toEqual({ now: iso(T0 + HOUR + DAY), offsetSeconds: 90_000 });
  });

  it('moves the real-time clock about an hour ahead', async () => {
    const server = await newServer();
    const before = await server.request('GET', '/sandbox/clock');
    expect(before.body.offsetSeconds).toBe(0);
    expect(Number.isNaN(Date.parse(before.body.now))).toBe(false);
    const after = await server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: 3600 },
    });
    expect(after.status).toBe(200);
    expect(after.body.offsetSeconds).toBe(3600);
    expect(Date.parse(after.body.now) - Date.parse(before.body.now)).toBeGreaterThanOrEqual(
      3_600_000,
    );
    expect(after.body.now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('rejects negative, fractional, missing, mistyped and over-ten-year advances', async () => {
    const server = await newServer({ realNow: fakeTime(T0).now });
    const bodies: unknown[] = [
      { seconds: -1 },
      { seconds: -3600 },
      { seconds: 1.5 },
      { seconds: 0.001 },
      {},
      { seconds: '60' },
      { seconds: null },
      { seconds: 10 * 366 * 86_400 + 1 },
      { seconds: 11 * 365 * 86_400 },
      { seconds: 1e12 },
      { seconds: 60, extra: true },
    ];
    for (const body of bodies) {
      const res = await server.request('POST', '/sandbox/clock/advance', { body });
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expectProblem(
      await server.request('POST', '/sandbox/clock/advance', {
        rawBody: '{"seconds":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_json',
    );
    // Nothing moved.
    expect((await server.request('GET', '/sandbox/clock')).body).toEqual({
      now: T0_ISO,
      offsetSeconds: 0,
    });
  });

  it('needs a credential', async () => {
    const server = await newServer({ realNow: fakeTime(T0).now });
    expectProblem(
      await server.request('GET', '/sandbox/clock', { token: null }),
      401,
      'invalid_token',
    );
    expectProblem(
      await server.request('POST', '/sandbox/clock/advance', {
        token: null,
        body: { seconds: 60 },
      }),
      401,
      'invalid_token',
    );
    // The sandbox needs its own permission (issue 17): a key with any other one is refused.
    expectProblem(
      await server.request('GET', '/sandbox/clock', { token: await server.keyWith('forms:read') }),
      403,
      'insufficient_permissions',
    );
    const res = await server.request('GET', '/sandbox/clock', {
      token: await server.keyWith('sandbox:write'),
    });
    expect(res.status).toBe(200);
  });

  it('never goes backwards', async () => {
    const time = fakeTime(T0);
    const server = await newServer({ realNow: time.now });
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 7200 } });
    const readings: number[] = [];
    for (let i = 0; i < 5; i++) {
      readings.push(Date.parse((await server.request('GET', '/sandbox/clock')).body.now));
      await server.request('POST', '/sandbox/clock/advance', { body: { seconds: i } });
    }
    for (let i = 1; i < readings.length; i++)
      expect(readings[i]).toBeGreaterThanOrEqual(readings[i - 1]!);
    expect(readings[0]).toBe(T0 + 2 * HOUR);
  });
});

describe('the clock', () => {
  it('ignores attempts to set it back and pins no earlier than now', () => {
    const time = fakeTime(T0);
    const clock = createClock({ realNow: time.now });
    clock.setNow(T0 + HOUR);
    expect(clock.now()).toBe(T0 + HOUR);
    expect(clock.offsetSeconds).toBe(3600);
    clock.setNow(T0);
    expect(clock.now()).toBe(T0 + HOUR);
    clock.pin(T0 - DAY);
    expect(clock.now()).toBe(T0 + HOUR);
    clock.unpin();
    clock.pin(T0 + 2 * HOUR);
    expect(clock.now()).toBe(T0 + 2 * HOUR);
    expect(clock.nowIso()).toBe(iso(T0 + 2 * HOUR));
    clock.unpin();
    expect(clock.now()).toBe(T0 + HOUR);
    // Real time moving on moves the service time with it.
    time.set(T0 + MIN);
    expect(clock.now()).toBe(T0 + HOUR + MIN);
  });
});

describe('the job runner', () => {
  it('runs due jobs in due order, each at its own due time, and leaves later ones pending', async () => {
    const core = await newCore({ realNow: fakeTime(T0).now });
    const seen = recorder(core);
    for (const [name, offset] of [
      ['third', 3 * HOUR],
      ['first', 1 * HOUR],
      ['later', 5 * HOUR],
      ['second', 2 * HOUR],
      ['at-target', 4 * HOUR],
    ] as const) {
      expect(
        await core.runner.schedule({
          kind: 'test.kind',
          dueAt: iso(T0 + offset),
          payload: { name },
        }),
      ).toBe(true);
    }
    const ran = await core.advanceClock(4 * 3600);
    expect(ran).toBe(4);
    expect(seen).toEqual([
      { name: 'first', now: T0 + HOUR, dueAt: T0 + HOUR },
      { name: 'second', now: T0 + 2 * HOUR, dueAt: T0 + 2 * HOUR },
      { name: 'third', now: T0 + 3 * HOUR, dueAt: T0 + 3 * HOUR },
      { name: 'at-target', now: T0 + 4 * HOUR, dueAt: T0 + 4 * HOUR },
    ]);
    expect(core.clock.now()).toBe(T0 + 4 * HOUR);
    expect(core.clock.offsetSeconds).toBe(4 * 3600);

    const jobs = await jobsOfKind(core, 'test.kind');
    expect(jobs.map((j) => [JSON.parse(j.payload).name, j.status])).toEqual([
      ['first', 'done'],
      ['second', 'done'],
      ['third', 'done'],
      ['at-target', 'done'],
      ['later', 'pending'],
    ]);
    // Each finished at its own due time.
    expect(jobs.slice(0, 4).map((j) => j.finished_at)).toEqual(
      jobs.slice(0, 4).map((j) => j.due_at),
    );
    expect(jobs[0]!.attempts).toBe(1);

    await core.advanceClock(3600);
    expect(seen.map((s) => s.name)).toEqual(['first', 'second', 'third', 'at-target', 'later']);
    expect(seen[4]).toMatchObject({ now: T0 + 5 * HOUR });
  });

  it('orders jobs due at the same moment by schedule order, and keeps the clock at the target after', async () => {
    const core = await newCore({ realNow: fakeTime(T0).now });
    const seen = recorder(core);
    for (const name of ['a', 'b', 'c']) {
      await core.runner.schedule({ kind: 'test.kind', dueAt: iso(T0 + HOUR), payload: { name } });
    }
    await core.advanceClock(7200);
    expect(seen.map((s) => [s.name, s.now])).toEqual([
      ['a', T0 + HOUR],
      ['b', T0 + HOUR],
      ['c', T0 + HOUR],
    ]);
    expect(core.clock.now()).toBe(T0 + 2 * HOUR);
  });

  it('saves the target time before an advance runs its jobs, so a crash half-way never sends time back', async () => {
    const core = await newCore({ realNow: fakeTime(T0).now });
    const saved: number[] = [];
    core.runner.register('test.peek', async () => {
      saved.push(Number(await core.q.settings.get('clock_offset_ms')));
    });
    await core.runner.schedule({ kind: 'test.peek', dueAt: iso(T0 + HOUR) });
    await core.advanceClock(3 * 3600);
    // While the job due at +1 h ran, a restart would already have started at +3 h.
    expect(saved).toEqual([3 * HOUR]);
    expect(Number(await core.q.settings.get('clock_offset_ms'))).toBe(3 * HOUR);
  });

  it('returns from an advance only after asynchronous handlers have finished', async () => {
    const core = await newCore({ realNow: fakeTime(T0).now });
    const log: string[] = [];
    core.runner.register(
      'test.async',
      async (ctx) => {
        const name = (ctx.payload as { name: string }).name;
        log.push(`start ${name} @${iso(core.clock.now())}`);
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
        log.push(`end ${name}`);
      },
      { network: true },
    );
    await core.runner.schedule({
      kind: 'test.async',
      dueAt: iso(T0 + 2 * HOUR),
      payload: { name: 'b' },
    });
    await core.runner.schedule({
      kind: 'test.async',
      dueAt: iso(T0 + HOUR),
      payload: { name: 'a' },
    });
    await core.advanceClock(3 * 3600);
    expect(log).toEqual([
      `start a @${iso(T0 + HOUR)}`,
      'end a',
      `start b @${iso(T0 + 2 * HOUR)}`,
      'end b',
    ]);
    expect((await jobsOfKind(core, 'test.async')).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('ignores a job whose dedupe key is already taken', async () => {
    const core = await newCore({ realNow: fakeTime(T0).now });
    const seen = recorder(core);
    const job = { kind: 'test.kind', dueAt: iso(T0 + HOUR), dedupeKey: 'once' };
    expect(await core.runner.schedule({ ...job, payload: { name: 'original' } })).toBe(true);
    expect(await core.runner.schedule({ ...job, payload: { name: 'duplicate' } })).toBe(false);
    expect(
      await core.runner.schedule({
        ...job,
        dueAt: iso(T0 + 30 * MIN),
        payload: { name: 'earlier duplicate' },
      }),
    ).toBe(false);
    expect(await jobsOfKind(core, 'test.kind')).toHaveLength(1);
    await core.advanceClock(7200);
    expect(seen.map((s) => s.name)).toEqual(['original']);
    // Still taken after the job ran.
    expect(await core.runner.schedule({ ...job, payload: { name: 'after' } })).toBe(false);
    await core.advanceClock(7200);
    expect(seen.map((s) => s.name)).toEqual(['original']);
  });

  it('runs a job scheduled by a job in the same advance when it falls within the window', async () => {
    const core = await newCore({ realNow: fakeTime(T0).now });
    const seen = recorder(core);
    core.runner.register('test.parent', async (ctx) => {
      seen.push({ name: 'parent', now: core.clock.now(), dueAt: ctx.dueAt });
      await core.runner.schedule({
        kind: 'test.kind',
        dueAt: iso(ctx.dueAt + 30 * MIN),
        payload: { name: 'child' },
      });
      await core.runner.schedule({
        kind: 'test.kind',
        dueAt: iso(ctx.dueAt + 10 * HOUR),
        payload: { name: 'far child' },
      });
    });
    await core.runner.schedule({ kind: 'test.parent', dueAt: iso(T0 + HOUR) });
    await core.runner.schedule({
      kind: 'test.kind',
      dueAt: iso(T0 + 2 * HOUR),
      payload: { name: 'sibling' },
    });

    const ran = await core.advanceClock(3 * 3600);
    expect(ran).toBe(3);
    expect(seen).toEqual([
      { name: 'parent', now: T0 + HOUR, dueAt: T0 + HOUR },
      { name: 'child', now: T0 + 90 * MIN, dueAt: T0 + 90 * MIN },
      { name: 'sibling', now: T0 + 2 * HOUR, dueAt: T0 + 2 * HOUR },
    ]);
    expect(
      (await core.q.jobs.pendingOfKind('test.kind')).map((j) => JSON.parse(j.payload).name),
    ).toEqual(['far child']);
  });

  it('marks a throwing handler failed with its error and runs the rest', async () => {
    const errors: Array<[string, unknown]> = [];
    const core = await newCore({
      realNow: fakeTime(T0).now,
      onJobError: (kind, error) => errors.push([kind, error]),
    });
    const seen = recorder(core);
    core.runner.register('test.throws', async () => {
      await core.q.settings.set('half_done', 'yes');
      throw new Error('boom');
    });
    core.runner.register('test.rejects', async () => {
      await Promise.resolve();
      throw new Error('async boom');
    });
    await core.runner.schedule({ kind: 'test.throws', dueAt: iso(T0 + HOUR) });
    await core.runner.schedule({ kind: 'test.rejects', dueAt: iso(T0 + 90 * MIN) });
    await core.runner.schedule({ kind: 'test.unknown', dueAt: iso(T0 + 100 * MIN) });
    await core.runner.schedule({
      kind: 'test.kind',
      dueAt: iso(T0 + 2 * HOUR),
      payload: { name: 'after' },
    });

    expect(await core.advanceClock(3 * 3600)).toBe(4);
    expect(seen.map((s) => [s.name, s.now])).toEqual([['after', T0 + 2 * HOUR]]);

    const [thrown] = await jobsOfKind(core, 'test.throws');
    expect(thrown).toMatchObject({ status: 'failed', last_error: 'boom', attempts: 1 });
    expect(thrown!.finished_at).not.toBeNull();
    // The synchronous handler's writes were rolled back with it.
    expect(await core.q.settings.get('half_done')).toBeUndefined();
    expect((await jobsOfKind(core, 'test.rejects'))[0]).toMatchObject({
      status: 'failed',
      last_error: 'async boom',
    });
    expect((await jobsOfKind(core, 'test.unknown'))[0]).toMatchObject({ status: 'failed' });
    expect((await jobsOfKind(core, 'test.unknown'))[0]!.last_error).toContain('test.unknown');
    expect((await jobsOfKind(core, 'test.kind'))[0]).toMatchObject({
      status: 'done',
      last_error: null,
    });
    expect(errors.map(([kind]) => kind)).toEqual(['test.throws', 'test.rejects', 'test.unknown']);

    // A failed job is not retried by the next advance.
    await core.advanceClock(3600);
    expect((await jobsOfKind(core, 'test.throws'))[0]!.attempts).toBe(1);
  });

  it('commits a batch of due jobs together, a failing one undoing only its own work', async () => {
    const core = await newCore({ realNow: fakeTime(T0).now });
    // 600 jobs due at one moment span three batches; the 300th fails half-way.
    core.runner.register('test.write', async ({ payload }) => {
      const n = (payload as { n: number }).n;
      await core.q.settings.set(`job_${n}`, 'done');
      if (n === 300) throw new Error('the 300th fails');
    });
    for (let n = 1; n <= 600; n++) {
      await core.runner.schedule({ kind: 'test.write', dueAt: iso(T0 + HOUR), payload: { n } });
    }
    expect(await core.advanceClock(2 * 3600)).toBe(600);
    const statuses = await core.db
      .prepare(`SELECT status, count(*) AS n FROM jobs WHERE kind = 'test.write' GROUP BY status`)
      .all();
    expect(statuses).toEqual([
      { status: 'done', n: 599 },
      { status: 'failed', n: 1 },
    ]);
    expect(await core.q.settings.get('job_299')).toBe('done');
    expect(await core.q.settings.get('job_300')).toBeUndefined();
    expect(await core.q.settings.get('job_301')).toBe('done');
    expect(await core.q.settings.get('job_600')).toBe('done');
  });

  it('runs an overdue job at the current time, not back in the past', async () => {
    const core = await newCore({ realNow: fakeTime(T0).now });
    const seen = recorder(core);
    await core.runner.schedule({
      kind: 'test.kind',
      dueAt: iso(T0 - DAY),
      payload: { name: 'overdue' },
    });
    await core.advanceClock(60);
    expect(seen).toEqual([{ name: 'overdue', now: T0, dueAt: T0 - DAY }]);
    expect(core.clock.now()).toBe(T0 + MIN);
  });

  it('serialises concurrent advances', async () => {
    const core = await newCore({ realNow: fakeTime(T0).now });
    const seen = recorder(core);
    for (let h = 1; h <= 4; h++) {
      await core.runner.schedule({
        kind: 'test.kind',
        dueAt: iso(T0 + h * HOUR),
        payload: { name: `h${h}` },
      });
    }
    await Promise.all([core.advanceClock(7200), core.advanceClock(7200)]);
    expect(seen.map((s) => [s.name, s.now])).toEqual([
      ['h1', T0 + HOUR],
      ['h2', T0 + 2 * HOUR],
      ['h3', T0 + 3 * HOUR],
      ['h4', T0 + 4 * HOUR],
    ]);
    expect(core.clock.now()).toBe(T0 + 4 * HOUR);
  });
});

describe('durability across restarts', () => {
  function dataDir(): string {
    const { dir, cleanup } = tempDataDir();
    cleanups.unshift(cleanup); // removed after everything using it has closed
    return dir;
  }

  /** Opens a core on `dir`, as a restart would; the caller starts the runner when ready. */
  async function openCore(dir: string, time: { now: () => number }): Promise<Core> {
    const core = await createCore({ dataDir: dir, seed: 'empty', realNow: time.now });
    cleanups.push(async () => {
      await core.runner.stop();
      await core.close();
    });
    return core;
  }

  async function stop(core: Core): Promise<void> {
    await core.runner.stop();
    await core.close();
  }

  it('keeps a future job pending over a restart and runs it when its time comes', async () => {
    const dir = dataDir();
    const time = fakeTime(T0);
    const first = await openCore(dir, time);
    recorder(first);
    await first.runner.start();
    await first.runner.schedule({
      kind: 'test.kind',
      dueAt: iso(T0 + DAY),
      payload: { name: 'tomorrow' },
      dedupeKey: 'tomorrow',
    });
    await stop(first);

    const second = await openCore(dir, time);
    const seen = recorder(second);
    await second.runner.start();
    expect(seen).toEqual([]);
    const pending = await second.q.jobs.pendingOfKind('test.kind');
    expect(pending.map((j) => [j.due_at, j.dedupe_key, JSON.parse(j.payload)])).toEqual([
      [iso(T0 + DAY), 'tomorrow', { name: 'tomorrow' }],
    ]);
    // The dedupe key survived too.
    expect(
      await second.runner.schedule({
        kind: 'test.kind',
        dueAt: iso(T0 + DAY),
        dedupeKey: 'tomorrow',
      }),
    ).toBe(false);

    await second.advanceClock(2 * 86_400);
    expect(seen).toEqual([{ name: 'tomorrow', now: T0 + DAY, dueAt: T0 + DAY }]);
    expect(await second.q.jobs.pendingOfKind('test.kind')).toEqual([]);
  });

  it('runs at start a job that became overdue while the service was stopped', async () => {
    const dir = dataDir();
    const time = fakeTime(T0);
    const first = await openCore(dir, time);
    recorder(first);
    await first.runner.schedule({
      kind: 'test.kind',
      dueAt: iso(T0 + HOUR),
      payload: { name: 'missed' },
    });
    await first.runner.schedule({
      kind: 'test.kind',
      dueAt: iso(T0 + 5 * HOUR),
      payload: { name: 'not yet' },
    });
    await stop(first);

    time.set(T0 + 2 * HOUR);
    const second = await openCore(dir, time);
    const seen = recorder(second);
    await second.runner.start();
    expect(seen).toEqual([{ name: 'missed', now: T0 + 2 * HOUR, dueAt: T0 + HOUR }]);
    expect((await jobsOfKind(second, 'test.kind')).map((j) => j.status)).toEqual([
      'done',
      'pending',
    ]);
  });

  it('puts a job a crash left running back to pending and runs it at start', async () => {
    const dir = dataDir();
    const time = fakeTime(T0);
    const first = await openCore(dir, time);
    await first.runner.schedule({
      kind: 'test.kind',
      dueAt: iso(T0 - MIN),
      payload: { name: 'interrupted' },
    });
    await first.db.prepare(`UPDATE jobs SET status = 'running' WHERE kind = 'test.kind'`).run();
    await stop(first);

    const second = await openCore(dir, time);
    expect((await jobsOfKind(second, 'test.kind'))[0]!.status).toBe('running');
    const seen = recorder(second);
    await second.runner.start();
    expect(seen.map((s) => s.name)).toEqual(['interrupted']);
    expect((await jobsOfKind(second, 'test.kind'))[0]).toMatchObject({
      status: 'done',
      attempts: 1,
    });
  });

  it('runs the monthly resets missed while the service was stopped, each at its own time', async () => {
    const dir = dataDir();
    const time = fakeTime(Date.parse('2026-03-10T12:00:00.000Z'));
    const first = await startServer({ dataDir: dir, realNow: time.now });
    cleanups.push(() => first.close());
    await first.service.core.credits.charge({ amount: 100, reason: 'spent' });
    await first.close();

    time.set(Date.parse('2026-05-15T00:00:00.000Z'));
    const second = await newServer({ dataDir: dir, realNow: time.now });
    const balance = (await second.request('GET', '/billing/balance')).body;
    expect(balance).toMatchObject({
      balance: 2000,
      usedThisMonth: 0,
      resetsAt: '2026-06-01T00:00:00.000Z',
    });
    const ledger = (await second.request('GET', '/billing/ledger?from=2026-03-11')).body.data;
    expect(ledger.map((e: LedgerEntry) => [e.kind, e.amount, e.createdAt])).toEqual([
      ['grant', 2000, '2026-05-01T00:00:00.000Z'],
      ['reset', -2000, '2026-05-01T00:00:00.000Z'],
      ['grant', 2000, '2026-04-01T00:00:00.000Z'],
      ['reset', -1900, '2026-04-01T00:00:00.000Z'],
    ]);
    expect(
      (await second.service.core.q.jobs.pendingOfKind('credits.reset')).map((j) => j.due_at),
    ).toEqual(['2026-06-01T00:00:00.000Z']);
  });

  it('keeps the sandbox clock offset over a restart', async () => {
    const dir = dataDir();
    const time = fakeTime(T0);
    const first = await startServer({ dataDir: dir, realNow: time.now });
    cleanups.push(() => first.close());
    const moved = await first.request('POST', '/sandbox/clock/advance', {
      body: { seconds: 7200 },
    });
    expect(moved.body).toEqual({ now: iso(T0 + 2 * HOUR), offsetSeconds: 7200 });
    await first.close();

    time.set(T0 + MIN); // real time went on while stopped
    const second = await newServer({ dataDir: dir, realNow: time.now });
    expect((await second.request('GET', '/sandbox/clock')).body).toEqual({
      now: iso(T0 + 2 * HOUR + MIN),
      offsetSeconds: 7200,
    });
  });
});
