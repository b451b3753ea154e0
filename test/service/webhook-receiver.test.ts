import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PushEvent } from '../../src-preload/contract';
import type { ServiceOptions } from '../../src-main/service/create-service';
import { RECEIVER_KEEP, type ReceivedRequest } from '../../src-main/service/schemas/test-receiver';
import type { WebhookDelivery } from '../../src-main/service/schemas/webhook';
import { disabledReason } from '../../src-main/service/webhooks/webhook-disabled-notice';
import {
  count,
  expectProblem,
  readResponse,
  serversClosedAfterEach,
  type TestServer,
} from './helpers';
import { fieldErrors, withOperations } from './operation-harness';
import { T0 } from './time';

/*
 * The sandbox's built-in webhook test receiver (POST /sandbox-receiver/{name}) and the desktop
 * operations around it (contract group `receiver`), through real HTTP: the dispatcher delivers
 * to the service's own receiver, which verifies each signature with the matching webhook's
 * secret. Also the figures `webhooks.list` adds for the window.
 */

const { newServer } = serversClosedAfterEach(T0);

const refusal = (server: TestServer, name: string, input?: unknown) =>
  withOperations(server).refused(name, input);

async function sandboxServer(options: ServiceOptions = {}) {
  const server = await newServer({ sandbox: true, ...options });
  const run = withOperations(server).ok;
  const { url } = await run<{ url: string }>('receiver.url', {});
  return { server, run, receiverUrl: url };
}

async function register(server: TestServer, url: string, events = ['patient.created']) {
  const res = await server.request('POST', '/webhooks', { body: { url, events } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string; url: string };
}

async function emit(server: TestServer, event = 'patient.created') {
  const res = await server.request('POST', '/sandbox/events', { body: { event } });
  expect(res.status).toBe(201);
  return res.body as { id: string; webhookIds: string[] };
}

async function advance(server: TestServer, seconds: number) {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status).toBe(200);
}

async function delivery(server: TestServer, webhookId: string, eventId: string) {
  const res = await server.request('GET', `/webhooks/${webhookId}/deliveries`);
  expect(res.status).toBe(200);
  return (res.body.data as WebhookDelivery[]).find((d) => d.eventId === eventId);
}

/** A request straight to the receiver, as any client could send it. */
async function post(url: string, body: string, headers: Record<string, string> = {}) {
  return readResponse(
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }),
  );
}

const sign = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('the built-in test receiver', () => {
  it('is this server’s own loopback URL, outside /api/v1', async () => {
    const { server, receiverUrl, run } = await sandboxServer();
    const origin = new URL(server.url).origin;
    expect(receiverUrl).toBe(`${origin}/sandbox-receiver/inbox`);
    expect(await run('receiver.url', { name: 'lab-2' })).toEqual({
      url: `${origin}/sandbox-receiver/lab-2`,
      name: 'lab-2',
      failing: false,
      keep: RECEIVER_KEEP,
    });
  });

  it('receives a real delivery from the dispatcher and verifies its signature', async () => {
    const { server, run, receiverUrl } = await sandboxServer();
    const topics: string[][] = [];
    server.service.core.changes.subscribe((event: PushEvent) => {
      if (event.type === 'changed') topics.push(event.data.topics);
    });
    const hook = await register(server, receiverUrl);
    const event = await emit(server);
    expect(event.webhookIds).toEqual([hook.id]);

    await expect
      .poll(async () => (await run<ReceivedRequest[]>('receiver.list', {})).length)
      .toBe(1);
    const [got] = await run<ReceivedRequest[]>('receiver.list', {});
    expect(got).toMatchObject({
      name: 'inbox',
      verified: true,
      verdict: 'verified',
      eventId: event.id,
      event: 'patient.created',
      webhook: { id: hook.id, url: receiverUrl },
      answeredStatus: 200,
      bodyTruncated: false,
    });
    expect(got!.receivedAt).toBe(server.service.core.clock.nowIso());
    expect(got!.bodySize).toBe(Buffer.byteLength(got!.body));
    expect(JSON.parse(got!.body)).toMatchObject({ id: event.id, event: 'patient.created' });
    expect(got!.headers['x-service-signature']).toBe(sign(hook.secret, got!.body));
    expect(got!.headers['x-service-delivery']).toBe(event.id);
    expect(got!.headers['content-type']).toBe('application/json');

    // The attempt the dispatcher recorded is the request the receiver got, and its answer.
    await expect
      .poll(async () => (await delivery(server, hook.id, event.id))?.status)
      .toBe('delivered');
    const log = await delivery(server, hook.id, event.id);
    expect(log!.attempts).toHaveLength(1);
    expect(log!.attempts[0]).toMatchObject({ succeeded: true, statusCode: 200 });
    expect(log!.attempts[0]!.requestHeaders['x-service-signature']).toBe(
      got!.headers['x-service-signature'],
    );
    // The receiver is on this machine: its answer's body is not kept with the attempt (issue 17),
    // its own inbox shows what it answered.
    expect(log!.attempts[0]).not.toHaveProperty('responseBody');
    expect(got).toMatchObject({ answeredStatus: 200, verified: true });
    // The window hears about it.
    await expect.poll(() => topics.flat()).toContain('receiver');
  });

  it('tells the webhooks sharing one URL apart by their signatures', async () => {
    const { server, run, receiverUrl } = await sandboxServer();
    const a = await register(server, receiverUrl);
    const b = await register(server, receiverUrl);
    const event = await emit(server);
    expect(event.webhookIds.sort()).toEqual([a.id, b.id].sort());
    await expect
      .poll(async () => (await run<ReceivedRequest[]>('receiver.list', {})).length)
      .toBe(2);
    const got = await run<ReceivedRequest[]>('receiver.list', {});
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got.map((r) => r.webhook?.id).sort()).toEqual([a.id, b.id].sort());
    for (const r of got) {
      const secret = r.webhook?.id === a.id ? a.secret : b.secret;
      expect(r.headers['x-service-signature']).toBe(sign(secret, r.body));
    }
  });

  it('records a tampered body, a wrong or missing signature and an unknown webhook as not verified', async () => {
    const { server, run, receiverUrl } = await sandboxServer();
    const hook = await register(server, receiverUrl);
    const body = JSON.stringify({ id: 'evt_x', event: 'patient.created', data: {} });

    const tampered = await post(receiverUrl, body.replace('{}', '{"patientId":"pat_y"}'), {
      'x-service-signature': sign(hook.secret, body),
    });
    expect(tampered.status).toBe(200);
    expect(tampered.body).toEqual({ received: true, verified: false });
    await post(receiverUrl, body, { 'x-service-signature': sign('whsec_other', body) });
    await post(receiverUrl, body, {});
    const stranger = await post(`${new URL(receiverUrl).origin}/sandbox-receiver/nobody`, body, {
      'x-service-signature': sign(hook.secret, body),
    });
    expect(stranger.status).toBe(200);
    // The control: the very same request, correctly signed, does verify.
    await post(receiverUrl, body, { 'x-service-signature': sign(hook.secret, body) });

    const got = (await run<ReceivedRequest[]>('receiver.list', {})).reverse();
    expect(got.map((r) => [r.name, r.verdict, r.verified, r.webhook?.id])).toEqual([
      ['inbox', 'signature_mismatch', false, hook.id],
      ['inbox', 'signature_mismatch', false, hook.id],
      ['inbox', 'signature_missing', false, hook.id],
      ['nobody', 'unknown_webhook', false, undefined],
      ['inbox', 'verified', true, hook.id],
    ]);
    // Only a matching URL counts: a webhook on another port or path is not this receiver's.
    const elsewhere = await register(server, 'http://127.0.0.1:9/sandbox-receiver/nobody');
    await post(`${new URL(receiverUrl).origin}/sandbox-receiver/nobody`, body, {
      'x-service-signature': sign(elsewhere.secret, body),
    });
    const [last] = await run<ReceivedRequest[]>('receiver.list', { limit: 1 });
    expect(last).toMatchObject({ verdict: 'unknown_webhook', verified: false });
    expect(last!.webhook).toBeUndefined();
  });

  it('keeps the raw bytes it verified, masks credentials, and filters by inbox name', async () => {
    const { server, run, receiverUrl } = await sandboxServer();
    const hook = await register(server, receiverUrl);
    // Not JSON, not even declared as such: the signature covers whatever bytes arrive.
    const body = 'nombre=Núria&ok=1';
    const res = await post(receiverUrl, body, {
      'content-type': 'application/x-www-form-urlencoded',
      'x-service-signature': sign(hook.secret, body),
      authorization: 'Bearer sk_should_not_be_kept',
    });
    expect(res.status).toBe(200);
    await post(`${new URL(receiverUrl).origin}/sandbox-receiver/other`, '{}');
    // No Content-Type at all (a byte array is sent without one): still recorded, still verified.
    const bare = new TextEncoder().encode('{"x":1}');
    const untyped = await fetch(receiverUrl, {
      method: 'POST',
      headers: { 'x-service-signature': sign(hook.secret, '{"x":1}') },
      body: bare,
    });
    expect(untyped.status).toBe(200);
    const [latest] = await run<ReceivedRequest[]>('receiver.list', { limit: 1 });
    expect(latest).toMatchObject({ body: '{"x":1}', verified: true });
    expect(latest!.headers['content-type']).toBeUndefined();
    const inbox = await run<ReceivedRequest[]>('receiver.list', { name: 'inbox' });
    expect(inbox).toHaveLength(2);
    expect(inbox[1]).toMatchObject({ body, bodySize: Buffer.byteLength(body), verified: true });
    expect(inbox[1]!.headers.authorization).toBe('…');
    expect(JSON.stringify(inbox)).not.toContain('sk_should_not_be_kept');
    expect(await run<ReceivedRequest[]>('receiver.list', { name: 'other' })).toHaveLength(1);
    expect(await run<ReceivedRequest[]>('receiver.list', {})).toHaveLength(3);
  });

  it('in failing mode answers 500, so the delivery is retried; back on, a retry delivers it', async () => {
    const { server, run, receiverUrl } = await sandboxServer();
    const hook = await register(server, receiverUrl);
    expect(await run('receiver.configure', { failing: true })).toMatchObject({ failing: true });
    const event = await emit(server);

    await expect
      .poll(async () => (await delivery(server, hook.id, event.id))?.attempts.length)
      .toBe(1);
    let log = (await delivery(server, hook.id, event.id))!;
    expect(log.status).toBe('pending');
    expect(log.attempts[0]).toMatchObject({
      succeeded: false,
      statusCode: 500,
      error: 'http_error',
    });
    expect(log.attempts[0]).not.toHaveProperty('responseBody');
    const [first] = await run<ReceivedRequest[]>('receiver.list', {});
    expect(first).toMatchObject({ answeredStatus: 500, verified: true });

    // The retries (1 min, 10 min, 1 h after each failure) all fail, then it is failed.
    await advance(server, 60);
    await advance(server, 600);
    await advance(server, 3600);
    log = (await delivery(server, hook.id, event.id))!;
    expect(log.status).toBe('failed');
    expect(log.failureReason).toBe('retries_exhausted');
    expect(log.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500]);
    const received = await run<ReceivedRequest[]>('receiver.list', {});
    expect(received.map((r) => [r.answeredStatus, r.verified, r.eventId])).toEqual(
      Array(4).fill([500, true, event.id]),
    );

    await run('receiver.configure', { failing: false });
    const retried = await run<WebhookDelivery>('webhooks.retry', {
      id: hook.id,
      eventId: event.id,
    });
    expect(retried.status).toBe('delivered');
    expect(retried.attempts.at(-1)).toMatchObject({
      trigger: 'manual',
      succeeded: true,
      statusCode: 200,
    });
    const [latest] = await run<ReceivedRequest[]>('receiver.list', { limit: 1 });
    expect(latest).toMatchObject({ answeredStatus: 200, verified: true, eventId: event.id });
  });

  it('keeps only the newest requests', async () => {
    const { server, run, receiverUrl } = await sandboxServer();
    const total = RECEIVER_KEEP + 5;
    for (let i = 0; i < total; i++) await post(receiverUrl, JSON.stringify({ n: i }));
    expect(await count(server, 'receiver_requests')).toBe(RECEIVER_KEEP);
    const kept = await run<ReceivedRequest[]>('receiver.list', { limit: RECEIVER_KEEP });
    expect(kept).toHaveLength(RECEIVER_KEEP);
    expect(JSON.parse(kept[0]!.body)).toEqual({ n: total - 1 });
    expect(JSON.parse(kept.at(-1)!.body)).toEqual({ n: 5 });

    expect(await run('receiver.clear')).toEqual({ cleared: RECEIVER_KEEP });
    expect(await run('receiver.list', {})).toEqual([]);
    // Numbers are never reused, so the window can tell a new arrival from an old one.
    await post(receiverUrl, '{}');
    const [next] = await run<ReceivedRequest[]>('receiver.list', {});
    expect(next!.seq).toBe(total + 1);
  });

  it('does not exist outside sandbox mode, and is refused by the operations', async () => {
    const server = await newServer({ sandbox: false });
    const origin = new URL(server.url).origin;
    const res = await post(`${origin}/sandbox-receiver/inbox`, '{}');
    expectProblem(res, 404, 'route_not_found');
    for (const [name, input] of [
      ['receiver.url', {}],
      ['receiver.list', {}],
      ['receiver.clear', undefined],
      ['receiver.configure', { failing: true }],
    ] as const) {
      expect((await refusal(server, name, input)).code, name).toBe('sandbox_off');
    }
    expect(await count(server, 'receiver_requests')).toBe(0);
    expect(await server.service.core.q.settings.get('test_receiver_failing')).toBeUndefined();

    // The switch is live: turned off under a running sandbox server, the route goes at once.
    const { server: live, receiverUrl } = await sandboxServer();
    await live.service.core.setSandbox(false, 'window');
    expectProblem(await post(receiverUrl, '{}'), 404, 'route_not_found');
    await live.service.core.setSandbox(true, 'window');
    expect((await post(receiverUrl, '{}')).status).toBe(200);
    expect(await count(live, 'receiver_requests')).toBe(1);
  });

  it('answers bad input with a 4xx and changes nothing', async () => {
    const { server, run, receiverUrl } = await sandboxServer();
    const origin = new URL(receiverUrl).origin;
    const tooLong = await post(`${origin}/sandbox-receiver/${'a'.repeat(65)}`, '{}');
    expectProblem(tooLong, 422, 'validation_failed');
    expectProblem(await post(`${origin}/sandbox-receiver/-dash`, '{}'), 422, 'validation_failed');
    expectProblem(await post(receiverUrl, 'x'.repeat(1024 * 1024 + 1)), 413, 'payload_too_large');
    const get = await readResponse(await fetch(receiverUrl));
    expectProblem(get, 405, 'method_not_allowed');
    expect(get.headers.get('allow')).toBe('POST');
    expect(await count(server, 'receiver_requests')).toBe(0);

    const bad: [string, unknown, string][] = [
      ['receiver.configure', { failing: 'yes' }, '/failing'],
      ['receiver.configure', {}, '/failing'],
      ['receiver.configure', { failing: true, extra: 1 }, '/extra'],
      ['receiver.list', { limit: 0 }, '/limit'],
      ['receiver.list', { limit: RECEIVER_KEEP + 1 }, '/limit'],
      ['receiver.url', { name: 'a b' }, '/name'],
      ['receiver.clear', { all: true }, '/'],
    ];
    for (const [name, input, pointer] of bad) {
      const error = await refusal(server, name, input);
      expect(error.code, name).toBe('validation_failed');
      expect(
        fieldErrors(error).map((e) => e.pointer),
        `${name} ${JSON.stringify(input)}`,
      ).toContain(pointer);
    }
    expect(await run('receiver.url', {})).toMatchObject({ failing: false });

    await post(receiverUrl, '{}');
    expect((await refusal(server, 'receiver.clear', { all: true })).code).toBe('validation_failed');
    expect(await count(server, 'receiver_requests')).toBe(1);
  });
});

describe('the webhook figures the window shows', () => {
  it('counts attempts over 24 h, the last attempt and open deliveries; a disabled one says why', async () => {
    const { server, run, receiverUrl } = await sandboxServer();
    const hook = await register(server, receiverUrl);
    type View = { id: string; stats: Record<string, unknown> };
    const fresh = await run<View>('webhooks.get', { id: hook.id });
    expect(fresh.stats).toEqual({
      attempts: 0,
      failedAttempts: 0,
      pendingDeliveries: 0,
      failedDeliveries: 0,
    });
    expect(JSON.stringify(fresh)).not.toContain(hook.secret);

    await emit(server);
    await expect
      .poll(async () => (await run<View>('webhooks.get', { id: hook.id })).stats.attempts)
      .toBe(1);
    await run('receiver.configure', { failing: true });
    await emit(server);
    await expect
      .poll(async () => (await run<View>('webhooks.get', { id: hook.id })).stats.attempts)
      .toBe(2);
    const page = await run<{ data: View[] }>('webhooks.list', {});
    expect(page.data).toHaveLength(1);
    expect(page.data[0]!.stats).toMatchObject({
      attempts: 2,
      failedAttempts: 1,
      lastAttempt: { succeeded: false, statusCode: 500, error: 'http_error' },
      pendingDeliveries: 1,
      failedDeliveries: 0,
    });
    expect(JSON.stringify(page)).not.toContain(hook.secret);

    // A day later the window is empty again; the newest attempt is still known.
    await run('receiver.configure', { failing: false });
    await advance(server, 86_400 + 60);
    const later = await run<View>('webhooks.get', { id: hook.id });
    expect(later.stats).toMatchObject({
      lastAttempt: { succeeded: true, statusCode: 200 },
      pendingDeliveries: 0,
    });

    const { core } = server.service;
    await core.q.webhooks.disable(hook.id, core.clock.nowIso(), disabledReason(19, 20));
    const disabled = await run<View & { status: string }>('webhooks.get', { id: hook.id });
    expect(disabled.status).toBe('disabled');
    expect(disabled.stats.disabledBy).toEqual({ failed: 19, total: 20 });
  });
});
