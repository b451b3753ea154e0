import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src-main/service/schemas/auth';
import { FormResponse } from '../../src-main/service/schemas/clinical-form';
import {
  CancelledSchedule,
  FormSchedule,
  OutboxMessage,
} from '../../src-main/service/schemas/form-schedule';
import {
  EVERY_FIELD_ANSWERS,
  expectProblem,
  formFixture,
  tempDataDir,
  type ApiResponse,
  type TestServer,
  fakeTime,
  count,
  events,
  expectSchema,
  qs,
  serversClosedAfterEach,
  type ListBody,
} from './helpers';
import { SEC, MIN, HOUR, DAY, T0_ISO, T0, iso } from './time';

/*
 * Scheduled deliveries of forms through real HTTP (interface spec: Form schedule; api-decisions
 * §§2, 5, 6, 7, 8, 10): creation and its charge, every refusal leaving the books untouched,
 * idempotent retries, lists and cursors, cancel and its refund, delivery on the sandbox clock
 * (outbox, schedule.sent, languages, order), failed deliveries and their refunds, completion
 * through the sandbox submit, durability across restarts, and the sandbox switch.
 *
 * Every server runs on a fake real-time source, so the service clock only moves when a test
 * advances it: timestamps are asserted exactly and nothing is delivered behind a test's back
 * unless it schedules for "now".
 */

const SCHEDULE_ID = /^sch_[0-9A-HJKMNP-TV-Z]{26}$/;
const LEDGER_ID = /^led_[0-9A-HJKMNP-TV-Z]{26}$/;
const OUTBOX_ID = /^out_[0-9A-HJKMNP-TV-Z]{26}$/;
const RESPONSE_ID = /^resp_[0-9A-HJKMNP-TV-Z]{26}$/;
const LINK = /^http:\/\/127\.0\.0\.1:\d+\/f\/[A-Za-z0-9_-]{43}$/;

const START_BALANCE = 2000;
const PHONE = '+34612345678';
const EMAIL = 'nuria.puig@example.com';

interface ScheduleBody {
  id: string;
  formId: string;
  patientId: string;
  channel: 'whatsapp' | 'email';
  language: 'es' | 'ca' | 'en';
  status: 'pending' | 'sent' | 'failed' | 'completed' | 'cancelled';
  scheduledAt: string;
  message?: string;
  sentAt?: string;
  completedAt?: string;
  responseId?: string;
  failedAt?: string;
  failureReason?: string;
  cancelledAt?: string;
  creditsConsumed: number;
  creditsRefunded?: number;
  createdAt: string;
}

interface OutboxBody {
  id: string;
  channel: 'whatsapp' | 'email';
  transport: 'outbox' | 'smtp';
  to: string;
  subject?: string;
  body: string;
  link?: string;
  scheduleId?: string;
  patientId?: string;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const { newServer, cleanups } = serversClosedAfterEach(T0);

function createSchedule(
  server: TestServer,
  body: Record<string, unknown>,
  options: { token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  return server.request('POST', '/form-schedules', { body, ...options });
}

/** Creates a schedule that must succeed and returns its body. */
async function created(server: TestServer, body: Record<string, unknown>): Promise<ScheduleBody> {
  const res = await createSchedule(server, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function getSchedule(server: TestServer, id: string): Promise<ApiResponse<ScheduleBody>> {
  const res = await server.request<ScheduleBody>('GET', `/form-schedules/${id}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(FormSchedule, res.body);
  return res;
}

async function advance(server: TestServer, seconds: number): Promise<string> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status, res.text).toBe(200);
  return res.body.now as string;
}

async function balance(server: TestServer): Promise<number> {
  const res = await server.request('GET', '/billing/balance');
  expect(res.status, res.text).toBe(200);
  return res.body.balance as number;
}

async function outbox(
  server: TestServer,
  params: Record<string, string | number | undefined> = {},
): Promise<ListBody<OutboxBody>> {
  const res = await server.request<ListBody<OutboxBody>>('GET', `/sandbox/outbox${qs(params)}`);
  expect(res.status, res.text).toBe(200);
  for (const message of res.body.data) expectSchema(OutboxMessage, message);
  return res.body;
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
  expect(await core.q.creditLedger.sum()).toBe(reported);
  expect((await core.credits.balance()).balance).toBe(reported);
}

/** Everything a refused request must leave as it was. */
async function snapshot(server: TestServer) {
  return {
    balance: await balance(server),
    ledgerSum: await server.service.core.q.creditLedger.sum(),
    ledgerRows: await count(server, 'credit_ledger'),
    schedules: await count(server, 'form_schedules'),
    jobs: await count(server, 'jobs'),
    events: await count(server, 'events'),
    outbox: await count(server, 'outbox'),
    responses: await count(server, 'form_responses'),
  };
}

/** A patient created through the API (so the test sees what an integrator sees). */
async function createPatient(server: TestServer, body: Record<string, unknown>): Promise<string> {
  const res = await server.request('POST', '/patients', {
    body: { firstName: 'Jordi', lastName: 'Vidal', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** The answers in reverse order: the response must put them back in the form's field order. */
const REVERSED_ANSWERS = [...EVERY_FIELD_ANSWERS].reverse();

// ---------------------------------------------------------------------------------------------

describe('POST /form-schedules', () => {
  it('creates a pending e-mail schedule, charges 1 credit and records the charge', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);

    const res = await createSchedule(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: iso(T0 + HOUR),
      message: '  Recuerde responder antes de la visita.\n ',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    const id = res.body.id;
    expect(id).toMatch(SCHEDULE_ID);
    expect(res.headers.get('location')).toBe(`/api/v1/form-schedules/${id}`);
    expect(res.body).toEqual({
      id,
      formId,
      patientId,
      channel: 'email',
      // The fixture patient prefers Catalan.
      language: 'ca',
      status: 'pending',
      scheduledAt: iso(T0 + HOUR),
      message: 'Recuerde responder antes de la visita.',
      creditsConsumed: 1,
      createdAt: T0_ISO,
    });
    expectSchema(FormSchedule, res.body);
    expect((await getSchedule(server, id)).body).toEqual(res.body);

    expect(await balance(server)).toBe(START_BALANCE - 1);
    const ledger = await ledgerFor(server, id);
    expect(ledger).toEqual([
      {
        id: expect.stringMatching(LEDGER_ID),
        kind: 'consume',
        amount: -1,
        balanceAfter: START_BALANCE - 1,
        reason: 'Form delivery (e-mail)',
        resourceType: 'form_schedule',
        resourceId: id,
        createdAt: T0_ISO,
      },
    ]);
    await expectBooksBalance(server);
  });

  it('charges 2 credits for WhatsApp, defaults scheduledAt to now and leaves out an absent message', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const res = await createSchedule(server, { formId, patientId, channel: 'whatsapp' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(SCHEDULE_ID),
      formId,
      patientId,
      channel: 'whatsapp',
      language: 'ca',
      status: 'pending',
      scheduledAt: T0_ISO,
      creditsConsumed: 2,
      createdAt: T0_ISO,
    });
    expect(await balance(server)).toBe(START_BALANCE - 2);
    const ledger = await ledgerFor(server, res.body.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'consume',
      amount: -2,
      balanceAfter: START_BALANCE - 2,
      reason: 'Form delivery (WhatsApp)',
      resourceType: 'form_schedule',
      resourceId: res.body.id,
    });
    await expectBooksBalance(server);
  });

  it("takes the language from the patient's preferredLanguage, else es; an explicit language wins", async () => {
    const server = await newServer();
    const { formId, patientId: catalan } = await formFixture(server);
    const english = await createPatient(server, {
      email: 'jordi@example.com',
      metadata: { preferredLanguage: 'en' },
    });
    const none = await createPatient(server, { email: 'none@example.com' });
    const unknown = await createPatient(server, {
      email: 'fr@example.com',
      metadata: { preferredLanguage: 'fr' },
    });
    const notAString = await createPatient(server, {
      email: 'num@example.com',
      metadata: { preferredLanguage: 42 },
    });
    const at = iso(T0 + HOUR);
    const cases: Array<[string, string | undefined, string]> = [
      [catalan, undefined, 'ca'],
      [english, undefined, 'en'],
      [none, undefined, 'es'],
      [unknown, undefined, 'es'],
      [notAString, undefined, 'es'],
      [catalan, 'en', 'en'],
      [catalan, 'es', 'es'],
      [english, 'ca', 'ca'],
      [none, 'en', 'en'],
    ];
    for (const [patientId, language, expected] of cases) {
      const body = await created(server, {
        formId,
        patientId,
        channel: 'email',
        scheduledAt: at,
        ...(language ? { language } : {}),
      });
      expect(body.language, `${patientId} ${language}`).toBe(expected);
      expect((await getSchedule(server, body.id)).body.language).toBe(expected);
    }
  });

  it('takes a scheduledAt up to 5 minutes in the past as now and normalises offsets to UTC', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const base = { formId, patientId, channel: 'email' };

    const late = await created(server, { ...base, scheduledAt: iso(T0 - 5 * MIN) });
    expect(late.scheduledAt).toBe(T0_ISO);
    const offset = await created(server, { ...base, scheduledAt: '2026-05-10T12:00:00+02:00' });
    expect(offset.scheduledAt).toBe(iso(T0 + 2 * HOUR));
    const yearAhead = await created(server, { ...base, scheduledAt: iso(T0 + 365 * DAY) });
    expect(yearAhead.scheduledAt).toBe(iso(T0 + 365 * DAY));
    expect(await balance(server)).toBe(START_BALANCE - 3);
  });

  it('refuses every invalid request with a problem and changes nothing', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { formId, patientId } = await formFixture(server);
    const archivedForm = (await formFixture(server)).formId;
    await core.forms.archive(archivedForm);
    const inactive = await createPatient(server, {
      email: 'inactive@example.com',
      phone: '+34600000001',
      status: 'inactive',
    });
    const noPhone = await createPatient(server, { email: 'nophone@example.com' });
    const noEmail = await createPatient(server, { phone: '+34600000002' });
    const later = iso(T0 + HOUR);
    const ok = { formId, patientId, channel: 'email', scheduledAt: later };
    const before = await snapshot(server);

    const cases: Array<{
      name: string;
      body: unknown;
      code: string;
      errors?: Array<{ pointer: string; code?: string }>;
    }> = [
      {
        name: 'unknown form',
        body: { ...ok, formId: 'form_01JD8X3V6Q9R2T5W7Y0B4C6E8G' },
        code: 'validation_failed',
        errors: [{ pointer: '/formId', code: 'not_found' }],
      },
      {
        name: 'unknown patient',
        body: { ...ok, patientId: 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G' },
        code: 'validation_failed',
        errors: [{ pointer: '/patientId', code: 'not_found' }],
      },
      {
        name: 'unknown form and patient',
        body: { ...ok, formId: 'form_nope', patientId: 'pat_nope' },
        code: 'validation_failed',
        errors: [
          { pointer: '/formId', code: 'not_found' },
          { pointer: '/patientId', code: 'not_found' },
        ],
      },
      {
        name: 'archived form',
        body: { ...ok, formId: archivedForm },
        code: 'validation_failed',
        errors: [{ pointer: '/formId', code: 'form_archived' }],
      },
      {
        name: 'inactive patient',
        body: { ...ok, patientId: inactive },
        code: 'patient_inactive',
        errors: [{ pointer: '/patientId', code: 'patient_inactive' }],
      },
      {
        name: 'inactive patient on whatsapp',
        body: { ...ok, patientId: inactive, channel: 'whatsapp' },
        code: 'patient_inactive',
      },
      {
        name: 'no phone for whatsapp',
        body: { ...ok, patientId: noPhone, channel: 'whatsapp' },
        code: 'patient_unreachable',
        errors: [{ pointer: '/channel', code: 'patient_unreachable' }],
      },
      {
        name: 'no e-mail for email',
        body: { ...ok, patientId: noEmail, channel: 'email' },
        code: 'patient_unreachable',
        errors: [{ pointer: '/channel', code: 'patient_unreachable' }],
      },
      {
        name: 'more than 5 minutes in the past',
        body: { ...ok, scheduledAt: iso(T0 - 5 * MIN - 1) },
        code: 'validation_failed',
        errors: [{ pointer: '/scheduledAt', code: 'past' }],
      },
      {
        name: 'a day in the past',
        body: { ...ok, scheduledAt: iso(T0 - DAY) },
        code: 'validation_failed',
        errors: [{ pointer: '/scheduledAt', code: 'past' }],
      },
      {
        name: 'more than a year ahead',
        body: { ...ok, scheduledAt: iso(T0 + 366 * DAY + 1) },
        code: 'validation_failed',
        errors: [{ pointer: '/scheduledAt', code: 'range' }],
      },
      {
        name: 'two years ahead',
        body: { ...ok, scheduledAt: iso(T0 + 2 * 365 * DAY) },
        code: 'validation_failed',
        errors: [{ pointer: '/scheduledAt', code: 'range' }],
      },
      {
        name: 'scheduledAt not a date-time',
        body: { ...ok, scheduledAt: 'tomorrow' },
        code: 'validation_failed',
        errors: [{ pointer: '/scheduledAt' }],
      },
      {
        name: 'scheduledAt a bare date',
        body: { ...ok, scheduledAt: '2026-05-11' },
        code: 'validation_failed',
        errors: [{ pointer: '/scheduledAt' }],
      },
      {
        name: 'bad channel',
        body: { ...ok, channel: 'sms' },
        code: 'validation_failed',
        errors: [{ pointer: '/channel' }],
      },
      {
        name: 'channel in the wrong case',
        body: { ...ok, channel: 'WhatsApp' },
        code: 'validation_failed',
        errors: [{ pointer: '/channel' }],
      },
      {
        name: 'bad language',
        body: { ...ok, language: 'fr' },
        code: 'validation_failed',
        errors: [{ pointer: '/language' }],
      },
      { name: 'unknown property', body: { ...ok, sendAt: later }, code: 'validation_failed' },
      {
        name: 'missing formId',
        body: { patientId, channel: 'email' },
        code: 'validation_failed',
      },
      {
        name: 'missing patientId',
        body: { formId, channel: 'email' },
        code: 'validation_failed',
      },
      {
        name: 'missing channel',
        body: { formId, patientId },
        code: 'validation_failed',
      },
      { name: 'empty formId', body: { ...ok, formId: '' }, code: 'validation_failed' },
      {
        name: 'formId of the wrong type',
        body: { ...ok, formId: 42 },
        code: 'validation_failed',
      },
      {
        name: 'empty message',
        body: { ...ok, message: '' },
        code: 'validation_failed',
        errors: [{ pointer: '/message' }],
      },
      {
        name: 'blank message',
        body: { ...ok, message: '  \n ' },
        code: 'validation_failed',
        errors: [{ pointer: '/message', code: 'pattern' }],
      },
      {
        name: 'message over 1000 characters',
        body: { ...ok, message: 'x'.repeat(1001) },
        code: 'validation_failed',
        errors: [{ pointer: '/message' }],
      },
      { name: 'null message', body: { ...ok, message: null }, code: 'validation_failed' },
      { name: 'array body', body: [ok], code: 'validation_failed' },
    ];

    for (const c of cases) {
      const res = await createSchedule(server, c.body as Record<string, unknown>);
      try {
        expectProblem(res, 422, c.code);
      } catch (error) {
        throw new Error(`${c.name}: ${(error as Error).message}`, { cause: error });
      }
      expect(Array.isArray(res.body.errors), `${c.name}: ${res.text}`).toBe(true);
      expect(res.body.errors.length, c.name).toBeGreaterThan(0);
      if (c.errors) {
        expect(res.body.errors, `${c.name}: ${res.text}`).toEqual(
          c.errors.map((e) => expect.objectContaining(e)),
        );
      }
      expect(await snapshot(server), c.name).toEqual(before);
    }

    // Malformed JSON is a 400, and changes nothing either.
    const broken = await server.request('POST', '/form-schedules', {
      rawBody: '{"formId":',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(broken, 400, 'invalid_json');
    expect(await snapshot(server)).toEqual(before);

    // The refusals were about the request, not the state: the same form and patients work once fixed.
    await core.forms.restore(archivedForm);
    await created(server, { ...ok, formId: archivedForm });
    expect(await balance(server)).toBe(before.balance - 1);
    await expectBooksBalance(server);
  });

  it('refuses a scheduledAt on a leap second (23:59:60) with 422, not a 500', async () => {
    // RFC 3339 (and the date-time format check) accepts second 60, but JavaScript dates cannot
    // hold it. Other date-time inputs (GET /billing/ledger?from=…) answer 422 for it; bad input
    // must never yield a 5xx (api-decisions §2).
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const before = await snapshot(server);
    for (const scheduledAt of ['2026-06-30T23:59:60Z', '2026-07-01T01:59:60+02:00']) {
      const res = await createSchedule(server, {
        formId,
        patientId,
        channel: 'email',
        scheduledAt,
      });
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors).toEqual([expect.objectContaining({ pointer: '/scheduledAt' })]);
      expect(await snapshot(server)).toEqual(before);
    }
  });

  it('refuses with 402 insufficient_credits when the balance cannot pay, changing nothing', async () => {
    const server = await newServer({ plans: { starter: 3, professional: 3, enterprise: 3 } });
    const { formId, patientId } = await formFixture(server);
    const at = iso(T0 + HOUR);
    expect(await balance(server)).toBe(3);

    await created(server, { formId, patientId, channel: 'whatsapp', scheduledAt: at });
    expect(await balance(server)).toBe(1);

    let before = await snapshot(server);
    const tooDear = await createSchedule(server, {
      formId,
      patientId,
      channel: 'whatsapp',
      scheduledAt: at,
    });
    expectProblem(tooDear, 402, 'insufficient_credits');
    expect(tooDear.body.balance).toBe(1);
    expect(tooDear.body.required).toBe(2);
    expect(await snapshot(server)).toEqual(before);

    // E-mail still fits, and takes the balance to exactly zero.
    await created(server, { formId, patientId, channel: 'email', scheduledAt: at });
    expect(await balance(server)).toBe(0);

    before = await snapshot(server);
    const none = await createSchedule(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: at,
    });
    expectProblem(none, 402, 'insufficient_credits');
    expect(none.body.balance).toBe(0);
    expect(none.body.required).toBe(1);
    expect(await snapshot(server)).toEqual(before);
    await expectBooksBalance(server);
  });

  it('needs schedules:write, and schedules:write alone is enough', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const body = { formId, patientId, channel: 'email', scheduledAt: iso(T0 + HOUR) };
    const existing = await created(server, body);
    const before = await snapshot(server);

    // Every permission but schedules:write.
    const other = (
      await server.service.core.apiKeys.create({
        name: 'no schedules',
        permissions: PERMISSIONS.filter((p) => p !== 'schedules:write'),
      })
    ).key;
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/form-schedules', body],
      ['GET', '/form-schedules', undefined],
      ['GET', `/form-schedules/${existing.id}`, undefined],
      ['POST', `/form-schedules/${existing.id}/cancel`, undefined],
    ];
    for (const [method, path, payload] of attempts) {
      const res = await server.request(method, path, {
        token: other,
        ...(payload === undefined ? {} : { body: payload }),
      });
      expectProblem(res, 403, 'insufficient_permissions');
      expect(res.body.requiredPermission).toBe('schedules:write');
      expect(res.headers.get('www-authenticate')).toContain('insufficient_scope');
    }
    expect(await snapshot(server)).toEqual(before);
    expect((await getSchedule(server, existing.id)).body.status).toBe('pending');

    expectProblem(await createSchedule(server, body, { token: null }), 401, 'invalid_token');
    expect(await snapshot(server)).toEqual(before);

    const only = await server.keyWith('schedules:write');
    const made = await createSchedule(server, body, { token: only });
    expect(made.status, made.text).toBe(201);
    expect(made.body.status).toBe('pending');
    const list = await server.request('GET', '/form-schedules', { token: only });
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: ScheduleBody) => s.id)).toEqual([made.body.id, existing.id]);
    const one = await server.request('GET', `/form-schedules/${made.body.id}`, { token: only });
    expect(one.body).toEqual(made.body);
    const cancelled = await server.request('POST', `/form-schedules/${made.body.id}/cancel`, {
      token: only,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await balance(server)).toBe(before.balance);
  });
});

describe('Idempotency-Key on POST /form-schedules', () => {
  it('replays a retry with the same body and charges once', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const body = { formId, patientId, channel: 'whatsapp', scheduledAt: iso(T0 + HOUR) };
    const headers = { 'idempotency-key': 'schedule-nuria-1' };

    const first = await createSchedule(server, body, { headers });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const afterFirst = await snapshot(server);

    const retry = await createSchedule(server, body, { headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('location')).toBe(`/api/v1/form-schedules/${first.body.id}`);
    expect(await snapshot(server)).toEqual(afterFirst);

    expect(afterFirst.balance).toBe(START_BALANCE - 2);
    expect(afterFirst.schedules).toBe(1);
    expect(await ledgerFor(server, first.body.id)).toHaveLength(1);

    // The same key for another request is refused and changes nothing.
    const reused = await createSchedule(
      server,
      { ...body, channel: 'email' },
      { headers: { 'idempotency-key': 'schedule-nuria-1' } },
    );
    expectProblem(reused, 422, 'idempotency_key_reused');
    expect(await snapshot(server)).toEqual(afterFirst);

    // Without the key (or with a new one) the same body is a new schedule.
    const again = await createSchedule(server, body, {
      headers: { 'idempotency-key': 'schedule-nuria-2' },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect(await balance(server)).toBe(START_BALANCE - 4);
    await expectBooksBalance(server);
  });

  it('does not store a validation failure, so the key can be used once the request is fixed', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const headers = { 'idempotency-key': 'fix-and-retry' };
    const bad = await createSchedule(
      server,
      { formId, patientId, channel: 'email', scheduledAt: iso(T0 - DAY) },
      { headers },
    );
    expectProblem(bad, 422, 'validation_failed');
    const good = await createSchedule(
      server,
      { formId, patientId, channel: 'email', scheduledAt: iso(T0 + HOUR) },
      { headers },
    );
    expect(good.status, good.text).toBe(201);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('GET /form-schedules', () => {
  it('lists newest first and filters on patientId, formId and status', async () => {
    const server = await newServer();
    const { formId: formA, patientId: ana } = await formFixture(server);
    const { formId: formB, patientId: bea } = await formFixture(server, {
      patient: { firstName: 'Bea', email: 'bea@example.com' },
    });
    const at = iso(T0 + HOUR);
    const ids: string[] = [];
    const plan: Array<[string, string, string]> = [
      [formA, ana, 'email'],
      [formB, ana, 'whatsapp'],
      [formA, bea, 'whatsapp'],
      [formB, bea, 'email'],
      [formA, ana, 'whatsapp'],
    ];
    for (const [formId, patientId, channel] of plan) {
      ids.push((await created(server, { formId, patientId, channel, scheduledAt: at })).id);
      // A second apart, so newest-first is visible on createdAt, not only on the id.
      await advance(server, 1);
    }
    const cancelled = ids[3]!;
    expect((await server.request('POST', `/form-schedules/${cancelled}/cancel`)).status).toBe(200);

    const list = async (params: Record<string, string | number | undefined> = {}) => {
      const res = await server.request<ListBody<ScheduleBody>>(
        'GET',
        `/form-schedules${qs(params)}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination']);
      for (const s of res.body.data) expectSchema(FormSchedule, s);
      return res.body;
    };

    const all = await list();
    expect(all.data.map((s) => s.id)).toEqual([...ids].reverse());
    expect(all.pagination).toEqual({ cursor: '', hasMore: false, limit: 20 });
    const createdAts = all.data.map((s) => s.createdAt);
    expect(createdAts).toEqual([...createdAts].sort().reverse());
    expect(createdAts[4]).toBe(T0_ISO);
    expect(createdAts[0]).toBe(iso(T0 + 4 * SEC));
    // The list shows what GET shows, row by row.
    for (const s of all.data) expect((await getSchedule(server, s.id)).body).toEqual(s);

    const pick = (...indexes: number[]) => indexes.map((i) => ids[i]);
    expect((await list({ patientId: ana })).data.map((s) => s.id)).toEqual(pick(4, 1, 0));
    expect((await list({ patientId: bea })).data.map((s) => s.id)).toEqual(pick(3, 2));
    expect((await list({ formId: formA })).data.map((s) => s.id)).toEqual(pick(4, 2, 0));
    expect((await list({ formId: formB })).data.map((s) => s.id)).toEqual(pick(3, 1));
    expect((await list({ status: 'cancelled' })).data.map((s) => s.id)).toEqual([cancelled]);
    expect((await list({ status: 'pending' })).data.map((s) => s.id)).toEqual(pick(4, 2, 1, 0));
    expect((await list({ status: 'sent' })).data).toEqual([]);
    expect((await list({ patientId: bea, status: 'pending' })).data.map((s) => s.id)).toEqual(
      pick(2),
    );
    expect(
      (await list({ patientId: ana, formId: formB, status: 'pending' })).data.map((s) => s.id),
    ).toEqual(pick(1));
    expect((await list({ patientId: 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G' })).data).toEqual([]);

    // Delivery moves rows between status filters.
    await advance(server, 2 * 3600);
    expect((await list({ status: 'sent' })).data.map((s) => s.id)).toEqual(pick(4, 2, 1, 0));
    expect((await list({ status: 'pending' })).data).toEqual([]);

    for (const status of ['done', 'SENT', '']) {
      const res = await server.request('GET', `/form-schedules${qs({ status })}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors[0].parameter).toBe('status');
    }
    const unknownParam = await server.request('GET', '/form-schedules?language=es');
    expectProblem(unknownParam, 422, 'validation_failed');
    for (const limit of ['0', '101', 'ten']) {
      const res = await server.request('GET', `/form-schedules?limit=${limit}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors[0].parameter).toBe('limit');
    }
  });

  it('pages with limit and cursor over every row exactly once', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const other = (
      await formFixture(server, {
        patient: { firstName: 'Other', email: 'other@example.com' },
      })
    ).patientId;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push(
        (
          await created(server, {
            formId,
            patientId: i % 4 === 3 ? other : patientId,
            channel: 'email',
            scheduledAt: iso(T0 + HOUR),
          })
        ).id,
      );
    }
    const newestFirst = [...ids].reverse();

    const seen: string[] = [];
    const pages: number[] = [];
    let cursor = '';
    let firstCursor = '';
    for (let page = 0; page < 10; page++) {
      const res = await server.request<ListBody<ScheduleBody>>(
        'GET',
        `/form-schedules${qs({ limit: 3, cursor })}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.pagination.limit).toBe(3);
      seen.push(...res.body.data.map((s) => s.id));
      pages.push(res.body.data.length);
      if (!res.body.pagination.hasMore) {
        expect(res.body.pagination.cursor).toBe('');
        break;
      }
      cursor = res.body.pagination.cursor;
      expect(cursor).not.toBe('');
      firstCursor ||= cursor;
    }
    expect(pages).toEqual([3, 3, 2]);
    expect(seen).toEqual(newestFirst);
    expect(new Set(seen).size).toBe(8);

    // A schedule created while paging does not shift the pages already started.
    const late = await created(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: iso(T0 + HOUR),
    });
    const second = await server.request<ListBody<ScheduleBody>>(
      'GET',
      `/form-schedules${qs({ limit: 3, cursor: firstCursor })}`,
    );
    expect(second.body.data.map((s) => s.id)).toEqual(newestFirst.slice(3, 6));
    expect(second.body.data.map((s) => s.id)).not.toContain(late.id);

    // Filtered paging.
    const mine = ids.filter((_, i) => i % 4 !== 3).reverse();
    const p1 = await server.request<ListBody<ScheduleBody>>(
      'GET',
      `/form-schedules${qs({ patientId, limit: 4 })}`,
    );
    expect(p1.body.data.map((s) => s.id)).toEqual([late.id, ...mine.slice(0, 3)]);
    expect(p1.body.pagination.hasMore).toBe(true);
    const p2 = await server.request<ListBody<ScheduleBody>>(
      'GET',
      `/form-schedules${qs({ patientId, limit: 4, cursor: p1.body.pagination.cursor })}`,
    );
    expect(p2.body.data.map((s) => s.id)).toEqual(mine.slice(3));
    expect(p2.body.pagination).toEqual({ cursor: '', hasMore: false, limit: 4 });

    // A cursor is bound to its filters and cannot be forged.
    const filteredCursor = p1.body.pagination.cursor;
    for (const params of [
      { cursor: filteredCursor, limit: 4 },
      { cursor: filteredCursor, limit: 4, patientId: other },
      { cursor: filteredCursor, limit: 4, patientId, status: 'pending' },
      { cursor: firstCursor, limit: 3, patientId },
      { cursor: firstCursor, limit: 3, formId },
      { cursor: `${firstCursor.slice(0, -2)}xx`, limit: 3 },
      { cursor: 'not-a-cursor', limit: 3 },
    ]) {
      expectProblem(
        await server.request('GET', `/form-schedules${qs(params)}`),
        400,
        'invalid_cursor',
      );
    }
  });

  it('GET /form-schedules/{id} answers the schedule, or 404 resource_missing', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const made = await created(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: iso(T0 + HOUR),
    });
    const res = await getSchedule(server, made.id);
    expect(res.body).toEqual(made);
    for (const id of ['sch_01JD8X3V6Q9R2T5W7Y0B4C6E8G', 'nope', formId, patientId]) {
      const missing = await server.request('GET', `/form-schedules/${id}`);
      expectProblem(missing, 404, 'resource_missing');
    }
  });
});

describe('POST /form-schedules/{id}/cancel', () => {
  it('cancels a pending schedule, refunds what it consumed and is never delivered', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const made = await created(server, {
      formId,
      patientId,
      channel: 'whatsapp',
      scheduledAt: iso(T0 + HOUR),
      message: 'Hasta pronto',
    });
    expect(await balance(server)).toBe(START_BALANCE - 2);
    await advance(server, 10 * 60);

    const res = await server.request('POST', `/form-schedules/${made.id}/cancel`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: made.id,
      status: 'cancelled',
      creditsRefunded: 2,
      cancelledAt: iso(T0 + 10 * MIN),
    });
    expect(Object.keys(res.body).sort()).toEqual(
      ['cancelledAt', 'creditsRefunded', 'id', 'status'].sort(),
    );
    expectSchema(CancelledSchedule, res.body);
    expect(res.body.creditsRefunded).toBe(made.creditsConsumed);

    expect(await balance(server)).toBe(START_BALANCE);
    const ledger = await ledgerFor(server, made.id);
    expect(ledger).toEqual([
      {
        id: expect.stringMatching(LEDGER_ID),
        kind: 'refund',
        amount: 2,
        balanceAfter: START_BALANCE,
        reason: 'Form delivery cancelled',
        resourceType: 'form_schedule',
        resourceId: made.id,
        createdAt: iso(T0 + 10 * MIN),
      },
      expect.objectContaining({ kind: 'consume', amount: -2, resourceId: made.id }),
    ]);
    await expectBooksBalance(server);

    const after = await getSchedule(server, made.id);
    expect(after.body).toEqual({
      ...made,
      status: 'cancelled',
      cancelledAt: iso(T0 + 10 * MIN),
      creditsRefunded: 2,
    });

    // Past its time, a cancelled schedule stays cancelled and nothing goes out.
    await advance(server, 2 * 3600);
    expect((await getSchedule(server, made.id)).text).toBe(after.text);
    expect((await outbox(server, { scheduleId: made.id })).data).toEqual([]);
    expect(await count(server, 'outbox')).toBe(0);
    expect(await events(server, 'schedule.sent')).toEqual([]);
    expect(await balance(server)).toBe(START_BALANCE);
    await expectBooksBalance(server);
  });

  it('refuses to cancel a sent, completed, failed or cancelled schedule and changes nothing', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const bouncing = await createPatient(server, { email: 'lost@bounce.example' });
    const at = iso(T0 + HOUR);
    const sent = await created(server, { formId, patientId, channel: 'whatsapp', scheduledAt: at });
    const completed = await created(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: at,
    });
    const failed = await created(server, {
      formId,
      patientId: bouncing,
      channel: 'email',
      scheduledAt: at,
    });
    const cancelled = await created(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: at,
    });
    expect((await server.request('POST', `/form-schedules/${cancelled.id}/cancel`)).status).toBe(
      200,
    );
    await advance(server, 2 * 3600);
    const submitted = await server.request(
      'POST',
      `/sandbox/form-schedules/${completed.id}/submit`,
      {
        body: { responses: EVERY_FIELD_ANSWERS },
      },
    );
    expect(submitted.status, submitted.text).toBe(201);

    const expected: Array<[ScheduleBody, string]> = [
      [sent, 'sent'],
      [completed, 'completed'],
      [failed, 'failed'],
      [cancelled, 'cancelled'],
    ];
    for (const [schedule, status] of expected) {
      const before = await snapshot(server);
      const json = (await getSchedule(server, schedule.id)).text;
      expect(JSON.parse(json).status).toBe(status);

      const res = await server.request('POST', `/form-schedules/${schedule.id}/cancel`);
      expectProblem(res, 400, 'schedule_not_cancellable');
      expect(res.body.status).toBe(400);
      expect(res.body.scheduleStatus).toBe(status);
      expect(res.body.detail).toContain(status);

      expect(await snapshot(server), status).toEqual(before);
      expect((await getSchedule(server, schedule.id)).text, status).toBe(json);
    }
    await expectBooksBalance(server);
  });

  it('answers 404 resource_missing for an unknown schedule', async () => {
    const server = await newServer();
    const before = await snapshot(server);
    for (const id of ['sch_01JD8X3V6Q9R2T5W7Y0B4C6E8G', 'whatever']) {
      expectProblem(
        await server.request('POST', `/form-schedules/${id}/cancel`),
        404,
        'resource_missing',
      );
    }
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('delivery on the sandbox clock', () => {
  it('stays pending before scheduledAt and is sent at scheduledAt exactly once', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const scheduledAt = iso(T0 + HOUR);
    const made = await created(server, {
      formId,
      patientId,
      channel: 'whatsapp',
      scheduledAt,
      message: '  Gràcies per respondre abans de la visita.  ',
    });

    await advance(server, 3599);
    expect((await getSchedule(server, made.id)).body).toEqual(made);
    expect(await count(server, 'outbox')).toBe(0);
    expect(await events(server, 'schedule.sent')).toEqual([]);

    await advance(server, 1);
    const sent = (await getSchedule(server, made.id)).body;
    // The job runs with the clock pinned at its due time, so sentAt is scheduledAt itself.
    expect(sent).toEqual({ ...made, status: 'sent', sentAt: scheduledAt });

    expect(await events(server, 'schedule.sent')).toEqual([
      {
        type: 'schedule.sent',
        data: {
          scheduleId: made.id,
          formId,
          patientId,
          channel: 'whatsapp',
          sentAt: scheduledAt,
          creditsConsumed: 2,
        },
        createdAt: scheduledAt,
      },
    ]);

    const box = await outbox(server);
    expect(box.data).toHaveLength(1);
    const message = box.data[0]!;
    expect(message).toEqual({
      id: expect.stringMatching(OUTBOX_ID),
      channel: 'whatsapp',
      transport: 'outbox',
      to: PHONE,
      body: expect.any(String),
      link: expect.stringMatching(LINK),
      scheduleId: made.id,
      patientId,
      createdAt: scheduledAt,
    });
    expect(message.link!.startsWith(`http://127.0.0.1:${server.service.port}/f/`)).toBe(true);
    expect(message.body).toContain(message.link!);
    expect(message.body).toContain('Gràcies per respondre abans de la visita.');
    expect(message.body).not.toContain('  Gràcies');
    expect(message.body).toContain('Núria');
    // The fixture patient prefers Catalan; WhatsApp shows the form name in bold.
    expect(message.body).toContain('Hola, Núria!');
    expect(message.body).toContain('li envia el formulari *Every field type*');
    expect(message).not.toHaveProperty('subject');

    // The link opens the patient form page.
    const page = await fetch(message.link!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type') ?? '').toMatch(/^text\/html/);
    expect(await page.text()).toContain('name="pain"');

    // Delivery neither charges nor refunds; later advances do not send again.
    expect(await balance(server)).toBe(START_BALANCE - 2);
    await advance(server, DAY / 1000);
    expect(await count(server, 'outbox')).toBe(1);
    expect(await events(server, 'schedule.sent')).toHaveLength(1);
    expect((await getSchedule(server, made.id)).body).toEqual(sent);
    await expectBooksBalance(server);
  });

  it('sends an e-mail with a subject to the patient address', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const made = await created(server, {
      formId,
      patientId,
      channel: 'email',
      language: 'es',
      scheduledAt: iso(T0 + 30 * MIN),
      message: 'Traiga la lista de medicamentos.',
    });
    await advance(server, 3600);
    const [message, ...rest] = (await outbox(server, { scheduleId: made.id })).data;
    expect(rest).toEqual([]);
    expect(message).toEqual({
      id: expect.stringMatching(OUTBOX_ID),
      channel: 'email',
      transport: 'outbox',
      to: EMAIL,
      subject: 'Formulario «Every field type» de Engage Desk',
      body: expect.any(String),
      link: expect.stringMatching(LINK),
      scheduleId: made.id,
      patientId,
      createdAt: iso(T0 + 30 * MIN),
    });
    expect(message!.body).toContain(message!.link!);
    expect(message!.body).toContain('Traiga la lista de medicamentos.');
    expect(message!.body).toContain('¡Hola, Núria!');
    expect(message!.body).toContain('le envía el formulario «Every field type»');
    expect((await getSchedule(server, made.id)).body).toMatchObject({
      status: 'sent',
      sentAt: iso(T0 + 30 * MIN),
      creditsConsumed: 1,
    });
  });

  it('delivers several due schedules in scheduledAt order in one advance', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const offsets = [3 * HOUR, HOUR, 2 * HOUR, 90 * MIN];
    const made: ScheduleBody[] = [];
    for (const offset of offsets) {
      made.push(
        await created(server, {
          formId,
          patientId,
          channel: offset === HOUR ? 'email' : 'whatsapp',
          scheduledAt: iso(T0 + offset),
        }),
      );
    }
    // One still in the future after the advance.
    const future = await created(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: iso(T0 + 5 * HOUR),
    });

    await advance(server, 4 * 3600);
    const byTime = [...made].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
    expect((await events(server, 'schedule.sent')).map((e) => e.data.scheduleId)).toEqual(
      byTime.map((s) => s.id),
    );
    expect((await events(server, 'schedule.sent')).map((e) => e.data.sentAt)).toEqual(
      byTime.map((s) => s.scheduledAt),
    );
    // The outbox lists newest first: the reverse of delivery order.
    const box = await outbox(server);
    expect(box.data.map((m) => m.scheduleId)).toEqual(byTime.map((s) => s.id).reverse());
    expect(box.data.map((m) => m.createdAt)).toEqual(byTime.map((s) => s.scheduledAt).reverse());
    for (const s of made) {
      expect((await getSchedule(server, s.id)).body).toEqual({
        ...s,
        status: 'sent',
        sentAt: s.scheduledAt,
      });
    }
    expect((await getSchedule(server, future.id)).body.status).toBe('pending');
    // Every link is different.
    expect(new Set(box.data.map((m) => m.link)).size).toBe(4);
  });

  it('writes the message in the schedule language: Catalan, English or Spanish', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const at = iso(T0 + HOUR);
    const byLanguage: Record<string, string> = {};
    for (const language of ['ca', 'en', 'es']) {
      for (const channel of ['email', 'whatsapp']) {
        const s = await created(server, { formId, patientId, channel, language, scheduledAt: at });
        byLanguage[`${language}/${channel}`] = s.id;
      }
    }
    await advance(server, 2 * 3600);
    const message = async (key: string) => {
      const list = await outbox(server, { scheduleId: byLanguage[key] });
      expect(list.data).toHaveLength(1);
      return list.data[0]!;
    };

    const caMail = await message('ca/email');
    expect(caMail.subject).toBe('Engage Desk: formulari «Every field type»');
    expect(caMail.body).toContain('Hola, Núria!');
    expect(caMail.body).toContain('Engage Desk li envia el formulari «Every field type».');
    expect(caMail.body).toContain("Pot respondre'l en aquest enllaç:");
    expect(caMail.body).toContain('Salutacions cordials,');
    const caChat = await message('ca/whatsapp');
    expect(caChat.body).toContain("Pot respondre'l en aquest enllaç:\n" + caChat.link);

    const enMail = await message('en/email');
    expect(enMail.subject).toBe('“Every field type” form from Engage Desk');
    expect(enMail.body).toContain('Hello Núria,');
    expect(enMail.body).toContain('Engage Desk has sent you the form “Every field type”.');
    expect(enMail.body).toContain('You can answer it here:');
    expect(enMail.body).toContain('Kind regards,');
    expect(enMail.body).not.toContain('Hola');
    const enChat = await message('en/whatsapp');
    expect(enChat.body).toContain('You can answer it here:\n' + enChat.link);
    expect(enChat.body).toContain('*Every field type*');

    const esMail = await message('es/email');
    expect(esMail.subject).toBe('Formulario «Every field type» de Engage Desk');
    expect(esMail.body).toContain('¡Hola, Núria!');
    expect(esMail.body).toContain('Puede responderlo en este enlace:');
    expect(esMail.body).toContain('Un saludo,');
    expect(esMail.body).not.toContain('formulari ');
    const esChat = await message('es/whatsapp');
    expect(esChat.body).toContain('Puede responderlo en este enlace:\n' + esChat.link);
    expect(esChat).not.toHaveProperty('subject');
  });

  it('filters the outbox on channel, patientId and scheduleId and pages it', async () => {
    const server = await newServer();
    const { formId, patientId: nuria } = await formFixture(server);
    const marc = await createPatient(server, {
      firstName: 'Marc',
      email: 'marc@example.com',
      phone: '+34699000111',
    });
    const plan: Array<[string, string, number]> = [
      [nuria, 'email', 10],
      [marc, 'whatsapp', 20],
      [nuria, 'whatsapp', 30],
      [marc, 'email', 40],
      [marc, 'whatsapp', 50],
    ];
    const ids: string[] = [];
    for (const [patientId, channel, minutes] of plan) {
      ids.push(
        (
          await created(server, {
            formId,
            patientId,
            channel,
            scheduledAt: iso(T0 + minutes * MIN),
          })
        ).id,
      );
    }
    await advance(server, 3600);

    const all = await outbox(server);
    expect(all.pagination).toEqual({ cursor: '', hasMore: false, limit: 20 });
    expect(all.data.map((m) => m.scheduleId)).toEqual([...ids].reverse());

    const emails = await outbox(server, { channel: 'email' });
    expect(emails.data.map((m) => m.scheduleId)).toEqual([ids[3], ids[0]]);
    expect(emails.data.map((m) => m.to)).toEqual(['marc@example.com', EMAIL]);
    const chats = await outbox(server, { channel: 'whatsapp' });
    expect(chats.data.map((m) => m.scheduleId)).toEqual([ids[4], ids[2], ids[1]]);
    expect(chats.data.map((m) => m.to)).toEqual(['+34699000111', PHONE, '+34699000111']);
    expect((await outbox(server, { patientId: marc })).data.map((m) => m.scheduleId)).toEqual([
      ids[4],
      ids[3],
      ids[1],
    ]);
    expect(
      (await outbox(server, { patientId: nuria, channel: 'email' })).data.map((m) => m.scheduleId),
    ).toEqual([ids[0]]);
    expect((await outbox(server, { scheduleId: ids[2] })).data.map((m) => m.scheduleId)).toEqual([
      ids[2],
    ]);
    expect((await outbox(server, { scheduleId: 'sch_01JD8X3V6Q9R2T5W7Y0B4C6E8G' })).data).toEqual(
      [],
    );
    const marcMail = (await outbox(server, { patientId: marc, channel: 'email' })).data[0]!;
    expect(marcMail.body).toContain('Marc');
    expect(marcMail.body).not.toContain('Núria');

    // Pages of two over all five.
    const seen: string[] = [];
    let cursor = '';
    let firstCursor = '';
    const sizes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await outbox(server, { limit: 2, cursor });
      sizes.push(page.data.length);
      seen.push(...page.data.map((m) => m.id));
      if (!page.pagination.hasMore) {
        expect(page.pagination.cursor).toBe('');
        break;
      }
      cursor = page.pagination.cursor;
      firstCursor ||= cursor;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(all.data.map((m) => m.id));

    expectProblem(
      await server.request(
        'GET',
        `/sandbox/outbox${qs({ limit: 2, cursor: firstCursor, channel: 'email' })}`,
      ),
      400,
      'invalid_cursor',
    );
    expectProblem(
      await server.request('GET', '/sandbox/outbox?channel=sms'),
      422,
      'validation_failed',
    );
    expectProblem(await server.request('GET', '/sandbox/outbox?limit=0'), 422, 'validation_failed');
    expectProblem(
      await server.request('GET', '/sandbox/outbox', { token: null }),
      401,
      'invalid_token',
    );
  });
});

describe('failed deliveries', () => {
  it('fails with a reason, refunds in full, writes no schedule.sent and sends nothing', async () => {
    const server = await newServer();
    const { formId } = await formFixture(server);
    const bounce = await createPatient(server, { email: 'anna@Bounce.Example' });
    const invalid = await createPatient(server, { phone: '+34600009999' });
    const leaves = await createPatient(server, {
      email: 'leaves@example.com',
      phone: '+34600000003',
    });
    const noMail = await createPatient(server, { email: 'gone@example.com' });
    const noPhone = await createPatient(server, { phone: '+34600000004' });
    const at = iso(T0 + HOUR);

    const cases: Array<{ patientId: string; channel: string; reason: string }> = [
      { patientId: bounce, channel: 'email', reason: 'email_bounced' },
      { patientId: invalid, channel: 'whatsapp', reason: 'invalid_number' },
      { patientId: leaves, channel: 'email', reason: 'patient_inactive' },
      { patientId: leaves, channel: 'whatsapp', reason: 'patient_inactive' },
      { patientId: noMail, channel: 'email', reason: 'patient_unreachable' },
      { patientId: noPhone, channel: 'whatsapp', reason: 'patient_unreachable' },
    ];
    const made: ScheduleBody[] = [];
    for (const c of cases) {
      made.push(
        await created(server, {
          formId,
          patientId: c.patientId,
          channel: c.channel,
          scheduledAt: at,
          message: 'Hola',
        }),
      );
    }
    const charged = 1 + 2 + 1 + 2 + 1 + 2;
    expect(await balance(server)).toBe(START_BALANCE - charged);

    // Things change after scheduling, before delivery.
    const patch = async (id: string, body: Record<string, unknown>) => {
      const res = await server.request('PATCH', `/patients/${id}`, { body });
      expect(res.status, res.text).toBe(200);
    };
    await patch(leaves, { status: 'inactive' });
    await patch(noMail, { email: null });
    await patch(noPhone, { phone: null });

    await advance(server, 2 * 3600);

    for (const [i, c] of cases.entries()) {
      const schedule = made[i]!;
      const after = (await getSchedule(server, schedule.id)).body;
      expect(after, c.reason).toEqual({
        ...schedule,
        status: 'failed',
        failedAt: at,
        failureReason: c.reason,
        creditsRefunded: schedule.creditsConsumed,
      });
      expect(after).not.toHaveProperty('sentAt');
      const ledger = await ledgerFor(server, schedule.id);
      expect(
        ledger.map((e) => [e.kind, e.amount]),
        c.reason,
      ).toEqual([
        ['refund', schedule.creditsConsumed],
        ['consume', -schedule.creditsConsumed],
      ]);
      expect(ledger[0]).toMatchObject({
        reason: 'Form delivery failed',
        resourceType: 'form_schedule',
        createdAt: at,
      });
    }
    expect(await balance(server)).toBe(START_BALANCE);
    expect(await events(server, 'schedule.sent')).toEqual([]);
    expect(await count(server, 'outbox')).toBe(0);
    expect((await outbox(server)).data).toEqual([]);
    expect(
      (await server.request('GET', '/form-schedules?status=failed')).body.data.map(
        (s: ScheduleBody) => s.id,
      ),
    ).toEqual(made.map((s) => s.id).reverse());
    await expectBooksBalance(server);
  });
});

describe('completion through POST /sandbox/form-schedules/{id}/submit', () => {
  async function sentSchedule(server: TestServer) {
    const fixture = await formFixture(server);
    const schedule = await created(server, {
      ...fixture,
      channel: 'email',
      scheduledAt: iso(T0 + HOUR),
    });
    await advance(server, 2 * 3600);
    expect((await getSchedule(server, schedule.id)).body.status).toBe('sent');
    return { ...fixture, schedule };
  }

  it('creates the response, completes the schedule and writes form.completed once', async () => {
    const server = await newServer();
    const { formId, patientId, schedule } = await sentSchedule(server);
    const now = iso(T0 + 2 * HOUR);
    const balanceBefore = await balance(server);

    const res = await server.request('POST', `/sandbox/form-schedules/${schedule.id}/submit`, {
      body: { responses: REVERSED_ANSWERS },
    });
    expect(res.status, res.text).toBe(201);
    const responseId = res.body.id as string;
    expect(responseId).toMatch(RESPONSE_ID);
    expect(res.headers.get('location')).toBe(`/api/v1/form-responses/${responseId}`);
    expect(res.body).toEqual({
      id: responseId,
      formId,
      patientId,
      scheduleId: schedule.id,
      // In the form's field order, whatever order they were sent in.
      responses: EVERY_FIELD_ANSWERS,
      completedAt: now,
    });
    expectSchema(FormResponse, res.body);
    const read = await server.request('GET', `/form-responses/${responseId}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);

    const completed = (await getSchedule(server, schedule.id)).body;
    expect(completed).toEqual({
      ...schedule,
      status: 'completed',
      completedAt: now,
      responseId,
    });
    expect(completed).not.toHaveProperty('sentAt');

    expect(await events(server, 'form.completed')).toEqual([
      {
        type: 'form.completed',
        data: {
          responseId,
          formId,
          patientId,
          scheduleId: schedule.id,
          completedAt: now,
          responses: EVERY_FIELD_ANSWERS,
        },
        createdAt: now,
      },
    ]);
    // Completing neither charges nor refunds.
    expect(await balance(server)).toBe(balanceBefore);

    const before = await snapshot(server);
    const again = await server.request('POST', `/sandbox/form-schedules/${schedule.id}/submit`, {
      body: { responses: EVERY_FIELD_ANSWERS },
    });
    expectProblem(again, 400, 'schedule_not_submittable');
    expect(again.body.status).toBe(400);
    expect(again.body.scheduleStatus).toBe('completed');
    expect(await snapshot(server)).toEqual(before);
    expect(await count(server, 'form_responses')).toBe(1);
    expect(await events(server, 'form.completed')).toHaveLength(1);
    expect((await getSchedule(server, schedule.id)).body).toEqual(completed);

    // The form page link is single use: the completed schedule's link no longer offers the form.
    const [message] = (await outbox(server, { scheduleId: schedule.id })).data;
    const page = await fetch(message!.link!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('name="pain"');
    expect(html).not.toContain('<form');
  });

  it('keeps only the answered optional fields', async () => {
    const server = await newServer();
    const { schedule } = await sentSchedule(server);
    const required = [
      { fieldId: 'fever', value: true },
      { fieldId: 'pain', value: 10 },
      { fieldId: 'mood', value: 'Mal' },
    ];
    const res = await server.request('POST', `/sandbox/form-schedules/${schedule.id}/submit`, {
      body: { responses: required },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.responses).toEqual([
      { fieldId: 'pain', value: 10 },
      { fieldId: 'mood', value: 'Mal' },
      { fieldId: 'fever', value: true },
    ]);
  });

  it('refuses invalid answers with 422, leaving the schedule sent and answerable', async () => {
    const server = await newServer();
    const { schedule } = await sentSchedule(server);
    const sentJson = (await getSchedule(server, schedule.id)).text;
    const before = await snapshot(server);

    const invalid: unknown[] = [
      [],
      [
        { fieldId: 'pain', value: 3 },
        { fieldId: 'mood', value: 'Bien' },
      ],
      [...EVERY_FIELD_ANSWERS.filter((a) => a.fieldId !== 'pain'), { fieldId: 'pain', value: 11 }],
      [...EVERY_FIELD_ANSWERS.filter((a) => a.fieldId !== 'pain'), { fieldId: 'pain', value: 2.5 }],
      [
        ...EVERY_FIELD_ANSWERS.filter((a) => a.fieldId !== 'mood'),
        { fieldId: 'mood', value: 'Fatal' },
      ],
      [
        ...EVERY_FIELD_ANSWERS.filter((a) => a.fieldId !== 'fever'),
        { fieldId: 'fever', value: 'no' },
      ],
      [
        ...EVERY_FIELD_ANSWERS.filter((a) => a.fieldId !== 'since'),
        { fieldId: 'since', value: '2026-02-30' },
      ],
      [...EVERY_FIELD_ANSWERS, { fieldId: 'extra', value: 'x' }],
      [...EVERY_FIELD_ANSWERS, { fieldId: 'pain', value: 4 }],
    ];
    for (const responses of invalid) {
      const res = await server.request('POST', `/sandbox/form-schedules/${schedule.id}/submit`, {
        body: { responses },
      });
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors.length, res.text).toBeGreaterThan(0);
      for (const e of res.body.errors) expect(e.pointer).toMatch(/^\/responses/);
      expect(await snapshot(server)).toEqual(before);
      expect((await getSchedule(server, schedule.id)).text).toBe(sentJson);
    }
    // A mistyped body is refused before the answers are looked at.
    for (const body of [{}, { responses: 'all good' }, { responses: [], extra: 1 }]) {
      expectProblem(
        await server.request('POST', `/sandbox/form-schedules/${schedule.id}/submit`, { body }),
        422,
        'validation_failed',
      );
    }
    expect(await snapshot(server)).toEqual(before);
    expect(await events(server, 'form.completed')).toEqual([]);

    const ok = await server.request('POST', `/sandbox/form-schedules/${schedule.id}/submit`, {
      body: { responses: EVERY_FIELD_ANSWERS },
    });
    expect(ok.status, ok.text).toBe(201);
    expect((await getSchedule(server, schedule.id)).body.status).toBe('completed');
    expect(await events(server, 'form.completed')).toHaveLength(1);
  });

  it('refuses a pending, cancelled or failed schedule, and 404s an unknown one', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const bouncing = await createPatient(server, { email: 'x@bounce.example' });
    const at = iso(T0 + HOUR);
    const cancelled = await created(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: at,
    });
    expect((await server.request('POST', `/form-schedules/${cancelled.id}/cancel`)).status).toBe(
      200,
    );
    const failed = await created(server, {
      formId,
      patientId: bouncing,
      channel: 'email',
      scheduledAt: at,
    });
    await advance(server, 2 * 3600);
    const pending = await created(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: iso(T0 + 5 * HOUR),
    });
    expect((await getSchedule(server, failed.id)).body.status).toBe('failed');

    for (const [schedule, status] of [
      [pending, 'pending'],
      [cancelled, 'cancelled'],
      [failed, 'failed'],
    ] as const) {
      const before = await snapshot(server);
      const json = (await getSchedule(server, schedule.id)).text;
      const res = await server.request('POST', `/sandbox/form-schedules/${schedule.id}/submit`, {
        body: { responses: EVERY_FIELD_ANSWERS },
      });
      expectProblem(res, 400, 'schedule_not_submittable');
      expect(res.body.status).toBe(400);
      expect(res.body.scheduleStatus).toBe(status);
      expect(await snapshot(server)).toEqual(before);
      expect((await getSchedule(server, schedule.id)).text).toBe(json);
    }
    expectProblem(
      await server.request(
        'POST',
        '/sandbox/form-schedules/sch_01JD8X3V6Q9R2T5W7Y0B4C6E8G/submit',
        {
          body: { responses: EVERY_FIELD_ANSWERS },
        },
      ),
      404,
      'resource_missing',
    );
    expect(await count(server, 'form_responses')).toBe(0);
    expect(await events(server, 'form.completed')).toEqual([]);
  });
});

describe('durability', () => {
  it('delivers a schedule created before a restart once, after the restart', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const time = fakeTime(T0);
    const first = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    const { formId, patientId } = await formFixture(first);
    const made = await created(first, {
      formId,
      patientId,
      channel: 'whatsapp',
      scheduledAt: iso(T0 + HOUR),
    });
    await first.close();

    const second = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    expect((await getSchedule(second, made.id)).body).toEqual(made);
    expect(await count(second, 'outbox')).toBe(0);
    await advance(second, 2 * 3600);
    expect((await getSchedule(second, made.id)).body).toEqual({
      ...made,
      status: 'sent',
      sentAt: iso(T0 + HOUR),
    });
    const box = await outbox(second);
    expect(box.data.map((m) => m.scheduleId)).toEqual([made.id]);
    expect(box.data[0]!.link!.startsWith(`http://127.0.0.1:${second.service.port}/f/`)).toBe(true);
    expect((await events(second, 'schedule.sent')).map((e) => e.data.scheduleId)).toEqual([
      made.id,
    ]);
    expect(await balance(second)).toBe(START_BALANCE - 2);
    await expectBooksBalance(second);
  });

  it('delivers at start what fell due while the server was down', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const time = fakeTime(T0);
    const first = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    const { formId, patientId } = await formFixture(first);
    const made = await created(first, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: iso(T0 + SEC),
    });
    await first.close();

    // The server is down while the schedule falls due.
    time.set(T0 + 2 * MIN);
    const second = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    let status = '';
    for (let i = 0; i < 50 && status !== 'sent'; i++) {
      status = (await getSchedule(second, made.id)).body.status;
      if (status !== 'sent') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const sent = (await getSchedule(second, made.id)).body;
    // Overdue work runs when the server starts, at the time it actually goes out.
    expect(sent).toEqual({ ...made, status: 'sent', sentAt: iso(T0 + 2 * MIN) });
    expect((await outbox(second)).data.map((m) => [m.scheduleId, m.createdAt])).toEqual([
      [made.id, iso(T0 + 2 * MIN)],
    ]);
    expect((await events(second, 'schedule.sent')).map((e) => e.data)).toEqual([
      {
        scheduleId: made.id,
        formId,
        patientId,
        channel: 'email',
        sentAt: iso(T0 + 2 * MIN),
        creditsConsumed: 1,
      },
    ]);
    await advance(second, 3600);
    expect(await count(second, 'outbox')).toBe(1);
    expect(await events(second, 'schedule.sent')).toHaveLength(1);
  });
});

describe('sandbox mode off', () => {
  it('has no sandbox outbox or submit routes', async () => {
    const server = await newServer({ sandbox: false });
    const { formId, patientId } = await formFixture(server);
    const made = await created(server, {
      formId,
      patientId,
      channel: 'email',
      scheduledAt: iso(T0 + HOUR),
    });
    expectProblem(await server.request('GET', '/sandbox/outbox'), 404, 'route_not_found');
    expectProblem(
      await server.request('POST', `/sandbox/form-schedules/${made.id}/submit`, {
        body: { responses: EVERY_FIELD_ANSWERS },
      }),
      404,
      'route_not_found',
    );
    expectProblem(
      await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 7200 } }),
      404,
      'route_not_found',
    );
    // The schedule API itself is there.
    expect((await getSchedule(server, made.id)).body).toEqual(made);
  });
});
