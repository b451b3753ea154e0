import { createHmac } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../src-main/service/core';
import type { Resolver } from '../../src-main/service/webhooks/webhook-url-policy';
import {
  Webhook as WebhookSchema,
  WebhookDelivery as DeliverySchema,
} from '../../src-main/service/schemas/webhook';
import {
  count,
  expectProblem,
  expectSchema,
  fakeTime,
  qs,
  serversClosedAfterEach,
  tempDataDir,
  type ListBody,
  type TestServer,
} from './helpers';
import { SEC, MIN, HOUR, DAY, T0, iso } from './time';
import type { WebhookDelivery } from '../../src-main/service/schemas/webhook';
import { until } from './until';

/** A delivery as the API shows it (the route's own schema). */
type DeliveryBody = WebhookDelivery;

/*
 * Webhooks that keep failing (interface spec: Receiver contract and retries, Limits;
 * api-decisions §§2, 8, 9, 10): the deactivation rule (more than 95% of at least 10 attempts in
 * the trailing 24 h, counted since the last (re)activation) and what it does (status, pending
 * deliveries failed, an in-app notification, an outbox e-mail in the app's language, nothing sent
 * while disabled), reactivation and manual retries around it; durability of pending retries, of
 * an attempt cut short by a shutdown and of a fan-out written just before a crash; and the SSRF
 * guard at connection time (DNS rebinding, and the sandbox switched off under a local URL).
 *
 * Every server runs on a frozen real-time source, so the service clock only moves when a test
 * advances it: every timestamp is asserted exactly. Receivers are real HTTP servers on
 * 127.0.0.1:0 that check every signature themselves.
 */

const DEFAULT_NOTICE_ADDRESS = 'coordinacion@clinica.example';

const { newServer, cleanups } = serversClosedAfterEach(T0);

// ---------------------------------------------------------------------------------------------
// Receivers

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json: { id: string; event: string; createdAt: string; data: Record<string, unknown> };
  eventId: string;
  /** The X-Service-Signature header matched the HMAC this test computed itself. */
  signatureOk: boolean;
}

/** What a receiver answers to its n-th request (1-based): a status, or hold the request 2 s. */
type Answer = number | 'hold';

interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The webhook secret the signatures are checked against (set after registration). */
  secret: string;
  answer: (n: number, request: Received) => Answer;
}

/** Lowercase hex HMAC-SHA256 of the raw body keyed with the UTF-8 bytes of the whole secret. */
function signatureOf(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
}

async function startReceiver(answer: Receiver['answer'] = () => 200): Promise<Receiver> {
  const timers = new Set<NodeJS.Timeout>();
  const receiver: Receiver = { url: '', port: 0, received: [], secret: '', answer };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const record: Received = {
        headers: req.headers,
        body,
        json: JSON.parse(body.toString('utf8')) as Received['json'],
        eventId: String(req.headers['x-service-delivery']),
        signatureOk:
          receiver.secret !== '' &&
          req.headers['x-service-signature'] === signatureOf(receiver.secret, body),
      };
      receiver.received.push(record);
      const reply = receiver.answer(receiver.received.length, record);
      if (reply === 'hold') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) res.writeHead(500).end('too late');
        }, 2 * SEC);
        timers.add(timer);
        return;
      }
      res.writeHead(reply, { 'content-type': 'text/plain' }).end(`answered ${reply}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.port = typeof address === 'object' && address ? address.port : 0;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  cleanups.push(async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return receiver;
}

const failing = () => 500;

function expectAllSigned(receiver: Receiver): void {
  expect(receiver.received.filter((r) => !r.signatureOk)).toEqual([]);
}

function requestsFor(receiver: Receiver, eventId: string): Received[] {
  return receiver.received.filter((r) => r.eventId === eventId);
}

// ---------------------------------------------------------------------------------------------
// Service helpers

interface WebhookBody {
  id: string;
  url: string;
  events: string[];
  status: 'active' | 'disabled';
  disabledAt?: string;
  disabledReason?: string;
  createdAt: string;
  updatedAt: string;
  secret?: string;
}

interface NotificationBody {
  id: string;
  kind: string;
  data: Record<string, unknown>;
  createdAt: string;
  readAt?: string;
}

interface OutboxBody {
  id: string;
  channel: string;
  to: string;
  subject?: string;
  body: string;
  createdAt: string;
}

async function register(
  server: TestServer,
  receiver: Receiver,
  events: string[] = ['patient.created'],
): Promise<WebhookBody> {
  const res = await server.request<WebhookBody>('POST', '/webhooks', {
    body: { url: receiver.url, events },
  });
  expect(res.status, res.text).toBe(201);
  receiver.secret = res.body.secret!;
  return res.body;
}

async function getWebhook(server: TestServer, id: string): Promise<WebhookBody> {
  const res = await server.request<WebhookBody>('GET', `/webhooks/${id}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(WebhookSchema, res.body);
  return res.body;
}

/** Emits a sample event through POST /sandbox/events; returns its id and the webhooks it went to. */
async function emit(
  server: TestServer,
  event = 'patient.created',
): Promise<{ id: string; webhookIds: string[] }> {
  const res = await server.request('POST', '/sandbox/events', { body: { event } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; webhookIds: string[] };
}

async function emitMany(server: TestServer, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await emit(server)).id);
  return ids;
}

async function advance(server: TestServer, seconds: number): Promise<void> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status, res.text).toBe(200);
}

/** A webhook's deliveries, newest first (all of them: the tests make fewer than 100). */
async function deliveriesOf(
  server: TestServer,
  webhookId: string,
  status?: DeliveryBody['status'],
): Promise<DeliveryBody[]> {
  const res = await server.request<ListBody<DeliveryBody>>(
    'GET',
    `/webhooks/${webhookId}/deliveries${qs({ limit: 100, status })}`,
  );
  expect(res.status, res.text).toBe(200);
  expect(res.body.pagination.hasMore).toBe(false);
  for (const delivery of res.body.data) expectSchema(DeliverySchema, delivery);
  return res.body.data;
}

async function deliveryOf(
  server: TestServer,
  webhookId: string,
  eventId: string,
): Promise<DeliveryBody> {
  const found = (await deliveriesOf(server, webhookId)).find((d) => d.eventId === eventId);
  expect(found, `delivery of ${eventId}`).toBeDefined();
  return found!;
}

async function attemptsOf(server: TestServer, webhookId: string): Promise<number> {
  return (await server.service.core.db
    .prepare<[string], number>('SELECT count(*) FROM webhook_attempts WHERE webhook_id = ?')
    .pluck()
    .get(webhookId))!;
}

/** Polls (short sleeps, bounded) until `condition` holds. */

/**
 * Waits until the webhook has `n` recorded attempts (made in real time after an event) and its
 * flush job has ended, then checks that no more were made.
 */
async function waitForAttempts(server: TestServer, webhookId: string, n: number): Promise<void> {
  await until(
    async () => (await attemptsOf(server, webhookId)) >= n,
    `${n} attempts of ${webhookId}`,
  );
  await server.service.core.runner.idle();
  expect(await attemptsOf(server, webhookId)).toBe(n);
}

async function notifications(server: TestServer): Promise<NotificationBody[]> {
  const page = await server.service.core.notifications.list({ limit: 100 });
  return JSON.parse(`[${page.rows.toString('utf8')}]`) as NotificationBody[];
}

async function outbox(server: TestServer): Promise<OutboxBody[]> {
  const res = await server.request<ListBody<OutboxBody>>('GET', '/sandbox/outbox?limit=100');
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** Every row of the tables a webhook request could touch. */
async function snapshot(server: TestServer): Promise<Record<string, unknown[]>> {
  const tables = ['webhooks', 'webhook_deliveries', 'webhook_attempts', 'notifications', 'outbox'];
  const rows: [string, unknown[]][] = [];
  for (const t of tables)
    // Each table's first column is its key (id or seq).
    rows.push([t, await server.service.core.db.prepare(`SELECT * FROM ${t} ORDER BY 1`).all()]);
  return Object.fromEntries(rows);
}

/**
 * Drives a webhook whose receiver always fails to `disabled` at T0: ten events, ten failed first
 * attempts (the tenth switches it off).
 */
async function disableAtT0(
  server: TestServer,
  receiver: Receiver,
): Promise<{ webhook: WebhookBody; eventIds: string[] }> {
  receiver.answer = failing;
  const webhook = await register(server, receiver);
  const eventIds = await emitMany(server, 10);
  await waitForAttempts(server, webhook.id, 10);
  expect((await getWebhook(server, webhook.id)).status).toBe('disabled');
  expect(receiver.received).toHaveLength(10);
  return { webhook, eventIds };
}

/** A data directory removed after everything using it has closed. */
function dataDir(): string {
  const { dir, cleanup } = tempDataDir();
  cleanups.unshift(cleanup);
  return dir;
}

// ---------------------------------------------------------------------------------------------

describe('deactivation after the threshold (api-decisions §9)', () => {
  it('keeps a webhook active through 9 failed attempts and disables it at the 10th', async () => {
    const server = await newServer();
    const bad = await startReceiver(failing);
    const good = await startReceiver(() => 204);
    const hook = await register(server, bad);
    const other = await register(server, good);

    // T0: three events, three failed first attempts.
    const [a, b, c] = await emitMany(server, 3);
    await waitForAttempts(server, hook.id, 3);
    await waitForAttempts(server, other.id, 3);
    expect((await getWebhook(server, hook.id)).status).toBe('active');

    // T0+1 min and T0+11 min: their first and second retries, nine failures in all, 100%.
    await advance(server, 60);
    expect(await attemptsOf(server, hook.id)).toBe(6);
    await advance(server, 600);
    expect(await attemptsOf(server, hook.id)).toBe(9);
    expect(bad.received).toHaveLength(9);
    const beforeTenth = await getWebhook(server, hook.id);
    expect(beforeTenth.status).toBe('active');
    expect(beforeTenth.disabledAt).toBeUndefined();
    expect(beforeTenth.disabledReason).toBeUndefined();
    for (const delivery of await deliveriesOf(server, hook.id)) {
      expect(delivery).toMatchObject({
        status: 'pending',
        attemptCount: 3,
        nextAttemptAt: iso(T0 + 71 * MIN),
      });
      expect(delivery.attempts.every((x) => !x.succeeded && x.statusCode === 500)).toBe(true);
    }
    expect(await notifications(server)).toEqual([]);
    expect(await outbox(server)).toEqual([]);

    // T0+11 min: a fourth event; its first attempt is the tenth failure in 24 h.
    const d = (await emit(server)).id;
    await waitForAttempts(server, hook.id, 10);
    const disabled = await getWebhook(server, hook.id);
    expect(disabled).toMatchObject({
      id: hook.id,
      url: bad.url,
      status: 'disabled',
      disabledAt: iso(T0 + 11 * MIN),
    });
    // The reason gives the figures: 10 of 10 attempts failed.
    expect(disabled.disabledReason).toMatch(/\b10\b\D+\b10\b/);
    expect(disabled.disabledReason).toMatch(/24/);
    const listed = await server.request<ListBody<WebhookBody>>('GET', '/webhooks?status=disabled');
    expect(listed.body.data.map((w) => w.id)).toEqual([hook.id]);

    // Every delivery still pending is failed with webhook_disabled, at the moment it happened.
    const after = await deliveriesOf(server, hook.id);
    expect(after.map((x) => x.eventId)).toEqual([d, c, b, a]);
    for (const delivery of after) {
      expect(delivery).toMatchObject({
        status: 'failed',
        failureReason: 'webhook_disabled',
        failedAt: iso(T0 + 11 * MIN),
      });
      expect(delivery.nextAttemptAt).toBeUndefined();
    }
    expect(after.map((x) => x.attemptCount)).toEqual([1, 3, 3, 3]);
    expect(await deliveriesOf(server, hook.id, 'pending')).toEqual([]);
    expect((await deliveriesOf(server, hook.id, 'failed')).map((x) => x.eventId)).toEqual([
      d,
      c,
      b,
      a,
    ]);

    // One in-app notification and one e-mail to the clinic, in Spanish.
    const raised = await notifications(server);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      kind: 'webhook.disabled',
      data: { webhookId: hook.id },
      createdAt: iso(T0 + 11 * MIN),
    });
    expect(raised[0]!.readAt).toBeUndefined();
    expect(await server.service.core.notifications.unreadCount()).toBe(1);
    const mail = await outbox(server);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', to: DEFAULT_NOTICE_ADDRESS });
    expect(mail[0]!.subject).toMatch(/^Webhook desactivado/);
    expect(mail[0]!.body).toContain(hook.id);

    // New events go to the healthy webhook only; nothing reaches the disabled one, even a day on.
    const [e, f] = [await emit(server), await emit(server)];
    expect(e.webhookIds).toEqual([other.id]);
    expect(f.webhookIds).toEqual([other.id]);
    await waitForAttempts(server, other.id, 6);
    await advance(server, DAY / SEC);
    expect(bad.received).toHaveLength(10);
    expect(await count(server, 'webhook_deliveries')).toBe(4 + 6);
    expect(await attemptsOf(server, hook.id)).toBe(10);
    expect((await getWebhook(server, hook.id)).status).toBe('disabled');
    expect((await getWebhook(server, other.id)).status).toBe('active');
    const healthy = await deliveriesOf(server, other.id);
    expect(healthy.map((x) => x.status)).toEqual(Array(6).fill('delivered'));
    expect(good.received.map((r) => r.eventId)).toEqual([a, b, c, d, e.id, f.id]);
    expect(await notifications(server)).toHaveLength(1);
    expect(await outbox(server)).toHaveLength(1);
    expectAllSigned(bad);
    expectAllSigned(good);
  });

  it('stays active at exactly 95% failed (1 success in 20) and disables above it (1 in 21)', async () => {
    const server = await newServer();
    // The first request succeeds, every later one fails: the share only grows, one step at a time.
    const receiver = await startReceiver((n) => (n === 1 ? 200 : 503));
    const hook = await register(server, receiver);

    const ok = (await emit(server)).id;
    await waitForAttempts(server, hook.id, 1);
    expect((await deliveryOf(server, hook.id, ok)).status).toBe('delivered');

    // Four events that fail every attempt: 1 + 4 × 4 = 17 attempts, 16 failed (94%).
    const spent = await emitMany(server, 4);
    await waitForAttempts(server, hook.id, 5);
    await advance(server, 71 * 60);
    expect(await attemptsOf(server, hook.id)).toBe(17);
    for (const id of spent) {
      expect(await deliveryOf(server, hook.id, id)).toMatchObject({
        status: 'failed',
        failureReason: 'retries_exhausted',
        attemptCount: 4,
      });
    }
    expect((await getWebhook(server, hook.id)).status).toBe('active');

    // Three more failures: 19 of 20 failed, exactly 95%, is not more than 95%.
    const more = await emitMany(server, 3);
    await waitForAttempts(server, hook.id, 20);
    expect((await getWebhook(server, hook.id)).status).toBe('active');
    expect(await notifications(server)).toEqual([]);

    // One more: 20 of 21 failed (95.2%).
    const last = (await emit(server)).id;
    await waitForAttempts(server, hook.id, 21);
    const disabled = await getWebhook(server, hook.id);
    expect(disabled).toMatchObject({ status: 'disabled', disabledAt: iso(T0 + 71 * MIN) });
    expect(disabled.disabledReason).toMatch(/\b20\b\D+\b21\b/);
    for (const id of [...more, last]) {
      expect(await deliveryOf(server, hook.id, id)).toMatchObject({
        status: 'failed',
        failureReason: 'webhook_disabled',
        attemptCount: 1,
      });
    }
    expect(await notifications(server)).toHaveLength(1);
    expect(receiver.received).toHaveLength(21);
    expectAllSigned(receiver);
  });

  it('does not count attempts older than 24 hours', async () => {
    const server = await newServer();
    const receiver = await startReceiver(failing);
    const hook = await register(server, receiver);

    // Eight failures between T0 and T0+71 min (two events, every retry spent).
    await emitMany(server, 2);
    await waitForAttempts(server, hook.id, 2);
    await advance(server, 71 * 60);
    expect(await attemptsOf(server, hook.id)).toBe(8);

    // A quiet day, then two failures: ten in all, but only two in the trailing 24 h.
    await advance(server, DAY / SEC);
    await emitMany(server, 2);
    await waitForAttempts(server, hook.id, 10);
    expect((await getWebhook(server, hook.id)).status).toBe('active');
    // Their first retries: four in the window, still under the minimum of ten.
    await advance(server, 60);
    expect(await attemptsOf(server, hook.id)).toBe(12);
    expect((await getWebhook(server, hook.id)).status).toBe('active');
    expect(await notifications(server)).toEqual([]);
    expect(await outbox(server)).toEqual([]);
    expect(receiver.received).toHaveLength(12);
  });

  it('counts failures from earlier the same day', async () => {
    const server = await newServer();
    const receiver = await startReceiver(failing);
    const hook = await register(server, receiver);

    await emitMany(server, 2);
    await waitForAttempts(server, hook.id, 2);
    await advance(server, 71 * 60);
    expect(await attemptsOf(server, hook.id)).toBe(8);

    // 23 h after T0 the eight are still in the window: two more make ten, all failed.
    await advance(server, 23 * 3600 - 71 * 60);
    await emitMany(server, 2);
    await waitForAttempts(server, hook.id, 10);
    const disabled = await getWebhook(server, hook.id);
    expect(disabled).toMatchObject({ status: 'disabled', disabledAt: iso(T0 + 23 * HOUR) });
    expect(disabled.disabledReason).toMatch(/\b10\b\D+\b10\b/);
  });
});

describe('notice of a disabled webhook', () => {
  it('e-mails the configured notification address', async () => {
    const server = await newServer();
    await server.service.core.delivery.setNotificationEmail('x@y.example');
    const { webhook } = await disableAtT0(server, await startReceiver());
    const mail = await outbox(server);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      channel: 'email',
      to: 'x@y.example',
      createdAt: iso(T0),
    });
    expect(mail[0]!.subject).toMatch(/^Webhook desactivado/);
    expect(mail[0]!.body).toContain(webhook.id);
    const raised = await notifications(server);
    expect(raised.map((n) => [n.kind, n.data.webhookId])).toEqual([
      ['webhook.disabled', webhook.id],
    ]);
    expect(await server.service.core.notifications.unreadCount()).toBe(1);
  });

  it('writes the e-mail in English when the app language is English', async () => {
    const server = await newServer();
    await server.service.core.delivery.setAppLanguage('en');
    const { webhook } = await disableAtT0(server, await startReceiver());
    const mail = await outbox(server);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', to: DEFAULT_NOTICE_ADDRESS });
    expect(mail[0]!.subject).toMatch(/^Webhook disabled/);
    expect(mail[0]!.body).toContain(webhook.id);
    expect(mail[0]!.body).not.toMatch(/desactivado/);
  });
});

describe('reactivation and manual retries', () => {
  it('resumes deliveries after PATCH {status: "active"} and counts failures afresh', async () => {
    const server = await newServer();
    const receiver = await startReceiver();
    const { webhook, eventIds } = await disableAtT0(server, receiver);

    // Reactivated an hour later: the ten failures at T0 are still inside the 24 h window.
    await advance(server, 3600);
    const patched = await server.request<WebhookBody>('PATCH', `/webhooks/${webhook.id}`, {
      body: { status: 'active' },
    });
    expect(patched.status, patched.text).toBe(200);
    expectSchema(WebhookSchema, patched.body);
    expect(patched.body.status).toBe('active');
    expect(patched.body.disabledAt).toBeUndefined();
    expect(patched.body.disabledReason).toBeUndefined();
    expect(await getWebhook(server, webhook.id)).toEqual(patched.body);

    // The deliveries failed by the deactivation stay failed: they are retried one by one only.
    await advance(server, 60);
    expect(receiver.received).toHaveLength(10);
    const old = await deliveriesOf(server, webhook.id, 'failed');
    expect(old.map((x) => x.eventId).sort()).toEqual([...eventIds].sort());
    expect(old.every((x) => x.failureReason === 'webhook_disabled')).toBe(true);

    // A new event is delivered again; its failure is the first since reactivation (the ten
    // earlier ones, all within 24 h, no longer count).
    const next = await emit(server);
    expect(next.webhookIds).toEqual([webhook.id]);
    await waitForAttempts(server, webhook.id, 11);
    expect(receiver.received).toHaveLength(11);
    expect((await getWebhook(server, webhook.id)).status).toBe('active');
    expect(await deliveryOf(server, webhook.id, next.id)).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      nextAttemptAt: iso(T0 + HOUR + 2 * MIN),
    });

    // The receiver recovers: the retry delivers it.
    receiver.answer = () => 200;
    await advance(server, 60);
    expect(await deliveryOf(server, webhook.id, next.id)).toMatchObject({
      status: 'delivered',
      attemptCount: 2,
      deliveredAt: iso(T0 + HOUR + 2 * MIN),
    });
    expect(requestsFor(receiver, next.id)).toHaveLength(2);
    expect(await notifications(server)).toHaveLength(1);
    expect(await outbox(server)).toHaveLength(1);
    expectAllSigned(receiver);
  });

  it('does not count failures recorded before a reactivation made at the same instant', async () => {
    // The sandbox clock does not move between the tenth failure and the PATCH, so both carry T0.
    const server = await newServer();
    const receiver = await startReceiver();
    const { webhook } = await disableAtT0(server, receiver);
    const patched = await server.request<WebhookBody>('PATCH', `/webhooks/${webhook.id}`, {
      body: { status: 'active' },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.status).toBe('active');

    await advance(server, 60);
    await emit(server);
    await waitForAttempts(server, webhook.id, 11);
    const after = await getWebhook(server, webhook.id);
    // One failure since the reactivation: far from the minimum of ten attempts.
    expect(after.disabledReason).toBeUndefined();
    expect(after.status).toBe('active');
    expect(await notifications(server)).toHaveLength(1);
  });

  it('refuses a manual retry while disabled and allows it after reactivation', async () => {
    const server = await newServer();
    const receiver = await startReceiver();
    const { webhook, eventIds } = await disableAtT0(server, receiver);
    const eventId = eventIds[3]!;
    const firstBody = requestsFor(receiver, eventId)[0]!.body;

    const before = await snapshot(server);
    const refused = await server.request(
      'POST',
      `/webhooks/${webhook.id}/deliveries/${eventId}/retry`,
    );
    expectProblem(refused, 400, 'webhook_disabled');
    await server.service.core.runner.idle();
    expect(await snapshot(server)).toEqual(before);
    expect(receiver.received).toHaveLength(10);

    const patched = await server.request('PATCH', `/webhooks/${webhook.id}`, {
      body: { status: 'active' },
    });
    expect(patched.status, patched.text).toBe(200);
    receiver.answer = () => 200;
    const retried = await server.request<DeliveryBody>(
      'POST',
      `/webhooks/${webhook.id}/deliveries/${eventId}/retry`,
    );
    expect(retried.status, retried.text).toBe(200);
    expectSchema(DeliverySchema, retried.body);
    expect(retried.body).toMatchObject({
      eventId,
      status: 'delivered',
      attemptCount: 1,
      deliveredAt: iso(T0),
    });
    expect(retried.body.failureReason).toBeUndefined();
    expect(retried.body.failedAt).toBeUndefined();
    expect(retried.body.attempts.map((x) => [x.trigger, x.succeeded, x.statusCode])).toEqual([
      ['automatic', false, 500],
      ['manual', true, 200],
    ]);
    // Same event id, same bytes, signed with the same secret.
    const sent = requestsFor(receiver, eventId);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.equals(firstBody)).toBe(true);
    expect(sent[1]!.headers['x-service-event']).toBe('patient.created');
    expect(receiver.received).toHaveLength(11);
    // The other deliveries it failed are untouched.
    const failed = await deliveriesOf(server, webhook.id, 'failed');
    expect(failed).toHaveLength(9);
    expect(failed.every((x) => x.failureReason === 'webhook_disabled')).toBe(true);
    expectAllSigned(receiver);
  });
});

// ---------------------------------------------------------------------------------------------

describe('durability across restarts', () => {
  it('runs pending retries at their planned times after restarts, none lost or repeated', async () => {
    const dir = dataDir();
    const receiver = await startReceiver(failing);
    const first = await newServer({ dataDir: dir, realNow: fakeTime(T0).now });
    const hook = await register(first, receiver);
    const ids = await emitMany(first, 3);
    await waitForAttempts(first, hook.id, 3);
    // Stopped while the three first retries are pending.
    await first.close();

    const second = await newServer({ dataDir: dir, realNow: fakeTime(T0).now });
    const pending = await deliveriesOf(second, hook.id);
    expect(pending.map((x) => x.eventId)).toEqual([...ids].reverse());
    for (const delivery of pending) {
      expect(delivery).toMatchObject({
        status: 'pending',
        attemptCount: 1,
        nextAttemptAt: iso(T0 + MIN),
      });
    }
    await second.service.core.runner.idle();
    expect(receiver.received).toHaveLength(3);
    await advance(second, 60);
    expect(receiver.received).toHaveLength(6);
    await second.close();

    // Another restart; then the receiver recovers before the third attempt.
    const third = await newServer({ dataDir: dir, realNow: fakeTime(T0).now });
    await third.service.core.runner.idle();
    expect(receiver.received).toHaveLength(6);
    receiver.answer = () => 200;
    await advance(third, 600);
    await advance(third, DAY / SEC);

    for (const id of ids) {
      const delivery = await deliveryOf(third, hook.id, id);
      expect(delivery).toMatchObject({
        status: 'delivered',
        attemptCount: 3,
        deliveredAt: iso(T0 + 11 * MIN),
      });
      expect(delivery.attempts.map((x) => [x.attemptedAt, x.succeeded])).toEqual([
        [iso(T0), false],
        [iso(T0 + MIN), false],
        [iso(T0 + 11 * MIN), true],
      ]);
      const seen = requestsFor(receiver, id);
      expect(seen).toHaveLength(3);
      // Delivered exactly once, with the same bytes every time.
      expect(seen.slice(1).every((r) => r.body.equals(seen[0]!.body))).toBe(true);
    }
    expect(receiver.received).toHaveLength(9);
    expect(await attemptsOf(third, hook.id)).toBe(9);
    expect((await getWebhook(third, hook.id)).status).toBe('active');
    expectAllSigned(receiver);
  });

  it('sends again an attempt cut short by a shutdown, without recording it as a failure', async () => {
    const dir = dataDir();
    // The first request is held (2 s) while the service stops; the next one succeeds.
    const receiver = await startReceiver((n) => (n === 1 ? 'hold' : 200));
    const first = await newServer({ dataDir: dir, realNow: fakeTime(T0).now });
    const hook = await register(first, receiver);
    const { id } = await emit(first);
    await until(() => receiver.received.length === 1, 'the held request');
    await first.close();
    expect(receiver.received).toHaveLength(1);

    const second = await newServer({ dataDir: dir, realNow: fakeTime(T0).now });
    await until(() => receiver.received.length === 2, 'the request after the restart');
    await until(
      async () =>
        (await second.service.core.q.webhookDeliveries.get(hook.id, id))?.status === 'delivered',
      'the delivery to settle',
    );
    await second.service.core.runner.idle();

    const delivery = await deliveryOf(second, hook.id, id);
    expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 1, deliveredAt: iso(T0) });
    expect(delivery.attempts.map((x) => [x.trigger, x.succeeded, x.statusCode])).toEqual([
      ['automatic', true, 200],
    ]);
    // At least once: the receiver saw the event twice, with the same id to drop the duplicate.
    const [held, again] = receiver.received;
    expect(held!.eventId).toBe(id);
    expect(again!.eventId).toBe(id);
    expect(again!.body.equals(held!.body)).toBe(true);
    expect(await count(second, 'webhook_attempts')).toBe(1);
    // The interrupted flush job went back to the queue rather than failing.
    expect(
      await second.service.core.db
        .prepare(`SELECT count(*) FROM jobs WHERE status = 'failed'`)
        .pluck()
        .get(),
    ).toBe(0);
    await advance(second, DAY / SEC);
    expect(receiver.received).toHaveLength(2);
    expectAllSigned(receiver);
  });

  it('sends on start a delivery written just before a crash', async () => {
    const dir = dataDir();
    const receiver = await startReceiver();
    // A core whose job runner never starts: the event and its delivery are written, no attempt.
    const crashed = await createCore({
      dataDir: dir,
      seed: 'empty',
      sandbox: true,
      realNow: fakeTime(T0).now,
    });
    const created = await crashed.webhooks.create({
      url: receiver.url,
      events: ['patient.created'],
    });
    receiver.secret = created.secret;
    const patient = await crashed.patients.create({ firstName: 'Jordi', lastName: 'Vidal' });
    const written = await crashed.q.webhookDeliveries.pendingByWebhook();
    expect(written).toEqual([{ webhookId: created.id, dueAt: iso(T0) }]);
    await crashed.close();
    expect(receiver.received).toEqual([]);

    const server = await newServer({ dataDir: dir, realNow: fakeTime(T0).now });
    await until(() => receiver.received.length === 1, 'the delivery after start');
    await server.service.core.runner.idle();
    const [only] = await deliveriesOf(server, created.id);
    expect(only).toMatchObject({ status: 'delivered', attemptCount: 1, event: 'patient.created' });
    expect(receiver.received[0]!.json).toMatchObject({
      id: only!.eventId,
      event: 'patient.created',
      data: { patientId: patient.id },
    });
    await advance(server, DAY / SEC);
    expect(receiver.received).toHaveLength(1);
    expectAllSigned(receiver);
  });
});

// ---------------------------------------------------------------------------------------------

describe('SSRF guard at connection time', () => {
  it('refuses a host that resolves to a loopback address after registration (DNS rebinding)', async () => {
    // A local listener on the port the URL names: if the guard let the connection through, it
    // would arrive here.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => listener.close(() => resolve())));
    const port = (listener.address() as net.AddressInfo).port;

    const lookups: Array<{ host: string; address: string }> = [];
    const webhookResolver: Resolver = async (host) => {
      // Public only for the first lookup (the registration check); loopback for every later one,
      // so a public address never reaches a connection.
      const address = lookups.length === 0 ? '93.184.216.34' : '127.0.0.1';
      lookups.push({ host, address });
      return [{ address, family: 4 }];
    };
    const server = await newServer({ sandbox: false, webhookResolver });

    const url = `https://hooks.rebind.test:${port}/x`;
    const created = await server.request<WebhookBody>('POST', '/webhooks', {
      body: { url, events: ['patient.created'] },
    });
    expect(created.status, created.text).toBe(201);
    expect(lookups).toEqual([{ host: 'hooks.rebind.test', address: '93.184.216.34' }]);

    const patient = await server.request('POST', '/patients', {
      body: { firstName: 'Marta', lastName: 'Soler' },
    });
    expect(patient.status, patient.text).toBe(201);
    await waitForAttempts(server, created.body.id, 1);

    const [delivery] = await deliveriesOf(server, created.body.id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attemptCount: 1,
      nextAttemptAt: iso(T0 + MIN),
    });
    expect(delivery!.attempts).toHaveLength(1);
    expect(delivery!.attempts[0]).toMatchObject({
      trigger: 'automatic',
      succeeded: false,
      error: 'blocked_address',
      url,
    });
    expect(delivery!.attempts[0]!.statusCode).toBeUndefined();
    expect(lookups.length).toBeGreaterThanOrEqual(2);
    expect(lookups.slice(1).every((l) => l.host === 'hooks.rebind.test')).toBe(true);
    expect(connections).toBe(0);
  });

  it('stops sending to a sandbox-only URL once sandbox mode is switched off', async () => {
    const server = await newServer();
    const receiver = await startReceiver();
    const hook = await register(server, receiver);

    const before = await server.request('POST', '/patients', {
      body: { firstName: 'Pau', lastName: 'Roca' },
    });
    expect(before.status, before.text).toBe(201);
    await waitForAttempts(server, hook.id, 1);
    expect(receiver.received).toHaveLength(1);

    await server.service.core.setSandbox(false, 'window');
    const after = await server.request<{ id: string }>('POST', '/patients', {
      body: { firstName: 'Laia', lastName: 'Ferrer' },
    });
    expect(after.status, after.text).toBe(201);
    await waitForAttempts(server, hook.id, 2);

    const deliveries = await deliveriesOf(server, hook.id);
    expect(deliveries.map((x) => x.status)).toEqual(['pending', 'delivered']);
    expect(deliveries[0]!.attempts).toHaveLength(1);
    expect(deliveries[0]!.attempts[0]).toMatchObject({
      succeeded: false,
      error: 'url_not_allowed',
      url: receiver.url,
    });
    expect(deliveries[0]!.attempts[0]!.statusCode).toBeUndefined();
    expect(receiver.received).toHaveLength(1);
    expectAllSigned(receiver);
  });
});
