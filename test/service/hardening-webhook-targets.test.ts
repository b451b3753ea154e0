import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../../src-main/service/schemas/webhook';
import {
  ADDRESS_BLOCKED,
  CONNECTION_FAILED,
  readExcerpt,
  RESPONSE_EXCERPT_BYTES,
} from '../../src-main/service/webhooks/webhook-sender';
import {
  BlockedAddressError,
  guardedLookup,
  type Resolver,
} from '../../src-main/service/webhooks/webhook-url-policy';
import {
  count,
  expectProblem,
  serversClosedAfterEach,
  type ListBody,
  type TestServer,
} from './helpers';
import { T0 } from './time';
import { until } from './until';

/*
 * Issue 17, finding 5: in sandbox mode webhooks reached private, link-local and cloud-metadata
 * addresses (https://169.254.169.254/, https://10.0.0.1/ …), a sandbox event fired a delivery,
 * GET /webhooks/{id}/deliveries read 4 KiB of the answer back, and the connection errors
 * ("ECONNREFUSED 127.0.0.1:22", parser errors, timeouts) mapped ports. Now: private,
 * link-local, metadata and reserved targets are refused in every mode, at registration (422
 * `private_address` at /url, nothing written) and at connection (DNS answers checked on the
 * socket's own lookup: no request reaches them); loopback stays for sandbox mode, written as
 * such; every connection failure reads the same; a receiver on this machine has its status
 * recorded, not its body. Outside sandbox mode everything internal stays refused.
 */

const { newServer, cleanups } = serversClosedAfterEach(T0);

const PUBLIC = '93.184.216.34';

/** A fake DNS: names map to addresses; other names do not resolve. */
function fakeDns(table: Record<string, string[]>): Resolver {
  return async (host) => {
    const addresses = table[host];
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

/** Names an attacker controls, pointing into private space (the nip.io style). */
const DNS = {
  'hooks.example.com': [PUBLIC],
  '10.0.0.1.nip.io': ['10.0.0.1'],
  '169.254.169.254.nip.io': ['169.254.169.254'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'half.example.net': [PUBLIC, '192.168.0.10'],
  'v6.example.net': ['fd00:ec2::254'],
  'mapped.example.net': ['::ffff:10.0.0.1'],
  // A metadata name that resolves to a public address here: refused by its name.
  'metadata.google.internal': [PUBLIC],
};

async function sandboxServer(extra: Record<string, string[]> = {}) {
  return newServer({ sandbox: true, webhookResolver: fakeDns({ ...DNS, ...extra }) });
}

async function productionServer(extra: Record<string, string[]> = {}) {
  return newServer({ sandbox: false, webhookResolver: fakeDns({ ...DNS, ...extra }) });
}

const register = (server: TestServer, url: string) =>
  server.request('POST', '/webhooks', { body: { url, events: ['patient.created'] } });

async function snapshot(server: TestServer) {
  return {
    webhooks: await count(server, 'webhooks'),
    deliveries: await count(server, 'webhook_deliveries'),
    attempts: await count(server, 'webhook_attempts'),
    urls: await server.service.core.db
      .prepare('SELECT url FROM webhooks ORDER BY id')
      .pluck()
      .all(),
  };
}

async function expectRefused(server: TestServer, url: string, code: string): Promise<void> {
  const before = await snapshot(server);
  const res = await register(server, url);
  expectProblem(res, 422, 'validation_failed');
  expect(res.body.errors, url).toEqual([expect.objectContaining({ pointer: '/url', code })]);
  expect(await snapshot(server), url).toEqual(before);
}

// The finding's addresses, and the other forms of private space.
const REFUSED_EVERYWHERE = [
  'https://169.254.169.254/',
  'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://10.0.0.1/',
  'https://172.16.0.1/',
  'https://192.168.1.1:8443/admin',
  'https://100.64.0.1/',
  'https://0.0.0.0/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
  'https://[::]/',
  'https://[fc00::1]/',
  'https://[fd00:ec2::254]/latest/meta-data/',
  'https://[fe80::1]/',
  'https://[ff02::1]/',
  'https://[::ffff:10.0.0.1]/',
  'https://[::ffff:169.254.169.254]/',
  'https://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
  'https://[64:ff9b::7f00:1]/', // NAT64 of 127.0.0.1 (not this machine: a gateway's)
  'https://[2002:a00:1::1]/', // 6to4 of 10.0.0.1
  'https://[::127.0.0.1]/', // IPv4-compatible loopback
  'https://167772161/', // 10.0.0.1 as one number
  'https://0xa9.0xfe.0xa9.0xfe/', // 169.254.169.254 in hex
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata.google.internal./computeMetadata/v1/',
  'https://metadata.goog/',
  'https://db.corp.internal/',
  'https://printer.local/',
  'https://nas.home.arpa/',
  'https://10.0.0.1.nip.io/',
  'https://169.254.169.254.nip.io/',
  'https://half.example.net/',
  'https://v6.example.net/',
  'https://mapped.example.net/',
];

describe('registration in sandbox mode', () => {
  it.each(REFUSED_EVERYWHERE)(
    'refuses %s with 422 private_address, writing nothing',
    async (url) => {
      await expectRefused(await sandboxServer(), url, 'private_address');
    },
  );

  it('refuses a name that resolves to this machine: loopback only as written', async () => {
    await expectRefused(await sandboxServer(), 'https://127.0.0.1.nip.io/', 'private_address');
  });

  it('refuses plain http to anything but localhost and 127.0.0.1', async () => {
    const server = await sandboxServer();
    for (const url of [
      'http://[::ffff:10.0.0.1]/',
      'http://10.0.0.1/',
      'http://10.0.0.1.nip.io/',
    ]) {
      await expectRefused(server, url, 'https_required');
    }
  });

  it('applies the rules to PATCH: a private url leaves the webhook as it was', async () => {
    const server = await sandboxServer();
    const created = await register(server, 'https://hooks.example.com/engage');
    expect(created.status, created.text).toBe(201);
    const before = await snapshot(server);
    for (const url of ['https://169.254.169.254/', 'https://10.0.0.1.nip.io/x']) {
      const res = await server.request('PATCH', `/webhooks/${created.body.id}`, { body: { url } });
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: '/url', code: 'private_address' }),
      ]);
    }
    expect(await snapshot(server)).toEqual(before);
  });

  it('keeps loopback written as loopback (any port and path) and public hosts', async () => {
    const server = await sandboxServer();
    for (const url of [
      'http://127.0.0.1:4567/any/path',
      'http://localhost:3000/hook',
      'https://127.0.0.1:22/',
      'https://[::1]/',
      'http://2130706433/', // 127.0.0.1 as one number: the same loopback
      'http://0x7f.1/',
      'https://hooks.example.com/engage',
      'https://not-registered-yet.example.net/hook', // does not resolve yet: accepted in sandbox
    ]) {
      const res = await register(server, url);
      expect(res.status, `${url}: ${res.text}`).toBe(201);
    }
  });
});

describe('registration outside sandbox mode (all internal forms stay refused)', () => {
  it.each([
    ...REFUSED_EVERYWHERE,
    'https://[::1]/',
    'https://127.0.0.1:22/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://localhost/',
    'https://app.localhost/',
    'https://127.0.0.1.nip.io/',
  ])('refuses %s with 422 private_address', async (url) => {
    await expectRefused(await productionServer(), url, 'private_address');
  });

  it('refuses plain http to loopback as before', async () => {
    const server = await productionServer();
    for (const url of ['http://127.0.0.1:4567/any', 'http://2130706433/', 'http://0x7f.1/']) {
      await expectRefused(server, url, 'https_required');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Connection time

/** A TCP listener on 127.0.0.1 that counts connections and does `onSocket` with each. */
async function listener(onSocket: (socket: net.Socket) => void = (s) => s.destroy()) {
  const state = { connections: 0, port: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return state;
}

async function attemptsOf(server: TestServer, webhookId: string): Promise<number> {
  return (await server.service.core.db
    .prepare<[string], number>('SELECT count(*) FROM webhook_attempts WHERE webhook_id = ?')
    .pluck()
    .get(webhookId))!;
}

async function createPatient(server: TestServer): Promise<void> {
  const res = await server.request('POST', '/patients', {
    body: { firstName: 'Marta', lastName: 'Soler' },
  });
  expect(res.status, res.text).toBe(201);
}

/** Fires one event and returns each webhook's first attempt, once all are recorded. */
async function firstAttempts(server: TestServer, ids: string[]) {
  await createPatient(server);
  for (const id of ids)
    await until(async () => (await attemptsOf(server, id)) >= 1, `an attempt of ${id}`);
  await server.service.core.runner.idle();
  const out: WebhookDelivery['attempts'][number][] = [];
  for (const id of ids) {
    const res = await server.request<ListBody<WebhookDelivery>>(
      'GET',
      `/webhooks/${id}/deliveries?limit=100`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(1);
    out.push(res.body.data[0]!.attempts[0]!);
  }
  return out;
}

describe('connection time', () => {
  it('never connects when a name turns private after registration (DNS rebinding), in sandbox mode', async () => {
    const target = await listener();
    let lookups = 0;
    // Public for the registration check, then this machine and private space.
    const answers = [PUBLIC, '127.0.0.1', '10.0.0.1', '169.254.169.254'];
    const webhookResolver: Resolver = async () => [
      { address: answers[Math.min(lookups++, answers.length - 1)]!, family: 4 },
    ];
    const server = await newServer({ sandbox: true, webhookResolver });
    const created = await register(server, `https://hooks.rebind.test:${target.port}/x`);
    expect(created.status, created.text).toBe(201);

    const [attempt] = await firstAttempts(server, [created.body.id]);
    expect(attempt).toMatchObject({ succeeded: false, error: 'blocked_address' });
    expect(attempt).not.toHaveProperty('statusCode');
    expect(attempt!.errorDetail).toBe(ADDRESS_BLOCKED);
    expect(target.connections).toBe(0);
  });

  it('never connects to a stored url the rules now refuse (registered before them)', async () => {
    const target = await listener();
    // The metadata name resolves to a listener on this machine: only its name can stop it.
    const server = await sandboxServer({ 'metadata.google.internal': ['127.0.0.1'] });
    const created = await register(server, `http://127.0.0.1:${target.port}/x`);
    expect(created.status, created.text).toBe(201);
    // As an older version would have stored it.
    await server.service.core.db
      .prepare('UPDATE webhooks SET url = ? WHERE id = ?')
      .run(`https://metadata.google.internal:${target.port}/computeMetadata/v1/`, created.body.id);

    const [attempt] = await firstAttempts(server, [created.body.id]);
    expect(attempt).toMatchObject({ succeeded: false, error: 'url_not_allowed' });
    expect(target.connections).toBe(0);
  });

  it('refuses a localhost name that resolves off this machine', async () => {
    const refused: unknown[] = [];
    const lookup = guardedLookup(
      async (): Promise<LookupAddress[]> => [{ address: '10.0.0.1', family: 4 }],
      () => true,
    );
    await new Promise<void>((resolve) =>
      lookup('localhost', {}, (error) => {
        refused.push(error);
        resolve();
      }),
    );
    expect(refused[0]).toBeInstanceOf(BlockedAddressError);
    const allowed = await new Promise<unknown>((resolve) =>
      guardedLookup(
        async (): Promise<LookupAddress[]> => [{ address: '127.0.0.1', family: 4 }],
        () => true,
      )('localhost', {}, (error, address) => resolve(error ?? address)),
    );
    expect(allowed).toBe('127.0.0.1');
  });
});

describe('what a failed attempt tells', () => {
  it('reports refused, reset, silent, non-HTTP and non-TLS ports in the same words, without ports', async () => {
    // A port nobody listens on: take one and let it go.
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const reset = await listener((socket) => socket.resetAndDestroy());
    const silent = await listener(() => undefined); // accepts, never answers
    const banner = await listener((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
    const plain = await listener((socket) =>
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'),
    );
    const server = await newServer({ sandbox: true, webhookTimeoutMs: 300 });
    const urls = [
      `http://127.0.0.1:${closedPort}/`,
      `http://127.0.0.1:${reset.port}/`,
      `http://127.0.0.1:${silent.port}/`,
      `http://127.0.0.1:${banner.port}/`,
      `https://127.0.0.1:${plain.port}/`, // TLS to a port that speaks plain HTTP
    ];
    const ids: string[] = [];
    for (const url of urls) {
      const res = await register(server, url);
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    const attempts = await firstAttempts(server, ids);
    for (const [i, attempt] of attempts.entries()) {
      expect(attempt, urls[i]).toMatchObject({
        succeeded: false,
        error: 'connection_error',
        errorDetail: CONNECTION_FAILED,
      });
      expect(attempt).not.toHaveProperty('statusCode');
      expect(attempt).not.toHaveProperty('responseBody');
    }
    expect(CONNECTION_FAILED).not.toMatch(/E[A-Z]{4,}|127\.0\.0\.1|:\d{2,5}/);
  });

  it('keeps the status of a receiver on this machine, not its body or Location', async () => {
    const secret = 'rows: [{"patient": "…"}]'.repeat(50);
    const local = http.createServer((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: 'http://127.0.0.1/login?token=s3cr3t' }).end(secret);
      } else res.writeHead(500).end(secret);
    });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => local.close(() => resolve())));
    const port = (local.address() as net.AddressInfo).port;
    const server = await sandboxServer({ localhost: ['127.0.0.1'] });
    const ids: string[] = [];
    for (const url of [`http://127.0.0.1:${port}/_search`, `http://localhost:${port}/_search`]) {
      const res = await register(server, url);
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    const moved = await register(server, `http://127.0.0.1:${port}/moved`);
    expect(moved.status, moved.text).toBe(201);
    const attempts = await firstAttempts(server, [...ids, moved.body.id]);
    for (const attempt of attempts.slice(0, 2)) {
      expect(attempt).toMatchObject({ succeeded: false, statusCode: 500, error: 'http_error' });
      expect(attempt).not.toHaveProperty('responseBody');
    }
    expect(attempts[2]).toMatchObject({ succeeded: false, statusCode: 302, error: 'redirect' });
    expect(attempts[2]).not.toHaveProperty('responseBody');
    expect(attempts[2]!.errorDetail).not.toContain('s3cr3t');
    const stored = await server.service.core.db
      .prepare('SELECT count(*) FROM webhook_attempts WHERE response_body IS NOT NULL')
      .pluck()
      .get();
    expect(stored).toBe(0);
  });

  it('keeps exactly the first 4 KiB of other receivers, a cut character as U+FFFD', async () => {
    const big = Buffer.from('é'.repeat(5000), 'utf8'); // 2 bytes each, cut mid-character at 4096+1
    const odd = Buffer.concat([Buffer.from('x'), big]);
    const stream = (bytes: Buffer) =>
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]);
    const kept = await readExcerpt(stream(big));
    expect(Buffer.byteLength(kept)).toBe(RESPONSE_EXCERPT_BYTES);
    expect(kept).toBe('é'.repeat(2048));
    const cut = await readExcerpt(stream(odd));
    expect(cut).toBe(`x${'é'.repeat(2047)}\ufffd`);
    expect(await readExcerpt(stream(big), 0)).toBe('');
  });
});
