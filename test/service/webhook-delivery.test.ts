import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src-main/service/domain/event-log';
import { CONNECTION_FAILED } from '../../src-main/service/webhooks/webhook-sender';
import { DeliveryList, WebhookDelivery } from '../../src-main/service/schemas/webhook';
import {
  EVERY_FIELD_ANSWERS,
  EVERY_FIELD_TYPE,
  expectProblem,
  expectSchema,
  fakeTime,
  qs,
  serversClosedAfterEach,
  type ApiResponse,
  type ListBody,
  type TestServer,
} from './helpers';
import { SEC, MIN, HOUR, DAY, T0_ISO, T0, iso } from './time';
import { UNIQUE_REFUSED } from './engine-sql';

/** A delivery as the API shows it (the route's own schema). */
type DeliveryBody = WebhookDelivery;

/*
 * Webhook delivery, signing and retries through real HTTP (issue 5 parts 2–4 without
 * deactivation; interface spec: Events, Delivery format, Receiver contract and retries, Limits;
 * api-decisions §§2, 5, 8, 9, 10). Every delivery goes to a real receiver on 127.0.0.1:0 that
 * checks each signature itself (HMAC-SHA256 with node:crypto, constant-time compare) and
 * answers 401 to a bad one.
 *
 * Covered: the six event kinds produced by their real actions with their documented thin
 * payloads; fan-out to subscribers only, one delivery row per webhook and event, none for a
 * refused action; a receiver that fails twice then succeeds; the retry plan (0, +1 min, +11 min,
 * +71 min) on the sandbox clock and the final `failed`; timeouts (shortened and the real 10 s);
 * redirects never followed; no response body kept from a receiver on this machine (the 4 KiB
 * excerpt of other receivers is in hardening-webhook-targets.test.ts); connection errors, timeouts
 * included, in one set of words (issue 17); at most one request
 * in flight per webhook and the global cap; ordering; the deliveries list; manual retry.
 *
 * Servers run on a fake real-time source, so the service clock only moves when a test advances
 * it (first attempts still run at once, in real time, at the frozen service time).
 */

const EVENT_ID = /^evt_[0-9A-HJKMNP-TV-Z]{26}$/;
const ATTEMPT_ID = /^dlv_[0-9A-HJKMNP-TV-Z]{26}$/;
const SIGNATURE = /^sha256=[0-9a-f]{64}$/;
const UNKNOWN_WEBHOOK = 'wh_01JD8X3V6Q9R2T5W7Y0B4C6E8G';
const UNKNOWN_EVENT = 'evt_01JD8X3V6Q9R2T5W7Y0B4C6E8G';

const FIRST_NAME = 'Núria';
const LAST_NAME = 'Puig Soler';
const EMAIL = 'nuria.puig@example.com';
const PHONE = '+34612345678';
const PURPOSE = 'Seguimiento postoperatorio tras prótesis de rodilla';
const CONTEXT = 'Seguimiento tras la visita de control';

/** The X-Service-* headers of the spec, lower case, sorted. */
const SERVICE_HEADERS = ['x-service-delivery', 'x-service-event', 'x-service-signature'];
/** Headers the HTTP transport itself adds; everything else must be the spec's four. */
const TRANSPORT_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

const POLL_MS = 10;

type Kind = (typeof EVENT_TYPES)[number];

interface Envelope {
  id: string;
  event: Kind;
  createdAt: string;
  data: Record<string, unknown>;
}

interface Hook {
  id: string;
  secret: string;
  url: string;
}

const { newServer, cleanups } = serversClosedAfterEach(T0);

// ---------------------------------------------------------------------------------------------
// The receiver

/** The HMAC the spec describes, computed here rather than with the service's own helper. */
function expectedSignature(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time. */
function signatureMatches(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(expectedSignature(secret, body), 'utf8');
  const given = Buffer.from(header, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One request as the receiver got it. */
interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: Envelope;
  signatureValid: boolean;
}

type Answer = (hit: Hit, res: ServerResponse) => void | Promise<void>;

interface Receiver {
  url(path: string): string;
  /** The secret of the webhook behind each path (set by addWebhook). */
  secrets: Map<string, string>;
  hits: Hit[];
  on(path: string): Hit[];
  answer(path: string, answer: Answer): void;
  /** The most requests seen in flight at once (received and not yet answered), per path. */
  maxInFlight(path: string): number;
  /** ... and over all paths. */
  maxInFlightTotal(): number;
  /** A sleep that ends (rejecting) when the receiver closes. */
  sleep(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1:0. Every request is recorded; one whose signature does not
 * verify against its path's secret gets 401, the others get what the path's answer says
 * (200 "ok" by default).
 */
async function newReceiver(): Promise<Receiver> {
  const secrets = new Map<string, string>();
  const answers = new Map<string, Answer>();
  const hits: Hit[] = [];
  const inFlight = new Map<string, number>();
  const maxByPath = new Map<string, number>();
  let total = 0;
  let maxTotal = 0;
  const closing = new AbortController();

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    total++;
    maxTotal = Math.max(maxTotal, total);
    const here = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, here);
    maxByPath.set(path, Math.max(maxByPath.get(path) ?? 0, here));
    // Out of flight as soon as the answer starts (or the connection goes), never twice.
    let open = true;
    const done = () => {
      if (!open) return;
      open = false;
      total--;
      inFlight.set(path, inFlight.get(path)! - 1);
    };
    const end = res.end.bind(res);
    res.end = ((...args: Parameters<typeof res.end>) => {
      done();
      return end(...args);
    }) as typeof res.end;
    res.on('close', done);

    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = body.toString('utf8');
      let json: Envelope;
      try {
        json = JSON.parse(text) as Envelope;
      } catch {
        json = undefined as never;
      }
      const secret = secrets.get(path);
      const hit: Hit = {
        path,
        headers: req.headers,
        body,
        text,
        json,
        signatureValid:
          secret !== undefined &&
          signatureMatches(secret, body, req.headers['x-service-signature']),
      };
      hits.push(hit);
      if (!hit.signatureValid) {
        res.writeHead(401, { 'content-type': 'text/plain' }).end('bad signature');
        return;
      }
      const answer: Answer =
        answers.get(path) ??
        ((_hit, r) => {
          r.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        });
      Promise.resolve()
        .then(() => answer(hit, res))
        .catch(() => {
          if (!res.destroyed) res.destroy();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const receiver: Receiver = {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    secrets,
    hits,
    on: (path) => hits.filter((hit) => hit.path === path),
    answer: (path, answer) => answers.set(path, answer),
    maxInFlight: (path) => maxByPath.get(path) ?? 0,
    maxInFlightTotal: () => maxTotal,
    sleep: (ms) => sleep(ms, undefined, { signal: closing.signal }),
    async close() {
      closing.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  cleanups.push(() => receiver.close());
  return receiver;
}

/** An answer with this status and text. */
const reply =
  (status: number, text: string, headers: Record<string, string> = {}) =>
  (_hit: Hit, res: ServerResponse): void => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(text);
  };

/** The X-Service-* header names a request carried, sorted. */
const serviceHeaders = (hit: Hit) =>
  Object.keys(hit.headers)
    .filter((name) => name.startsWith('x-service-'))
    .sort();

/**
 * Every check of the Delivery format on one request: the signature verified by the receiver,
 * exactly the spec's headers (nothing more than what HTTP itself adds) and exactly the envelope.
 */
function expectDeliveryFormat(hit: Hit, kind: Kind): void {
  expect(hit.signatureValid).toBe(true);
  expect(hit.headers['x-service-signature']).toMatch(SIGNATURE);
  expect(hit.headers['content-type']).toBe('application/json');
  expect(hit.headers['x-service-event']).toBe(kind);
  expect(serviceHeaders(hit)).toEqual(SERVICE_HEADERS);
  expect(
    Object.keys(hit.headers)
      .filter((name) => !TRANSPORT_HEADERS.has(name))
      .sort(),
  ).toEqual(['content-type', ...SERVICE_HEADERS]);
  expect(Object.keys(hit.json)).toEqual(['id', 'event', 'createdAt', 'data']);
  expect(hit.json.id).toMatch(EVENT_ID);
  expect(hit.headers['x-service-delivery']).toBe(hit.json.id);
  expect(hit.json.event).toBe(kind);
  expect(hit.json.createdAt).toBe(iso(Date.parse(hit.json.createdAt)));
  // Serialized once, as JSON.stringify would: no padding, nothing appended.
  expect(hit.text).toBe(JSON.stringify(hit.json));
}

// ---------------------------------------------------------------------------------------------
// Service helpers

/** Registers a webhook over HTTP and tells the receiver its secret. */
async function addWebhook(
  server: TestServer,
  receiver: Receiver,
  path: string,
  events: readonly Kind[],
): Promise<Hook> {
  const hook = await addWebhookAt(server, receiver.url(path), events);
  receiver.secrets.set(path, hook.secret);
  return hook;
}

async function addWebhookAt(server: TestServer, url: string, events: readonly Kind[]) {
  const res = await server.request('POST', '/webhooks', { body: { url, events } });
  expect(res.status, res.text).toBe(201);
  expect(res.body.secret).toMatch(/^whsec_/);
  return { id: res.body.id as string, secret: res.body.secret as string, url };
}

/** Polls (short sleeps, bounded) until `probe` gives a truthy value. */
async function until<T>(what: string, probe: () => T | Promise<T>, limitMs = 20_000): Promise<T> {
  for (let waited = 0; ; waited += POLL_MS) {
    const value = await probe();
    if (value) return value;
    if (waited >= limitMs) throw new Error(`gave up waiting for ${what}`);
    await sleep(POLL_MS);
  }
}

/** Pending deliveries whose attempt is due at the current service time. */
async function duePending(server: TestServer): Promise<number> {
  const { core } = server.service;
  return (await core.db
    .prepare<[string], number>(
      `SELECT count(*) FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?`,
    )
    .pluck()
    .get(core.clock.nowIso()))!;
}

/** Waits until every delivery due now has had its attempt recorded, then for the runner. */
async function settle(server: TestServer, limitMs = 20_000): Promise<void> {
  await until(
    'the due deliveries to be attempted',
    async () => (await duePending(server)) === 0,
    limitMs,
  );
  await server.service.core.runner.idle();
}

async function advance(server: TestServer, seconds: number): Promise<number> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status, res.text).toBe(200);
  return Date.parse(res.body.now as string);
}

async function listDeliveries(
  server: TestServer,
  webhookId: string,
  params: Record<string, string | number | undefined> = {},
): Promise<ListBody<DeliveryBody>> {
  const res = await server.request<ListBody<DeliveryBody>>(
    'GET',
    `/webhooks/${webhookId}/deliveries${qs(params)}`,
  );
  expect(res.status, res.text).toBe(200);
  expectSchema(DeliveryList, res.body);
  return res.body;
}

/** Every delivery of a webhook (one page of up to 100), newest first. */
async function allDeliveries(
  server: TestServer,
  webhookId: string,
  params: Record<string, string | undefined> = {},
): Promise<DeliveryBody[]> {
  const page = await listDeliveries(server, webhookId, { ...params, limit: 100 });
  expect(page.pagination.hasMore).toBe(false);
  return page.data;
}

async function deliveryOf(
  server: TestServer,
  webhookId: string,
  eventId: string,
): Promise<DeliveryBody> {
  const found = (await allDeliveries(server, webhookId)).find((d) => d.eventId === eventId);
  if (!found) throw new Error(`no delivery of ${eventId} to ${webhookId}`);
  return found;
}

/** Event ids in the order the log wrote them, optionally of one kind. */
async function eventIds(server: TestServer, type?: Kind): Promise<string[]> {
  return (
    await server.service.core.db
      .prepare<[], { id: string; type: string }>('SELECT id, type FROM events ORDER BY seq')
      .all()
  )
    .filter((row) => type === undefined || row.type === type)
    .map((row) => row.id);
}

async function createPatient(server: TestServer, body: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/patients', {
    body: { firstName: FIRST_NAME, lastName: LAST_NAME, email: EMAIL, phone: PHONE, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; status: string; createdAt: string };
}

async function balanceOf(server: TestServer) {
  const res = await server.request('GET', '/billing/balance');
  expect(res.status, res.text).toBe(200);
  return res.body as {
    balance: number;
    monthlyAllowance: number;
    plan: string;
    resetsAt: string;
    usedThisMonth: number;
  };
}

/** Everything an action could write on the way to a webhook, row by row. */
async function snapshot(server: TestServer) {
  const { db } = server.service.core;
  const all = (sql: string) => db.prepare(sql).all();
  return {
    events: await all('SELECT * FROM events ORDER BY seq'),
    deliveries: await all('SELECT * FROM webhook_deliveries ORDER BY seq'),
    attempts: await all('SELECT * FROM webhook_attempts ORDER BY seq'),
    jobs: await all('SELECT * FROM jobs ORDER BY id'),
    webhooks: await all('SELECT * FROM webhooks ORDER BY id'),
  };
}

/** The request headers an attempt records: exactly the four of the spec, as the receiver got them. */
const recordedHeaders = (hit: Hit) => ({
  'content-type': 'application/json',
  'x-service-signature': hit.headers['x-service-signature'],
  'x-service-event': hit.headers['x-service-event'],
  'x-service-delivery': hit.headers['x-service-delivery'],
});

// ---------------------------------------------------------------------------------------------

describe('delivery format: the six event kinds from their real actions', () => {
  it('delivers each kind once, signed, with exactly the spec headers and the documented thin payload', async () => {
    const receiver = await newReceiver();
    // 60 credits a month: the low-balance threshold is 6.
    const server = await newServer({ plans: { starter: 60, professional: 60, enterprise: 60 } });
    const hook = await addWebhook(server, receiver, '/all', EVENT_TYPES);

    // patient.created
    const patient = await createPatient(server);
    expect(patient).toMatchObject({ status: 'active', createdAt: T0_ISO });

    // schedule.sent: an e-mail schedule for now, delivered on the sandbox clock.
    const formId = (await server.service.core.forms.create(EVERY_FIELD_TYPE)).id;
    const made = await server.request('POST', '/form-schedules', {
      body: { formId, patientId: patient.id, channel: 'email' },
    });
    expect(made.status, made.text).toBe(201);
    await advance(server, 60);
    const sent = await server.request('GET', `/form-schedules/${made.body.id}`);
    expect(sent.body).toMatchObject({ status: 'sent', sentAt: T0_ISO, creditsConsumed: 1 });

    // form.completed
    const submitted = await server.request(
      'POST',
      `/sandbox/form-schedules/${made.body.id}/submit`,
      { body: { responses: EVERY_FIELD_ANSWERS } },
    );
    expect(submitted.status, submitted.text).toBe(201);
    const response = submitted.body as {
      id: string;
      responses: unknown[];
      completedAt: string;
    };
    expect(response.completedAt).toBe(iso(T0 + MIN));

    // call.ended: a call to a number that answers, run to its end on the sandbox clock.
    const placed = await server.request('POST', '/voice/calls', {
      body: { patientId: patient.id, purpose: PURPOSE },
    });
    expect(placed.status, placed.text).toBe(201);
    await advance(server, 3600);
    const call = (await server.request('GET', `/voice/calls/${placed.body.id}`)).body;
    expect(call.status).toBe('completed');
    expect(call.creditsConsumed).toBeGreaterThan(0);

    // credits.low: chat until a message takes the balance below 10% of the allowance.
    const started = await server.request('POST', '/conversations', {
      body: { patientId: patient.id, context: CONTEXT },
    });
    expect(started.status, started.text).toBe(201);
    const conversationId = started.body.id as string;
    let low = await balanceOf(server);
    for (let i = 0; low.balance >= 6; i++) {
      expect(i).toBeLessThan(60);
      const sentMessage = await server.request(
        'POST',
        `/conversations/${conversationId}/messages`,
        {
          body: { content: 'Todo bien, gracias' },
        },
      );
      expect(sentMessage.status, sentMessage.text).toBe(200);
      low = await balanceOf(server);
    }
    expect(low.balance).toBe(5);

    // conversation.ended
    const ended = await server.request('POST', `/conversations/${conversationId}/end`);
    expect(ended.status, ended.text).toBe(200);

    await settle(server);

    // One request per kind, in the order the log wrote the events, nothing else.
    const hits = receiver.on('/all');
    expect(receiver.hits).toHaveLength(6);
    expect(hits.map((hit) => hit.json.event)).toEqual([
      'patient.created',
      'schedule.sent',
      'form.completed',
      'call.ended',
      'credits.low',
      'conversation.ended',
    ]);
    expect(hits.map((hit) => hit.json.id)).toEqual(await eventIds(server));
    const byKind = Object.fromEntries(hits.map((hit) => [hit.json.event, hit])) as Record<
      Kind,
      Hit
    >;
    for (const hit of hits) {
      expectDeliveryFormat(hit, hit.json.event);
      expect(hit.headers['x-service-signature']).toBe(expectedSignature(hook.secret, hit.body));
      // Thin payloads: no names, e-mail or phone anywhere in what goes out.
      for (const personal of [FIRST_NAME, 'Núria', 'Puig', EMAIL, PHONE, '612345678']) {
        expect(hit.text).not.toContain(personal);
      }
    }

    // Each envelope is the logged event, and its data the documented payload of its resource.
    expect(byKind['patient.created'].json).toEqual({
      id: byKind['patient.created'].json.id,
      event: 'patient.created',
      createdAt: patient.createdAt,
      data: { patientId: patient.id, status: 'active', createdAt: patient.createdAt },
    });
    expect(byKind['schedule.sent'].json).toEqual({
      id: byKind['schedule.sent'].json.id,
      event: 'schedule.sent',
      createdAt: T0_ISO,
      data: {
        scheduleId: made.body.id,
        formId,
        patientId: patient.id,
        channel: 'email',
        sentAt: T0_ISO,
        creditsConsumed: 1,
      },
    });
    expect(byKind['form.completed'].json).toEqual({
      id: byKind['form.completed'].json.id,
      event: 'form.completed',
      createdAt: response.completedAt,
      data: {
        responseId: response.id,
        formId,
        patientId: patient.id,
        scheduleId: made.body.id,
        completedAt: response.completedAt,
        responses: EVERY_FIELD_ANSWERS,
      },
    });
    expect(response.responses).toEqual(EVERY_FIELD_ANSWERS);
    expect(byKind['call.ended'].json).toEqual({
      id: byKind['call.ended'].json.id,
      event: 'call.ended',
      createdAt: call.completedAt,
      data: {
        callId: call.id,
        patientId: patient.id,
        status: 'completed',
        duration: call.duration,
        creditsConsumed: call.creditsConsumed,
        completedAt: call.completedAt,
      },
    });
    expect(byKind['credits.low'].json).toEqual({
      id: byKind['credits.low'].json.id,
      event: 'credits.low',
      createdAt: iso(T0 + MIN + HOUR),
      data: {
        balance: low.balance,
        monthlyAllowance: 60,
        threshold: 6,
        plan: low.plan,
        resetsAt: low.resetsAt,
      },
    });
    expect(low).toMatchObject({ monthlyAllowance: 60, plan: 'professional' });
    expect(byKind['conversation.ended'].json).toEqual({
      id: byKind['conversation.ended'].json.id,
      event: 'conversation.ended',
      createdAt: ended.body.endedAt,
      data: {
        conversationId,
        patientId: patient.id,
        endReason: 'closed',
        messageCount: ended.body.messageCount,
        creditsConsumed: ended.body.creditsConsumed,
        endedAt: ended.body.endedAt,
      },
    });
    // The conversation paid for its start and every message, and ended with them all.
    expect(ended.body.creditsConsumed).toBe(10 + (ended.body.messageCount - 1) / 2);

    // The log shows each delivery once, delivered at the first attempt, with what was sent.
    const list = await allDeliveries(server, hook.id);
    expect(list.map((d) => d.eventId)).toEqual((await eventIds(server)).reverse());
    for (const d of list) {
      const hit = hits.find((h) => h.json.id === d.eventId)!;
      expect(d).toMatchObject({
        event: hit.json.event,
        webhookId: hook.id,
        status: 'delivered',
        attemptCount: 1,
        createdAt: hit.json.createdAt,
      });
      expect(d.payload).toEqual(hit.json);
      expect(d.attempts).toHaveLength(1);
      expect(d.attempts[0]).toMatchObject({
        trigger: 'automatic',
        succeeded: true,
        statusCode: 200,
        url: hook.url,
      });
      // A receiver on this machine: its status is kept, its body is not (issue 17).
      expect(d.attempts[0]).not.toHaveProperty('responseBody');
      expect(d.attempts[0]!.requestHeaders).toEqual(recordedHeaders(hit));
    }
  });
});

describe('fan-out', () => {
  it('sends each event only to the active webhooks subscribed to its kind, one delivery row each', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const { db } = server.service.core;
    const patients = await addWebhook(server, receiver, '/patients', ['patient.created']);
    const chats = await addWebhook(server, receiver, '/chats', ['conversation.ended']);
    const both = await addWebhook(server, receiver, '/both', [
      'patient.created',
      'conversation.ended',
    ]);
    const off = await addWebhook(server, receiver, '/off', [
      'patient.created',
      'conversation.ended',
    ]);
    await db
      .prepare(
        `UPDATE webhooks SET status = 'disabled', disabled_at = ?, disabled_reason = 'set by the test' WHERE id = ?`,
      )
      .run(T0_ISO, off.id);

    const patient = await createPatient(server);
    // The deliveries exist as soon as the write answered: made in the event's transaction.
    const [patientEvent] = await eventIds(server, 'patient.created');
    const rowsOf = (eventId: string) =>
      db
        .prepare<[string], { webhook_id: string; created_at: string; status: string }>(
          'SELECT webhook_id, created_at, status FROM webhook_deliveries WHERE event_id = ? ORDER BY webhook_id',
        )
        .all(eventId);
    expect((await rowsOf(patientEvent!)).map((r) => r.webhook_id)).toEqual(
      [patients.id, both.id].sort(),
    );
    for (const row of await rowsOf(patientEvent!)) expect(row.created_at).toBe(T0_ISO);

    const started = await server.request('POST', '/conversations', {
      body: { patientId: patient.id, context: CONTEXT },
    });
    expect(started.status, started.text).toBe(201);
    const ended = await server.request('POST', `/conversations/${started.body.id}/end`);
    expect(ended.status, ended.text).toBe(200);
    const [chatEvent] = await eventIds(server, 'conversation.ended');
    expect((await rowsOf(chatEvent!)).map((r) => r.webhook_id)).toEqual([chats.id, both.id].sort());

    // A sample event goes the same way and says where it went.
    const sample = await server.request('POST', '/sandbox/events', {
      body: { event: 'patient.created' },
    });
    expect(sample.status, sample.text).toBe(201);
    expect([...(sample.body.webhookIds as string[])].sort()).toEqual([patients.id, both.id].sort());

    await settle(server);
    const ids = (path: string) => receiver.on(path).map((hit) => hit.json.id);
    expect(ids('/patients')).toEqual([patientEvent, sample.body.id]);
    expect(ids('/chats')).toEqual([chatEvent]);
    expect(ids('/both')).toEqual([patientEvent, chatEvent, sample.body.id]);
    expect(ids('/off')).toEqual([]);
    expect(receiver.hits).toHaveLength(6);
    for (const hit of receiver.hits) {
      expectDeliveryFormat(hit, hit.json.event);
      const hook = { '/patients': patients, '/chats': chats, '/both': both }[hit.path]!;
      expect(hit.headers['x-service-signature']).toBe(expectedSignature(hook.secret, hit.body));
    }
    expect(await allDeliveries(server, off.id)).toEqual([]);

    // Exactly one row per (webhook, event), and the database refuses a second.
    const groups = await db
      .prepare<[], { n: number }>(
        'SELECT count(*) AS n FROM webhook_deliveries GROUP BY webhook_id, event_id',
      )
      .all();
    expect(groups).toHaveLength(6);
    expect(groups.every((g) => g.n === 1)).toBe(true);
    await expect(
      db
        .prepare(
          `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, status, next_attempt_at, created_at, updated_at)
           VALUES (?, ?, 'patient.created', 'pending', ?, ?, ?)`,
        )
        .run(both.id, patientEvent, T0_ISO, T0_ISO, T0_ISO),
    ).rejects.toThrow(UNIQUE_REFUSED);

    // Refused actions (4xx) write neither an event nor a delivery, nor anything else.
    const before = await snapshot(server);
    expectProblem(
      await server.request('POST', '/patients', { body: { firstName: 'Sin apellido' } }),
      422,
      'validation_failed',
    );
    expectProblem(
      await server.request('POST', `/conversations/${started.body.id}/end`),
      400,
      'conversation_ended',
    );
    expectProblem(
      await server.request('POST', '/sandbox/events', { body: { event: 'patient.deleted' } }),
      422,
      'validation_failed',
    );
    expectProblem(
      await server.request('POST', '/patients', {
        body: { firstName: 'Futura', lastName: 'Paciente', dateOfBirth: '2999-01-01' },
      }),
      422,
      'validation_failed',
    );
    await server.service.core.runner.idle();
    expect(await snapshot(server)).toEqual(before);
    expect(receiver.hits).toHaveLength(6);
  });
});

describe('retries', () => {
  it('gives a receiver that fails twice then succeeds exactly three attempts of the same bytes', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const hook = await addWebhook(server, receiver, '/flaky', ['patient.created']);
    let calls = 0;
    receiver.answer('/flaky', (hit, res) => {
      calls++;
      if (calls <= 2) reply(500, `temporarily broken (${calls})`)(hit, res);
      else reply(200, 'thanks')(hit, res);
    });

    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server);
    expect(receiver.hits).toHaveLength(1);
    expect(await deliveryOf(server, hook.id, eventId!)).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      nextAttemptAt: iso(T0 + MIN),
    });

    await advance(server, 60);
    expect(receiver.hits).toHaveLength(2);
    await advance(server, 600);
    expect(receiver.hits).toHaveLength(3);
    await advance(server, DAY / SEC);
    expect(receiver.hits).toHaveLength(3);

    const [first, ...rest] = receiver.hits;
    expectDeliveryFormat(first!, 'patient.created');
    expect(first!.headers['x-service-delivery']).toBe(eventId);
    for (const hit of rest) {
      expectDeliveryFormat(hit, 'patient.created');
      expect(hit.headers['x-service-delivery']).toBe(eventId);
      expect(hit.body.equals(first!.body)).toBe(true);
      expect(hit.headers['x-service-signature']).toBe(first!.headers['x-service-signature']);
    }

    const delivery = await deliveryOf(server, hook.id, eventId!);
    expect(delivery).toEqual({
      eventId,
      event: 'patient.created',
      webhookId: hook.id,
      status: 'delivered',
      attemptCount: 3,
      lastAttemptAt: iso(T0 + 11 * MIN),
      deliveredAt: iso(T0 + 11 * MIN),
      createdAt: T0_ISO,
      payload: first!.json,
      attempts: [
        {
          id: expect.stringMatching(ATTEMPT_ID),
          trigger: 'automatic',
          succeeded: false,
          attemptedAt: T0_ISO,
          durationMs: expect.any(Number),
          url: hook.url,
          statusCode: 500,
          error: 'http_error',
          errorDetail: expect.any(String),
          requestHeaders: recordedHeaders(first!),
        },
        {
          id: expect.stringMatching(ATTEMPT_ID),
          trigger: 'automatic',
          succeeded: false,
          attemptedAt: iso(T0 + MIN),
          durationMs: expect.any(Number),
          url: hook.url,
          statusCode: 500,
          error: 'http_error',
          errorDetail: expect.any(String),
          requestHeaders: recordedHeaders(first!),
        },
        {
          id: expect.stringMatching(ATTEMPT_ID),
          trigger: 'automatic',
          succeeded: true,
          attemptedAt: iso(T0 + 11 * MIN),
          durationMs: expect.any(Number),
          url: hook.url,
          statusCode: 200,
          requestHeaders: recordedHeaders(first!),
        },
      ],
    });
    expectSchema(WebhookDelivery, delivery);
  });

  it('retries an always-failing receiver at +1 min, +11 min and +71 min, then fails it for good', async () => {
    const receiver = await newReceiver();
    const server = await newServer({ realNow: fakeTime(T0).now });
    const hook = await addWebhook(server, receiver, '/down', ['patient.created']);
    receiver.answer('/down', reply(503, 'down for maintenance'));

    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server);
    expect(receiver.hits).toHaveLength(1);

    // Each retry is due exactly its delay after the previous failure, not a second earlier.
    const plan = [
      { wait: 60, next: T0 + MIN },
      { wait: 600, next: T0 + 11 * MIN },
      { wait: 3600, next: T0 + 71 * MIN },
    ];
    for (const [i, step] of plan.entries()) {
      const pending = await deliveryOf(server, hook.id, eventId!);
      expect(pending).toMatchObject({
        status: 'pending',
        attemptCount: i + 1,
        nextAttemptAt: iso(step.next),
      });
      await advance(server, step.wait - 1);
      expect(receiver.hits).toHaveLength(i + 1);
      expect((await deliveryOf(server, hook.id, eventId!)).attempts).toHaveLength(i + 1);
      const at = await advance(server, 1);
      expect(at).toBe(step.next);
      expect(receiver.hits).toHaveLength(i + 2);
    }

    const failed = await deliveryOf(server, hook.id, eventId!);
    expect(failed).toMatchObject({
      status: 'failed',
      attemptCount: 4,
      failureReason: 'retries_exhausted',
      failedAt: iso(T0 + 71 * MIN),
      lastAttemptAt: iso(T0 + 71 * MIN),
    });
    expect(failed).not.toHaveProperty('nextAttemptAt');
    expect(failed).not.toHaveProperty('deliveredAt');
    expect(failed.attempts.map((a) => a.attemptedAt)).toEqual([
      T0_ISO,
      iso(T0 + MIN),
      iso(T0 + 11 * MIN),
      iso(T0 + 71 * MIN),
    ]);
    for (const attempt of failed.attempts) {
      expect(attempt).toMatchObject({
        trigger: 'automatic',
        succeeded: false,
        statusCode: 503,
        error: 'http_error',
      });
    }
    for (const hit of receiver.hits) {
      expectDeliveryFormat(hit, 'patient.created');
      expect(hit.headers['x-service-delivery']).toBe(eventId);
      expect(hit.body.equals(receiver.hits[0]!.body)).toBe(true);
    }

    // Never again automatically.
    await advance(server, DAY / SEC);
    expect(receiver.hits).toHaveLength(4);
    expect((await deliveryOf(server, hook.id, eventId!)).attempts).toHaveLength(4);

    // Listed among the failed events, not among the pending ones.
    expect(
      (await allDeliveries(server, hook.id, { status: 'failed' })).map((d) => d.eventId),
    ).toEqual([eventId]);
    expect(await allDeliveries(server, hook.id, { status: 'pending' })).toEqual([]);
  });
});

describe('failures the receiver causes', () => {
  // A timeout is reported in the words of any other connection failure (issue 17: telling them
  // apart maps ports).
  it('counts a receiver slower than the time limit as a failed connection (limit shortened to 300 ms)', async () => {
    const receiver = await newReceiver();
    const server = await newServer({ webhookTimeoutMs: 300 });
    const hook = await addWebhook(server, receiver, '/slow', ['patient.created']);
    receiver.answer('/slow', async (hit, res) => {
      await receiver.sleep(1000);
      reply(200, 'too late')(hit, res);
    });

    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server);
    expect(receiver.hits).toHaveLength(1);
    expectDeliveryFormat(receiver.hits[0]!, 'patient.created');
    const delivery = await deliveryOf(server, hook.id, eventId!);
    expect(delivery).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      nextAttemptAt: iso(T0 + MIN),
    });
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({
      succeeded: false,
      error: 'connection_error',
      errorDetail: CONNECTION_FAILED,
    });
    expect(delivery.attempts[0]).not.toHaveProperty('statusCode');
  });

  it('counts a receiver answering after 10.5 s as a failed connection (the real 10 s limit)', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const hook = await addWebhook(server, receiver, '/sluggish', ['patient.created']);
    receiver.answer('/sluggish', async (hit, res) => {
      await receiver.sleep(10_500);
      reply(200, 'too late')(hit, res);
    });

    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server, 20_000);
    expect(receiver.hits).toHaveLength(1);
    const delivery = await deliveryOf(server, hook.id, eventId!);
    expect(delivery).toMatchObject({ status: 'pending', attemptCount: 1 });
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({
      succeeded: false,
      error: 'connection_error',
      errorDetail: CONNECTION_FAILED,
    });
    expect(delivery.attempts[0]).not.toHaveProperty('statusCode');
  }, 30_000);

  it('treats 301, 302 and 307 as failures (redirect) and never requests the Location', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const hooks = new Map<number, Hook>();
    for (const status of [301, 302, 307]) {
      const path = `/moved-${status}`;
      hooks.set(status, await addWebhook(server, receiver, path, ['patient.created']));
      receiver.answer(path, reply(status, 'moved', { location: receiver.url('/target') }));
    }
    receiver.secrets.set('/target', 'whsec_unused');

    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server);
    // Through every retry: still never followed.
    for (const wait of [60, 600, 3600]) await advance(server, wait);

    expect(receiver.on('/target')).toEqual([]);
    for (const [status, hook] of hooks) {
      expect(receiver.on(`/moved-${status}`)).toHaveLength(4);
      const delivery = await deliveryOf(server, hook.id, eventId!);
      expect(delivery).toMatchObject({ status: 'failed', failureReason: 'retries_exhausted' });
      expect(delivery.attempts).toHaveLength(4);
      for (const attempt of delivery.attempts) {
        expect(attempt).toMatchObject({
          succeeded: false,
          statusCode: status,
          error: 'redirect',
          url: hook.url,
        });
      }
    }
  });

  it('keeps no response body from a receiver on this machine, however long (issue 17)', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const hook = await addWebhook(server, receiver, '/chatty', ['patient.created']);
    // 100 KiB of printable ASCII that never repeats within 4 KiB at the same offset.
    const big = Array.from({ length: 100 * 1024 }, (_, i) =>
      String.fromCharCode(33 + ((i * 7 + Math.floor(i / 94)) % 94)),
    ).join('');
    receiver.answer('/chatty', reply(200, big));

    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server);
    const delivery = await deliveryOf(server, hook.id, eventId!);
    expect(delivery.status).toBe('delivered');
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ succeeded: true, statusCode: 200 });
    expect(delivery.attempts[0]).not.toHaveProperty('responseBody');
  });

  it('records connection_error for a receiver that hangs up and for a port with nothing listening', async () => {
    const receiver = await newReceiver();
    // A port that was just in use and is now closed.
    const vacant = createServer();
    await new Promise<void>((resolve) => vacant.listen(0, '127.0.0.1', resolve));
    const { port } = vacant.address() as AddressInfo;
    await new Promise<void>((resolve) => vacant.close(() => resolve()));

    const server = await newServer();
    const hangup = await addWebhook(server, receiver, '/hangup', ['patient.created']);
    receiver.answer('/hangup', (_hit, res) => {
      res.socket?.destroy();
    });
    const nobody = await addWebhookAt(server, `http://127.0.0.1:${port}/hooks`, [
      'patient.created',
    ]);

    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server);
    expect(receiver.on('/hangup')).toHaveLength(1);
    for (const hook of [hangup, nobody]) {
      const delivery = await deliveryOf(server, hook.id, eventId!);
      expect(delivery).toMatchObject({ status: 'pending', attemptCount: 1 });
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]).toMatchObject({
        succeeded: false,
        error: 'connection_error',
        url: hook.url,
      });
      expect(delivery.attempts[0]).not.toHaveProperty('statusCode');
    }
  });
});

describe('concurrency and order', () => {
  it('has at most one request in flight per webhook', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const paths = ['/one', '/two', '/three'];
    const hooks: Hook[] = [];
    for (const path of paths) {
      hooks.push(await addWebhook(server, receiver, path, ['patient.created']));
      receiver.answer(path, async (hit, res) => {
        await receiver.sleep(100);
        reply(200, 'ok')(hit, res);
      });
    }

    await Promise.all(
      Array.from({ length: 10 }, (_, i) => createPatient(server, { firstName: `P${i}` })),
    );
    await settle(server, 10_000);

    for (const [i, path] of paths.entries()) {
      expect(receiver.on(path)).toHaveLength(10);
      expect(receiver.maxInFlight(path)).toBe(1);
      const list = await allDeliveries(server, hooks[i]!.id);
      expect(list).toHaveLength(10);
      expect(list.every((d) => d.status === 'delivered' && d.attemptCount === 1)).toBe(true);
    }
    // The webhooks themselves are served side by side.
    expect(receiver.maxInFlightTotal()).toBeGreaterThan(1);
    for (const hit of receiver.hits) expectDeliveryFormat(hit, 'patient.created');
  });

  it('keeps the global cap (webhookConcurrency 2) across five webhooks', async () => {
    const receiver = await newReceiver();
    const server = await newServer({ webhookConcurrency: 2 });
    const paths = ['/a', '/b', '/c', '/d', '/e'];
    for (const path of paths) {
      await addWebhook(server, receiver, path, ['patient.created']);
      receiver.answer(path, async (hit, res) => {
        await receiver.sleep(100);
        reply(200, 'ok')(hit, res);
      });
    }

    await Promise.all(
      Array.from({ length: 3 }, (_, i) => createPatient(server, { firstName: `P${i}` })),
    );
    await settle(server, 10_000);

    expect(receiver.hits).toHaveLength(15);
    for (const path of paths) {
      expect(receiver.on(path)).toHaveLength(3);
      expect(receiver.maxInFlight(path)).toBe(1);
    }
    expect(receiver.maxInFlightTotal()).toBeLessThanOrEqual(2);
    expect(receiver.maxInFlightTotal()).toBeGreaterThan(1);
  });

  // Twenty webhooks' flush jobs and the group commit of their attempts side by side. On
  // PostgreSQL, 500 deliveries a webhook (the benchmark, its receiver in another process) had
  // their transactions refuse each other until four flush jobs failed and a quarter of the
  // deliveries waited for ever (docs/benchmarks.md). This size did not show that here even with
  // 250 a webhook; what caused it is proven on its own (job-runner-store-busy.test.ts,
  // webhook-attempt-recorder.test.ts). This case holds the end-to-end promise on both engines.
  it('delivers every delivery of twenty webhooks, each once, when their events come together', async () => {
    const EVENTS = 30;
    const receiver = await newReceiver();
    const server = await newServer();
    const hooks: Hook[] = [];
    for (let i = 0; i < 20; i++)
      hooks.push(await addWebhook(server, receiver, `/many/${i}`, ['patient.created']));
    const { core } = server.service;
    await core.db.transaction(async () => {
      for (let i = 0; i < EVENTS; i++)
        await core.events.emit('patient.created', {
          patientId: `pat_many${String(i).padStart(22, '0')}`,
          status: 'active',
          createdAt: core.clock.nowIso(),
        });
    });
    await settle(server, 90_000);

    const jobs = await core.db
      .prepare<[], { status: string }>(`SELECT status FROM jobs WHERE kind = 'webhook.flush'`)
      .all();
    expect(jobs).toHaveLength(20);
    expect(jobs.every((job) => job.status === 'done')).toBe(true);
    expect(receiver.hits).toHaveLength(20 * EVENTS);
    for (const i of hooks.keys()) {
      const ids = receiver.on(`/many/${i}`).map((hit) => hit.json.id);
      expect(new Set(ids).size).toBe(EVENTS);
    }
    const outcomes = await core.db
      .prepare<[], { status: string; attempt_count: number; n: number }>(
        `SELECT status, attempt_count, count(*) AS n FROM webhook_deliveries
         GROUP BY status, attempt_count`,
      )
      .all();
    expect(outcomes.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([
      { status: 'delivered', attempt_count: 1, n: 20 * EVENTS },
    ]);
  });

  it("delivers one webhook's events in the order they were written", async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    await addWebhook(server, receiver, '/ordered', [...EVENT_TYPES]);
    receiver.answer('/ordered', async (hit, res) => {
      await receiver.sleep(5);
      reply(200, 'ok')(hit, res);
    });

    const kinds: Kind[] = ['credits.low', 'call.ended', 'form.completed', 'schedule.sent'];
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => createPatient(server, { firstName: `P${i}` })),
      ...kinds.map((event) => server.request('POST', '/sandbox/events', { body: { event } })),
    ]);
    await settle(server, 10_000);

    const written = await eventIds(server);
    expect(written).toHaveLength(16);
    expect(receiver.on('/ordered').map((hit) => hit.json.id)).toEqual(written);
  });
});

describe('GET /webhooks/{id}/deliveries', () => {
  /** A webhook at a receiver that refuses credits.low and takes everything else. */
  async function mixedLog(server: TestServer, receiver: Receiver) {
    const hook = await addWebhook(server, receiver, '/mixed', EVENT_TYPES);
    receiver.answer('/mixed', (hit, res) => {
      if (hit.json.event === 'credits.low') reply(503, 'not now')(hit, res);
      else reply(204, '')(hit, res);
    });
    const emit = async (event: Kind) => {
      const res = await server.request('POST', '/sandbox/events', { body: { event } });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const ids: string[] = [];
    for (const event of [
      'patient.created',
      'credits.low',
      'conversation.ended',
      'patient.created',
      'credits.low',
    ] as const) {
      ids.push(await emit(event));
    }
    await settle(server);
    for (const wait of [60, 600, 3600]) await advance(server, wait);
    // One more refused event, still pending after its first attempt.
    ids.push(await emit('credits.low'));
    await settle(server);
    return { hook, ids };
  }

  it('lists newest first with attempts, pages with a cursor, and filters by status and event', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const { hook, ids } = await mixedLog(server, receiver);
    const newestFirst = [...ids].reverse();

    const all = await allDeliveries(server, hook.id);
    expect(all.map((d) => d.eventId)).toEqual(newestFirst);
    expect(all.map((d) => d.status)).toEqual([
      'pending',
      'failed',
      'delivered',
      'delivered',
      'failed',
      'delivered',
    ]);
    expect(all.map((d) => d.attempts.length)).toEqual([1, 4, 1, 1, 4, 1]);
    expect(all[0]).toMatchObject({ attemptCount: 1, nextAttemptAt: iso(T0 + 72 * MIN) });
    expect(all[2]!.attempts[0]).toMatchObject({ succeeded: true, statusCode: 204 });
    expect(all[2]!.attempts[0]!.responseBody ?? '').toBe('');

    // Pages of two, walked with the cursor: the same rows, once each, in the same order.
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 3; page++) {
      const body = await listDeliveries(server, hook.id, { limit: 2, cursor });
      expect(body.data).toHaveLength(2);
      expect(body.pagination.limit).toBe(2);
      expect(body.pagination.hasMore).toBe(page < 2);
      expect(body.pagination.cursor === '').toBe(page === 2);
      seen.push(...body.data.map((d) => d.eventId));
      cursor = body.pagination.cursor;
    }
    expect(seen).toEqual(newestFirst);

    // Filters.
    const only = async (params: Record<string, string>) =>
      (await allDeliveries(server, hook.id, params)).map((d) => d.eventId);
    expect(await only({ status: 'failed' })).toEqual([ids[4], ids[1]]);
    for (const d of await allDeliveries(server, hook.id, { status: 'failed' })) {
      expect(d).toMatchObject({ failureReason: 'retries_exhausted', attemptCount: 4 });
    }
    expect(await only({ status: 'pending' })).toEqual([ids[5]]);
    expect(await only({ status: 'delivered' })).toEqual([ids[3], ids[2], ids[0]]);
    expect(await only({ event: 'patient.created' })).toEqual([ids[3], ids[0]]);
    expect(await only({ event: 'credits.low', status: 'failed' })).toEqual([ids[4], ids[1]]);
    expect(await only({ event: 'form.completed' })).toEqual([]);

    // A filtered list pages too; its cursor is bound to its filters.
    const first = await listDeliveries(server, hook.id, { status: 'delivered', limit: 2 });
    expect(first.data.map((d) => d.eventId)).toEqual([ids[3], ids[2]]);
    expect(first.pagination.hasMore).toBe(true);
    const second = await listDeliveries(server, hook.id, {
      status: 'delivered',
      limit: 2,
      cursor: first.pagination.cursor,
    });
    expect(second.data.map((d) => d.eventId)).toEqual([ids[0]]);
    expect(second.pagination).toEqual({ cursor: '', hasMore: false, limit: 2 });
    expectProblem(
      await server.request(
        'GET',
        `/webhooks/${hook.id}/deliveries${qs({ status: 'failed', limit: 2, cursor: first.pagination.cursor })}`,
      ),
      400,
      'invalid_cursor',
    );
  });

  it('refuses bad filter values with 422 and an unknown webhook with 404', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const hook = await addWebhook(server, receiver, '/x', ['patient.created']);
    await createPatient(server);
    await settle(server);
    const before = await snapshot(server);

    const get = (id: string, params: Record<string, string>) =>
      server.request('GET', `/webhooks/${id}/deliveries${qs(params)}`);
    const bad: Array<Record<string, string>> = [
      { status: 'retrying' },
      { status: 'FAILED' },
      { event: 'patient.deleted' },
      { event: 'patient' },
      { limit: '0' },
      { limit: '101' },
    ];
    for (const params of bad) {
      const res = await get(hook.id, params);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expectProblem(await get(UNKNOWN_WEBHOOK, {}), 404, 'resource_missing');
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('POST /webhooks/{id}/deliveries/{eventId}/retry', () => {
  it('delivers a failed delivery to a receiver that has recovered, with the same id and signature scheme', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const hook = await addWebhook(server, receiver, '/recovering', ['patient.created']);
    let healthy = false;
    receiver.answer('/recovering', (hit, res) =>
      healthy ? reply(200, 'back again')(hit, res) : reply(500, 'broken')(hit, res),
    );

    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server);
    for (const wait of [60, 600, 3600]) await advance(server, wait);
    const failed = await deliveryOf(server, hook.id, eventId!);
    expect(failed).toMatchObject({ status: 'failed', attemptCount: 4 });
    expect(receiver.hits).toHaveLength(4);

    healthy = true;
    const res = await server.request<DeliveryBody>(
      'POST',
      `/webhooks/${hook.id}/deliveries/${eventId}/retry`,
    );
    expect(res.status, res.text).toBe(200);
    expectSchema(WebhookDelivery, res.body);
    const now = iso(T0 + 71 * MIN);
    expect(res.body).toEqual({
      ...failed,
      status: 'delivered',
      deliveredAt: now,
      lastAttemptAt: now,
      failedAt: undefined,
      failureReason: undefined,
      attempts: [
        ...failed.attempts,
        {
          id: expect.stringMatching(ATTEMPT_ID),
          trigger: 'manual',
          succeeded: true,
          attemptedAt: now,
          durationMs: expect.any(Number),
          url: hook.url,
          statusCode: 200,
          requestHeaders: recordedHeaders(receiver.hits[4]!),
        },
      ],
    });
    expect(res.body).not.toHaveProperty('failedAt');
    expect(res.body).not.toHaveProperty('failureReason');

    expect(receiver.hits).toHaveLength(5);
    const manual = receiver.hits[4]!;
    expectDeliveryFormat(manual, 'patient.created');
    expect(manual.headers['x-service-delivery']).toBe(eventId);
    expect(manual.headers['x-service-signature']).toBe(expectedSignature(hook.secret, manual.body));
    expect(manual.body.equals(receiver.hits[0]!.body)).toBe(true);

    expect(await deliveryOf(server, hook.id, eventId!)).toEqual(res.body);
    expect((await allDeliveries(server, hook.id, { status: 'delivered' })).length).toBe(1);
    expect(await allDeliveries(server, hook.id, { status: 'failed' })).toEqual([]);
  });

  it('leaves a pending delivery and its retry plan as they were when a manual attempt fails', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const hook = await addWebhook(server, receiver, '/broken', ['patient.created']);
    receiver.answer('/broken', reply(500, 'still broken'));

    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server);
    await advance(server, 30);
    const pending = await deliveryOf(server, hook.id, eventId!);
    expect(pending).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      nextAttemptAt: iso(T0 + MIN),
    });

    const res = await server.request<DeliveryBody>(
      'POST',
      `/webhooks/${hook.id}/deliveries/${eventId}/retry`,
    );
    expect(res.status, res.text).toBe(200);
    expectSchema(WebhookDelivery, res.body);
    expect(res.body).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      nextAttemptAt: iso(T0 + MIN),
    });
    expect(res.body).not.toHaveProperty('failedAt');
    expect(res.body.attempts).toHaveLength(2);
    expect(res.body.attempts[1]).toMatchObject({
      trigger: 'manual',
      succeeded: false,
      attemptedAt: iso(T0 + 30 * SEC),
      statusCode: 500,
      error: 'http_error',
    });
    expect(res.body.attempts[1]).not.toHaveProperty('responseBody');
    expect(receiver.hits).toHaveLength(2);
    expectDeliveryFormat(receiver.hits[1]!, 'patient.created');
    expect(receiver.hits[1]!.headers['x-service-delivery']).toBe(eventId);

    // The automatic plan goes on as before: the retry is still due at T0 + 1 min.
    await advance(server, 29);
    expect(receiver.hits).toHaveLength(2);
    await advance(server, 1);
    expect(receiver.hits).toHaveLength(3);
    expect(await deliveryOf(server, hook.id, eventId!)).toMatchObject({
      status: 'pending',
      attemptCount: 2,
      nextAttemptAt: iso(T0 + 11 * MIN),
    });
  });

  it('answers 404 for an unknown event or webhook and changes nothing', async () => {
    const receiver = await newReceiver();
    const server = await newServer();
    const hook = await addWebhook(server, receiver, '/x', ['patient.created']);
    const other = await addWebhook(server, receiver, '/y', ['conversation.ended']);
    await createPatient(server);
    const [eventId] = await eventIds(server);
    await settle(server);
    const before = await snapshot(server);

    const retry = (webhookId: string, id: string) =>
      server.request('POST', `/webhooks/${webhookId}/deliveries/${id}/retry`);
    const checks: Array<[ApiResponse, string]> = [
      [await retry(hook.id, UNKNOWN_EVENT), 'unknown event'],
      // A real event, but not one this webhook was sent.
      [await retry(other.id, eventId!), 'event of another webhook'],
      [await retry(UNKNOWN_WEBHOOK, eventId!), 'unknown webhook'],
    ];
    for (const [res, what] of checks) {
      expect(res.status, what).toBe(404);
      expectProblem(res, 404, 'resource_missing');
    }
    expect(await snapshot(server)).toEqual(before);
    expect(receiver.hits).toHaveLength(1);
  });
});
