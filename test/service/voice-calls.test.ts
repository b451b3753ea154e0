import { describe, expect, it } from 'vitest';
import type { CallScript } from '../../src-main/service/assistant/assistant';
import { PERMISSIONS } from '../../src-main/service/schemas/auth';
import { Call, CallDetail } from '../../src-main/service/schemas/call';
import {
  expectProblem,
  fakeTime,
  tempDataDir,
  type ApiResponse,
  type TestServer,
  count,
  events,
  expectSchema,
  qs,
  serversClosedAfterEach,
  type ListBody,
} from './helpers';
import { SEC, T0_ISO, T0, iso } from './time';

/*
 * Automated voice calls through real HTTP (interface spec: Call; api-decisions §§2, 3, 5, 6, 7, 8,
 * 9, 10): creation and its refusals (each leaving nothing behind), the simulated lifecycle on the
 * sandbox clock (queued → ringing → in-progress → completed, or ringing → failed by the magic
 * phone endings), call.ended, the transcript and summary of the detail, lists with their filters
 * and cursors, permissions, Idempotency-Key, durability across a restart, and a balance that
 * cannot pay a whole call.
 *
 * Call charging (api-decisions "Call charging", issue 17): creating a call reserves its first
 * started minute (5 credits; 402 and nothing created below that); a call never answered gets the
 * reservation back; an answered call takes the rest of its minutes (5 per started minute) the
 * moment it is answered, as far as the balance goes, and ends when the credits do. Nothing is
 * charged at completion, nothing is left unbilled and the balance never goes below zero.
 *
 * Every server runs on a fake real-time source, so the service clock only moves when a test
 * advances it: every timestamp is asserted exactly.
 */

const CALL_ID = /^call_[0-9A-HJKMNP-TV-Z]{26}$/;
const LEDGER_ID = /^led_[0-9A-HJKMNP-TV-Z]{26}$/;
const UNKNOWN_CALL = 'call_01JD8X3V6Q9R2T5W7Y0B4C6E8G';
const UNKNOWN_PATIENT = 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G';

const START_BALANCE = 2000;
/** A number that answers. */
const PHONE = '+34612345678';
/** The magic endings of api-decisions §10. */
const NO_ANSWER_PHONE = '+34612340000';
const BUSY_PHONE = '+34612341111';
const INVALID_PHONE = '+34612349999';

const POST_OP = 'Seguimiento postoperatorio tras prótesis de rodilla';

/** Reserved at creation: the first started minute. */
const RESERVATION = 5;
const RESERVED = 'Voice call: first minute reserved';
const RETURNED = 'Voice call not answered: reservation returned';

type Status = 'queued' | 'ringing' | 'in-progress' | 'completed' | 'failed';

interface Turn {
  role: 'assistant' | 'patient';
  content: string;
  at: string;
}

interface CallBody {
  id: string;
  patientId: string;
  status: Status;
  purpose: string;
  language: 'es' | 'ca' | 'en';
  duration: number;
  creditsConsumed: number;
  failureReason?: 'no_answer' | 'busy' | 'invalid_number';
  failedAt?: string;
  answeredAt?: string;
  createdAt: string;
  completedAt?: string;
  transcript?: Turn[];
  summary?: string;
  metadata?: Record<string, any>;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const { newServer, cleanups } = serversClosedAfterEach(T0);

/** A server whose clinic holds exactly `credits` (the empty seed opens the professional plan). */
function serverWithBalance(credits: number): Promise<TestServer> {
  return newServer({ plans: { starter: credits, professional: credits, enterprise: credits } });
}

/** A patient created through the API, as an integrator would. */
async function createPatient(server: TestServer, body: Record<string, unknown>): Promise<string> {
  const res = await server.request('POST', '/patients', {
    body: { firstName: 'Núria', lastName: 'Puig', phone: PHONE, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

function createCall(
  server: TestServer,
  body: unknown,
  options: { token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse<CallBody>> {
  return server.request<CallBody>('POST', '/voice/calls', { body, ...options });
}

/** Creates a call that must succeed and returns its body. */
async function created(server: TestServer, body: Record<string, unknown>): Promise<CallBody> {
  const res = await createCall(server, body);
  expect(res.status, res.text).toBe(201);
  expectSchema(CallDetail, res.body);
  return res.body;
}

async function getCall(server: TestServer, id: string): Promise<CallBody> {
  const res = await server.request<CallBody>('GET', `/voice/calls/${id}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(CallDetail, res.body);
  return res.body;
}

async function listCalls(
  server: TestServer,
  params: Record<string, string | number | undefined> = {},
): Promise<ListBody<CallBody>> {
  const res = await server.request<ListBody<CallBody>>('GET', `/voice/calls${qs(params)}`);
  expect(res.status, res.text).toBe(200);
  for (const call of res.body.data) expectSchema(Call, call);
  return res.body;
}

async function advance(server: TestServer, seconds: number): Promise<number> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status, res.text).toBe(200);
  return Date.parse(res.body.now as string);
}

async function balance(server: TestServer): Promise<number> {
  const res = await server.request('GET', '/billing/balance');
  expect(res.status, res.text).toBe(200);
  return res.body.balance as number;
}

/** Every ledger entry that concerns one resource, newest first, read over HTTP. */
async function ledgerFor(server: TestServer, resourceId: string): Promise<any[]> {
  const res = await server.request('GET', '/billing/ledger?limit=100');
  expect(res.status, res.text).toBe(200);
  expect(res.body.pagination.hasMore).toBe(false);
  return (res.body.data as any[]).filter((entry) => entry.resourceId === resourceId);
}

/** The ledger sums to the balance, as the API reports it and as the account row holds it. */
async function expectBooksBalance(server: TestServer): Promise<void> {
  const { core } = server.service;
  const reported = await balance(server);
  expect(reported).toBeGreaterThanOrEqual(0);
  expect(await core.q.creditLedger.sum()).toBe(reported);
  expect((await core.credits.balance()).balance).toBe(reported);
}

/** Everything a refused request must leave as it was. */
async function snapshot(server: TestServer) {
  return {
    balance: await balance(server),
    ledgerSum: await server.service.core.q.creditLedger.sum(),
    ledgerRows: await count(server, 'credit_ledger'),
    calls: await count(server, 'calls'),
    jobs: await count(server, 'jobs'),
    events: await count(server, 'events'),
  };
}

/** 5 credits per started minute. */
const price = (durationSeconds: number) => Math.ceil(durationSeconds / 60) * 5;

/** What the ledger entries of one resource took, net of what they gave back. */
const netCharged = (entries: Array<{ amount: number }>) =>
  0 - entries.reduce((sum, entry) => sum + entry.amount, 0);

/**
 * The ledger of an answered call, newest first: the rest of its minutes, taken when it was answered
 * (none when its first minute covers it), then its reservation, taken when it was created. (Its
 * minutes are read from creditsConsumed: the API says duration 0 until the call has completed.)
 */
function answeredCallEntries(call: CallBody): unknown[] {
  const rest = call.creditsConsumed - RESERVATION;
  return [
    ...(rest > 0
      ? [
          {
            id: expect.stringMatching(LEDGER_ID),
            kind: 'consume',
            amount: -rest,
            balanceAfter: expect.any(Number),
            reason: `Voice call (${call.creditsConsumed / 5} started minutes)`,
            resourceType: 'call',
            resourceId: call.id,
            createdAt: call.answeredAt,
          },
        ]
      : []),
    {
      id: expect.stringMatching(LEDGER_ID),
      kind: 'consume',
      amount: -RESERVATION,
      balanceAfter: expect.any(Number),
      reason: RESERVED,
      resourceType: 'call',
      resourceId: call.id,
      createdAt: call.createdAt,
    },
  ];
}

/**
 * Advances the clock one second at a time until the call leaves `status`; returns the call and
 * the service time at which the change was first seen.
 */
async function stepUntilNot(
  server: TestServer,
  id: string,
  status: Status,
  maxSeconds: number,
): Promise<{ call: CallBody; at: number; seconds: number }> {
  for (let s = 1; s <= maxSeconds; s++) {
    const at = await advance(server, 1);
    const call = await getCall(server, id);
    if (call.status !== status) return { call, at, seconds: s };
  }
  throw new Error(`call ${id} still ${status} after ${maxSeconds} s`);
}

/** Runs a call to its end (advancing 1 hour always finishes one) and returns the detail. */
async function finish(server: TestServer, id: string): Promise<CallBody> {
  await advance(server, 3600);
  return getCall(server, id);
}

/**
 * The invariants of a completed call's detail. A call cut short when the credits ran out may hold
 * fewer turns (`minTurns`).
 */
function expectCompleted(call: CallBody, { minTurns = 4 } = {}): void {
  expect(call.status).toBe('completed');
  expect(Number.isInteger(call.duration)).toBe(true);
  expect(call.duration).toBeGreaterThan(0);
  expect(call.duration).toBeLessThan(3600);
  expect(call.answeredAt).toBeDefined();
  expect(call.completedAt).toBe(iso(Date.parse(call.answeredAt!) + call.duration * SEC));
  expect(call.failureReason).toBeUndefined();
  expect(call.failedAt).toBeUndefined();
  expect(call.summary!.trim().length).toBeGreaterThan(0);
  expect(call.metadata!.provider).toBe('builtin');

  const turns = call.transcript!;
  expect(turns.length).toBeGreaterThanOrEqual(minTurns);
  turns.forEach((turn, i) => {
    expect(turn.role, `turn ${i}`).toBe(i % 2 === 0 ? 'assistant' : 'patient');
    expect(turn.content.trim().length, `turn ${i}`).toBeGreaterThan(0);
    expect(Object.keys(turn).sort()).toEqual(['at', 'content', 'role']);
  });
  expect(turns[0]!.at).toBe(call.answeredAt);
  const times = turns.map((t) => Date.parse(t.at));
  for (let i = 1; i < times.length; i++) {
    expect(times[i]!, `turn ${i} at ${turns[i]!.at}`).toBeGreaterThanOrEqual(times[i - 1]!);
  }
  for (const t of times) {
    expect(t).toBeGreaterThanOrEqual(Date.parse(call.answeredAt!));
    expect(t).toBeLessThanOrEqual(Date.parse(call.completedAt!));
  }
}

/** The list form of a call: the detail without transcript, summary and metadata. */
function listForm(call: CallBody): CallBody {
  const { transcript: _t, summary: _s, metadata: _m, ...rest } = call;
  return rest;
}

const transcriptText = (call: CallBody) => call.transcript!.map((t) => t.content).join('\n');
const assistantText = (call: CallBody) =>
  call
    .transcript!.filter((t) => t.role === 'assistant')
    .map((t) => t.content)
    .join('\n');

/** Words only a transcript in that language uses (the goodbyes and the assistant's introduction). */
function expectLanguage(call: CallBody, language: 'es' | 'ca' | 'en', firstName: string): void {
  const text = transcriptText(call);
  const opening = call.transcript![0]!.content;
  expect(opening).toContain(firstName);
  if (language === 'es') {
    expect(opening).toMatch(/asistente virtual/);
    expect(text).toMatch(/gracias/i);
    expect(text).not.toMatch(/gràcies|assistent virtual|\bthank/i);
  } else if (language === 'ca') {
    expect(opening).toMatch(/assistent virtual/);
    expect(text).toMatch(/gràcies/i);
    expect(text).not.toMatch(/gracias|asistente virtual|\bthank/i);
  } else {
    expect(opening).toMatch(/virtual assistant/);
    expect(text).toMatch(/\bthank/i);
    expect(text).not.toMatch(/gracias|gràcies|asistente|assistent/i);
  }
}

// ---------------------------------------------------------------------------------------------

describe('POST /voice/calls', () => {
  it('queues a call, answers 201 with Location and reserves its first started minute', async () => {
    const server = await newServer();
    const patientId = await createPatient(server, { metadata: { preferredLanguage: 'ca' } });
    const before = await snapshot(server);

    const res = await createCall(server, { patientId, purpose: `  ${POST_OP}\n ` });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    const id = res.body.id;
    expect(id).toMatch(CALL_ID);
    expect(res.headers.get('location')).toBe(`/api/v1/voice/calls/${id}`);
    expect(res.body).toEqual({
      id,
      patientId,
      status: 'queued',
      purpose: POST_OP,
      // The patient prefers Catalan.
      language: 'ca',
      duration: 0,
      // The first started minute, reserved in the same transaction as the call.
      creditsConsumed: RESERVATION,
      createdAt: T0_ISO,
      metadata: {},
    });
    expectSchema(CallDetail, res.body);
    expect(await getCall(server, id)).toEqual(res.body);

    // One ledger entry for the reservation, no event; one call and its first job.
    expect(await balance(server)).toBe(START_BALANCE - RESERVATION);
    expect(await ledgerFor(server, id)).toEqual([
      {
        id: expect.stringMatching(LEDGER_ID),
        kind: 'consume',
        amount: -RESERVATION,
        balanceAfter: START_BALANCE - RESERVATION,
        reason: RESERVED,
        resourceType: 'call',
        resourceId: id,
        createdAt: T0_ISO,
      },
    ]);
    expect(await snapshot(server)).toEqual({
      ...before,
      balance: before.balance - RESERVATION,
      ledgerSum: before.ledgerSum - RESERVATION,
      ledgerRows: before.ledgerRows + 1,
      calls: before.calls + 1,
      jobs: before.jobs + 1,
    });
    expect(await events(server, 'call.ended')).toEqual([]);
    await expectBooksBalance(server);
  });

  it("takes the language from the patient's preferredLanguage, else es; an explicit language wins", async () => {
    const server = await newServer();
    const catalan = await createPatient(server, { metadata: { preferredLanguage: 'ca' } });
    const english = await createPatient(server, { metadata: { preferredLanguage: 'en' } });
    const none = await createPatient(server, {});
    const unknown = await createPatient(server, { metadata: { preferredLanguage: 'fr' } });
    const notAString = await createPatient(server, { metadata: { preferredLanguage: 42 } });
    const cases: Array<[string, string, string | undefined, string]> = [
      ['catalan by default', catalan, undefined, 'ca'],
      ['english by default', english, undefined, 'en'],
      ['no preference', none, undefined, 'es'],
      ['unsupported preference', unknown, undefined, 'es'],
      ['preference not a string', notAString, undefined, 'es'],
      ['explicit es over ca', catalan, 'es', 'es'],
      ['explicit en over ca', catalan, 'en', 'en'],
      ['explicit ca over none', none, 'ca', 'ca'],
      ['explicit en over fr', unknown, 'en', 'en'],
    ];
    for (const [name, patientId, language, expected] of cases) {
      const call = await created(server, {
        patientId,
        purpose: POST_OP,
        ...(language ? { language } : {}),
      });
      expect(call.language, name).toBe(expected);
      expect((await getCall(server, call.id)).language, name).toBe(expected);
    }
    // Each call reserved its first minute.
    expect(await balance(server)).toBe(START_BALANCE - cases.length * RESERVATION);
  });

  it('refuses invalid bodies with 422 and leaves nothing behind', async () => {
    const server = await newServer();
    const patientId = await createPatient(server, {});
    const ok = { patientId, purpose: POST_OP };
    const before = await snapshot(server);

    const cases: Array<{
      name: string;
      body: unknown;
      errors?: Array<{ pointer: string; code?: string }>;
    }> = [
      { name: 'missing purpose', body: { patientId }, errors: [{ pointer: '/purpose' }] },
      {
        name: 'empty purpose',
        body: { ...ok, purpose: '' },
        errors: [{ pointer: '/purpose' }],
      },
      {
        name: 'blank purpose',
        body: { ...ok, purpose: '  \n\t ' },
        errors: [{ pointer: '/purpose', code: 'pattern' }],
      },
      { name: 'purpose not a string', body: { ...ok, purpose: 42 } },
      { name: 'null purpose', body: { ...ok, purpose: null } },
      {
        name: 'purpose over 2000 characters',
        body: { ...ok, purpose: 'x'.repeat(2001) },
        errors: [{ pointer: '/purpose' }],
      },
      { name: 'missing patientId', body: { purpose: POST_OP } },
      { name: 'empty patientId', body: { ...ok, patientId: '' } },
      {
        name: 'unknown patient',
        body: { ...ok, patientId: UNKNOWN_PATIENT },
        errors: [{ pointer: '/patientId', code: 'not_found' }],
      },
      {
        name: 'unknown language',
        body: { ...ok, language: 'fr' },
        errors: [{ pointer: '/language' }],
      },
      {
        name: 'language in the wrong case',
        body: { ...ok, language: 'ES' },
        errors: [{ pointer: '/language' }],
      },
      { name: 'null language', body: { ...ok, language: null } },
      { name: 'extra field', body: { ...ok, phone: PHONE } },
      { name: 'extra field (typo)', body: { patientId, purpose: POST_OP, langauge: 'en' } },
      { name: 'array body', body: [ok] },
      { name: 'empty object', body: {} },
    ];

    for (const c of cases) {
      const res: ApiResponse = await createCall(server, c.body);
      try {
        expectProblem(res, 422, 'validation_failed');
      } catch (error) {
        throw new Error(`${c.name}: ${(error as Error).message}`, { cause: error });
      }
      expect(Array.isArray(res.body.errors), `${c.name}: ${res.text}`).toBe(true);
      expect(res.body.errors.length, c.name).toBeGreaterThan(0);
      if (c.errors) {
        const errors = res.body.errors as Array<{ pointer?: string }>;
        expect(errors, `${c.name}: ${res.text}`).toEqual(
          expect.arrayContaining(c.errors.map((e) => expect.objectContaining(e))),
        );
        // Every error points at one of the fields the case got wrong.
        const pointers = new Set(c.errors.map((e) => e.pointer));
        for (const e of errors)
          expect(pointers.has(e.pointer!), `${c.name}: ${res.text}`).toBe(true);
      }
      expect(await snapshot(server), c.name).toEqual(before);
    }
    expect((await listCalls(server)).data).toEqual([]);
  });

  it('refuses a patient without a phone (patient_unreachable) or inactive (patient_inactive)', async () => {
    const server = await newServer();
    const noPhone = await createPatient(server, { phone: undefined, email: 'np@example.com' });
    const inactive = await createPatient(server, {});
    const patch = await server.request('PATCH', `/patients/${inactive}`, {
      body: { status: 'inactive' },
    });
    expect(patch.status, patch.text).toBe(200);
    const before = await snapshot(server);

    const unreachable = await createCall(server, { patientId: noPhone, purpose: POST_OP });
    expectProblem(unreachable, 422, 'patient_unreachable');
    expect((unreachable.body as any).errors).toEqual([
      expect.objectContaining({ pointer: '/patientId', code: 'patient_unreachable' }),
    ]);
    expect(await snapshot(server)).toEqual(before);

    const asleep = await createCall(server, { patientId: inactive, purpose: POST_OP });
    expectProblem(asleep, 422, 'patient_inactive');
    expect((asleep.body as any).errors).toEqual([
      expect.objectContaining({ pointer: '/patientId', code: 'patient_inactive' }),
    ]);
    expect(await snapshot(server)).toEqual(before);

    // Once reactivated, the same patient can be called.
    await server.request('PATCH', `/patients/${inactive}`, { body: { status: 'active' } });
    expect((await created(server, { patientId: inactive, purpose: POST_OP })).status).toBe(
      'queued',
    );
    expect(await count(server, 'calls')).toBe(1);
  });

  it('needs a balance of at least 5: 4 is refused with 402, 5 is enough and is reserved', async () => {
    const short = await serverWithBalance(4);
    const patientId = await createPatient(short, {});
    const before = await snapshot(short);
    expect(before.balance).toBe(4);
    const refused = await createCall(short, { patientId, purpose: POST_OP });
    expectProblem(refused, 402, 'insufficient_credits');
    expect(refused.body).toMatchObject({ balance: 4, required: 5 });
    expect(await snapshot(short)).toEqual(before);
    // Nothing planned for later either.
    await advance(short, 3600);
    expect(await snapshot(short)).toEqual(before);
    expect(await events(short, 'call.ended')).toEqual([]);

    const exact = await serverWithBalance(5);
    const reachable = await createPatient(exact, {});
    const call = await created(exact, { patientId: reachable, purpose: POST_OP });
    expect(call).toMatchObject({ status: 'queued', creditsConsumed: RESERVATION });
    expect(await balance(exact)).toBe(0);
    expect(await ledgerFor(exact, call.id)).toEqual([
      expect.objectContaining({ kind: 'consume', amount: -RESERVATION, balanceAfter: 0 }),
    ]);
    // The reservation is taken, not just checked: a second call finds nothing left.
    const second = await createCall(exact, { patientId: reachable, purpose: POST_OP });
    expectProblem(second, 402, 'insufficient_credits');
    expect(second.body).toMatchObject({ balance: 0, required: 5 });
    expect(await count(exact, 'calls')).toBe(1);
    await expectBooksBalance(exact);
  });
});

describe('the call lifecycle on the sandbox clock', () => {
  it('goes queued → ringing (3 s) → in-progress → completed: 5 reserved at creation, the rest of its minutes taken when answered', async () => {
    const server = await newServer();
    const patientId = await createPatient(server, {});
    const call = await created(server, { patientId, purpose: POST_OP });
    expect(call.language).toBe('es');
    expect(call.creditsConsumed).toBe(RESERVATION);

    // Dialling: still queued at 1 s and 2 s, ringing at 3 s; only the reservation is taken.
    const ringing = await stepUntilNot(server, call.id, 'queued', 10);
    expect(ringing.seconds).toBe(3);
    expect(ringing.call).toEqual({ ...call, status: 'ringing' });
    expect(await balance(server)).toBe(START_BALANCE - RESERVATION);

    // Answered after 6 to 15 seconds of ringing: the whole price of its minutes is taken now.
    const answered = await stepUntilNot(server, call.id, 'ringing', 20);
    expect(answered.seconds).toBeGreaterThanOrEqual(6);
    expect(answered.seconds).toBeLessThanOrEqual(15);
    const cost = answered.call.creditsConsumed;
    expect(cost % 5).toBe(0);
    expect(cost).toBeGreaterThanOrEqual(RESERVATION);
    expect(answered.call).toMatchObject({
      id: call.id,
      status: 'in-progress',
      answeredAt: iso(answered.at),
      // The length shows once the call has completed; its price is on the books already.
      duration: 0,
      creditsConsumed: cost,
      createdAt: T0_ISO,
    });
    // A balance of 2,000 pays the whole call: it is not cut short.
    expect(answered.call.metadata!.endedBy).toBeUndefined();
    // The transcript and summary show once the call has completed.
    expect(answered.call.transcript).toBeUndefined();
    expect(answered.call.summary).toBeUndefined();
    expect(answered.call.completedAt).toBeUndefined();
    expect(await balance(server)).toBe(START_BALANCE - cost);
    const charges = await ledgerFor(server, call.id);
    expect(charges).toEqual(answeredCallEntries(answered.call));
    expect(netCharged(charges)).toBe(cost);
    expect(await events(server, 'call.ended')).toEqual([]);

    // In progress: nothing more is charged, up to and including the second it ends.
    let done: CallBody | undefined;
    let doneAt = 0;
    for (let s = 1; s <= 1200 && !done; s++) {
      const at = await advance(server, 1);
      const now = await getCall(server, call.id);
      if (now.status === 'completed') {
        done = now;
        doneAt = at;
      } else {
        expect(now.status).toBe('in-progress');
        expect(now.creditsConsumed).toBe(cost);
        expect(await balance(server)).toBe(START_BALANCE - cost);
        expect(await events(server, 'call.ended')).toEqual([]);
      }
    }
    expect(done, 'the call completed within 20 minutes').toBeDefined();
    const completed = done!;
    expectCompleted(completed);
    expect(completed.answeredAt).toBe(iso(answered.at));
    expect(completed.completedAt).toBe(iso(doneAt));
    // What was taken at the answer is exactly the price of the minutes it lasted.
    expect(price(completed.duration)).toBe(cost);
    expect(completed.creditsConsumed).toBe(cost);
    expect(completed).toMatchObject({
      id: call.id,
      patientId,
      purpose: POST_OP,
      language: 'es',
      createdAt: T0_ISO,
    });
    expect(completed.metadata!.unbilledCredits).toBeUndefined();
    expect(completed.metadata!.endedBy).toBeUndefined();
    expect(completed.metadata!.plannedDurationSeconds).toBeUndefined();

    // Two entries in all: the reservation at creation, the rest of the minutes at the answer.
    expect(await balance(server)).toBe(START_BALANCE - cost);
    expect(await ledgerFor(server, call.id)).toEqual([
      ...(cost > RESERVATION
        ? [
            {
              id: expect.stringMatching(LEDGER_ID),
              kind: 'consume',
              amount: -(cost - RESERVATION),
              balanceAfter: START_BALANCE - cost,
              reason: `Voice call (${cost / 5} started minutes)`,
              resourceType: 'call',
              resourceId: call.id,
              createdAt: completed.answeredAt,
            },
          ]
        : []),
      {
        id: expect.stringMatching(LEDGER_ID),
        kind: 'consume',
        amount: -RESERVATION,
        balanceAfter: START_BALANCE - RESERVATION,
        reason: RESERVED,
        resourceType: 'call',
        resourceId: call.id,
        createdAt: T0_ISO,
      },
    ]);
    expect(await events(server, 'call.ended')).toEqual([
      {
        type: 'call.ended',
        data: {
          callId: call.id,
          patientId,
          status: 'completed',
          duration: completed.duration,
          creditsConsumed: cost,
          completedAt: completed.completedAt,
        },
        createdAt: completed.completedAt,
      },
    ]);

    // The list shows the same call without transcript, summary or metadata.
    const list = await listCalls(server);
    expect(list.data).toEqual([listForm(completed)]);

    // Nothing happens twice: a day later the call, the charges and the event are unchanged, and
    // so they are when every step of the lifecycle runs again (a job whose mark was lost).
    await advance(server, 24 * 3600);
    const ledgerAfter = await ledgerFor(server, call.id);
    for (const from of ['queued', 'ringing', 'in-progress'] as const)
      await server.service.core.calls.onStepDue(call.id, undefined, from);
    expect(await getCall(server, call.id)).toEqual(completed);
    expect(await ledgerFor(server, call.id)).toEqual(ledgerAfter);
    expect(netCharged(ledgerAfter)).toBe(cost);
    expect(await events(server, 'call.ended')).toHaveLength(1);
    expect(await balance(server)).toBe(START_BALANCE - cost);
    await expectBooksBalance(server);
  });

  it('charges each of several calls that run at once exactly for its own minutes', async () => {
    const server = await newServer();
    const ids: string[] = [];
    for (const [i, phone] of ['+34611000001', '+34622000002', '+34633000003'].entries()) {
      const patientId = await createPatient(server, { firstName: `Paciente${i}`, phone });
      ids.push((await created(server, { patientId, purpose: POST_OP })).id);
    }
    expect(await balance(server)).toBe(START_BALANCE - ids.length * RESERVATION);
    await advance(server, 3600);
    let total = 0;
    for (const id of ids) {
      const call = await getCall(server, id);
      expectCompleted(call);
      expect(call.creditsConsumed).toBe(price(call.duration));
      total += call.creditsConsumed;
      // Its reservation and the rest of its own minutes, nothing of the others'.
      const ledger = await ledgerFor(server, id);
      expect(ledger).toEqual(answeredCallEntries(call));
      expect(netCharged(ledger)).toBe(call.creditsConsumed);
    }
    expect(await balance(server)).toBe(START_BALANCE - total);
    expect((await events(server, 'call.ended')).map((e) => e.data.callId).sort()).toEqual(
      [...ids].sort(),
    );
    await expectBooksBalance(server);
  });

  describe('transcripts in the call language, following the purpose', () => {
    const cases: Array<{
      language: 'es' | 'ca' | 'en';
      firstName: string;
      pain: RegExp;
      postOp: RegExp;
    }> = [
      { language: 'es', firstName: 'Lucía', pain: /dolor/i, postOp: /postoperatori/i },
      { language: 'ca', firstName: 'Jordi', pain: /dolor/i, postOp: /postoperatori/i },
      { language: 'en', firstName: 'Emily', pain: /\bpain\b/i, postOp: /post-?operative/i },
    ];
    for (const c of cases) {
      it(`writes a post-operative call in ${c.language}: the patient's name, pain asked about`, async () => {
        const server = await newServer();
        const patientId = await createPatient(server, {
          firstName: c.firstName,
          metadata: { preferredLanguage: c.language },
        });
        const call = await created(server, { patientId, purpose: POST_OP });
        expect(call.language).toBe(c.language);
        const done = await finish(server, call.id);
        expectCompleted(done);
        expectLanguage(done, c.language, c.firstName);
        // The first question of a post-operative follow-up is about pain.
        expect(done.transcript![2]!.role).toBe('assistant');
        expect(done.transcript![2]!.content).toMatch(c.pain);
        expect(done.summary).toContain(c.firstName);
        expect(done.summary).toMatch(c.postOp);
        expect(done.metadata!.findings).toEqual(
          expect.objectContaining({ pain: expect.any(Number) }),
        );
      });
    }

    it('follows a medication purpose (no pain question first) and an explicit language', async () => {
      const server = await newServer();
      const patientId = await createPatient(server, {
        firstName: 'Pere',
        metadata: { preferredLanguage: 'ca' },
      });
      const call = await created(server, {
        patientId,
        purpose: 'Adherence to the new anticoagulant medication',
        language: 'en',
      });
      const done = await finish(server, call.id);
      expectCompleted(done);
      expectLanguage(done, 'en', 'Pere');
      expect(done.transcript![2]!.content).toMatch(/medication/i);
      expect(done.transcript![2]!.content).not.toMatch(/\bpain\b/i);
      expect(done.summary).toMatch(/medication/i);
      expect(done.summary).toContain('Pere');
    });

    it('speaks, not writes, in an appointment-reminder call', async () => {
      // The built-in chat phrases for an appointment say "I am writing about your appointment";
      // on the phone that is wrong. Several calls, so that each wording is very likely drawn.
      const server = await newServer();
      const words: Record<'es' | 'ca' | 'en', RegExp> = {
        es: /\bescribo\b/i,
        ca: /\bescric\b/i,
        en: /\bwriting\b/i,
      };
      const ids: Array<['es' | 'ca' | 'en', string]> = [];
      for (const language of ['es', 'ca', 'en'] as const) {
        const patientId = await createPatient(server, { firstName: 'Marta' });
        for (let i = 0; i < 8; i++) {
          const call = await created(server, {
            patientId,
            purpose: 'Appointment reminder for the next visit',
            language,
          });
          ids.push([language, call.id]);
        }
      }
      await advance(server, 3600);
      for (const [language, id] of ids) {
        const done = await getCall(server, id);
        expectCompleted(done);
        expectLanguage(done, language, 'Marta');
        expect(assistantText(done), `${language} ${id}`).not.toMatch(words[language]);
      }
    });
  });

  describe('magic phone endings fail the call from ringing and give its reservation back', () => {
    const cases = [
      { name: 'ending 0000', phone: NO_ANSWER_PHONE, reason: 'no_answer', ringSeconds: 45 },
      { name: 'ending 1111', phone: BUSY_PHONE, reason: 'busy', ringSeconds: 4 },
      { name: 'ending 9999', phone: INVALID_PHONE, reason: 'invalid_number', ringSeconds: 2 },
    ] as const;
    for (const c of cases) {
      it(`${c.name} → failed ${c.reason}`, async () => {
        const server = await newServer();
        const patientId = await createPatient(server, { phone: c.phone });
        const call = await created(server, { patientId, purpose: POST_OP });
        // Reserved like any call: whether the line answers is not known yet.
        expect(call.creditsConsumed).toBe(RESERVATION);
        const before = await snapshot(server);
        expect(before.balance).toBe(START_BALANCE - RESERVATION);

        const ringing = await stepUntilNot(server, call.id, 'queued', 10);
        expect(ringing.seconds).toBe(3);
        expect(ringing.call.status).toBe('ringing');
        expect(await balance(server)).toBe(START_BALANCE - RESERVATION);
        const failed = await stepUntilNot(server, call.id, 'ringing', 60);
        expect(failed.seconds).toBe(c.ringSeconds);
        const failedAt = iso(T0 + (3 + c.ringSeconds) * SEC);
        expect(failed.at).toBe(Date.parse(failedAt));
        expect(failed.call).toEqual({
          ...call,
          status: 'failed',
          duration: 0,
          creditsConsumed: 0,
          failureReason: c.reason,
          failedAt,
          metadata: {},
        });
        // No transcript, summary, answer or completion on a failed call.
        for (const field of ['transcript', 'summary', 'answeredAt', 'completedAt']) {
          expect(failed.call, field).not.toHaveProperty(field);
        }

        expect(await events(server, 'call.ended')).toEqual([
          {
            type: 'call.ended',
            data: {
              callId: call.id,
              patientId,
              status: 'failed',
              duration: 0,
              failureReason: c.reason,
              creditsConsumed: 0,
            },
            createdAt: failedAt,
          },
        ]);

        // The reservation came back when the call failed: it cost nothing in all.
        expect(await balance(server)).toBe(START_BALANCE);
        expect(await ledgerFor(server, call.id)).toEqual([
          {
            id: expect.stringMatching(LEDGER_ID),
            kind: 'refund',
            amount: RESERVATION,
            balanceAfter: START_BALANCE,
            reason: RETURNED,
            resourceType: 'call',
            resourceId: call.id,
            createdAt: failedAt,
          },
          {
            id: expect.stringMatching(LEDGER_ID),
            kind: 'consume',
            amount: -RESERVATION,
            balanceAfter: START_BALANCE - RESERVATION,
            reason: RESERVED,
            resourceType: 'call',
            resourceId: call.id,
            createdAt: T0_ISO,
          },
        ]);

        // An hour later nothing more has happened: the refund is not given twice.
        await advance(server, 3600);
        expect(await getCall(server, call.id)).toEqual(failed.call);
        expect(await balance(server)).toBe(START_BALANCE);
        expect(await ledgerFor(server, call.id)).toHaveLength(2);
        expect(await events(server, 'call.ended')).toHaveLength(1);
        const after = await snapshot(server);
        expect({ ...after, jobs: 0, events: 0 }).toEqual({
          ...before,
          balance: before.balance + RESERVATION,
          ledgerSum: before.ledgerSum + RESERVATION,
          ledgerRows: before.ledgerRows + 1,
          jobs: 0,
          events: 0,
        });
        expect(after.events).toBe(before.events + 1);
        expect((await listCalls(server, { status: 'failed' })).data).toEqual([
          listForm(failed.call),
        ]);
        await expectBooksBalance(server);
      });
    }

    it('fails on the phone the call was placed to, even if the patient changes it meanwhile', async () => {
      const server = await newServer();
      const patientId = await createPatient(server, { phone: BUSY_PHONE });
      const call = await created(server, { patientId, purpose: POST_OP });
      const patch = await server.request('PATCH', `/patients/${patientId}`, {
        body: { phone: PHONE },
      });
      expect(patch.status, patch.text).toBe(200);
      const done = await finish(server, call.id);
      expect(done).toMatchObject({ status: 'failed', failureReason: 'busy', creditsConsumed: 0 });
      expect(netCharged(await ledgerFor(server, call.id))).toBe(0);
      expect(await balance(server)).toBe(START_BALANCE);
    });
  });
});

describe('GET /voice/calls', () => {
  /** Five calls a second apart: Ana ok, Bea busy, Ana ok, Bea ok, Ana no answer. */
  async function fiveCalls(server: TestServer) {
    const ana = await createPatient(server, { firstName: 'Ana', phone: '+34600100200' });
    const bea = await createPatient(server, { firstName: 'Bea', phone: '+34600300400' });
    const anaSilent = await createPatient(server, { firstName: 'Ana', phone: NO_ANSWER_PHONE });
    const beaBusy = await createPatient(server, { firstName: 'Bea', phone: BUSY_PHONE });
    const plan = [ana, beaBusy, ana, bea, anaSilent];
    const ids: string[] = [];
    for (const [i, patientId] of plan.entries()) {
      if (i > 0) await advance(server, 1);
      ids.push((await created(server, { patientId, purpose: POST_OP })).id);
    }
    return { ids, ana, bea, anaSilent, beaBusy };
  }

  it('lists newest first without transcript or summary, and filters on patientId and status', async () => {
    const server = await newServer();
    const { ids, ana, bea, anaSilent } = await fiveCalls(server);
    const newestFirst = [...ids].reverse();

    const all = await listCalls(server);
    expect(all.data.map((c) => c.id)).toEqual(newestFirst);
    expect(all.pagination).toEqual({ cursor: '', hasMore: false, limit: 20 });
    expect(all.data.map((c) => c.createdAt)).toEqual([4, 3, 2, 1, 0].map((s) => iso(T0 + s * SEC)));
    // 4 s after the first: the two oldest ring (3 s after their creation), the rest dial.
    expect(all.data.map((c) => c.status)).toEqual([
      'queued',
      'queued',
      'queued',
      'ringing',
      'ringing',
    ]);
    expect((await listCalls(server, { status: 'ringing' })).data.map((c) => c.id)).toEqual([
      ids[1],
      ids[0],
    ]);
    expect((await listCalls(server, { status: 'queued' })).data.map((c) => c.id)).toEqual(
      newestFirst.slice(0, 3),
    );

    await advance(server, 3600);
    const finished = await listCalls(server);
    expect(finished.data.map((c) => c.id)).toEqual(newestFirst);
    for (const item of finished.data) {
      for (const field of ['transcript', 'summary', 'metadata']) {
        expect(item, field).not.toHaveProperty(field);
      }
      // The list shows what the detail shows, minus transcript, summary and metadata.
      expect(item).toEqual(listForm(await getCall(server, item.id)));
    }
    const pick = (...indexes: number[]) => indexes.map((i) => ids[i]);
    const idsOf = async (params: Record<string, string>) =>
      (await listCalls(server, params)).data.map((c) => c.id);

    expect(await idsOf({ status: 'completed' })).toEqual(pick(3, 2, 0));
    expect(await idsOf({ status: 'failed' })).toEqual(pick(4, 1));
    expect(await idsOf({ status: 'queued' })).toEqual([]);
    expect(await idsOf({ status: 'in-progress' })).toEqual([]);
    expect(await idsOf({ patientId: ana })).toEqual(pick(2, 0));
    expect(await idsOf({ patientId: bea })).toEqual(pick(3));
    expect(await idsOf({ patientId: anaSilent, status: 'failed' })).toEqual(pick(4));
    expect(await idsOf({ patientId: anaSilent, status: 'completed' })).toEqual([]);
    expect(await idsOf({ patientId: UNKNOWN_PATIENT })).toEqual([]);
    const failed = await listCalls(server, { status: 'failed' });
    expect(failed.data.map((c) => c.failureReason)).toEqual(['no_answer', 'busy']);

    for (const status of ['done', 'COMPLETED', 'in_progress', '']) {
      const res = await server.request('GET', `/voice/calls${qs({ status })}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors[0].parameter).toBe('status');
    }
    for (const limit of ['0', '101', 'ten']) {
      const res = await server.request('GET', `/voice/calls?limit=${limit}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors[0].parameter).toBe('limit');
    }
    expectProblem(await server.request('GET', '/voice/calls?phone=x'), 422, 'validation_failed');
  });

  it('filters from (inclusive) and to (exclusive) on createdAt, and refuses bad ranges', async () => {
    const server = await newServer();
    const { ids } = await fiveCalls(server);
    await advance(server, 3600); // completedAt is an hour later: the filter must not use it
    const pick = (...indexes: number[]) => indexes.map((i) => ids[i]);
    const idsOf = async (params: Record<string, string>) =>
      (await listCalls(server, params)).data.map((c) => c.id);

    expect(await idsOf({ from: iso(T0 + 1 * SEC), to: iso(T0 + 3 * SEC) })).toEqual(pick(2, 1));
    expect(await idsOf({ from: iso(T0 + 3 * SEC) })).toEqual(pick(4, 3));
    expect(await idsOf({ to: iso(T0 + 1 * SEC) })).toEqual(pick(0));
    expect(await idsOf({ from: iso(T0 + 4 * SEC + 1) })).toEqual([]);
    expect(await idsOf({ from: iso(T0 + 1 * SEC), to: iso(T0 + 1 * SEC + 1) })).toEqual(pick(1));
    // Bare dates are 00:00 UTC of that day; a date-time with an offset is the same instant.
    expect(await idsOf({ from: '2026-05-10', to: '2026-05-11' })).toEqual(pick(4, 3, 2, 1, 0));
    expect(await idsOf({ to: '2026-05-10' })).toEqual([]);
    expect(await idsOf({ from: '2026-05-11' })).toEqual([]);
    expect(await idsOf({ from: '2026-05-10T10:00:02+02:00' })).toEqual(pick(4, 3, 2));
    expect(await idsOf({ status: 'completed', from: iso(T0 + 2 * SEC) })).toEqual(pick(3, 2));

    for (const [params, parameter] of [
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2026-13-01' }, 'to'],
      [{ from: '10/05/2026' }, 'from'],
      [{ to: '' }, 'to'],
    ] as const) {
      const res = await server.request('GET', `/voice/calls${qs(params)}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors[0].parameter, JSON.stringify(params)).toBe(parameter);
    }
    for (const params of [
      { from: iso(T0 + 2 * SEC), to: iso(T0 + 2 * SEC) },
      { from: iso(T0 + 3 * SEC), to: iso(T0 + 2 * SEC) },
      { from: '2026-05-11', to: '2026-05-10' },
    ]) {
      const res = await server.request('GET', `/voice/calls${qs(params)}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors[0].parameter, JSON.stringify(params)).toBe('to');
    }
  });

  it('pages with limit and cursor over every call exactly once; a bad cursor is 400', async () => {
    const server = await newServer();
    const { ids, ana } = await fiveCalls(server);
    const newestFirst = [...ids].reverse();

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor = '';
    let firstCursor = '';
    for (let page = 0; page < 10; page++) {
      const body = await listCalls(server, { limit: 2, cursor });
      expect(body.pagination.limit).toBe(2);
      seen.push(...body.data.map((c) => c.id));
      sizes.push(body.data.length);
      if (!body.pagination.hasMore) {
        expect(body.pagination.cursor).toBe('');
        break;
      }
      cursor = body.pagination.cursor;
      expect(cursor).not.toBe('');
      firstCursor ||= cursor;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(newestFirst);

    // A call created while paging does not shift the pages already started.
    await advance(server, 1);
    const late = await created(server, { patientId: ana, purpose: POST_OP });
    const second = await listCalls(server, { limit: 2, cursor: firstCursor });
    expect(second.data.map((c) => c.id)).toEqual(newestFirst.slice(2, 4));
    expect((await listCalls(server, { limit: 1 })).data.map((c) => c.id)).toEqual([late.id]);

    // Filtered paging.
    const p1 = await listCalls(server, { patientId: ana, limit: 2 });
    expect(p1.data.map((c) => c.id)).toEqual([late.id, ids[2]]);
    expect(p1.pagination.hasMore).toBe(true);
    const p2 = await listCalls(server, { patientId: ana, limit: 2, cursor: p1.pagination.cursor });
    expect(p2.data.map((c) => c.id)).toEqual([ids[0]]);
    expect(p2.pagination).toEqual({ cursor: '', hasMore: false, limit: 2 });

    // A cursor is bound to its filters and cannot be forged.
    const bad: Array<Record<string, string | number>> = [
      { cursor: 'abc' },
      { cursor: `${firstCursor}x` },
      { cursor: firstCursor.slice(1) },
      { cursor: p1.pagination.cursor, limit: 2 },
      { cursor: p1.pagination.cursor, limit: 2, patientId: ana, status: 'completed' },
      { cursor: firstCursor, limit: 2, status: 'queued' },
    ];
    for (const params of bad) {
      const res = await server.request('GET', `/voice/calls${qs(params)}`);
      expectProblem(res, 400, 'invalid_cursor');
    }
  });
});

describe('GET /voice/calls/{id}', () => {
  it('answers 404 resource_missing for an unknown call', async () => {
    const server = await newServer();
    for (const id of [UNKNOWN_CALL, 'nope', 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G']) {
      const res = await server.request('GET', `/voice/calls/${id}`);
      expectProblem(res, 404, 'resource_missing');
    }
  });
});

describe('permissions', () => {
  it('needs calls:write on every route; without it nothing is created', async () => {
    const server = await newServer();
    const patientId = await createPatient(server, {});
    const call = await created(server, { patientId, purpose: POST_OP });
    const others = (
      await server.service.core.apiKeys.create({
        name: 'everything but calls',
        permissions: PERMISSIONS.filter((p) => p !== 'calls:write'),
      })
    ).key;
    const before = await snapshot(server);

    const routes: Array<[string, string, unknown]> = [
      ['GET', '/voice/calls', undefined],
      ['GET', `/voice/calls/${call.id}`, undefined],
      ['POST', '/voice/calls', { patientId, purpose: POST_OP }],
    ];
    for (const [method, path, body] of routes) {
      const forbidden = await server.request(method, path, { body, token: others });
      expectProblem(forbidden, 403, 'insufficient_permissions');
      expect(forbidden.body.requiredPermission).toBe('calls:write');
      expect(forbidden.headers.get('www-authenticate')).toContain('insufficient_scope');

      const anonymous = await server.request(method, path, { body, token: null });
      expectProblem(anonymous, 401, 'invalid_token');
      expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');

      const garbage = await server.request(method, path, { body, token: 'sk_not_a_real_key' });
      expect(garbage.status).toBe(401);
    }
    expect(await snapshot(server)).toEqual(before);

    // calls:write alone is enough for all three.
    const only = await server.keyWith('calls:write');
    for (const [method, path, body] of routes) {
      const res = await server.request(method, path, { body, token: only });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(method === 'POST' ? 201 : 200);
    }
    expect(await count(server, 'calls')).toBe(2);
  });
});

describe('Idempotency-Key on POST /voice/calls', () => {
  it('replays a retry with the same body: one call, charged once', async () => {
    const server = await newServer();
    const patientId = await createPatient(server, {});
    const body = { patientId, purpose: POST_OP };
    const headers = { 'idempotency-key': 'call-nuria-1' };

    const first = await createCall(server, body, { headers });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const afterFirst = await snapshot(server);

    const retry = await createCall(server, body, { headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('location')).toBe(`/api/v1/voice/calls/${first.body.id}`);
    expect(await snapshot(server)).toEqual(afterFirst);
    expect(afterFirst.calls).toBe(1);

    // The same key with another body is refused and changes nothing.
    const reused = await createCall(
      server,
      { ...body, language: 'en' },
      { headers: { 'idempotency-key': 'call-nuria-1' } },
    );
    expectProblem(reused, 422, 'idempotency_key_reused');
    expect(await snapshot(server)).toEqual(afterFirst);

    // The first request reserved once; the replays reserved nothing.
    expect(afterFirst.balance).toBe(START_BALANCE - RESERVATION);
    expect(await ledgerFor(server, first.body.id)).toHaveLength(1);

    // A replay after the call ended still answers the original 201, and charges nothing more.
    const done = await finish(server, first.body.id);
    expectCompleted(done);
    const replayLater = await createCall(server, body, { headers });
    expect(replayLater.status).toBe(201);
    expect(replayLater.text).toBe(first.text);
    expect(await count(server, 'calls')).toBe(1);
    const charges = await ledgerFor(server, first.body.id);
    expect(charges).toEqual(answeredCallEntries(done));
    expect(netCharged(charges)).toBe(price(done.duration));
    expect(await balance(server)).toBe(START_BALANCE - done.creditsConsumed);
    expect(await events(server, 'call.ended')).toHaveLength(1);
    await expectBooksBalance(server);
  });

  it('stores a 402 refusal, and does not store a validation failure', async () => {
    const server = await serverWithBalance(4);
    const patientId = await createPatient(server, {});
    const headers = { 'idempotency-key': 'short-then-fix' };

    const bad = await createCall(server, { patientId, purpose: ' ' }, { headers });
    expectProblem(bad, 422, 'validation_failed');
    const refused = await createCall(server, { patientId, purpose: POST_OP }, { headers });
    expectProblem(refused, 402, 'insufficient_credits');
    expect(refused.headers.get('idempotent-replayed')).toBeNull();

    // Topped up, the retry with the same key still replays the stored 402 (business 4xx are kept).
    await server.service.core.credits.topUp(100, 'test top-up');
    const replay = await createCall(server, { patientId, purpose: POST_OP }, { headers });
    expect(replay.status).toBe(402);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('content-type') ?? '').toMatch(/^application\/problem\+json/);
    // The stored answer, byte for byte (its requestId is the first request's).
    expect(replay.text).toBe(refused.text);
    expect(await count(server, 'calls')).toBe(0);

    const fresh = await createCall(
      server,
      { patientId, purpose: POST_OP },
      { headers: { 'idempotency-key': 'after-top-up' } },
    );
    expect(fresh.status, fresh.text).toBe(201);
    expect(await balance(server)).toBe(4 + 100 - RESERVATION);
  });
});

/** A server on a data directory, stopped while a call to a new patient is in progress. */
async function stoppedDuringCall() {
  const data = tempDataDir();
  cleanups.push(data.cleanup);
  const time = fakeTime(T0);
  const first = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
  const patientId = await createPatient(first, {});
  const call = await created(first, { patientId, purpose: POST_OP });
  await stepUntilNot(first, call.id, 'queued', 10);
  const answered = (await stepUntilNot(first, call.id, 'ringing', 20)).call;
  expect(answered.status).toBe('in-progress');
  // Answered means paid: the reservation and the rest of its minutes are on the books already.
  expect(answered.creditsConsumed % 5).toBe(0);
  expect(answered.creditsConsumed).toBeGreaterThanOrEqual(RESERVATION);
  const charges = await ledgerFor(first, call.id);
  expect(charges).toEqual(answeredCallEntries(answered));
  expect(await balance(first)).toBe(START_BALANCE - answered.creditsConsumed);
  await first.close();
  return { data, time, call, answered, charges };
}

describe('durability', () => {
  it('charges a call created before a restart exactly once: its reservation, then the rest when answered', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const time = fakeTime(T0);
    const first = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    const patientId = await createPatient(first, {});
    const call = await created(first, { patientId, purpose: POST_OP });
    await first.close();

    // The reservation survived the restart, and is not taken again.
    const second = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    expect(await getCall(second, call.id)).toEqual(call);
    expect(await balance(second)).toBe(START_BALANCE - RESERVATION);
    expect(await ledgerFor(second, call.id)).toHaveLength(1);
    await advance(second, 3600);
    const done = await getCall(second, call.id);
    expectCompleted(done);
    expect(done.creditsConsumed).toBe(price(done.duration));
    const charges = await ledgerFor(second, call.id);
    expect(charges).toEqual(answeredCallEntries(done));
    expect(netCharged(charges)).toBe(done.creditsConsumed);
    expect(await balance(second)).toBe(START_BALANCE - done.creditsConsumed);
    expect((await events(second, 'call.ended')).map((e) => e.data.callId)).toEqual([call.id]);
    await expectBooksBalance(second);
  });

  it('gives back once the reservation of a call that fails after a restart', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const time = fakeTime(T0);
    const first = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    const patientId = await createPatient(first, { phone: NO_ANSWER_PHONE });
    const call = await created(first, { patientId, purpose: POST_OP });
    await stepUntilNot(first, call.id, 'queued', 10);
    await first.close();

    const second = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    expect((await getCall(second, call.id)).status).toBe('ringing');
    expect(await balance(second)).toBe(START_BALANCE - RESERVATION);
    await advance(second, 3600);
    const failed = await getCall(second, call.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'no_answer',
      creditsConsumed: 0,
    });
    expect((await ledgerFor(second, call.id)).map((e) => [e.kind, e.amount, e.reason])).toEqual([
      ['refund', RESERVATION, RETURNED],
      ['consume', -RESERVATION, RESERVED],
    ]);
    expect(await balance(second)).toBe(START_BALANCE);
    await second.close();

    // A third start replays nothing: still one reservation and one refund.
    const third = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    await advance(third, 3600);
    expect(await ledgerFor(third, call.id)).toHaveLength(2);
    expect(await balance(third)).toBe(START_BALANCE);
    expect(await events(third, 'call.ended')).toHaveLength(1);
    await expectBooksBalance(third);
  });

  it('finishes a call that was in progress when the server stopped, charging nothing more', async () => {
    const { data, time, call, answered, charges } = await stoppedDuringCall();

    const second = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    const reopened = await getCall(second, call.id);
    expect(reopened).toEqual(answered);
    await advance(second, 3600);
    const done = await getCall(second, call.id);
    expectCompleted(done);
    expect(done.answeredAt).toBe(answered.answeredAt);
    expect(done.creditsConsumed).toBe(answered.creditsConsumed);
    expect(done.creditsConsumed).toBe(price(done.duration));
    // The completion after the restart took nothing: the entries are those of before it.
    expect(await ledgerFor(second, call.id)).toEqual(charges);
    expect(await balance(second)).toBe(START_BALANCE - price(done.duration));
    expect(await events(second, 'call.ended')).toHaveLength(1);
    await expectBooksBalance(second);
  });

  it('completes at its hang-up time a call that ended while the server was down', async () => {
    const { data, time, call, answered, charges } = await stoppedDuringCall();

    // The server is down for an hour; the call hangs up meanwhile. The start runs what is overdue.
    time.set(T0 + 3600 * SEC);
    const second = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    const done = await getCall(second, call.id);
    expect(done.status).toBe('completed');
    expect(done.answeredAt).toBe(answered.answeredAt);
    expect(done.creditsConsumed).toBe(answered.creditsConsumed);
    expect(await ledgerFor(second, call.id)).toEqual(charges);
    expect(await balance(second)).toBe(START_BALANCE - price(done.duration));
    expect(await events(second, 'call.ended')).toHaveLength(1);
    expect((await events(second, 'call.ended'))[0]!.data.completedAt).toBe(done.completedAt);
    // The call ended when its conversation did, not when the service noticed.
    expectCompleted(done);
    await expectBooksBalance(second);
  });
});

/**
 * A two-hour conversation, a turn every 30 seconds (the built-in assistant's calls last two to four
 * minutes; the attack of issue 17 ran forty of them). The patient is well: nothing to triage.
 */
function twoHourScript(): CallScript {
  const turns: CallScript['turns'] = [];
  for (let offset = 0; offset < 7200; offset += 30) {
    const role = turns.length % 2 === 0 ? 'assistant' : 'patient';
    turns.push({
      role,
      content: role === 'assistant' ? `Pregunta ${turns.length / 2 + 1}.` : 'Estoy bien.',
      offsetSeconds: offset,
    });
  }
  return {
    turns,
    durationSeconds: 7200,
    summary: 'Una llamada muy larga.',
    metadata: { provider: 'builtin', findings: {} },
  };
}

describe('a balance that cannot pay the whole call', () => {
  it('ends the call when the credits do: cut to the minutes paid when answered, its transcript stopping there, never below zero', async () => {
    const server = await serverWithBalance(20);
    const { core } = server.service;
    const patientId = await createPatient(server, {});
    const call = await created(server, { patientId, purpose: POST_OP });
    expect(await balance(server)).toBe(15);
    await stepUntilNot(server, call.id, 'queued', 10);

    // The line answers a two-hour conversation (through the same step the line's job takes).
    const answeredAt = core.clock.now();
    await core.calls.steps.answerWith(call.id, twoHourScript());
    const answered = await getCall(server, call.id);
    // 5 reserved + 15 in hand pay 4 started minutes: the call will last 240 s, not 7,200.
    expect(answered).toMatchObject({
      status: 'in-progress',
      answeredAt: iso(answeredAt),
      creditsConsumed: 20,
    });
    // The script's findings and summary spoke of the whole two hours: a cut call keeps neither.
    expect(answered.metadata).toEqual({
      provider: 'builtin',
      endedBy: 'credits_exhausted',
      plannedDurationSeconds: 7200,
    });
    expect(answered.summary ?? (await core.calls.row(call.id)).summary).toBe(
      'La llamada se cortó al agotarse los créditos, a los 4 minutos; no hay resumen de lo que faltó por hablar. Revisa la transcripción.',
    );
    expect(await balance(server)).toBe(0);
    expect(await ledgerFor(server, call.id)).toEqual([
      {
        id: expect.stringMatching(LEDGER_ID),
        kind: 'consume',
        amount: -15,
        balanceAfter: 0,
        reason: 'Voice call (4 started minutes)',
        resourceType: 'call',
        resourceId: call.id,
        createdAt: iso(answeredAt),
      },
      {
        id: expect.stringMatching(LEDGER_ID),
        kind: 'consume',
        amount: -RESERVATION,
        balanceAfter: 15,
        reason: RESERVED,
        resourceType: 'call',
        resourceId: call.id,
        createdAt: T0_ISO,
      },
    ]);

    // It hangs up at 240 s; the line's own answer, due meanwhile, finds it answered and does
    // nothing.
    const done = await finish(server, call.id);
    expectCompleted(done);
    expect(done.completedAt).toBe(iso(answeredAt + 240 * SEC));
    expect(done.duration).toBe(240);
    expect(done.creditsConsumed).toBe(20);
    // What would have been said after the line was cut was never said: 8 turns of the 240.
    expect(done.transcript!.map((t) => t.at)).toEqual(
      [0, 30, 60, 90, 120, 150, 180, 210].map((s) => iso(answeredAt + s * SEC)),
    );
    expect(done.metadata!.unbilledCredits).toBeUndefined();
    expect(await balance(server)).toBe(0);
    expect(await ledgerFor(server, call.id)).toHaveLength(2);
    expect((await events(server, 'call.ended')).map((e) => e.data)).toEqual([
      {
        callId: call.id,
        patientId,
        status: 'completed',
        duration: 240,
        creditsConsumed: 20,
        completedAt: done.completedAt,
      },
    ]);
    // The list carries the same amount.
    expect((await listCalls(server)).data[0]!.creditsConsumed).toBe(20);
    await expectBooksBalance(server);
  });

  it('lasts one minute at most when the rest of the balance was spent before it was answered', async () => {
    const server = await serverWithBalance(10);
    const { core } = server.service;
    const patientId = await createPatient(server, {});
    const call = await created(server, { patientId, purpose: POST_OP });
    await stepUntilNot(server, call.id, 'queued', 10);
    // Something else spends what was left while the phone rings.
    await core.credits.charge({ amount: 5, reason: 'Spent elsewhere while the phone rang' });
    expect(await balance(server)).toBe(0);

    const answered = (await stepUntilNot(server, call.id, 'ringing', 20)).call;
    // The reservation pays the first minute and nothing more can be taken: a post-operative
    // follow-up (two minutes or more) is cut at 60 s.
    expect(answered).toMatchObject({ status: 'in-progress', creditsConsumed: RESERVATION });
    expect(answered.metadata!.endedBy).toBe('credits_exhausted');
    expect(answered.metadata!.plannedDurationSeconds).toBeGreaterThan(60);

    const done = await finish(server, call.id);
    expectCompleted(done, { minTurns: 1 });
    expect(done.duration).toBe(60);
    expect(done.completedAt).toBe(iso(Date.parse(done.answeredAt!) + 60 * SEC));
    expect(done.creditsConsumed).toBe(RESERVATION);
    expect(done.metadata!.unbilledCredits).toBeUndefined();
    // The reservation is the whole charge: no second entry, no refund.
    expect(await ledgerFor(server, call.id)).toEqual([
      expect.objectContaining({
        kind: 'consume',
        amount: -RESERVATION,
        balanceAfter: 5,
        reason: RESERVED,
        createdAt: T0_ISO,
      }),
    ]);
    expect(await balance(server)).toBe(0);
    expect((await events(server, 'call.ended'))[0]!.data).toMatchObject({
      duration: 60,
      creditsConsumed: RESERVATION,
    });
    await expectBooksBalance(server);
  });

  it('takes nothing at the end: credits spent elsewhere during the call leave the call whole', async () => {
    const server = await newServer();
    const { core } = server.service;
    const patientId = await createPatient(server, {});
    const call = await created(server, { patientId, purpose: POST_OP });
    await stepUntilNot(server, call.id, 'queued', 10);
    const answered = (await stepUntilNot(server, call.id, 'ringing', 20)).call;
    const cost = answered.creditsConsumed;

    // Everything left is spent elsewhere while the call is on: the call was paid when answered.
    await core.credits.charge({
      amount: START_BALANCE - cost,
      reason: 'Spent elsewhere during the call',
    });
    expect(await balance(server)).toBe(0);

    const done = await finish(server, call.id);
    expectCompleted(done);
    expect(done.creditsConsumed).toBe(cost);
    expect(price(done.duration)).toBe(cost);
    expect(done.metadata!.endedBy).toBeUndefined();
    expect(done.metadata!.unbilledCredits).toBeUndefined();
    expect(await balance(server)).toBe(0);
    const charges = await ledgerFor(server, call.id);
    expect(charges).toEqual(answeredCallEntries(done));
    expect(netCharged(charges)).toBe(cost);
    expect((await events(server, 'call.ended'))[0]!.data.creditsConsumed).toBe(cost);
    await expectBooksBalance(server);
  });
});
