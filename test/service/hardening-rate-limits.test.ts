import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceOptions } from '../../src-main/service/create-service';
import { addressRange } from '../../src-main/service/http/rate-limit';
import { expectProblem, formFixture, startServer, type TestServer } from './helpers';

/*
 * Issue 17, finding 8: one per-address bucket served failed logins, the patient form pages,
 * /health and the test receiver, so 604 bad keys from 127.0.0.1 made every patient's form page
 * answer 429, while rotating the source address inside 127.0.0.0/8 let 650 bad keys through.
 * Now each kind of caller has its own limit: failed authentication per address range (all of
 * loopback is one address, IPv6 counts per /64), form pages per link, the test receiver its own
 * bucket, /health none at all.
 */

const FIVE = { limit: 5, windowSeconds: 60 };
const BAD_KEY = `sk_${'x'.repeat(43)}`;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: ServiceOptions = {}): Promise<TestServer> {
  server = await startServer({ rateLimit: FIVE, ...options });
  return server;
}

/** Sends a form by e-mail through the core (no HTTP, so no bucket is touched); its link token. */
async function sentFormToken(s: TestServer, email = 'nuria.puig@example.com'): Promise<string> {
  const { core } = s.service;
  const { formId, patientId } = await formFixture(s, { patient: { email } });
  const schedule = await core.schedules.create({ formId, patientId, channel: 'email' });
  await core.advanceClock(1);
  const link = await core.db
    .prepare<[string], string>('SELECT link FROM outbox WHERE schedule_id = ?')
    .pluck()
    .get(schedule.id);
  expect(link, 'the delivery wrote its link').toBeTruthy();
  return link!.slice(link!.lastIndexOf('/') + 1);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over node:http, optionally from another local address (127.x.y.z). */
function send(
  s: TestServer,
  path: string,
  options: { method?: string; localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(path, s.service.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers: { ...options.headers },
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const badLogin = (s: TestServer, localAddress?: string) =>
  send(s, '/api/v1/patients', {
    headers: { authorization: `Bearer ${BAD_KEY}` },
    ...(localAddress ? { localAddress } : {}),
  });

/** Bad keys from 127.0.0.1 until the failed-login bucket answers 429 (at most `max` tries). */
async function exhaustFailedLogins(s: TestServer, max = 20): Promise<number> {
  for (let i = 1; i <= max; i++) {
    const res = await badLogin(s);
    if (res.status === 429) return i;
    expect(res.status).toBe(401);
  }
  throw new Error(`no 429 after ${max} bad keys`);
}

describe('rate limits per kind of caller (issue 17, finding 8)', () => {
  it('bad keys from one address do not make a patient form page answer 429', async () => {
    const s = await start();
    const token = await sentFormToken(s);
    // Five bad keys empty the bucket; the sixth is refused.
    expect(await exhaustFailedLogins(s)).toBe(6);
    for (let i = 0; i < 10; i++) expect((await badLogin(s)).status).toBe(429);

    const page = await send(s, `/f/${token}`);
    expect(page.status, page.body.slice(0, 200)).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The page draws from its own link's bucket, whose policy it names.
    expect(page.headers['ratelimit-policy']).toMatch(/^"form-page";q=\d+;w=\d+$/);
  });

  it('limits a form page per link: one link hammered does not stop another', async () => {
    const s = await start();
    const first = await sentFormToken(s, 'first@example.com');
    const second = await sentFormToken(s, 'second@example.com');
    const policy = /^"form-page";q=(\d+);w=(\d+)$/.exec(
      (await send(s, `/f/${first}`)).headers['ratelimit-policy'] as string,
    );
    expect(policy).not.toBeNull();
    const limit = Number(policy![1]);
    // One request is spent already; the rest of the bucket, then one more.
    let last: Answer | undefined;
    for (let i = 1; i <= limit; i++) last = await send(s, `/f/${first}`);
    expect(last!.status).toBe(429);
    expect(last!.headers['retry-after']).toMatch(/^\d+$/);
    // The patient reads a page in their language, not the API's JSON problem.
    expect(last!.headers['content-type']).toMatch(/^text\/html/);
    expect(last!.body).toMatch(
      /Massa intents seguits|Demasiados intentos seguidos|Too many attempts/,
    );
    expect((await send(s, `/f/${second}`)).status).toBe(200);
  });

  it('an unknown form link draws from the address bucket, like a bad key', async () => {
    const s = await start();
    await exhaustFailedLogins(s);
    const guess = await send(s, `/f/${'A'.repeat(43)}`);
    expect(guess.status).toBe(429);
  });

  it('rotating source addresses inside 127.0.0.0/8 share one failed-login bucket', async () => {
    const s = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await badLogin(s, `127.0.${i}.${i + 2}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // And 127.0.0.1 itself is the same caller.
    expect((await badLogin(s)).status).toBe(429);
  });

  it('rotating source addresses cannot exchange more tokens than one address', async () => {
    const s = await start();
    let refused = 0;
    for (let i = 0; i < 35; i++) {
      const res = await new Promise<number>((resolve, reject) => {
        const url = new URL('/api/v1/auth/token', s.service.origin);
        const body = JSON.stringify({ apiKey: BAD_KEY });
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            agent: false,
            localAddress: `127.1.${i}.9`,
            headers: { 'content-type': 'application/json', 'content-length': body.length },
          },
          (r) => {
            r.resume();
            r.on('end', () => resolve(r.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      if (res === 429) refused++;
    }
    // 30 per 60 s per address range: the last five are refused.
    expect(refused).toBe(5);
  });

  it('GET /health is never rate limited', async () => {
    const s = await start();
    await exhaustFailedLogins(s);
    for (let i = 0; i < 40; i++) {
      const res = await send(s, '/api/v1/health');
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBeUndefined();
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
  });

  it('the test receiver has its own bucket, untouched by failed logins', async () => {
    const s = await start({ sandbox: true });
    await exhaustFailedLogins(s);
    const res = await send(s, '/sandbox-receiver/inbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.body).not.toBe(429);
    expect(res.headers['ratelimit-policy']).toMatch(/^"receiver";q=\d+;w=\d+$/);
  });

  it('failed logins still meet their limit, with the problem document', async () => {
    const s = await start();
    await exhaustFailedLogins(s);
    const res = await fetch(`${s.url}/patients`, {
      headers: { authorization: `Bearer ${BAD_KEY}` },
    });
    const text = await res.text();
    expectProblem(
      { status: res.status, headers: res.headers, body: JSON.parse(text), text },
      429,
      'rate_limited',
    );
  });
});

describe('addressRange', () => {
  it('treats all of loopback (127.0.0.0/8, ::1, ::ffff:127.x) as one address', () => {
    const loopback = ['127.0.0.1', '127.0.0.2', '127.255.254.1', '::1', '::ffff:127.0.0.1'];
    const ranges = new Set(loopback.map(addressRange));
    expect(ranges.size).toBe(1);
    expect(ranges.has(addressRange('0:0:0:0:0:0:0:1'))).toBe(true);
  });

  it('keeps each IPv4 address apart, and an IPv4-mapped address is the IPv4 address', () => {
    expect(addressRange('192.0.2.1')).not.toBe(addressRange('192.0.2.2'));
    expect(addressRange('::ffff:192.0.2.1')).toBe(addressRange('192.0.2.1'));
    expect(addressRange('::ffff:c000:0201')).toBe(addressRange('192.0.2.1'));
  });

  it('counts IPv6 per /64', () => {
    expect(addressRange('2001:db8:1:2:aaaa::1')).toBe(
      addressRange('2001:db8:1:2:bbbb:cccc:dddd:9'),
    );
    expect(addressRange('2001:DB8:1:2::1')).toBe(addressRange('2001:db8:1:2::ffff'));
    expect(addressRange('2001:db8:1:3::1')).not.toBe(addressRange('2001:db8:1:2::1'));
    expect(addressRange('fe80::1%eth0')).toBe(addressRange('fe80::2'));
  });

  it('keeps what is not an IP address as it is', () => {
    expect(addressRange('')).toBe('');
    expect(addressRange('not-an-address')).toBe('not-an-address');
  });
});
