import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import { ProblemError } from '../../src-main/service/errors';
import type { LedgerEntry } from '../../src-main/service/schemas/billing';
import type { CreditAccountRow } from '../../src-main/service/store/queries/credit-account';
import type { LedgerRow } from '../../src-main/service/store/queries/credit-ledger';
import { CHECK_REFUSED } from './engine-sql';
import { expectProblem, startServer, type ApiResponse, type TestServer } from './helpers';

/** A real-time source the test moves by hand. */
function fakeTime(iso: string) {
  let t = Date.parse(iso);
  return {
    now: () => t,
    set: (at: string) => {
      t = Date.parse(at);
    },
  };
}

/** 00:00 UTC on the 1st of the month after the one containing `ms`. */
function nextMonthStart(ms: number): string {
  const d = new Date(ms);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
}

async function catchError(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

const open: Array<{ close(): unknown }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function newCore(startIso: string) {
  const time = fakeTime(startIso);
  const core = await createCore({ memory: true, seed: 'empty', realNow: time.now });
  open.push(core);
  return { core, time };
}

async function newServer(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const server = await startServer(options);
  open.push(server);
  return server;
}

const account = async (core: Core): Promise<CreditAccountRow> =>
  (await core.q.creditAccount.get())!;
const ledgerRows = (core: Core): Promise<LedgerRow[]> =>
  core.db.prepare<[], LedgerRow>('SELECT * FROM credit_ledger ORDER BY seq').all();
const eventCount = async (core: Core): Promise<number> =>
  (await core.db.prepare<[], number>('SELECT count(*) FROM events').pluck().get())!;
const lowEvents = async (core: Core) =>
  (
    await core.db
      .prepare<[], { data: string; created_at: string }>(
        `SELECT data, created_at FROM events WHERE type = 'credits.low' ORDER BY seq`,
      )
      .all()
  ).map((row) => ({ ...(JSON.parse(row.data) as Record<string, unknown>), at: row.created_at }));

/** Every invariant of the books, checked on the database itself. */
async function expectBooksBalance(core: Core): Promise<void> {
  const acc = await account(core);
  const rows = await ledgerRows(core);
  expect(acc.balance).toBeGreaterThanOrEqual(0);
  expect(acc.allowance_balance + acc.topup_balance).toBe(acc.balance);
  expect(await core.q.creditLedger.sum()).toBe(acc.balance);
  // Replaying the ledger in insertion order gives each entry's balance_after.
  let running = 0;
  for (const row of rows) {
    running += row.amount;
    expect(row.balance_after).toBe(running);
    expect(row.balance_after).toBeGreaterThanOrEqual(0);
  }
  // The newest entry, in the order the API lists them, carries the current balance.
  const newest = (await core.db
    .prepare<[], LedgerRow>('SELECT * FROM credit_ledger ORDER BY created_at DESC, id DESC LIMIT 1')
    .get())!;
  expect(newest.balance_after).toBe(acc.balance);
  expect(newest.id).toBe(rows[rows.length - 1]!.id);
}

/** Reads every page of a list, checking the pagination envelope on the way. */
async function readAll(server: TestServer, path: string, limit = 100): Promise<LedgerEntry[]> {
  const all: LedgerEntry[] = [];
  let cursor = '';
  for (let page = 0; page < 1000; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await server.request(
      'GET',
      `${path}${sep}limit=${limit}&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(res.status).toBe(200);
    all.push(...res.body.data);
    expect(res.body.pagination.limit).toBe(limit);
    if (!res.body.pagination.hasMore) {
      expect(res.body.pagination.cursor).toBe('');
      return all;
    }
    expect(res.body.data).toHaveLength(limit);
    cursor = res.body.pagination.cursor;
    expect(cursor).not.toBe('');
  }
  throw new Error('pagination did not end');
}

describe('GET /billing/balance', () => {
  it('starts a new empty clinic on the professional plan with a full allowance', async () => {
    const server = await newServer();
    const clock = await server.request('GET', '/sandbox/clock');
    const res = await server.request('GET', '/billing/balance');
    const after = await server.request('GET', '/sandbox/clock');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ['balance', 'monthlyAllowance', 'plan', 'resetsAt', 'usedThisMonth'].sort(),
    );
    expect(res.body).toMatchObject({
      balance: 2000,
      plan: 'professional',
      monthlyAllowance: 2000,
      usedThisMonth: 0,
    });
    // Next 1st of the month on the service clock (either reading, should the month turn between).
    expect([
      nextMonthStart(Date.parse(clock.body.now)),
      nextMonthStart(Date.parse(after.body.now)),
    ]).toContain(res.body.resetsAt);
  });

  it('puts resetsAt at 00:00 UTC on the 1st of the next month, across a year end', async () => {
    const mid = await newServer({ realNow: fakeTime('2026-11-22T12:34:56.789Z').now });
    expect((await mid.request('GET', '/billing/balance')).body.resetsAt).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    const lastMs = await newServer({ realNow: fakeTime('2026-12-31T23:59:59.999Z').now });
    expect((await lastMs.request('GET', '/billing/balance')).body.resetsAt).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    const firstMs = await newServer({ realNow: fakeTime('2027-02-01T00:00:00.000Z').now });
    expect((await firstMs.request('GET', '/billing/balance')).body.resetsAt).toBe(
      '2027-03-01T00:00:00.000Z',
    );
  });

  it('needs credits:read', async () => {
    const server = await newServer();
    const other = await server.request('GET', '/billing/balance', {
      token: await server.keyWith('patients:read', 'patients:write', 'schedules:write'),
    });
    expectProblem(other, 403, 'insufficient_permissions');
    expect(other.body.requiredPermission).toBe('credits:read');
    expect(other.headers.get('www-authenticate')).toContain('insufficient_scope');

    const ledger = await server.request('GET', '/billing/ledger', {
      token: await server.keyWith('patients:read'),
    });
    expectProblem(ledger, 403, 'insufficient_permissions');

    expectProblem(
      await server.request('GET', '/billing/balance', { token: null }),
      401,
      'invalid_token',
    );

    const only = await server.keyWith('credits:read');
    expect((await server.request('GET', '/billing/balance', { token: only })).status).toBe(200);
    expect((await server.request('GET', '/billing/ledger', { token: only })).status).toBe(200);
  });
});

describe('charging credits', () => {
  it('refuses a charge the balance cannot cover and rolls back the action it paid for', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    await core.credits.charge({ amount: 1990, reason: 'setup' });
    const before = await account(core);
    const ledgerBefore = (await ledgerRows(core)).length;
    const eventsBefore = await eventCount(core);

    const error = await catchError(
      async () =>
        await core.db.transaction(async () => {
          await core.q.settings.set('test_marker', 'written');
          await core.patients.create({ firstName: 'Rolled', lastName: 'Back' });
          await core.credits.charge({
            amount: 11,
            reason: 'AI conversation started',
            resourceType: 'conversation',
            resourceId: 'conv_test',
          });
        }),
    );
    expect(error).toBeInstanceOf(ProblemError);
    const problem = error as ProblemError;
    expect(problem.status).toBe(402);
    expect(problem.code).toBe('insufficient_credits');
    expect(problem.extensions).toEqual({ balance: 10, required: 11 });

    expect(await account(core)).toEqual(before);
    expect(await ledgerRows(core)).toHaveLength(ledgerBefore);
    expect(await eventCount(core)).toBe(eventsBefore);
    expect(await core.q.settings.get('test_marker')).toBeUndefined();
    expect(await core.db.prepare('SELECT count(*) FROM patients').pluck().get()).toBe(0);
    expect(await core.q.patients.count({})).toBe(0);
    expect((await core.credits.balance()).balance).toBe(10);
  });

  it('commits the charge together with the action when the balance covers it', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    await core.db.transaction(async () => {
      await core.q.settings.set('test_marker', 'written');
      await core.credits.charge({
        amount: 10,
        reason: 'ok',
        resourceType: 'conversation',
        resourceId: 'c1',
      });
    });
    expect(await core.q.settings.get('test_marker')).toBe('written');
    expect(await core.credits.balance()).toMatchObject({ balance: 1990, usedThisMonth: 10 });
    await expectBooksBalance(core);
  });

  it('spends the exact balance down to 0 but never below', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    const row = await core.credits.charge({ amount: 2000, reason: 'everything' });
    expect(row).toMatchObject({ kind: 'consume', amount: -2000, balance_after: 0 });
    expect(await core.credits.balance()).toMatchObject({ balance: 0, usedThisMonth: 2000 });
    const count = (await ledgerRows(core)).length;

    const error = await catchError(() => core.credits.charge({ amount: 1, reason: 'one more' }));
    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).status).toBe(402);
    expect((error as ProblemError).extensions).toEqual({ balance: 0, required: 1 });
    expect(await ledgerRows(core)).toHaveLength(count);
    expect((await account(core)).balance).toBe(0);
    await expectBooksBalance(core);
  });

  it('has the database refuse a negative balance written directly', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    await expect(
      core.db.prepare('UPDATE credit_account SET balance = -1, allowance_balance = -1').run(),
    ).rejects.toThrow(CHECK_REFUSED);
    await expect(
      core.db.prepare('UPDATE credit_account SET balance = balance - 2001').run(),
    ).rejects.toThrow(CHECK_REFUSED);
    expect((await account(core)).balance).toBe(2000);
  });

  it('rejects amounts that are not positive whole numbers and changes nothing', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    const before = await account(core);
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(core.credits.charge({ amount, reason: 'bad' })).rejects.toThrow();
      await expect(core.credits.refund({ amount, reason: 'bad' })).rejects.toThrow();
      await expect(core.credits.topUp(amount)).rejects.toThrow();
    }
    expect(await account(core)).toEqual(before);
    expect(await ledgerRows(core)).toHaveLength(1);
  });

  it('keeps the books balanced through a random sequence of charges, refunds, top-ups and resets', async () => {
    const { core } = await newCore('2026-01-14T09:00:00.000Z');
    let seed = 20260114;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const resources: string[] = [];
    let refused = 0;
    let refunds = 0;
    for (let step = 0; step < 400; step++) {
      const op = rand(10);
      if (op < 5) {
        const amount = 1 + rand(300);
        const resourceId = `res_${step}`;
        const before = await account(core);
        const count = (await ledgerRows(core)).length;
        try {
          await core.credits.charge({
            amount,
            reason: 'random charge',
            resourceType: 'test',
            resourceId,
          });
          resources.push(resourceId);
        } catch (error) {
          expect(error).toBeInstanceOf(ProblemError);
          expect((error as ProblemError).status).toBe(402);
          expect(before.balance).toBeLessThan(amount);
          expect(await account(core)).toEqual(before);
          expect(await ledgerRows(core)).toHaveLength(count);
          refused++;
        }
      } else if (op < 7 && resources.length) {
        const resourceId = resources[rand(resources.length)]!;
        const owed = await core.q.creditLedger.netConsumed(resourceId);
        if (owed > 0) {
          await core.credits.refund({
            amount: 1 + rand(owed),
            reason: 'random refund',
            resourceType: 'test',
            resourceId,
          });
          refunds++;
        }
      } else if (op < 8) {
        await core.credits.topUp(1 + rand(150));
      } else {
        // Time passes: up to four days at a time, running the monthly resets on the way.
        await core.advanceClock(rand(4 * 86_400));
      }
      await expectBooksBalance(core);
    }
    // The sequence did exercise every path.
    const kinds = new Set((await ledgerRows(core)).map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['consume', 'grant', 'refund', 'reset']);
    expect(refunds).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('refunds, top-ups and the monthly reset', () => {
  it('returns refunds to the part they came from; top-ups survive the reset, the allowance does not', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    await core.credits.topUp(500);
    await core.credits.charge({
      amount: 1800,
      reason: 'a',
      resourceType: 'test',
      resourceId: 'res_a',
    });
    // 200 from the allowance, 100 from the top-ups.
    const b = await core.credits.charge({
      amount: 300,
      reason: 'b',
      resourceType: 'test',
      resourceId: 'res_b',
    });
    expect(b.from_allowance).toBe(200);
    expect(await account(core)).toMatchObject({
      allowance_balance: 0,
      topup_balance: 400,
      balance: 400,
    });

    const back = await core.credits.refund({
      amount: 300,
      reason: 'b back',
      resourceType: 'test',
      resourceId: 'res_b',
    });
    expect(back.refunded).toBe(300);
    expect(back.entry).toMatchObject({
      kind: 'refund',
      amount: 300,
      from_allowance: 200,
      balance_after: 700,
    });
    expect(await account(core)).toMatchObject({
      allowance_balance: 200,
      topup_balance: 500,
      balance: 700,
    });

    await core.credits.refund({
      amount: 800,
      reason: 'a partly back',
      resourceType: 'test',
      resourceId: 'res_a',
    });
    expect(await account(core)).toMatchObject({
      allowance_balance: 1000,
      topup_balance: 500,
      balance: 1500,
    });
    expect((await core.credits.balance()).usedThisMonth).toBe(1000);

    // A refund not tied to anything taken from the allowance goes to the part that does not expire.
    await core.credits.refund({ amount: 20, reason: 'goodwill' });
    expect(await account(core)).toMatchObject({
      allowance_balance: 1000,
      topup_balance: 520,
      balance: 1520,
    });
    await expectBooksBalance(core);

    // Cross 2026-04-01: the 1,000 left of the allowance expire, a fresh 2,000 arrive, top-ups stay.
    await core.advanceClock((Date.parse('2026-04-01T06:00:00.000Z') - core.clock.now()) / 1000);
    expect(await core.credits.balance()).toEqual({
      balance: 2520,
      plan: 'professional',
      monthlyAllowance: 2000,
      usedThisMonth: 0,
      resetsAt: '2026-05-01T00:00:00.000Z',
    });
    expect(await account(core)).toMatchObject({
      allowance_balance: 2000,
      topup_balance: 520,
      period_start: '2026-04-01T00:00:00.000Z',
    });
    const [reset, grant] = (await ledgerRows(core)).slice(-2);
    expect(reset).toMatchObject({
      kind: 'reset',
      amount: -1000,
      balance_after: 520,
      created_at: '2026-04-01T00:00:00.000Z',
    });
    expect(grant).toMatchObject({
      kind: 'grant',
      amount: 2000,
      balance_after: 2520,
      created_at: '2026-04-01T00:00:00.000Z',
    });
    await expectBooksBalance(core);

    // A refund of a charge made in the previous period cannot revive expired allowance, neither
    // as allowance nor as permanent credit (issue 17): res_a came all from the allowance.
    const entries = (await ledgerRows(core)).length;
    const expired = await core.credits.refund({
      amount: 100,
      reason: 'a more back',
      resourceType: 'test',
      resourceId: 'res_a',
    });
    expect(expired).toEqual({ refunded: 0 });
    expect(await ledgerRows(core)).toHaveLength(entries);
    expect(await account(core)).toMatchObject({
      allowance_balance: 2000,
      topup_balance: 520,
      balance: 2520,
    });
    await expectBooksBalance(core);
  });

  it('turns no expiring allowance into permanent credit: the reset-and-cancel sequence (issue 17)', async () => {
    // An hour before the reset, the rest of the allowance and part of a top-up pay for deliveries
    // far ahead; after the reset they are cancelled. The allowance part stays expired, the top-up
    // part comes back, and the next reset gives nothing extra.
    const { core } = await newCore('2026-03-31T23:00:00.000Z');
    await core.credits.topUp(30);
    await core.credits.charge({ amount: 1990, reason: 'spent this month' });
    // 10 left of the allowance; the charge of 25 takes those 10 and 15 of the top-up.
    const held = await core.credits.charge({
      amount: 25,
      reason: 'deliveries far ahead',
      resourceType: 'form_schedule',
      resourceId: 'sch_far',
    });
    expect(held.from_allowance).toBe(10);
    await core.advanceClock(2 * 3600);
    expect(await account(core)).toMatchObject({ allowance_balance: 2000, topup_balance: 15 });
    const back = await core.credits.refund({
      amount: 25,
      reason: 'Form delivery cancelled',
      resourceType: 'form_schedule',
      resourceId: 'sch_far',
    });
    expect(back.refunded).toBe(15);
    expect(back.entry).toMatchObject({ amount: 15, from_allowance: 0 });
    expect(back.entry?.reason).toMatch(/10 credits of an expired monthly allowance/);
    expect(await account(core)).toMatchObject({
      allowance_balance: 2000,
      topup_balance: 30,
      balance: 2030,
    });
    // Nothing more to give back, however often it is asked.
    expect(
      await core.credits.refund({
        amount: 10,
        reason: 'again',
        resourceType: 'form_schedule',
        resourceId: 'sch_far',
      }),
    ).toEqual({ refunded: 0 });
    await core.advanceClock(31 * 24 * 3600);
    expect((await core.credits.balance()).balance).toBe(2030);
    await expectBooksBalance(core);
  });

  it('skips the expiry entry when nothing is left of the allowance', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    await core.credits.topUp(100);
    await core.credits.charge({ amount: 2050, reason: 'all of it and more' });
    expect(await account(core)).toMatchObject({ allowance_balance: 0, topup_balance: 50 });
    const count = (await ledgerRows(core)).length;
    await core.advanceClock((Date.parse('2026-04-01T00:00:00.000Z') - core.clock.now()) / 1000);
    const added = (await ledgerRows(core)).slice(count);
    expect(added.map((r) => [r.kind, r.amount, r.balance_after])).toEqual([['grant', 2000, 2050]]);
    expect(await core.credits.balance()).toMatchObject({ balance: 2050, usedThisMonth: 0 });
  });

  it('runs a reset job for a period that was already reset as a no-op', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    await core.advanceClock((Date.parse('2026-04-02T00:00:00.000Z') - core.clock.now()) / 1000);
    const count = (await ledgerRows(core)).length;
    expect(await core.credits.resetPeriod('2026-04-01T00:00:00.000Z')).toBe(false);
    expect(await ledgerRows(core)).toHaveLength(count);
    expect((await core.credits.balance()).balance).toBe(2000);
  });
});

describe('credits.low', () => {
  it('fires once per dip below 10% of the allowance and re-arms when the balance is back', async () => {
    const { core, time } = await newCore('2026-03-10T12:00:00.000Z');
    await core.credits.charge({ amount: 1800, reason: 'down to the threshold' });
    expect((await core.credits.balance()).balance).toBe(200);
    expect(await lowEvents(core)).toEqual([]); // 200 is not below 200

    time.set('2026-03-11T08:00:00.000Z');
    await core.credits.charge({ amount: 1, reason: 'below' });
    expect(await lowEvents(core)).toEqual([
      {
        balance: 199,
        monthlyAllowance: 2000,
        threshold: 200,
        plan: 'professional',
        resetsAt: '2026-04-01T00:00:00.000Z',
        at: '2026-03-11T08:00:00.000Z',
      },
    ]);
    const row = (await core.db
      .prepare<[], { id: string; type: string }>(
        `SELECT id, type FROM events WHERE type = 'credits.low'`,
      )
      .get())!;
    expect(row.id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);

    // Further dips while low do not fire again, nor does a refund that stays below.
    await core.credits.charge({ amount: 50, reason: 'lower' });
    await core.credits.charge({ amount: 49, reason: 'lower still' });
    await core.credits.refund({ amount: 10, reason: 'a little back' });
    await core.credits.charge({ amount: 5, reason: 'lower again' });
    expect(await lowEvents(core)).toHaveLength(1);
    expect((await account(core)).low_armed).toBe(0);

    // A top-up back to the threshold re-arms without firing.
    await core.credits.topUp(95); // 105 + 95 = 200
    expect((await core.credits.balance()).balance).toBe(200);
    expect((await account(core)).low_armed).toBe(1);
    expect(await lowEvents(core)).toHaveLength(1);

    time.set('2026-03-12T08:00:00.000Z');
    await core.credits.charge({ amount: 30, reason: 'dip again' });
    const events = await lowEvents(core);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      balance: 170,
      threshold: 200,
      at: '2026-03-12T08:00:00.000Z',
    });
    await core.credits.charge({ amount: 1, reason: 'still low' });
    expect(await lowEvents(core)).toHaveLength(2);
  });

  it('re-arms at the monthly reset', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    await core.credits.charge({ amount: 1900, reason: 'low' });
    expect(await lowEvents(core)).toHaveLength(1);
    await core.advanceClock((Date.parse('2026-04-01T10:00:00.000Z') - core.clock.now()) / 1000);
    expect((await account(core)).low_armed).toBe(1);
    await core.credits.charge({ amount: 1850, reason: 'low again' });
    expect(await lowEvents(core)).toHaveLength(2);
    expect((await lowEvents(core))[1]).toMatchObject({
      balance: 150,
      resetsAt: '2026-05-01T00:00:00.000Z',
    });
  });

  it('never fires on a charge that keeps the balance at or above the threshold', async () => {
    const { core } = await newCore('2026-03-10T12:00:00.000Z');
    for (let i = 0; i < 18; i++) await core.credits.charge({ amount: 100, reason: 'step' });
    expect((await core.credits.balance()).balance).toBe(200);
    expect(await lowEvents(core)).toEqual([]);
  });
});

describe('GET /billing/ledger', () => {
  const time = fakeTime('2026-03-02T09:00:00.000Z');
  let server: TestServer;
  let all: LedgerEntry[];

  /** The ledger of a known history, with each entry at a chosen time. */
  async function historyServer(): Promise<TestServer> {
    time.set('2026-03-02T09:00:00.000Z');
    const s = await newServer({ realNow: time.now });
    const credits = s.service.core.credits;
    time.set('2026-03-03T10:00:00.000Z');
    await credits.charge({
      amount: 10,
      reason: 'AI conversation started',
      resourceType: 'conversation',
      resourceId: 'conv_1',
    });
    time.set('2026-03-04T10:00:00.000Z');
    await credits.charge({
      amount: 2,
      reason: 'Form delivery (WhatsApp)',
      resourceType: 'form_schedule',
      resourceId: 'sch_1',
    });
    time.set('2026-03-05T00:00:00.000Z');
    await credits.charge({
      amount: 1,
      reason: 'AI conversation message',
      resourceType: 'conversation',
      resourceId: 'conv_1',
    });
    time.set('2026-03-05T10:00:00.000Z');
    await credits.refund({
      amount: 2,
      reason: 'Form schedule cancelled',
      resourceType: 'form_schedule',
      resourceId: 'sch_1',
    });
    time.set('2026-03-06T00:00:00.000Z');
    await credits.topUp(500);
    time.set('2026-03-07T10:00:00.000Z');
    await credits.charge({
      amount: 5,
      reason: 'Voice call',
      resourceType: 'call',
      resourceId: 'call_1',
    });
    return s;
  }

  const dates = (res: ApiResponse) => res.body.data.map((e: LedgerEntry) => e.createdAt);

  it('lists entries newest first in the documented shape', async () => {
    server = await historyServer();
    const res = await server.request('GET', '/billing/ledger');
    expect(res.status).toBe(200);
    all = res.body.data;
    expect(res.body.pagination).toEqual({ cursor: '', hasMore: false, limit: 20 });
    expect(all.map((e) => [e.kind, e.amount, e.balanceAfter, e.createdAt])).toEqual([
      ['consume', -5, 2484, '2026-03-07T10:00:00.000Z'],
      ['grant', 500, 2489, '2026-03-06T00:00:00.000Z'],
      ['refund', 2, 1989, '2026-03-05T10:00:00.000Z'],
      ['consume', -1, 1987, '2026-03-05T00:00:00.000Z'],
      ['consume', -2, 1988, '2026-03-04T10:00:00.000Z'],
      ['consume', -10, 1990, '2026-03-03T10:00:00.000Z'],
      ['grant', 2000, 2000, '2026-03-02T09:00:00.000Z'],
    ]);
    for (const entry of all) {
      expect(entry.id).toMatch(/^led_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(typeof entry.reason).toBe('string');
      expect(entry.reason.length).toBeGreaterThan(0);
    }
    expect(all[0]).toEqual({
      id: all[0]!.id,
      kind: 'consume',
      amount: -5,
      balanceAfter: 2484,
      reason: 'Voice call',
      resourceType: 'call',
      resourceId: 'call_1',
      createdAt: '2026-03-07T10:00:00.000Z',
    });
    // Entries about no resource leave the resource fields out rather than sending null.
    expect(Object.keys(all[6]!).sort()).toEqual(
      ['amount', 'balanceAfter', 'createdAt', 'id', 'kind', 'reason'].sort(),
    );
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const balance = await server.request('GET', '/billing/balance');
    expect(all[0]!.balanceAfter).toBe(balance.body.balance);
    expect(all.reduce((s, e) => s + e.amount, 0)).toBe(balance.body.balance);
  });

  it('pages with limit and cursor without repeating or skipping', async () => {
    server = await historyServer();
    all = (await server.request('GET', '/billing/ledger')).body.data;
    const first = await server.request('GET', '/billing/ledger?limit=3');
    expect(first.body.data).toEqual(all.slice(0, 3));
    expect(first.body.pagination).toMatchObject({ hasMore: true, limit: 3 });
    const second = await server.request(
      'GET',
      `/billing/ledger?limit=3&cursor=${encodeURIComponent(first.body.pagination.cursor)}`,
    );
    expect(second.body.data).toEqual(all.slice(3, 6));
    expect(second.body.pagination.hasMore).toBe(true);
    const third = await server.request(
      'GET',
      `/billing/ledger?limit=3&cursor=${encodeURIComponent(second.body.pagination.cursor)}`,
    );
    expect(third.body.data).toEqual(all.slice(6));
    expect(third.body.pagination).toEqual({ cursor: '', hasMore: false, limit: 3 });
    expect(await readAll(server, '/billing/ledger', 2)).toEqual(all);
    expect(await readAll(server, '/billing/ledger', 1)).toEqual(all);

    // An empty cursor is the first page.
    expect((await server.request('GET', '/billing/ledger?limit=3&cursor=')).body.data).toEqual(
      all.slice(0, 3),
    );

    // Entries written while paging do not shift the next page.
    time.set('2026-03-08T10:00:00.000Z');
    await server.service.core.credits.charge({ amount: 1, reason: 'while paging' });
    const next = await server.request(
      'GET',
      `/billing/ledger?limit=3&cursor=${encodeURIComponent(first.body.pagination.cursor)}`,
    );
    expect(next.body.data).toEqual(all.slice(3, 6));

    for (const limit of ['0', '101', '-1', 'abc']) {
      expectProblem(
        await server.request('GET', `/billing/ledger?limit=${limit}`),
        422,
        'validation_failed',
      );
    }
  });

  it('filters by kind', async () => {
    server = await historyServer();
    const consume = await server.request('GET', '/billing/ledger?kind=consume');
    expect(consume.status).toBe(200);
    expect(consume.body.data.map((e: LedgerEntry) => e.amount)).toEqual([-5, -1, -2, -10]);
    const grant = await server.request('GET', '/billing/ledger?kind=grant');
    expect(grant.body.data.map((e: LedgerEntry) => e.amount)).toEqual([500, 2000]);
    expect((await server.request('GET', '/billing/ledger?kind=reset')).body.data).toEqual([]);
    const refund = await server.request('GET', '/billing/ledger?kind=refund');
    expect(refund.body.data).toHaveLength(1);

    const bad = await server.request('GET', '/billing/ledger?kind=charge');
    expectProblem(bad, 422, 'validation_failed');
    expect(bad.body.errors[0].parameter).toBe('kind');
  });

  it('filters by from (inclusive) and to (exclusive), as dates or date-times', async () => {
    server = await historyServer();
    const get = (query: string) => server.request('GET', `/billing/ledger?${query}`);

    expect(dates(await get('from=2026-03-05'))).toEqual([
      '2026-03-07T10:00:00.000Z',
      '2026-03-06T00:00:00.000Z',
      '2026-03-05T10:00:00.000Z',
      '2026-03-05T00:00:00.000Z',
    ]);
    expect(dates(await get('to=2026-03-05'))).toEqual([
      '2026-03-04T10:00:00.000Z',
      '2026-03-03T10:00:00.000Z',
      '2026-03-02T09:00:00.000Z',
    ]);
    expect(dates(await get('from=2026-03-05&to=2026-03-06'))).toEqual([
      '2026-03-05T10:00:00.000Z',
      '2026-03-05T00:00:00.000Z',
    ]);
    expect(dates(await get('from=2026-03-05T00:00:00.001Z'))).toEqual([
      '2026-03-07T10:00:00.000Z',
      '2026-03-06T00:00:00.000Z',
      '2026-03-05T10:00:00.000Z',
    ]);
    expect(dates(await get('to=2026-03-05T00:00:00.000Z'))).toHaveLength(3);
    expect(dates(await get('to=2026-03-05T00:00:00.001Z'))).toHaveLength(4);
    // The same instant written with an offset.
    expect(
      dates(await get(`from=${encodeURIComponent('2026-03-05T01:00:00+01:00')}&to=2026-03-06`)),
    ).toEqual(['2026-03-05T10:00:00.000Z', '2026-03-05T00:00:00.000Z']);
    expect(dates(await get('from=2026-03-05&to=2026-03-06&kind=consume'))).toEqual([
      '2026-03-05T00:00:00.000Z',
    ]);
    expect(dates(await get('from=2027-01-01'))).toEqual([]);

    for (const query of [
      'from=2026-03-06&to=2026-03-05',
      'from=2026-03-05&to=2026-03-05',
      'from=2026-03-05T00:00:00.000Z&to=2026-03-05',
      'from=yesterday',
      'to=2026-13-45',
      'from=2026-03-05T25:00:00Z',
    ]) {
      expectProblem(await get(query), 422, 'validation_failed');
    }
  });

  it('binds the cursor to its filters', async () => {
    server = await historyServer();
    const first = await server.request('GET', '/billing/ledger?kind=consume&limit=1');
    const cursor = encodeURIComponent(first.body.pagination.cursor);
    expect(first.body.pagination.hasMore).toBe(true);

    const same = await server.request(
      'GET',
      `/billing/ledger?kind=consume&limit=1&cursor=${cursor}`,
    );
    expect(same.status).toBe(200);
    expect(same.body.data[0].amount).toBe(-1);
    // The page size is not a filter.
    expect(
      (await server.request('GET', `/billing/ledger?kind=consume&limit=5&cursor=${cursor}`)).status,
    ).toBe(200);

    for (const query of [
      `kind=grant&limit=1&cursor=${cursor}`,
      `limit=1&cursor=${cursor}`,
      `kind=consume&from=2026-03-01&limit=1&cursor=${cursor}`,
      `kind=consume&limit=1&cursor=${cursor}x`,
      `kind=consume&limit=1&cursor=${cursor.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      'kind=consume&limit=1&cursor=not-a-cursor',
    ]) {
      expectProblem(await server.request('GET', `/billing/ledger?${query}`), 400, 'invalid_cursor');
    }

    // A cursor of another list is refused too.
    await server.service.core.patients.create({ firstName: 'A', lastName: 'B' });
    await server.service.core.patients.create({ firstName: 'C', lastName: 'D' });
    const patients = await server.request('GET', '/patients?limit=1');
    expect(patients.body.pagination.hasMore).toBe(true);
    expectProblem(
      await server.request(
        'GET',
        `/billing/ledger?limit=1&cursor=${encodeURIComponent(patients.body.pagination.cursor)}`,
      ),
      400,
      'invalid_cursor',
    );
  });
});

describe('the monthly reset on the sandbox clock', () => {
  it('restores the allowance when the clock crosses the 1st and moves resetsAt a month', async () => {
    const server = await newServer({ realNow: fakeTime('2026-03-10T12:00:00.000Z').now });
    const credits = server.service.core.credits;
    await credits.topUp(300);
    await credits.charge({ amount: 500, reason: 'spent', resourceType: 'test', resourceId: 'r1' });
    expect((await server.request('GET', '/billing/balance')).body).toMatchObject({
      balance: 1800,
      usedThisMonth: 500,
      resetsAt: '2026-04-01T00:00:00.000Z',
    });

    // Exactly to the due time: the reset is due at 00:00:00.000 and runs.
    const seconds =
      (Date.parse('2026-04-01T00:00:00.000Z') - Date.parse('2026-03-10T12:00:00.000Z')) / 1000;
    const advanced = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
    expect(advanced.status).toBe(200);
    expect(advanced.body.now).toBe('2026-04-01T00:00:00.000Z');
    expect((await server.request('GET', '/billing/balance')).body).toEqual({
      balance: 2300,
      plan: 'professional',
      monthlyAllowance: 2000,
      usedThisMonth: 0,
      resetsAt: '2026-05-01T00:00:00.000Z',
    });
    const resets = await server.request('GET', '/billing/ledger?kind=reset');
    expect(resets.body.data).toHaveLength(1);
    expect(resets.body.data[0]).toMatchObject({
      amount: -1500,
      balanceAfter: 300,
      createdAt: '2026-04-01T00:00:00.000Z',
    });
    const newest = (await server.request('GET', '/billing/ledger?limit=1')).body.data[0];
    expect(newest).toMatchObject({
      kind: 'grant',
      amount: 2000,
      balanceAfter: 2300,
      createdAt: '2026-04-01T00:00:00.000Z',
    });
  });

  it('runs one reset per month crossed, each at its own due time', async () => {
    const server = await newServer({ realNow: fakeTime('2026-03-10T12:00:00.000Z').now });
    const core = server.service.core;
    await core.credits.topUp(250);
    await core.credits.charge({ amount: 100, reason: 'spent' });

    const target = Date.parse('2026-06-15T08:30:00.000Z');
    const res = await server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: (target - core.clock.now()) / 1000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.now).toBe('2026-06-15T08:30:00.000Z');

    const balance = (await server.request('GET', '/billing/balance')).body;
    expect(balance).toEqual({
      balance: 2250,
      plan: 'professional',
      monthlyAllowance: 2000,
      usedThisMonth: 0,
      resetsAt: '2026-07-01T00:00:00.000Z',
    });

    const entries = await readAll(server, '/billing/ledger?from=2026-03-11');
    expect(entries.map((e) => [e.kind, e.amount, e.balanceAfter, e.createdAt])).toEqual([
      ['grant', 2000, 2250, '2026-06-01T00:00:00.000Z'],
      ['reset', -2000, 250, '2026-06-01T00:00:00.000Z'],
      ['grant', 2000, 2250, '2026-05-01T00:00:00.000Z'],
      ['reset', -2000, 250, '2026-05-01T00:00:00.000Z'],
      ['grant', 2000, 2250, '2026-04-01T00:00:00.000Z'],
      ['reset', -1900, 250, '2026-04-01T00:00:00.000Z'],
    ]);

    // Exactly one reset is waiting, for the next period.
    const pending = await core.q.jobs.pendingOfKind('credits.reset');
    expect(pending.map((j) => j.due_at)).toEqual(['2026-07-01T00:00:00.000Z']);
    const done = await core.db
      .prepare<[], string>(
        `SELECT due_at FROM jobs WHERE kind = 'credits.reset' AND status = 'done' ORDER BY due_at`,
      )
      .pluck()
      .all();
    expect(done).toEqual([
      '2026-04-01T00:00:00.000Z',
      '2026-05-01T00:00:00.000Z',
      '2026-06-01T00:00:00.000Z',
    ]);
    await expectBooksBalance(core);
  });

  it('does not reset before the 1st', async () => {
    const server = await newServer({ realNow: fakeTime('2026-03-10T12:00:00.000Z').now });
    await server.service.core.credits.charge({ amount: 100, reason: 'spent' });
    const seconds =
      (Date.parse('2026-03-31T23:59:59.000Z') - Date.parse('2026-03-10T12:00:00.000Z')) / 1000;
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
    expect((await server.request('GET', '/billing/balance')).body).toMatchObject({
      balance: 1900,
      usedThisMonth: 100,
      resetsAt: '2026-04-01T00:00:00.000Z',
    });
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 1 } });
    expect((await server.request('GET', '/billing/balance')).body).toMatchObject({
      balance: 2000,
      usedThisMonth: 0,
      resetsAt: '2026-05-01T00:00:00.000Z',
    });
  });
});

describe('the demo clinic', () => {
  it('has balanced credit books with history over earlier months', async () => {
    const server = await newServer({ seed: 'demo' });
    const core = server.service.core;
    const balance = (await server.request('GET', '/billing/balance')).body;
    const now = Date.parse((await server.request('GET', '/sandbox/clock')).body.now);
    expect(balance.plan).toBe('professional');
    expect(balance.monthlyAllowance).toBe(2000);
    expect(balance.resetsAt).toBe(nextMonthStart(now));

    const entries = await readAll(server, '/billing/ledger');
    expect(entries.length).toBeGreaterThan(50);
    expect(entries[0]!.balanceAfter).toBe(balance.balance);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(balance.balance);

    // Newest first, and no balance ever went negative.
    const chronological = [...entries].reverse();
    let running = 0;
    for (let i = 0; i < chronological.length; i++) {
      const e = chronological[i]!;
      running += e.amount;
      expect(e.balanceAfter).toBe(running);
      expect(e.balanceAfter).toBeGreaterThanOrEqual(0);
      if (i > 0) expect(e.createdAt >= chronological[i - 1]!.createdAt).toBe(true);
      expect(Date.parse(e.createdAt)).toBeLessThanOrEqual(now);
    }

    // History in earlier months, with a reset at the start of each later month.
    const periodStart = new Date(Date.parse(balance.resetsAt) - 1);
    const currentStart = new Date(
      Date.UTC(periodStart.getUTCFullYear(), periodStart.getUTCMonth(), 1),
    ).toISOString();
    const earlier = entries.filter((e) => e.createdAt < currentStart);
    expect(earlier.length).toBeGreaterThan(0);
    expect(new Set(earlier.map((e) => e.createdAt.slice(0, 7))).size).toBeGreaterThanOrEqual(3);
    const resets = entries.filter((e) => e.kind === 'reset');
    expect(resets.length).toBeGreaterThan(0);
    for (const r of resets) {
      expect(r.createdAt).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
      expect(r.amount).toBeLessThan(0);
    }
    const monthlyGrants = entries.filter(
      (e) => e.kind === 'grant' && /^\d{4}-\d{2}-01T00:00:00\.000Z$/.test(e.createdAt),
    );
    expect(monthlyGrants.map((g) => g.createdAt)).toContain(currentStart);
    expect(monthlyGrants.length).toBeGreaterThanOrEqual(4);
    expect(entries.some((e) => e.kind === 'consume')).toBe(true);

    // usedThisMonth is what the current period consumed.
    const used = entries
      .filter((e) => e.createdAt >= currentStart && (e.kind === 'consume' || e.kind === 'refund'))
      .reduce((s, e) => s - e.amount, 0);
    expect(balance.usedThisMonth).toBe(used);

    await expectBooksBalance(core);
    expect((await core.q.jobs.pendingOfKind('credits.reset')).map((j) => j.due_at)).toEqual([
      balance.resetsAt,
    ]);
    // Seeding writes history, not news.
    expect(await lowEvents(core)).toEqual([]);
  });
});
