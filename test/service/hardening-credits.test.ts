import { describe, expect, it } from 'vitest';
import { CallDetail } from '../../src-main/service/schemas/call';
import { CancelledSchedule, FormSchedule } from '../../src-main/service/schemas/form-schedule';
import type { LedgerRow } from '../../src-main/service/store/queries/credit-ledger';
import {
  EVERY_FIELD_TYPE,
  events,
  expectProblem,
  expectSchema,
  serversClosedAfterEach,
  type ApiResponse,
  type TestServer,
} from './helpers';
import { DAY, HOUR, SEC, T0, iso } from './time';

/*
 * Issue 17, findings 2 and 3, replayed as the attack pass ran them, over real HTTP:
 *
 * - Expiring allowance turned into permanent credits: an hour before the monthly reset the rest of
 *   the allowance pays for WhatsApp deliveries 200 days ahead; after the reset they are cancelled.
 *   The refunds used to go to the top-up pot (which never expires), so the clinic kept a fresh
 *   allowance plus everything it had spent, every month. Allowance of a period that has been reset
 *   stays expired; only top-up credits come back.
 * - Calls running past the balance: at a balance of 5, forty POST /voice/calls were all accepted
 *   (creation only checked the balance, charging nothing), ran about 120 started minutes between
 *   them and charged 5 credits, 595 being noted as `unbilledCredits`. A call now reserves its first
 *   minute when it is created and ends when the credits do.
 *
 * Every server runs on a fake real-time source: the service clock moves only when a test advances
 * it through /sandbox/clock/advance.
 */

const { newServer } = serversClosedAfterEach(T0);

/** The professional plan of the empty seed. */
const ALLOWANCE = 2000;
const WHATSAPP = 2;
const EMAIL = 1;
/** A number that answers (api-decisions §10). */
const PHONE = '+34612345678';
const POST_OP = 'Seguimiento postoperatorio tras prótesis de rodilla';

interface Balance {
  balance: number;
  plan: string;
  monthlyAllowance: number;
  usedThisMonth: number;
  resetsAt: string;
}

async function advance(server: TestServer, seconds: number): Promise<number> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status, res.text).toBe(200);
  return Date.parse(res.body.now as string);
}

/** Moves the service clock to `atMs` exactly. */
async function advanceTo(server: TestServer, atMs: number): Promise<void> {
  const now = server.service.core.clock.now();
  expect(atMs).toBeGreaterThan(now);
  expect(await advance(server, (atMs - now) / SEC)).toBe(atMs);
}

async function balance(server: TestServer): Promise<Balance> {
  const res = await server.request<Balance>('GET', '/billing/balance');
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** Every ledger entry (optionally of one kind), newest first, read page by page over HTTP. */
async function ledger(server: TestServer, kind?: string): Promise<any[]> {
  const all: any[] = [];
  let cursor = '';
  for (let page = 0; page < 100; page++) {
    const query = new URLSearchParams({ limit: '100', cursor, ...(kind ? { kind } : {}) });
    const res = await server.request('GET', `/billing/ledger?${query}`);
    expect(res.status, res.text).toBe(200);
    all.push(...res.body.data);
    if (!res.body.pagination.hasMore) return all;
    cursor = res.body.pagination.cursor;
  }
  throw new Error('the ledger did not end');
}

/**
 * The books, on the database itself: the two pots add up to the balance, the ledger sums to it,
 * and replaying the ledger gives each entry's balance after, never below zero.
 */
async function expectBooksBalance(server: TestServer): Promise<void> {
  const { core } = server.service;
  const acc = (await core.q.creditAccount.get())!;
  expect(acc.balance).toBeGreaterThanOrEqual(0);
  expect(acc.allowance_balance + acc.topup_balance).toBe(acc.balance);
  expect(await core.q.creditLedger.sum()).toBe(acc.balance);
  const rows = await core.db
    .prepare<[], LedgerRow>('SELECT * FROM credit_ledger ORDER BY seq')
    .all();
  let running = 0;
  for (const row of rows) {
    running += row.amount;
    expect(row.balance_after, row.id).toBe(running);
    expect(row.balance_after, row.id).toBeGreaterThanOrEqual(0);
  }
}

/** A patient created over HTTP, reachable by WhatsApp and e-mail. */
async function createPatient(server: TestServer): Promise<string> {
  const res = await server.request('POST', '/patients', {
    body: { firstName: 'Núria', lastName: 'Puig', phone: PHONE, email: 'nuria@example.com' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

function schedule(
  server: TestServer,
  body: { formId: string; patientId: string; channel: 'whatsapp' | 'email'; scheduledAt: string },
): Promise<ApiResponse> {
  return server.request('POST', '/form-schedules', { body });
}

/** Creates a schedule that must succeed; its id. */
async function scheduled(
  server: TestServer,
  body: Parameters<typeof schedule>[1],
  price: number,
): Promise<string> {
  const res = await schedule(server, body);
  expect(res.status, res.text).toBe(201);
  expect(res.body).toMatchObject({ status: 'pending', creditsConsumed: price });
  return res.body.id as string;
}

/** Cancels a pending schedule over HTTP; what it says was refunded. */
async function cancel(server: TestServer, id: string): Promise<number> {
  const res = await server.request('POST', `/form-schedules/${id}/cancel`);
  expect(res.status, res.text).toBe(200);
  expectSchema(CancelledSchedule, res.body);
  expect(res.body).toMatchObject({ id, status: 'cancelled' });
  return res.body.creditsRefunded as number;
}

async function getSchedule(server: TestServer, id: string): Promise<any> {
  const res = await server.request('GET', `/form-schedules/${id}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(FormSchedule, res.body);
  return res.body;
}

/**
 * The attack's set-up: a clinic on the professional plan (the empty seed), the clock an hour
 * before the monthly reset, a form and a patient to send it to, and deliveries 200 days ahead.
 */
async function anHourBeforeTheReset(topUp = 0) {
  const server = await newServer();
  const { core } = server.service;
  if (topUp) await core.credits.topUp(topUp);
  const start = await balance(server);
  expect(start).toEqual({
    balance: ALLOWANCE + topUp,
    plan: 'professional',
    monthlyAllowance: ALLOWANCE,
    usedThisMonth: 0,
    resetsAt: '2026-06-01T00:00:00.000Z',
  });
  const resetsAt = Date.parse(start.resetsAt);
  await advanceTo(server, resetsAt - HOUR);
  const formId = (await core.forms.create(EVERY_FIELD_TYPE)).id;
  const patientId = await createPatient(server);
  const far = { formId, patientId, scheduledAt: iso(resetsAt - HOUR + 200 * DAY) };
  return { server, core, resetsAt, far };
}

describe('issue 17 finding 2: expiring allowance cannot be turned into permanent credits', () => {
  it('keeps allowance spent before the reset expired when its deliveries are cancelled after it', async () => {
    const { server, core, resetsAt, far } = await anHourBeforeTheReset();

    // The rest of the allowance pays for 1,000 WhatsApp deliveries 200 days ahead.
    const ids: string[] = [];
    for (let i = 0; i < ALLOWANCE / WHATSAPP; i++)
      ids.push(await scheduled(server, { ...far, channel: 'whatsapp' }, WHATSAPP));
    expectProblem(
      await schedule(server, { ...far, channel: 'whatsapp' }),
      402,
      'insufficient_credits',
    );
    expect(await balance(server)).toMatchObject({ balance: 0, usedThisMonth: ALLOWANCE });

    // The reset runs: nothing was left to expire, a fresh allowance arrives.
    await advanceTo(server, resetsAt + HOUR);
    expect(await balance(server)).toEqual({
      balance: ALLOWANCE,
      plan: 'professional',
      monthlyAllowance: ALLOWANCE,
      usedThisMonth: 0,
      resetsAt: '2026-07-01T00:00:00.000Z',
    });

    // Cancel them all: what they cost came from an allowance that has expired, so nothing comes
    // back, neither as allowance nor as credit that never expires.
    for (const id of ids) expect(await cancel(server, id), id).toBe(0);
    expect(await getSchedule(server, ids[0]!)).toMatchObject({
      status: 'cancelled',
      creditsConsumed: WHATSAPP,
      creditsRefunded: 0,
    });
    expect(await balance(server)).toMatchObject({ balance: ALLOWANCE, usedThisMonth: 0 });
    expect(await core.q.creditAccount.get()).toMatchObject({
      allowance_balance: ALLOWANCE,
      topup_balance: 0,
    });
    // A refund of nothing writes nothing.
    expect(await ledger(server, 'refund')).toEqual([]);
    await expectBooksBalance(server);

    // Nothing extra survives the next reset either: the balance is the plan's allowance, exactly.
    await advanceTo(server, Date.parse('2026-07-01T00:00:00.000Z') + HOUR);
    expect(await balance(server)).toMatchObject({
      balance: ALLOWANCE,
      usedThisMonth: 0,
      resetsAt: '2026-08-01T00:00:00.000Z',
    });
    const [grant, reset] = await ledger(server);
    expect(reset).toMatchObject({ kind: 'reset', amount: -ALLOWANCE, balanceAfter: 0 });
    expect(grant).toMatchObject({ kind: 'grant', amount: ALLOWANCE, balanceAfter: ALLOWANCE });
    expect((await core.q.creditAccount.get())!.topup_balance).toBe(0);
    await expectBooksBalance(server);
  });

  it('gives back the part a top-up paid, and only that, in the same sequence', async () => {
    const TOP_UP = 31;
    const { server, core, resetsAt, far } = await anHourBeforeTheReset(TOP_UP);

    // An e-mail (1 credit) leaves 1,999 of the allowance; 999 WhatsApp deliveries take 1,998 of
    // it; the next takes the last allowance credit and 1 of the top-up; 15 more take the other 30.
    const fromAllowance = [await scheduled(server, { ...far, channel: 'email' }, EMAIL)];
    for (let i = 0; i < (ALLOWANCE - EMAIL - 1) / WHATSAPP; i++)
      fromAllowance.push(await scheduled(server, { ...far, channel: 'whatsapp' }, WHATSAPP));
    const straddling = await scheduled(server, { ...far, channel: 'whatsapp' }, WHATSAPP);
    const fromTopUp: string[] = [];
    for (let i = 0; i < (TOP_UP - 1) / WHATSAPP; i++)
      fromTopUp.push(await scheduled(server, { ...far, channel: 'whatsapp' }, WHATSAPP));
    expect(await balance(server)).toMatchObject({ balance: 0, usedThisMonth: ALLOWANCE + TOP_UP });
    expectProblem(
      await schedule(server, { ...far, channel: 'email' }),
      402,
      'insufficient_credits',
    );

    await advanceTo(server, resetsAt + HOUR);
    expect(await balance(server)).toMatchObject({ balance: ALLOWANCE, usedThisMonth: 0 });

    for (const id of fromAllowance) expect(await cancel(server, id), id).toBe(0);
    expect(await cancel(server, straddling)).toBe(1);
    for (const id of fromTopUp) expect(await cancel(server, id), id).toBe(WHATSAPP);
    expect(await getSchedule(server, straddling)).toMatchObject({
      status: 'cancelled',
      creditsConsumed: WHATSAPP,
      creditsRefunded: 1,
    });

    // The top-up is whole again; the expired allowance stays expired.
    expect(await balance(server)).toMatchObject({ balance: ALLOWANCE + TOP_UP });
    expect(await core.q.creditAccount.get()).toMatchObject({
      allowance_balance: ALLOWANCE,
      topup_balance: TOP_UP,
    });
    const refunds = await ledger(server, 'refund');
    expect(refunds).toHaveLength(1 + fromTopUp.length);
    expect(refunds.reduce((sum, entry) => sum + entry.amount, 0)).toBe(TOP_UP);
    // The refund of the straddling delivery says what was not given back, and why.
    expect(refunds.filter((entry) => entry.resourceId === straddling)).toEqual([
      expect.objectContaining({
        kind: 'refund',
        amount: 1,
        reason:
          'Form delivery cancelled (1 credits of an expired monthly allowance are not returned)',
        resourceType: 'form_schedule',
      }),
    ]);
    for (const id of fromTopUp)
      expect(
        refunds.filter((entry) => entry.resourceId === id),
        id,
      ).toEqual([expect.objectContaining({ amount: WHATSAPP, reason: 'Form delivery cancelled' })]);
    await expectBooksBalance(server);

    // After the next reset: the plan's allowance and the top-up, nothing more.
    await advanceTo(server, Date.parse('2026-07-01T00:00:00.000Z') + HOUR);
    expect(await balance(server)).toMatchObject({ balance: ALLOWANCE + TOP_UP, usedThisMonth: 0 });
    expect(await core.q.creditAccount.get()).toMatchObject({
      allowance_balance: ALLOWANCE,
      topup_balance: TOP_UP,
    });
    await expectBooksBalance(server);
  });
});

describe('issue 17 finding 3: calls cannot run past the balance', () => {
  it('accepts one of forty calls at a balance of 5, cuts it to the minute paid for, and bills it', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await createPatient(server);
    // The month's usage leaves 5 credits: one started minute of a call.
    await core.credits.charge({ amount: ALLOWANCE - 5, reason: 'Spent earlier this month' });
    expect((await balance(server)).balance).toBe(5);
    const ledgerBefore = (await ledger(server)).length;

    // Forty calls at once: every request is in flight before the first answer comes back.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        server.request('POST', '/voice/calls', { body: { patientId, purpose: POST_OP } }),
      ),
    );
    const accepted = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status !== 201);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(39);
    for (const res of refused) {
      expectProblem(res, 402, 'insufficient_credits');
      expect(res.body).toMatchObject({ balance: 0, required: 5 });
    }
    const call = accepted[0]!.body;
    expect(call).toMatchObject({ status: 'queued', creditsConsumed: 5 });
    const id = call.id as string;

    // The first minute is paid at creation; only the accepted call exists.
    expect((await balance(server)).balance).toBe(0);
    const calls = await server.request('GET', '/voice/calls');
    expect(calls.body.data.map((c: { id: string }) => c.id)).toEqual([id]);
    const reservation = {
      kind: 'consume',
      amount: -5,
      balanceAfter: 0,
      reason: 'Voice call: first minute reserved',
      resourceType: 'call',
      resourceId: id,
    };
    expect(await ledger(server)).toHaveLength(ledgerBefore + 1);

    // The call runs through (an hour is far more than any simulated call takes).
    await advance(server, 3600);
    const res = await server.request('GET', `/voice/calls/${id}`);
    expect(res.status, res.text).toBe(200);
    expectSchema(CallDetail, res.body);
    const done = res.body;
    expect(done.status).toBe('completed');

    // It lasted the one minute paid for: a post-operative follow-up runs longer than that, and
    // the line was cut when the credits ran out.
    expect(done.duration).toBe(60);
    expect(done.creditsConsumed).toBe(5);
    expect(done.metadata.endedBy).toBe('credits_exhausted');
    expect(done.metadata.plannedDurationSeconds).toBeGreaterThan(60);
    expect(done.metadata).not.toHaveProperty('unbilledCredits');
    const answeredAt = Date.parse(done.answeredAt);
    expect(done.completedAt).toBe(iso(answeredAt + 60 * SEC));
    // Nothing said after the cut is in the transcript.
    expect(done.transcript.length).toBeGreaterThan(0);
    for (const turn of done.transcript as Array<{ at: string }>)
      expect(Date.parse(turn.at)).toBeLessThan(answeredAt + 60 * SEC);

    // Charged 5 in all, in one entry; the balance is 0 and never went below it.
    const entries = await ledger(server);
    expect(entries).toHaveLength(ledgerBefore + 1);
    expect(entries.filter((entry) => entry.resourceId === id)).toEqual([
      expect.objectContaining(reservation),
    ]);
    expect((await balance(server)).balance).toBe(0);
    expect((await events(server, 'call.ended')).map((e) => e.data)).toEqual([
      {
        callId: id,
        patientId,
        status: 'completed',
        duration: 60,
        creditsConsumed: 5,
        completedAt: done.completedAt,
      },
    ]);
    await expectBooksBalance(server);

    // And with nothing left, the next call is refused.
    const after = await server.request('POST', '/voice/calls', {
      body: { patientId, purpose: POST_OP },
    });
    expectProblem(after, 402, 'insufficient_credits');
    expect(await core.db.prepare('SELECT count(*) FROM calls').pluck().get()).toBe(1);
  });
});
