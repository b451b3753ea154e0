import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src-main/service/schemas/auth';
import {
  CreatedWebhook,
  DeliveryList,
  Webhook,
  WebhookList,
} from '../../src-main/service/schemas/webhook';
import type { Resolver } from '../../src-main/service/webhooks/webhook-url-policy';
import {
  count,
  expectProblem,
  expectSchema,
  qs,
  serversClosedAfterEach,
  type ApiResponse,
  type ListBody,
  type TestServer,
} from './helpers';
import { SEC, T0_ISO, T0, iso } from './time';

/*
 * Webhook registration and management through real HTTP (issue 5 part 1; interface spec:
 * Webhook, Events; api-decisions §§2, 3, 5, 8, 9, 10): POST /webhooks with its one-time secret,
 * the URL rules in sandbox mode and outside it (SSRF: private, loopback, link-local, CGNAT and
 * unresolvable hosts, with DNS faked by `webhookResolver`), event-list validation, the list with
 * its cursor and filter, GET/PATCH/DELETE by id, reactivation of a disabled webhook, permissions,
 * and a DELETE that stops pending retries.
 *
 * Every server runs on a fake real-time source, so the service clock only moves when a test
 * advances it. Every refusal is checked to leave the database as it was.
 */

const WEBHOOK_ID = /^wh_[0-9A-HJKMNP-TV-Z]{26}$/;
/** `whsec_` + standard base64 of 32 bytes: 43 characters and one `=` of padding. */
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const UNKNOWN_WEBHOOK = 'wh_01JD8X3V6Q9R2T5W7Y0B4C6E8G';
const PUBLIC_ADDRESS = '93.184.216.34';

type Status = 'active' | 'disabled';

interface WebhookBody {
  id: string;
  url: string;
  events: string[];
  status: Status;
  disabledAt?: string;
  disabledReason?: string;
  createdAt: string;
  updatedAt: string;
}

interface CreatedBody extends WebhookBody {
  secret: string;
}

interface WebhookRow {
  id: string;
  url: string;
  events: string;
  secret: string;
  status: Status;
  disabled_at: string | null;
  disabled_reason: string | null;
  stats_since: string;
  stats_after_seq: number;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const { newServer, cleanups } = serversClosedAfterEach(T0);

function createWebhook(
  server: TestServer,
  body: unknown,
  options: { token?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse<CreatedBody>> {
  return server.request<CreatedBody>('POST', '/webhooks', { body, ...options });
}

/** Registers a webhook that must be accepted; checks the answer's shape and returns it. */
async function registered(
  server: TestServer,
  url = 'https://hooks.example.com/engage',
  events: string[] = ['patient.created'],
): Promise<CreatedBody> {
  const res = await createWebhook(server, { url, events });
  expect(res.status, res.text).toBe(201);
  expectSchema(CreatedWebhook, res.body);
  return res.body;
}

async function getWebhook(server: TestServer, id: string): Promise<WebhookBody> {
  const res = await server.request<WebhookBody>('GET', `/webhooks/${id}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(Webhook, res.body);
  return res.body;
}

async function listWebhooks(
  server: TestServer,
  params: Record<string, string | number | undefined> = {},
): Promise<ListBody<WebhookBody>> {
  const res = await server.request<ListBody<WebhookBody>>('GET', `/webhooks${qs(params)}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(WebhookList, res.body);
  return res.body;
}

function patchWebhook(
  server: TestServer,
  id: string,
  body: unknown,
  options: { token?: string | null } = {},
): Promise<ApiResponse<WebhookBody>> {
  return server.request<WebhookBody>('PATCH', `/webhooks/${id}`, { body, ...options });
}

async function advance(server: TestServer, seconds: number): Promise<number> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status, res.text).toBe(200);
  return Date.parse(res.body.now as string);
}

async function webhookRow(server: TestServer, id: string): Promise<WebhookRow | undefined> {
  return await server.service.core.db
    .prepare<[string], WebhookRow>('SELECT * FROM webhooks WHERE id = ?')
    .get(id);
}

/** Everything a webhook write could touch, row by row. */
async function snapshot(server: TestServer) {
  const { db } = server.service.core;
  // Each table's first column is its key (id or seq).
  const all = (table: string) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
  return {
    webhooks: await all('webhooks'),
    deliveries: await all('webhook_deliveries'),
    attempts: await all('webhook_attempts'),
    events: await count(server, 'events'),
    jobs: await all('jobs'),
    idempotency: await count(server, 'idempotency_keys'),
    notifications: await count(server, 'notifications'),
  };
}

/** Expects a 422 validation_failed whose first error is at `pointer` (with `code`, if given). */
function expectFieldError(res: ApiResponse, pointer: string, code?: string): void {
  expectProblem(res, 422, 'validation_failed');
  expect(Array.isArray(res.body.errors), res.text).toBe(true);
  expect(res.body.errors[0]?.pointer, res.text).toBe(pointer);
  if (code !== undefined) expect(res.body.errors[0]?.code, res.text).toBe(code);
}

/** The pointers of a 422's field errors. */
function pointersOf(res: ApiResponse): Array<string | undefined> {
  return (res.body.errors as Array<{ pointer?: string }>).map((e) => e.pointer);
}

/** Polls `probe` with short sleeps until it gives a truthy value (bounded). */
async function until<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
): Promise<T> {
  for (let i = 0; i < 1000; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Waits until the webhook has `n` attempts recorded and the runner has no work in flight. */
async function attemptsRecorded(server: TestServer, webhookId: string, n: number): Promise<void> {
  const { db, runner } = server.service.core;
  const attempts = db
    .prepare<[string], number>('SELECT count(*) FROM webhook_attempts WHERE webhook_id = ?')
    .pluck();
  await until(`${n} attempt(s) of ${webhookId}`, async () => (await attempts.get(webhookId))! >= n);
  await runner.idle();
  expect(await attempts.get(webhookId)).toBe(n);
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether X-Service-Signature matched the HMAC the test computed itself. */
  signatureOk: boolean;
}

/**
 * A receiver on 127.0.0.1:0 that records every request, checks its signature with the secret it
 * is given (HMAC-SHA256 of the raw body keyed with the UTF-8 bytes of the whole secret) and
 * answers `status`.
 */
async function startReceiver(status: number) {
  const received: Received[] = [];
  let secret = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const expected = Buffer.from(
        `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest('hex')}`,
      );
      const given = Buffer.from(String(req.headers['x-service-signature'] ?? ''));
      received.push({
        headers: req.headers,
        body: raw.toString('utf8'),
        signatureOk: given.length === expected.length && timingSafeEqual(given, expected),
      });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
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
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    useSecret(value: string) {
      secret = value;
    },
  };
}

/** A patient through the API: writes patient.created. */
async function createPatient(server: TestServer): Promise<string> {
  const res = await server.request('POST', '/patients', {
    body: { firstName: 'Núria', lastName: 'Puig', email: 'nuria.puig@example.com' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** A fake DNS: names map to addresses; other names do not resolve (ENOTFOUND). */
function fakeDns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolver = async (host) => {
    asked.push(host);
    const addresses = table[host];
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {
        code: 'ENOTFOUND',
        hostname: host,
      });
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

/** A production-mode server (sandbox off) whose names resolve by `table`. */
async function productionServer(table: Record<string, string[]> = {}) {
  const dns = fakeDns({ 'hooks.example.com': [PUBLIC_ADDRESS], ...table });
  const server = await newServer({ sandbox: false, webhookResolver: dns.resolve });
  return { server, dns };
}

// ---------------------------------------------------------------------------------------------

describe('POST /webhooks', () => {
  it('registers a webhook: 201, Location, the Webhook with a one-time whsec_ secret', async () => {
    const server = await newServer();
    const res = await createWebhook(server, {
      url: 'https://hooks.example.com/engage',
      events: ['patient.created', 'form.completed'],
    });
    expect(res.status, res.text).toBe(201);
    expectSchema(CreatedWebhook, res.body);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const wh = res.body;
    expect(wh.id).toMatch(WEBHOOK_ID);
    expect(res.headers.get('location')).toBe(`/api/v1/webhooks/${wh.id}`);
    expect(wh).toEqual({
      id: wh.id,
      url: 'https://hooks.example.com/engage',
      events: ['patient.created', 'form.completed'],
      status: 'active',
      secret: wh.secret,
      createdAt: T0_ISO,
      updatedAt: T0_ISO,
    });

    // whsec_ + base64 of exactly 32 bytes (api-decisions §8).
    expect(wh.secret).toMatch(SECRET);
    const raw = Buffer.from(wh.secret.slice('whsec_'.length), 'base64');
    expect(raw.length).toBe(32);
    expect(raw.toString('base64')).toBe(wh.secret.slice('whsec_'.length));

    // Stored as shown, active, counting from its creation.
    expect(await webhookRow(server, wh.id)).toEqual({
      id: wh.id,
      url: 'https://hooks.example.com/engage',
      events: JSON.stringify(['patient.created', 'form.completed']),
      secret: wh.secret,
      status: 'active',
      disabled_at: null,
      disabled_reason: null,
      stats_since: T0_ISO,
      stats_after_seq: 0,
      created_at: T0_ISO,
      updated_at: T0_ISO,
      api_json: expect.any(String),
    });
    expect(await count(server, 'webhooks')).toBe(1);
  });

  it('accepts every event kind, and gives each webhook its own secret', async () => {
    const server = await newServer();
    const kinds = [
      'patient.created',
      'form.completed',
      'call.ended',
      'conversation.ended',
      'credits.low',
      'schedule.sent',
    ];
    const secrets = new Set<string>();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const wh = await registered(server, `https://hooks.example.com/${i}`, kinds);
      expect(wh.events).toEqual(kinds);
      expect(wh.secret).toMatch(SECRET);
      secrets.add(wh.secret);
      ids.add(wh.id);
    }
    expect(secrets.size).toBe(5);
    expect(ids.size).toBe(5);
  });

  it('never shows the secret again: GET, list, PATCH answer, deliveries list', async () => {
    const server = await newServer();
    const receiver = await startReceiver(200);
    const wh = await registered(server, receiver.url, ['patient.created']);
    receiver.useSecret(wh.secret);
    const secretBody = wh.secret.slice('whsec_'.length);

    await createPatient(server);
    await attemptsRecorded(server, wh.id, 1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.signatureOk).toBe(true);

    const answers: Array<[string, ApiResponse]> = [
      ['GET one', await server.request('GET', `/webhooks/${wh.id}`)],
      ['GET list', await server.request('GET', '/webhooks')],
      ['GET list filtered', await server.request('GET', '/webhooks?status=active')],
      ['PATCH', await patchWebhook(server, wh.id, { events: ['patient.created', 'call.ended'] })],
      ['deliveries', await server.request('GET', `/webhooks/${wh.id}/deliveries`)],
    ];
    for (const [name, res] of answers) {
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      expect(res.text, name).not.toContain(secretBody);
      expect(res.text, name).not.toContain('whsec_');
      expect(res.text, name).not.toMatch(/"secret"/);
    }
    expectSchema(Webhook, answers[0]![1].body);
    expectSchema(WebhookList, answers[1]![1].body);
    expectSchema(Webhook, answers[3]![1].body);
    expectSchema(DeliveryList, answers[4]![1].body);
    expect(answers[4]![1].body.data).toHaveLength(1);
  });

  it('replays an Idempotency-Key retry with the stored answer and creates nothing more', async () => {
    const server = await newServer();
    const body = { url: 'https://hooks.example.com/engage', events: ['call.ended'] };
    const headers = { 'idempotency-key': 'register-hook-1' };

    const first = await createWebhook(server, body, { headers });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const after = await snapshot(server);
    expect(after.webhooks).toHaveLength(1);

    const retry = await createWebhook(server, body, { headers });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(retry.body.secret).toBe(first.body.secret);
    expect(retry.headers.get('location')).toBe(first.headers.get('location'));
    expect(await snapshot(server)).toEqual(after);

    // Another key is another webhook, with another secret.
    const other = await createWebhook(server, body, { headers: { 'idempotency-key': 'other' } });
    expect(other.status, other.text).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
    expect(other.body.secret).not.toBe(first.body.secret);
    expect(await count(server, 'webhooks')).toBe(2);
  });
});

describe('URL rules in sandbox mode (the default)', () => {
  it('accepts any https URL and plain http to localhost and 127.0.0.1', async () => {
    const server = await newServer();
    for (const url of [
      'https://hooks.example.com/engage',
      'https://example.org',
      'https://hooks.example.com:8443/path/to/hook?tenant=7&x=y',
      'https://localhost/hook',
      'https://127.0.0.1:9443/hook',
      // https://10.0.0.5/hook was accepted here before issue 17: private addresses are refused
      // in every mode now (hardening-webhook-targets.test.ts).
      'http://localhost:3000/hook',
      'http://127.0.0.1:4567/hooks',
      'http://localhost/',
    ]) {
      const wh = await registered(server, url);
      expect(wh.url).toBe(url);
      expect((await webhookRow(server, wh.id))?.url).toBe(url);
    }
    expect(await count(server, 'webhooks')).toBe(8);
  });

  it.each([
    ['http://example.org/hook', 'https_required'],
    ['http://hooks.example.com:80/hook', 'https_required'],
    ['http://10.0.0.5/hook', 'https_required'],
    ['http://[::1]:3000/hook', 'https_required'],
    ['ftp://hooks.example.com/hook', 'https_required'],
    ['not-a-url', 'invalid_url'],
    ['/relative/hook', 'invalid_url'],
    ['https://user:pass@hooks.example.com/hook', 'credentials_in_url'],
    ['https://user@hooks.example.com/hook', 'credentials_in_url'],
    ['http://user:pass@localhost:3000/hook', 'credentials_in_url'],
    ['https://hooks.example.com/hook#section', 'fragment_in_url'],
    ['https://hooks.example.com/hook#', 'fragment_in_url'],
    // The URL parser would drop these, so the webhook would show one URL and call another.
    [' https://hooks.example.com/hook', 'invalid_url'],
    ['https://hooks.example.com/hook\n', 'invalid_url'],
    ['https://hooks.exa\tmple.com/hook', 'invalid_url'],
  ])('refuses %j with 422 %s and writes nothing', async (url, code) => {
    const server = await newServer();
    const before = await snapshot(server);
    const res = await createWebhook(server, { url, events: ['patient.created'] });
    expectFieldError(res, '/url', code);
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses a URL longer than 2048 characters and an empty one, and accepts 2048', async () => {
    const server = await newServer();
    const base = 'https://hooks.example.com/';
    const before = await snapshot(server);
    for (const url of [base + 'a'.repeat(2049 - base.length), base + 'a'.repeat(5000), '']) {
      const res = await createWebhook(server, { url, events: ['patient.created'] });
      expectFieldError(res, '/url');
    }
    for (const url of [42, null, ['https://hooks.example.com/']]) {
      const res = await createWebhook(server, { url, events: ['patient.created'] });
      expectFieldError(res, '/url');
    }
    expect(await snapshot(server)).toEqual(before);

    const longest = base + 'a'.repeat(2048 - base.length);
    expect(longest).toHaveLength(2048);
    expect((await registered(server, longest)).url).toBe(longest);
  });
});

describe('URL rules outside sandbox mode', () => {
  it('accepts https to a name that resolves to public addresses only', async () => {
    const { server, dns } = await productionServer({
      'v6.example.net': ['2606:2800:220:1:248:1893:25c8:1946'],
      'both.example.net': [PUBLIC_ADDRESS, '2606:2800:220:1:248:1893:25c8:1946'],
    });
    for (const url of [
      'https://hooks.example.com/engage',
      'https://v6.example.net:8443/hook',
      'https://both.example.net/hook?x=1',
      `https://${PUBLIC_ADDRESS}/hook`,
    ]) {
      expect((await registered(server, url)).url).toBe(url);
    }
    expect(dns.asked).toEqual(['hooks.example.com', 'v6.example.net', 'both.example.net']);
    expect(await count(server, 'webhooks')).toBe(4);
  });

  it('refuses plain http, even to localhost and 127.0.0.1', async () => {
    const { server } = await productionServer();
    const before = await snapshot(server);
    for (const url of [
      'http://hooks.example.com/engage',
      'http://localhost:3000/hook',
      'http://127.0.0.1:3000/hook',
    ]) {
      const res = await createWebhook(server, { url, events: ['patient.created'] });
      expectFieldError(res, '/url', 'https_required');
    }
    expect(await snapshot(server)).toEqual(before);
  });

  it.each([
    'https://localhost/hook',
    'https://localhost:8443/hook',
    'https://127.0.0.1/hook',
    'https://127.1.2.3/hook',
    'https://10.0.0.5/hook',
    'https://192.168.1.1/hook',
    'https://172.16.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[fc00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://2130706433/hook',
    'https://0x7f000001/hook',
    // The deprecated IPv4-compatible form of loopback (ipaddr.js calls its range "unicast").
    'https://[::127.0.0.1]/hook',
    'https://[64:ff9b::7f00:1]/hook',
  ])('refuses %s with 422 private_address and writes nothing', async (url) => {
    const { server } = await productionServer();
    const before = await snapshot(server);
    const res = await createWebhook(server, { url, events: ['patient.created'] });
    expectFieldError(res, '/url', 'private_address');
    expect(await snapshot(server)).toEqual(before);
  });

  it.each([
    ['one private address', ['10.1.2.3']],
    ['loopback', ['127.0.0.1']],
    ['cloud metadata', ['169.254.169.254']],
    ['a private address beside a public one', [PUBLIC_ADDRESS, '192.168.0.10']],
    ['a public address after a loopback one', ['::1', PUBLIC_ADDRESS]],
    ['an IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['a unique-local IPv6 address', ['2606:2800:220:1:248:1893:25c8:1946', 'fd12:3456::1']],
  ])('refuses a name that resolves to %s with 422 private_address', async (_label, addresses) => {
    const { server, dns } = await productionServer({ 'sneaky.example.net': addresses });
    const before = await snapshot(server);
    const res = await createWebhook(server, {
      url: 'https://sneaky.example.net/hook',
      events: ['patient.created'],
    });
    expectFieldError(res, '/url', 'private_address');
    expect(dns.asked).toEqual(['sneaky.example.net']);
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses a name that does not resolve with 422 unresolvable_host', async () => {
    const { server, dns } = await productionServer();
    const before = await snapshot(server);
    const res = await createWebhook(server, {
      url: 'https://nowhere.invalid/hook',
      events: ['patient.created'],
    });
    expectFieldError(res, '/url', 'unresolvable_host');
    expect(dns.asked).toEqual(['nowhere.invalid']);
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses a name that resolves to no address at all with 422 unresolvable_host', async () => {
    const { server } = await productionServer({ 'empty.example.net': [] });
    const before = await snapshot(server);
    const res = await createWebhook(server, {
      url: 'https://empty.example.net/hook',
      events: ['patient.created'],
    });
    expectFieldError(res, '/url', 'unresolvable_host');
    expect(await snapshot(server)).toEqual(before);
  });

  it('applies the same rules to PATCH: a refused url leaves the webhook unchanged', async () => {
    const { server } = await productionServer({ 'inside.example.net': ['10.9.8.7'] });
    const wh = await registered(server);
    const before = await snapshot(server);
    for (const [url, code] of [
      ['https://inside.example.net/hook', 'private_address'],
      ['https://nowhere.invalid/hook', 'unresolvable_host'],
      ['https://192.168.1.1/hook', 'private_address'],
      ['http://hooks.example.com/hook', 'https_required'],
    ] as const) {
      const res = await patchWebhook(server, wh.id, { url });
      expectFieldError(res, '/url', code);
    }
    expect(await snapshot(server)).toEqual(before);
    const moved = await patchWebhook(server, wh.id, { url: 'https://hooks.example.com/v2' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.url).toBe('https://hooks.example.com/v2');
  });

  it('has no /sandbox routes: 404 route_not_found', async () => {
    const { server } = await productionServer();
    const before = await snapshot(server);
    for (const [method, path, body] of [
      ['GET', '/sandbox/clock', undefined],
      ['POST', '/sandbox/clock/advance', { seconds: 60 }],
      ['POST', '/sandbox/events', { event: 'patient.created' }],
      ['GET', '/sandbox/outbox', undefined],
      ['POST', '/sandbox/reset', { seed: 'empty' }],
    ] as const) {
      const res = await server.request(method, path, { body });
      expectProblem(res, 404, 'route_not_found');
    }
    expect(await snapshot(server)).toEqual(before);
    expect(server.service.core.clock.now()).toBe(T0);
  });
});

describe('event lists', () => {
  it.each([
    ['an unknown kind', { events: ['patient.deleted'] }, '/events/0'],
    ['an unknown kind beside a known one', { events: ['patient.created', 'nope'] }, '/events/1'],
    ['a kind in the wrong case', { events: ['Patient.Created'] }, '/events/0'],
    ['an empty list', { events: [] }, '/events'],
    ['duplicates', { events: ['call.ended', 'patient.created', 'call.ended'] }, '/events'],
    ['a string instead of a list', { events: 'patient.created' }, '/events'],
    ['a non-string kind', { events: [42] }, '/events/0'],
    ['a missing list', {}, '/events'],
    ['null', { events: null }, '/events'],
  ])('refuses %s with 422 and writes nothing', async (_label, fields, pointer) => {
    const server = await newServer();
    const before = await snapshot(server);
    const res = await createWebhook(server, { url: 'https://hooks.example.com/engage', ...fields });
    expectProblem(res, 422, 'validation_failed');
    expect(pointersOf(res), res.text).toContain(pointer);
    expect(await snapshot(server)).toEqual(before);
  });

  it('refuses a missing url, an unknown property and a non-object body; writes nothing', async () => {
    const server = await newServer();
    const before = await snapshot(server);
    const cases: Array<[unknown, string]> = [
      [{ events: ['patient.created'] }, '/url'],
      [
        { url: 'https://hooks.example.com/', events: ['patient.created'], secret: 'whsec_x' },
        '/secret',
      ],
      [
        { url: 'https://hooks.example.com/', events: ['patient.created'], status: 'active' },
        '/status',
      ],
      [[], '/'],
      ['https://hooks.example.com/', '/'],
      [undefined, '/'],
    ];
    for (const [body, pointer] of cases) {
      const res = await createWebhook(server, body);
      expectFieldError(res, pointer);
    }
    expect(await snapshot(server)).toEqual(before);
  });
});

describe('GET /webhooks', () => {
  /** Seven webhooks, one a second (the last two in the same millisecond); ids oldest first. */
  async function seven(server: TestServer): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      if (i > 0 && i < 6) await advance(server, 1);
      ids.push((await registered(server, `https://hooks.example.com/${i}`)).id);
    }
    return ids;
  }

  it('lists newest first, without secrets, and pages with limit and cursor', async () => {
    const server = await newServer();
    expect(await listWebhooks(server)).toEqual({
      data: [],
      pagination: { cursor: '', hasMore: false, limit: 20 },
    });
    const ids = await seven(server);
    const newestFirst = [...ids].reverse();

    const all = await listWebhooks(server);
    expect(all.data.map((w) => w.id)).toEqual(newestFirst);
    expect(all.pagination).toEqual({ cursor: '', hasMore: false, limit: 20 });
    expect(all.data[0]).toEqual(await getWebhook(server, ids[6]!));
    expect(all.data[6]!.createdAt).toBe(T0_ISO);
    expect(all.data[0]!.createdAt).toBe(iso(T0 + 5 * SEC));

    const seen: string[] = [];
    let cursor: string | undefined;
    const pages: number[] = [];
    for (let page = 0; page < 10; page++) {
      const body = await listWebhooks(server, { limit: 3, cursor });
      expect(body.pagination.limit).toBe(3);
      pages.push(body.data.length);
      seen.push(...body.data.map((w) => w.id));
      if (!body.pagination.hasMore) {
        expect(body.pagination.cursor).toBe('');
        break;
      }
      expect(body.pagination.cursor).not.toBe('');
      cursor = body.pagination.cursor;
    }
    expect(pages).toEqual([3, 3, 1]);
    expect(seen).toEqual(newestFirst);

    // A webhook added while paging does not shift the pages already handed out.
    const first = await listWebhooks(server, { limit: 3 });
    await registered(server, 'https://hooks.example.com/late');
    const second = await listWebhooks(server, { limit: 3, cursor: first.pagination.cursor });
    expect(second.data.map((w) => w.id)).toEqual(newestFirst.slice(3, 6));

    // limit 1 and 100 are the bounds.
    expect((await listWebhooks(server, { limit: 1 })).data).toHaveLength(1);
    expect((await listWebhooks(server, { limit: 100 })).data).toHaveLength(8);
  });

  it('filters by status', async () => {
    const server = await newServer();
    const ids = await seven(server);
    const off = [ids[1]!, ids[4]!];
    await server.service.core.db
      .prepare(
        `UPDATE webhooks SET status = 'disabled', disabled_at = ?, disabled_reason = 'x'
         WHERE id IN (?, ?)`,
      )
      .run(T0_ISO, off[0], off[1]);

    const disabled = await listWebhooks(server, { status: 'disabled' });
    expect(disabled.data.map((w) => w.id)).toEqual([ids[4], ids[1]]);
    for (const w of disabled.data) {
      expect(w).toMatchObject({ status: 'disabled', disabledAt: T0_ISO, disabledReason: 'x' });
    }
    const active = await listWebhooks(server, { status: 'active' });
    expect(active.data.map((w) => w.id)).toEqual(
      [...ids].reverse().filter((id) => !off.includes(id)),
    );
    for (const w of active.data) {
      expect(w.status).toBe('active');
      expect(w).not.toHaveProperty('disabledAt');
      expect(w).not.toHaveProperty('disabledReason');
    }

    // Pages of a filtered list stay filtered; its cursor is bound to the filter.
    const page1 = await listWebhooks(server, { status: 'active', limit: 2 });
    const page2 = await listWebhooks(server, {
      status: 'active',
      limit: 2,
      cursor: page1.pagination.cursor,
    });
    expect([...page1.data, ...page2.data].map((w) => w.id)).toEqual(
      active.data.slice(0, 4).map((w) => w.id),
    );
    for (const other of [{ status: 'disabled' }, {}]) {
      const res = await server.request(
        'GET',
        `/webhooks${qs({ ...other, limit: 2, cursor: page1.pagination.cursor })}`,
      );
      expectProblem(res, 400, 'invalid_cursor');
    }
  });

  it('refuses limit 0 and 101 and an unknown status with 422, a tampered cursor with 400', async () => {
    const server = await newServer();
    await seven(server);
    for (const limit of ['0', '101', '-1', 'ten', '2.5']) {
      const res = await server.request('GET', `/webhooks?limit=${limit}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors[0].parameter, limit).toBe('limit');
    }
    for (const status of ['paused', 'ACTIVE', '']) {
      const res = await server.request('GET', `/webhooks${qs({ status })}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors[0].parameter, status).toBe('status');
    }

    const { cursor } = (await listWebhooks(server, { limit: 2 })).pagination;
    const dot = cursor.indexOf('.');
    expect(dot).toBeGreaterThan(0);
    const flip = (i: number) =>
      cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1);
    for (const tampered of [
      flip(1),
      flip(dot - 1),
      flip(dot + 1),
      flip(cursor.length - 1),
      `${cursor}x`,
      'not-a-cursor',
      // A cursor of another list (patients) is not a cursor of this one.
    ]) {
      const res = await server.request('GET', `/webhooks${qs({ limit: 2, cursor: tampered })}`);
      expectProblem(res, 400, 'invalid_cursor');
    }
    for (let i = 0; i < 3; i++) await createPatient(server);
    const patients = await server.request('GET', '/patients?limit=1');
    expect(patients.body.pagination.hasMore).toBe(true);
    const foreign = await server.request(
      'GET',
      `/webhooks${qs({ limit: 1, cursor: patients.body.pagination.cursor })}`,
    );
    expectProblem(foreign, 400, 'invalid_cursor');
  });
});

describe('GET, PATCH and DELETE /webhooks/{id}', () => {
  it('answers 404 resource_missing for an unknown webhook on GET, PATCH and DELETE', async () => {
    const server = await newServer();
    await registered(server);
    const before = await snapshot(server);
    for (const id of [UNKNOWN_WEBHOOK, 'nope', 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G']) {
      expectProblem(await server.request('GET', `/webhooks/${id}`), 404, 'resource_missing');
      expectProblem(
        await patchWebhook(server, id, { events: ['call.ended'] }),
        404,
        'resource_missing',
      );
      expectProblem(
        await patchWebhook(server, id, { url: 'https://hooks.example.com/x' }),
        404,
        'resource_missing',
      );
      expectProblem(await patchWebhook(server, id, { status: 'active' }), 404, 'resource_missing');
      expectProblem(await server.request('DELETE', `/webhooks/${id}`), 404, 'resource_missing');
      expectProblem(
        await server.request('GET', `/webhooks/${id}/deliveries`),
        404,
        'resource_missing',
      );
    }
    expect(await snapshot(server)).toEqual(before);
  });

  it('PATCH changes url and events, moves updatedAt and keeps the secret', async () => {
    const server = await newServer();
    const wh = await registered(server, 'https://hooks.example.com/v1', ['patient.created']);
    const secret = (await webhookRow(server, wh.id))!.secret;
    expect(secret).toBe(wh.secret);

    const t1 = await advance(server, 90);
    const moved = await patchWebhook(server, wh.id, { url: 'http://localhost:8080/hooks' });
    expect(moved.status, moved.text).toBe(200);
    expectSchema(Webhook, moved.body);
    expect(moved.body).toEqual({
      id: wh.id,
      url: 'http://localhost:8080/hooks',
      events: ['patient.created'],
      status: 'active',
      createdAt: T0_ISO,
      updatedAt: iso(t1),
    });
    expect(await getWebhook(server, wh.id)).toEqual(moved.body);

    const t2 = await advance(server, 30);
    const events = await patchWebhook(server, wh.id, {
      events: ['form.completed', 'credits.low'],
    });
    expect(events.status, events.text).toBe(200);
    expect(events.body).toEqual({
      ...moved.body,
      events: ['form.completed', 'credits.low'],
      updatedAt: iso(t2),
    });

    const t3 = await advance(server, 30);
    const both = await patchWebhook(server, wh.id, {
      url: 'https://hooks.example.com/v3',
      events: ['schedule.sent'],
    });
    expect(both.status, both.text).toBe(200);
    expect(both.body).toEqual({
      ...moved.body,
      url: 'https://hooks.example.com/v3',
      events: ['schedule.sent'],
      updatedAt: iso(t3),
    });

    // {status: 'active'} on an active webhook changes nothing but updatedAt.
    const t4 = await advance(server, 30);
    const same = await patchWebhook(server, wh.id, { status: 'active' });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual({ ...both.body, updatedAt: iso(t4) });

    const row = (await webhookRow(server, wh.id))!;
    expect(row.secret).toBe(secret);
    expect(row.stats_since).toBe(T0_ISO);
    expect(row.created_at).toBe(T0_ISO);
    expect(await count(server, 'webhooks')).toBe(1);
  });

  it('PATCH refusals (422) leave the webhook unchanged', async () => {
    const server = await newServer();
    const wh = await registered(server, 'https://hooks.example.com/v1', ['patient.created']);
    await advance(server, 60);
    const before = await snapshot(server);
    const cases: Array<[unknown, string]> = [
      [{}, '/'],
      [{ status: 'disabled' }, '/status'],
      [{ status: 'paused' }, '/status'],
      [{ status: null }, '/status'],
      [{ url: 'http://example.org/hook' }, '/url'],
      [{ url: 'not-a-url' }, '/url'],
      [{ url: 'https://u:p@hooks.example.com/' }, '/url'],
      [{ url: 'https://hooks.example.com/#x' }, '/url'],
      [{ url: 'https://hooks.example.com/' + 'a'.repeat(2048) }, '/url'],
      [{ url: '' }, '/url'],
      [{ events: [] }, '/events'],
      [{ events: ['nope'] }, '/events/0'],
      [{ events: ['call.ended', 'call.ended'] }, '/events'],
      [{ secret: 'whsec_mine' }, '/secret'],
      [{ events: ['call.ended'], createdAt: T0_ISO }, '/createdAt'],
      // A valid change does not carry an invalid one through.
      [{ events: ['call.ended'], url: 'http://example.org/hook' }, '/url'],
      [{ url: 'https://hooks.example.com/ok', events: [] }, '/events'],
    ];
    for (const [body, pointer] of cases) {
      const res = await patchWebhook(server, wh.id, body);
      expectProblem(res, 422, 'validation_failed');
      expect(pointersOf(res), `${JSON.stringify(body)}: ${res.text}`).toContain(pointer);
    }
    expect(await snapshot(server)).toEqual(before);
    expect(await getWebhook(server, wh.id)).toEqual({
      id: wh.id,
      url: 'https://hooks.example.com/v1',
      events: ['patient.created'],
      status: 'active',
      createdAt: T0_ISO,
      updatedAt: T0_ISO,
    });
  });

  it('reactivates a disabled webhook with PATCH {status: "active"}, counting afresh', async () => {
    const server = await newServer();
    const wh = await registered(server, 'https://hooks.example.com/v1', ['call.ended']);
    const disabledAt = iso(T0 + 30 * SEC);
    await server.service.core.db
      .prepare(
        `UPDATE webhooks SET status = 'disabled', disabled_at = ?, disabled_reason = 'x',
           updated_at = ? WHERE id = ?`,
      )
      .run(disabledAt, disabledAt, wh.id);

    const off = await getWebhook(server, wh.id);
    expect(off).toEqual({
      id: wh.id,
      url: 'https://hooks.example.com/v1',
      events: ['call.ended'],
      status: 'disabled',
      disabledAt,
      disabledReason: 'x',
      createdAt: T0_ISO,
      updatedAt: disabledAt,
    });
    const listed = await listWebhooks(server);
    expect(listed.data).toEqual([off]);

    const now = await advance(server, 3600);
    const res = await patchWebhook(server, wh.id, { status: 'active' });
    expect(res.status, res.text).toBe(200);
    expectSchema(Webhook, res.body);
    expect(res.body).toEqual({
      id: wh.id,
      url: 'https://hooks.example.com/v1',
      events: ['call.ended'],
      status: 'active',
      createdAt: T0_ISO,
      updatedAt: iso(now),
    });
    expect(res.body).not.toHaveProperty('disabledAt');
    expect(res.body).not.toHaveProperty('disabledReason');
    expect(await getWebhook(server, wh.id)).toEqual(res.body);
    expect(await webhookRow(server, wh.id)).toMatchObject({
      status: 'active',
      disabled_at: null,
      disabled_reason: null,
      stats_since: iso(now),
      secret: wh.secret,
    });
  });

  it('reactivation may change url and events in the same PATCH', async () => {
    const server = await newServer();
    const wh = await registered(server, 'https://hooks.example.com/v1', ['call.ended']);
    await server.service.core.db
      .prepare(
        `UPDATE webhooks SET status = 'disabled', disabled_at = ?, disabled_reason = 'x'
         WHERE id = ?`,
      )
      .run(T0_ISO, wh.id);
    const now = await advance(server, 60);
    const res = await patchWebhook(server, wh.id, {
      status: 'active',
      url: 'https://hooks.example.com/v2',
      events: ['call.ended', 'patient.created'],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: wh.id,
      url: 'https://hooks.example.com/v2',
      events: ['call.ended', 'patient.created'],
      status: 'active',
      createdAt: T0_ISO,
      updatedAt: iso(now),
    });
    expect((await webhookRow(server, wh.id))!.stats_since).toBe(iso(now));

    // A PATCH without status leaves a disabled webhook disabled.
    await server.service.core.db
      .prepare(
        `UPDATE webhooks SET status = 'disabled', disabled_at = ?, disabled_reason = 'y'
         WHERE id = ?`,
      )
      .run(iso(now), wh.id);
    const later = await advance(server, 60);
    const url = await patchWebhook(server, wh.id, { url: 'https://hooks.example.com/v3' });
    expect(url.status, url.text).toBe(200);
    expect(url.body).toMatchObject({
      status: 'disabled',
      disabledAt: iso(now),
      disabledReason: 'y',
      url: 'https://hooks.example.com/v3',
      updatedAt: iso(later),
    });
    expect((await webhookRow(server, wh.id))!.stats_since).toBe(iso(now));
  });

  it('DELETE answers 204 with no body and removes the webhook with its deliveries', async () => {
    const server = await newServer();
    const receiver = await startReceiver(200);
    const other = await startReceiver(200);
    const wh = await registered(server, receiver.url, ['patient.created']);
    const kept = await registered(server, other.url, ['patient.created']);
    receiver.useSecret(wh.secret);
    other.useSecret(kept.secret);

    await createPatient(server);
    await attemptsRecorded(server, wh.id, 1);
    await attemptsRecorded(server, kept.id, 1);
    const ofWebhook = (table: string, id: string) =>
      server.service.core.db
        .prepare<[string], number>(`SELECT count(*) FROM ${table} WHERE webhook_id = ?`)
        .pluck()
        .get(id);
    expect(await ofWebhook('webhook_deliveries', wh.id)).toBe(1);
    expect(await ofWebhook('webhook_attempts', wh.id)).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.signatureOk).toBe(true);
    expect(receiver.received[0]!.headers['x-service-event']).toBe('patient.created');
    expect(other.received).toHaveLength(1);
    expect(other.received[0]!.signatureOk).toBe(true);
    const eventsBefore = await count(server, 'events');

    const res = await server.request('DELETE', `/webhooks/${wh.id}`);
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');

    expectProblem(await server.request('GET', `/webhooks/${wh.id}`), 404, 'resource_missing');
    expectProblem(
      await server.request('GET', `/webhooks/${wh.id}/deliveries`),
      404,
      'resource_missing',
    );
    expectProblem(await server.request('DELETE', `/webhooks/${wh.id}`), 404, 'resource_missing');
    expect(await webhookRow(server, wh.id)).toBeUndefined();
    expect(await ofWebhook('webhook_deliveries', wh.id)).toBe(0);
    expect(await ofWebhook('webhook_attempts', wh.id)).toBe(0);
    expect((await listWebhooks(server)).data.map((w) => w.id)).toEqual([kept.id]);

    // The other webhook, its delivery and the event log are untouched.
    expect(await ofWebhook('webhook_deliveries', kept.id)).toBe(1);
    expect(await ofWebhook('webhook_attempts', kept.id)).toBe(1);
    expect(await count(server, 'events')).toBe(eventsBefore);

    // A later event reaches only the webhook that is left.
    await createPatient(server);
    await attemptsRecorded(server, kept.id, 2);
    expect(receiver.received).toHaveLength(1);
    expect(other.received).toHaveLength(2);
    expect(other.received.every((r) => r.signatureOk)).toBe(true);
    expect(await ofWebhook('webhook_deliveries', wh.id)).toBe(0);
  });

  it('DELETE stops the retries a failing delivery still had', async () => {
    const server = await newServer();
    const receiver = await startReceiver(500);
    const wh = await registered(server, receiver.url, ['patient.created']);
    receiver.useSecret(wh.secret);

    await createPatient(server);
    await attemptsRecorded(server, wh.id, 1);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.signatureOk).toBe(true);
    const delivery = await server.service.core.db
      .prepare<[string], { status: string; next_attempt_at: string }>(
        'SELECT status, next_attempt_at FROM webhook_deliveries WHERE webhook_id = ?',
      )
      .get(wh.id);
    expect(delivery).toEqual({ status: 'pending', next_attempt_at: iso(T0 + 60 * SEC) });

    const res = await server.request('DELETE', `/webhooks/${wh.id}`);
    expect(res.status, res.text).toBe(204);

    await advance(server, 2 * 3600);
    await server.service.core.runner.idle();
    expect(receiver.received).toHaveLength(1);
    expect(await count(server, 'webhook_deliveries')).toBe(0);
    expect(await count(server, 'webhook_attempts')).toBe(0);
    const failedJobs = await server.service.core.db
      .prepare<[], number>("SELECT count(*) FROM jobs WHERE status = 'failed'")
      .pluck()
      .get();
    expect(failedJobs).toBe(0);
  });
});

describe('permissions', () => {
  it('needs webhooks:write on all five routes; without a credential 401; nothing changes', async () => {
    const server = await newServer();
    const wh = await registered(server);
    const others = (
      await server.service.core.apiKeys.create({
        name: 'everything but webhooks',
        permissions: PERMISSIONS.filter((p) => p !== 'webhooks:write'),
      })
    ).key;
    const before = await snapshot(server);

    const routes: Array<[string, string, unknown]> = [
      ['POST', '/webhooks', { url: 'https://hooks.example.com/x', events: ['call.ended'] }],
      ['GET', '/webhooks', undefined],
      ['GET', `/webhooks/${wh.id}`, undefined],
      ['PATCH', `/webhooks/${wh.id}`, { events: ['call.ended'] }],
      ['DELETE', `/webhooks/${wh.id}`, undefined],
    ];
    for (const [method, path, body] of routes) {
      const forbidden = await server.request(method, path, { body, token: others });
      expectProblem(forbidden, 403, 'insufficient_permissions');
      expect(forbidden.body.requiredPermission).toBe('webhooks:write');
      expect(forbidden.headers.get('www-authenticate')).toContain('insufficient_scope');

      const anonymous = await server.request(method, path, { body, token: null });
      expectProblem(anonymous, 401, 'invalid_token');
      expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');

      const garbage = await server.request(method, path, { body, token: 'sk_not_a_real_key' });
      expect(garbage.status, `${method} ${path}`).toBe(401);
    }
    // An unknown webhook is not revealed to a key that may not see webhooks.
    expectProblem(
      await server.request('GET', `/webhooks/${UNKNOWN_WEBHOOK}`, { token: others }),
      403,
      'insufficient_permissions',
    );
    expect(await snapshot(server)).toEqual(before);

    // webhooks:write alone is enough for all five.
    const only = await server.keyWith('webhooks:write');
    const expected = [201, 200, 200, 200, 204];
    for (const [i, [method, path, body]] of routes.entries()) {
      const res = await server.request(method, path, { body, token: only });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(expected[i]);
    }
    expect(await count(server, 'webhooks')).toBe(1);
  });
});
