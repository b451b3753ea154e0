import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PERMISSIONS } from '../../src-main/service/schemas/auth';
import { describe, expect, it } from 'vitest';
import { EventEnvelope, SandboxEventResult } from '../../src-main/service/schemas/webhook';
import {
  EVERY_FIELD_ANSWERS,
  count,
  events,
  expectProblem,
  expectSchema,
  formFixture,
  serversClosedAfterEach,
  type ApiResponse,
  type ListBody,
  type TestServer,
} from './helpers';
import { HOUR, T0_ISO, T0, iso } from './time';
import { until } from './until';

/*
 * POST /sandbox/events {event} (api-decisions §§9, 10; interface spec: Events, Delivery format):
 * for each of the six kinds, a sample event written to the event log and delivered by the normal
 * path to exactly the active webhooks subscribed to it, signed as the spec says (checked by a real
 * receiver on 127.0.0.1:0 that computes the HMAC itself); the documented data keys with made-up
 * ids on an empty clinic, and the latest real record's data once there is one; refusals that
 * write nothing; sandbox mode only; any valid credential; Idempotency-Key.
 *
 * Servers run on a fake real-time source frozen at T0, so the service clock only moves when a
 * test advances it and every timestamp is asserted exactly.
 */

const KINDS = [
  'patient.created',
  'form.completed',
  'call.ended',
  'conversation.ended',
  'credits.low',
  'schedule.sent',
] as const;
type Kind = (typeof KINDS)[number];

const idOf = (prefix: string) => new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);
const EVENT_ID = idOf('evt');

/** The data keys of api-decisions §9: required, then optional. */
const DATA_KEYS: Record<Kind, { required: string[]; optional: string[] }> = {
  'patient.created': { required: ['patientId', 'status', 'createdAt'], optional: [] },
  'form.completed': {
    required: ['responseId', 'formId', 'patientId', 'scheduleId', 'completedAt', 'responses'],
    optional: [],
  },
  'call.ended': {
    required: ['callId', 'patientId', 'status', 'duration', 'creditsConsumed'],
    optional: ['failureReason', 'completedAt'],
  },
  'conversation.ended': {
    required: [
      'conversationId',
      'patientId',
      'endReason',
      'messageCount',
      'creditsConsumed',
      'endedAt',
    ],
    optional: [],
  },
  'credits.low': {
    required: ['balance', 'monthlyAllowance', 'threshold', 'plan', 'resetsAt'],
    optional: [],
  },
  'schedule.sent': {
    required: ['scheduleId', 'formId', 'patientId', 'channel', 'sentAt', 'creditsConsumed'],
    optional: [],
  },
};

/** Where each id of an event's data can be read back over the API. */
const ID_ROUTES: Record<string, [prefix: string, path: (id: string) => string]> = {
  patientId: ['pat', (id) => `/patients/${id}`],
  responseId: ['resp', (id) => `/form-responses/${id}`],
  formId: ['form', (id) => `/clinical-forms/${id}`],
  scheduleId: ['sch', (id) => `/form-schedules/${id}`],
  callId: ['call', (id) => `/voice/calls/${id}`],
  conversationId: ['conv', (id) => `/conversations/${id}`],
};

interface SampleBody {
  id: string;
  event: Kind;
  createdAt: string;
  data: Record<string, any>;
  webhookIds: string[];
}

interface CreatedWebhookBody {
  id: string;
  secret: string;
  url: string;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const { newServer, cleanups } = serversClosedAfterEach(T0);

function emit(
  server: TestServer,
  body: unknown,
  options: { token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  return server.request('POST', '/sandbox/events', { body, ...options });
}

/** Emits a sample that must succeed and returns its body, checked against the schema. */
async function emitted(server: TestServer, kind: Kind): Promise<SampleBody> {
  const res: ApiResponse<SampleBody> = await emit(server, { event: kind });
  expect(res.status, res.text).toBe(201);
  expectSchema(SandboxEventResult, res.body);
  expect(res.body.id).toMatch(EVENT_ID);
  expect(res.body.event).toBe(kind);
  return res.body;
}

async function createWebhook(
  server: TestServer,
  url: string,
  subscribed: readonly string[],
): Promise<CreatedWebhookBody> {
  const res = await server.request<CreatedWebhookBody>('POST', '/webhooks', {
    body: { url, events: subscribed },
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.secret).toMatch(/^whsec_/);
  return res.body;
}

async function advance(server: TestServer, seconds: number): Promise<void> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status, res.text).toBe(200);
}

async function balance(server: TestServer): Promise<Record<string, any>> {
  const res = await server.request('GET', '/billing/balance');
  expect(res.status, res.text).toBe(200);
  return res.body;
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/** A receiver on 127.0.0.1:0 that records every request and answers 204; closed after the test. */
async function startReceiver(): Promise<{ base: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, received };
}

/** Polls (short sleeps, bounded) until `condition` holds. */

/** Waits until the receiver has `n` requests and the service has nothing in flight. */
async function received(
  server: TestServer,
  receiver: { received: Received[] },
  n: number,
): Promise<Received[]> {
  await until(() => receiver.received.length >= n, `${n} requests at the receiver`);
  await server.service.core.runner.idle();
  expect(receiver.received).toHaveLength(n);
  return receiver.received;
}

/**
 * What a receiver checks: the spec's headers, and the signature recomputed here (HMAC-SHA256 of
 * the raw body keyed with the UTF-8 bytes of the whole secret) and compared in constant time.
 */
function expectSignedDelivery(request: Received, secret: string, envelope: unknown): void {
  const expected = `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(request.raw).digest('hex')}`;
  const given = String(request.headers['x-service-signature']);
  expect(given).toMatch(/^sha256=[0-9a-f]{64}$/);
  expect(timingSafeEqual(Buffer.from(given), Buffer.from(expected))).toBe(true);
  expect(request.headers['content-type']).toBe('application/json');
  const parsed = JSON.parse(request.raw.toString('utf8')) as { id: string; event: string };
  expect(request.headers['x-service-event']).toBe(parsed.event);
  expect(request.headers['x-service-delivery']).toBe(parsed.id);
  expect(
    Object.keys(request.headers)
      .filter((h) => h.startsWith('x-service-'))
      .sort(),
  ).toEqual(['x-service-delivery', 'x-service-event', 'x-service-signature']);
  expectSchema(EventEnvelope, parsed);
  expect(parsed).toEqual(envelope);
}

/** The event log row of one event, its data parsed. */
async function eventRow(server: TestServer, id: string) {
  const row = await server.service.core.db
    .prepare<[string], { id: string; type: string; data: string; created_at: string }>(
      'SELECT id, type, data, created_at FROM events WHERE id = ?',
    )
    .get(id);
  return row && { ...row, data: JSON.parse(row.data) as Record<string, unknown> };
}

/** The webhooks that got a delivery of one event. */
async function deliveredTo(server: TestServer, eventId: string): Promise<string[]> {
  return (
    await server.service.core.db
      .prepare<[string], string>('SELECT webhook_id FROM webhook_deliveries WHERE event_id = ?')
      .pluck()
      .all(eventId)
  ).sort();
}

/** Everything a refused request must leave as it was. */
async function snapshot(server: TestServer) {
  const all = async (table: string) =>
    (await server.service.core.db.prepare(`SELECT * FROM ${table}`).all())
      .map((row) => JSON.stringify(row))
      .sort();
  return {
    events: await all('events'),
    deliveries: await all('webhook_deliveries'),
    attempts: await all('webhook_attempts'),
    jobs: await all('jobs'),
    idempotency: await all('idempotency_keys'),
  };
}

/** Rows of what a clinic records; a sample event must add none. */
async function records(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    'patients',
    'form_responses',
    'form_schedules',
    'calls',
    'conversations',
    'clinical_forms',
    'credit_ledger',
    'outbox',
  ])
    counts[table] = await count(server, table);
  return counts;
}

/** The data keys of api-decisions §9, exactly: every required one, no others. */
function expectDataKeys(kind: Kind, data: Record<string, unknown>): void {
  const { required, optional } = DATA_KEYS[kind];
  const keys = Object.keys(data);
  for (const key of required) expect(keys, `${kind} lacks ${key}`).toContain(key);
  for (const key of keys) expect([...required, ...optional], `${kind} has ${key}`).toContain(key);
}

// ---------------------------------------------------------------------------------------------

describe('POST /sandbox/events on an empty clinic', () => {
  it.each(KINDS)(
    '%s: writes the event, fans it out to the active subscribers only and delivers it signed',
    async (kind) => {
      const server = await newServer();
      const receiver = await startReceiver();
      const all = await createWebhook(server, `${receiver.base}/all`, KINDS);
      const only = await createWebhook(server, `${receiver.base}/only`, [kind]);
      const others = await createWebhook(
        server,
        `${receiver.base}/others`,
        KINDS.filter((k) => k !== kind),
      );
      const disabled = await createWebhook(server, `${receiver.base}/disabled`, [kind]);
      expect(
        await server.service.core.q.webhooks.disable(disabled.id, T0_ISO, 'switched off'),
      ).toBe(true);
      const deleted = await createWebhook(server, `${receiver.base}/deleted`, [kind]);
      expect((await server.request('DELETE', `/webhooks/${deleted.id}`)).status).toBe(204);
      const secrets: Record<string, string> = { '/all': all.secret, '/only': only.secret };

      const recordsBefore = await records(server);
      const balanceBefore = await balance(server);
      const eventsBefore = await count(server, 'events');

      const sample = await emitted(server, kind);
      expect(sample.createdAt).toBe(T0_ISO);
      expect([...sample.webhookIds].sort()).toEqual([all.id, only.id].sort());
      expect(sample.webhookIds).not.toContain(others.id);

      // One row in the event log, with the same id and data.
      expect(await count(server, 'events')).toBe(eventsBefore + 1);
      expect(await eventRow(server, sample.id)).toEqual({
        id: sample.id,
        type: kind,
        data: sample.data,
        created_at: T0_ISO,
      });
      expect(await deliveredTo(server, sample.id)).toEqual([all.id, only.id].sort());

      // A sample changes no record, and credits.low spends nothing.
      expect(await records(server)).toEqual(recordsBefore);
      expect(await balance(server)).toEqual(balanceBefore);

      // The documented data, with made-up ids that point nowhere.
      const { data } = sample;
      expectDataKeys(kind, data);
      for (const [key, [prefix, path]] of Object.entries(ID_ROUTES)) {
        if (!(key in data)) continue;
        expect(data[key], key).toMatch(idOf(prefix));
        const res = await server.request('GET', path(data[key] as string));
        expectProblem(res, 404, 'resource_missing');
      }
      switch (kind) {
        case 'patient.created':
          expect(data).toEqual({
            patientId: expect.stringMatching(idOf('pat')),
            status: 'active',
            createdAt: T0_ISO,
          });
          break;
        case 'form.completed':
          expect(data.completedAt).toBe(T0_ISO);
          expect(data.responses.length).toBeGreaterThan(0);
          for (const answer of data.responses) {
            expect(Object.keys(answer).sort()).toEqual(['fieldId', 'value']);
            expect(typeof answer.fieldId).toBe('string');
          }
          break;
        case 'call.ended':
          expect(['completed', 'failed']).toContain(data.status);
          expect(Number.isInteger(data.duration)).toBe(true);
          expect(data.duration).toBeGreaterThanOrEqual(0);
          if (data.status === 'completed') {
            expect(data.completedAt).toBe(T0_ISO);
            expect(data.failureReason).toBeUndefined();
            // 5 credits per started minute (api-decisions §7).
            expect(data.creditsConsumed).toBe(Math.ceil(data.duration / 60) * 5);
          } else {
            expect(['no_answer', 'busy', 'invalid_number']).toContain(data.failureReason);
          }
          break;
        case 'conversation.ended':
          expect(['inactivity', 'closed']).toContain(data.endReason);
          expect(data.endedAt).toBe(T0_ISO);
          expect(Number.isInteger(data.messageCount)).toBe(true);
          expect(data.messageCount).toBeGreaterThan(0);
          expect(Number.isInteger(data.creditsConsumed)).toBe(true);
          // 10 to start (api-decisions §7).
          expect(data.creditsConsumed).toBeGreaterThanOrEqual(10);
          break;
        case 'credits.low':
          expect(data).toEqual({
            balance: expect.any(Number),
            monthlyAllowance: balanceBefore.monthlyAllowance,
            threshold: balanceBefore.monthlyAllowance / 10,
            plan: balanceBefore.plan,
            resetsAt: balanceBefore.resetsAt,
          });
          expect(data).toMatchObject({ monthlyAllowance: 2000, threshold: 200 });
          expect(Number.isInteger(data.balance)).toBe(true);
          expect(data.balance).toBeGreaterThanOrEqual(0);
          expect(data.balance).toBeLessThan(data.threshold);
          break;
        case 'schedule.sent':
          expect(['whatsapp', 'email']).toContain(data.channel);
          expect(data.sentAt).toBe(T0_ISO);
          // 2 credits for WhatsApp, 1 for e-mail (api-decisions §7).
          expect(data.creditsConsumed).toBe(data.channel === 'whatsapp' ? 2 : 1);
          break;
      }

      // The receiver gets it at both subscribed webhooks, signed with each one's secret.
      const envelope = { id: sample.id, event: kind, createdAt: sample.createdAt, data };
      const requests = await received(server, receiver, 2);
      expect(requests.map((r) => r.path).sort()).toEqual(['/all', '/only']);
      for (const request of requests) {
        expectSignedDelivery(request, secrets[request.path]!, envelope);
      }
      // Logged as delivered, like a real event.
      for (const webhook of [all, only]) {
        const list = await server.request<ListBody<any>>(
          'GET',
          `/webhooks/${webhook.id}/deliveries`,
        );
        expect(list.status, list.text).toBe(200);
        expect(list.body.data).toHaveLength(1);
        expect(list.body.data[0]).toMatchObject({
          eventId: sample.id,
          event: kind,
          webhookId: webhook.id,
          status: 'delivered',
          attemptCount: 1,
          payload: envelope,
        });
        expect(list.body.data[0].attempts).toHaveLength(1);
        expect(list.body.data[0].attempts[0]).toMatchObject({ succeeded: true, statusCode: 204 });
      }
    },
  );

  it('lists no webhooks when none is subscribed, and still writes the event', async () => {
    const server = await newServer();
    const sample = await emitted(server, 'patient.created');
    expect(sample.webhookIds).toEqual([]);
    expect((await eventRow(server, sample.id))?.type).toBe('patient.created');
    expect(await count(server, 'webhook_deliveries')).toBe(0);
  });
});

describe('POST /sandbox/events with real records', () => {
  it("describes the latest real record of each kind, with the real event's data", async () => {
    const server = await newServer();
    const { core } = server.service;

    // Two patients: one made directly, then one over the API (the latest).
    const { formId, patientId: first } = await formFixture(server);
    const made = await server.request('POST', '/patients', {
      body: {
        firstName: 'Jordi',
        lastName: 'Casals Roig',
        email: 'jordi.casals@example.com',
        phone: '+34655443322',
      },
    });
    expect(made.status, made.text).toBe(201);
    const latestPatient = made.body.id as string;

    // Two schedules sent an hour apart: the second is the latest sent.
    const schedule = async (patientId: string, channel: string, at: number) => {
      const res = await server.request('POST', '/form-schedules', {
        body: { formId, patientId, channel, scheduledAt: iso(at) },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const earlierSchedule = await schedule(first, 'email', T0 + HOUR);
    const latestSchedule = await schedule(latestPatient, 'whatsapp', T0 + 2 * HOUR);
    await advance(server, 2 * 3600);

    // Two responses a minute apart: the one submitted last is the latest.
    const submit = async (scheduleId: string, responses: unknown[]) => {
      const res = await server.request('POST', `/sandbox/form-schedules/${scheduleId}/submit`, {
        body: { responses },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    await submit(latestSchedule, EVERY_FIELD_ANSWERS);
    await advance(server, 60);
    const latestResponse = await submit(
      earlierSchedule,
      EVERY_FIELD_ANSWERS.map((a) => (a.fieldId === 'pain' ? { ...a, value: 8 } : a)),
    );

    // Two completed calls, the second ending later.
    const call = async (patientId: string) => {
      const res = await server.request('POST', '/voice/calls', {
        body: { patientId, purpose: 'Seguimiento tras la visita' },
      });
      expect(res.status, res.text).toBe(201);
      await advance(server, 3600);
      const detail = await server.request('GET', `/voice/calls/${res.body.id}`);
      expect(detail.body.status).toBe('completed');
      return res.body.id as string;
    };
    await call(latestPatient);
    const latestCall = await call(first);

    // Two conversations: the one started first ends last.
    const start = async (patientId: string) => {
      const res = await server.request('POST', '/conversations', {
        body: { patientId, context: 'Seguimiento tras la visita.' },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const latestEnded = await start(first);
    const endedFirst = await start(latestPatient);
    expect((await server.request('POST', `/conversations/${endedFirst}/end`)).status).toBe(200);
    await advance(server, 60);
    expect((await server.request('POST', `/conversations/${latestEnded}/end`)).status).toBe(200);

    // Below 10% of the allowance: a real credits.low.
    const current = (await balance(server)).balance as number;
    await core.credits.charge({ amount: current - 150, reason: 'spent down' });
    expect(await events(server, 'credits.low')).toHaveLength(1);

    const receiver = await startReceiver();
    const webhook = await createWebhook(server, `${receiver.base}/hook`, KINDS);
    const recordsBefore = await records(server);
    const now = iso(core.clock.now());

    const expectedIds: Partial<Record<Kind, Record<string, string>>> = {
      'patient.created': { patientId: latestPatient },
      'form.completed': {
        responseId: latestResponse,
        scheduleId: earlierSchedule,
        patientId: first,
        formId,
      },
      'call.ended': { callId: latestCall, patientId: first },
      'conversation.ended': { conversationId: latestEnded, patientId: first },
      'schedule.sent': { scheduleId: latestSchedule, patientId: latestPatient, formId },
    };
    const samples: SampleBody[] = [];
    for (const kind of KINDS) {
      const real = await events(server, kind);
      expect(real.length, kind).toBeGreaterThan(0);
      const sample = await emitted(server, kind);
      samples.push(sample);
      expect(sample.createdAt).toBe(now);
      expect(sample.webhookIds).toEqual([webhook.id]);
      expectDataKeys(kind, sample.data);
      // The same data as the real event about the latest record.
      expect(sample.data, kind).toEqual(real.at(-1)!.data);
      expect(sample.data, kind).toMatchObject(expectedIds[kind] ?? {});
      expect((await eventRow(server, sample.id))?.data).toEqual(sample.data);
    }
    expect(samples.find((s) => s.event === 'credits.low')!.data).toMatchObject({
      balance: 150,
      threshold: 200,
    });
    expect(await records(server)).toEqual(recordsBefore);

    const requests = await received(server, receiver, KINDS.length);
    for (const sample of samples) {
      const request = requests.find((r) => r.headers['x-service-delivery'] === sample.id);
      expect(request, sample.event).toBeDefined();
      expectSignedDelivery(request!, webhook.secret, {
        id: sample.id,
        event: sample.event,
        createdAt: sample.createdAt,
        data: sample.data,
      });
    }
  });
});

describe('POST /sandbox/events refusals', () => {
  it('answers 422 for an unknown or missing kind or an extra property, writing nothing', async () => {
    const server = await newServer();
    const receiver = await startReceiver();
    await createWebhook(server, `${receiver.base}/hook`, KINDS);
    const bodies: unknown[] = [
      { event: 'patient.deleted' },
      { event: 'Patient.Created' },
      { event: '' },
      { event: null },
      { event: 1 },
      { event: ['patient.created'] },
      {},
      { kind: 'patient.created' },
      { event: 'patient.created', extra: true },
      { event: 'credits.low', data: { balance: 1 } },
    ];
    // Validation failures are not stored under an Idempotency-Key either (api-decisions §6).
    const headerSets: Array<Record<string, string>> = [{}, { 'idempotency-key': 'refused-once' }];
    const before = await snapshot(server);
    for (const body of bodies) {
      for (const headers of headerSets) {
        const res = await emit(server, body, { headers });
        expectProblem(res, 422, 'validation_failed');
        expect(res.body.errors.length, JSON.stringify(body)).toBeGreaterThan(0);
      }
    }
    expect(await snapshot(server)).toEqual(before);
    // The key was not used up by the refusals.
    const ok = await emit(
      server,
      { event: 'patient.created' },
      { headers: { 'idempotency-key': 'refused-once' } },
    );
    expect(ok.status, ok.text).toBe(201);
    await received(server, receiver, 1);
  });

  it('is not there outside sandbox mode: 404 route_not_found', async () => {
    const server = await newServer({ sandbox: false });
    const before = await snapshot(server);
    for (const body of [{ event: 'patient.created' }, { event: 'nope' }]) {
      expectProblem(await emit(server, body), 404, 'route_not_found');
    }
    expect(await snapshot(server)).toEqual(before);
  });

  it('needs a credential, and any valid one will do', async () => {
    const server = await newServer();
    const revoked = await server.service.core.apiKeys.create({
      name: 'revoked',
      permissions: ['patients:read'],
    });
    await server.service.core.apiKeys.revoke(revoked.id);
    const before = await snapshot(server);
    for (const token of [null, 'sk_notARealKey', revoked.key, 'eyJhbGciOiJIUzI1NiJ9.e30.abc']) {
      const res = await emit(server, { event: 'patient.created' }, { token });
      expect(res.status, res.text).toBe(401);
      expect(['invalid_token', 'invalid_api_key']).toContain(res.body.code);
      expectProblem(res, 401, res.body.code);
      expect(res.headers.get('www-authenticate') ?? '').toMatch(/^Bearer /);
    }
    expect(await snapshot(server)).toEqual(before);

    // Issue 17: a key without sandbox:write is refused (403), even with every other permission;
    // one with it (a key, or a JWT minted from it) emits.
    const others = PERMISSIONS.filter((p) => p !== 'sandbox:write');
    const refused = await emit(
      server,
      { event: 'call.ended' },
      { token: await server.keyWith(...others) },
    );
    expectProblem(refused, 403, 'insufficient_permissions');
    expect(refused.body.requiredPermission).toBe('sandbox:write');
    expect(await snapshot(server)).toEqual(before);
    const narrow = await emit(
      server,
      { event: 'call.ended' },
      { token: await server.keyWith('sandbox:write') },
    );
    expect(narrow.status, narrow.text).toBe(201);
    expectSchema(SandboxEventResult, narrow.body);
    const minted = await server.request('POST', '/auth/token', {
      body: { apiKey: await server.keyWith('sandbox:write') },
      token: null,
    });
    expect(minted.status, minted.text).toBe(200);
    const viaJwt = await emit(
      server,
      { event: 'credits.low' },
      { token: minted.body.accessToken as string },
    );
    expect(viaJwt.status, viaJwt.text).toBe(201);
    expect((await events(server)).map((e) => e.type)).toEqual(['call.ended', 'credits.low']);
  });
});

describe('POST /sandbox/events with an Idempotency-Key', () => {
  it('replays the same event and writes it once', async () => {
    const server = await newServer();
    const receiver = await startReceiver();
    const webhook = await createWebhook(server, `${receiver.base}/hook`, KINDS);
    const headers = { 'idempotency-key': 'sample-1' };

    const first = await emit(server, { event: 'schedule.sent' }, { headers });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await emit(server, { event: 'schedule.sent' }, { headers });
    expect(replay.status, replay.text).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(replay.body.id).toBe(first.body.id);

    expect(await events(server)).toHaveLength(1);
    expect(await deliveredTo(server, first.body.id)).toEqual([webhook.id]);
    expect(await count(server, 'webhook_deliveries')).toBe(1);
    const [request] = await received(server, receiver, 1);
    expect(request!.headers['x-service-delivery']).toBe(first.body.id);

    // The same key with another body is refused and writes nothing.
    const before = await snapshot(server);
    const other = await emit(server, { event: 'patient.created' }, { headers });
    expectProblem(other, 422, 'idempotency_key_reused');
    expect(await snapshot(server)).toEqual(before);

    // Another key: another event.
    const second = await emit(
      server,
      { event: 'schedule.sent' },
      { headers: { 'idempotency-key': 'sample-2' } },
    );
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await events(server)).toHaveLength(2);
  });
});
