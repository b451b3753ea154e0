import { afterEach, describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  parseRateLimit,
  type RateLimitDecision,
} from '../../src-main/service/http/rate-limit';
import type { ServiceOptions } from '../../src-main/service/create-service';
import { expectProblem, startServer, type ApiResponse, type TestServer } from './helpers';

const RATE_LIMIT_HEADERS = [
  'ratelimit-policy',
  'ratelimit',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

/** Checks the five rate-limit fields of one response; returns the remaining count. */
function expectRateLimitHeaders(
  res: ApiResponse,
  policy: { name: string; limit: number; windowSeconds: number },
): number {
  const { name, limit, windowSeconds } = policy;
  const h = res.headers;
  expect(h.get('ratelimit-policy')).toBe(`"${name}";q=${limit};w=${windowSeconds}`);
  const m = new RegExp(`^"${name}";r=(\\d+);t=(\\d+)$`).exec(h.get('ratelimit') ?? '');
  expect(m, `RateLimit: ${h.get('ratelimit')}`).not.toBeNull();
  const remaining = Number(m![1]);
  const resetIn = Number(m![2]);
  expect(remaining).toBeLessThanOrEqual(limit);
  expect(resetIn).toBeLessThanOrEqual(windowSeconds);
  expect(h.get('x-ratelimit-limit')).toBe(String(limit));
  expect(h.get('x-ratelimit-remaining')).toBe(String(remaining));
  const reset = h.get('x-ratelimit-reset') ?? '';
  expect(reset).toMatch(/^\d+$/);
  // Epoch seconds, at most one window from now (with slack for a slow machine).
  const nowSeconds = Date.now() / 1000;
  expect(Number(reset)).toBeGreaterThanOrEqual(Math.floor(nowSeconds) - 5);
  expect(Number(reset)).toBeLessThanOrEqual(Math.ceil(nowSeconds) + windowSeconds + 5);
  return remaining;
}

function expectRateLimited(res: ApiResponse, maxRetryAfter: number): number {
  expectProblem(res, 429, 'rate_limited');
  const retryAfter = res.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxRetryAfter);
  return Number(retryAfter);
}

const FIVE = { name: 'default', limit: 5, windowSeconds: 60 };
const TOKEN_POLICY = { name: 'token', limit: 30, windowSeconds: 60 };

describe('rate limits over HTTP', () => {
  // A fresh server per test: buckets (also the per-address ones) must not leak between tests.
  let server: TestServer | undefined;
  const start = async (options: ServiceOptions) => {
    server = await startServer(options);
    return server;
  };
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function exchange(s: TestServer, apiKey: string): Promise<string> {
    const res = await s.request('POST', '/auth/token', { body: { apiKey }, token: null });
    expect(res.status, res.text).toBe(200);
    return res.body.accessToken as string;
  }

  it('a burst gets the limit, with the headers on every response, then 429 with Retry-After', async () => {
    const s = await start({ rateLimit: { limit: 5, windowSeconds: 60 } });
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await s.request('GET', '/billing/balance');
      expect(res.status, res.text).toBe(200);
      remaining.push(expectRateLimitHeaders(res, FIVE));
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);

    const limited = await s.request('GET', '/billing/balance');
    // One token comes back every 12 s.
    expectRateLimited(limited, 12);
    expect(expectRateLimitHeaders(limited, FIVE)).toBe(0);
  });

  it('a limited request has no effect', async () => {
    const s = await start({ rateLimit: { limit: 5, windowSeconds: 60 } });
    const writer = await s.keyWith('patients:write');
    for (let i = 0; i < 5; i++) {
      const res = await s.request('POST', '/patients', {
        token: writer,
        body: { firstName: 'Burst', lastName: `No${i}` },
      });
      expect(res.status, res.text).toBe(201);
    }
    const limited = await s.request('POST', '/patients', {
      token: writer,
      body: { firstName: 'Burst', lastName: 'Over' },
    });
    expectRateLimited(limited, 12);
    const list = await s.request('GET', '/patients', { token: await s.keyWith('patients:read') });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(5);
  });

  it('error responses and public routes carry the headers too', async () => {
    const s = await start({ rateLimit: { limit: 5, windowSeconds: 60 } });
    const reader = await s.keyWith('patients:read');
    const responses = [
      // /health is exempt (issue 17, finding 8): the OpenAPI document is the public route here.
      await s.request('GET', '/openapi.json', { token: null }),
      await s.request('GET', '/patients', { token: null }),
      await s.request('POST', '/patients', { token: reader, body: { firstName: 'X' } }),
      await s.request('GET', '/patients/pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G', { token: reader }),
      await s.request('GET', '/patients?limit=1000', { token: reader }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 403, 404, 422]);
    for (const res of responses) expectRateLimitHeaders(res, FIVE);
    const health = await s.request('GET', '/health', { token: null });
    expect(health.status).toBe(200);
    for (const name of RATE_LIMIT_HEADERS) expect(health.headers.get(name), name).toBeNull();
  });

  it('a request to an unknown route carries the headers too', async () => {
    const s = await start({ rateLimit: { limit: 5, windowSeconds: 60 } });
    const res = await s.request('GET', '/no-such-route');
    expectProblem(res, 404, 'route_not_found');
    expectRateLimitHeaders(res, FIVE);
  });

  it('keeps one bucket per credential', async () => {
    const s = await start({ rateLimit: { limit: 5, windowSeconds: 60 } });
    const first = await s.keyWith('credits:read');
    const second = await s.keyWith('credits:read');
    for (let i = 0; i < 5; i++) {
      expect((await s.request('GET', '/billing/balance', { token: first })).status).toBe(200);
    }
    expectRateLimited(await s.request('GET', '/billing/balance', { token: first }), 12);

    const other = await s.request('GET', '/billing/balance', { token: second });
    expect(other.status).toBe(200);
    expect(expectRateLimitHeaders(other, FIVE)).toBe(4);
    // The first key is still limited.
    expectRateLimited(await s.request('GET', '/billing/balance', { token: first }), 12);
  });

  it('an API key and the tokens minted from it share one bucket', async () => {
    const s = await start({ rateLimit: { limit: 5, windowSeconds: 60 } });
    const key = await s.keyWith('credits:read');
    const tokenA = await exchange(s, key);
    const tokenB = await exchange(s, key);
    const remaining: number[] = [];
    for (const token of [key, tokenA, key, tokenB, tokenA]) {
      const res = await s.request('GET', '/billing/balance', { token });
      expect(res.status, res.text).toBe(200);
      remaining.push(expectRateLimitHeaders(res, FIVE));
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    for (const token of [key, tokenA, tokenB]) {
      expectRateLimited(await s.request('GET', '/billing/balance', { token }), 12);
    }
    // Another key, and a token of another key, have their own buckets.
    const otherKey = await s.keyWith('credits:read');
    const otherToken = await exchange(s, otherKey);
    expect((await s.request('GET', '/billing/balance', { token: otherToken })).status).toBe(200);
    expect((await s.request('GET', '/billing/balance', { token: otherKey })).status).toBe(200);
  });

  it('limits POST /auth/token to 30 per 60 s per client address, under the "token" policy', async () => {
    const s = await start({ rateLimit: { limit: 5, windowSeconds: 60 } });
    const remaining: number[] = [];
    for (let i = 0; i < 30; i++) {
      // Different keys: the limit is on the address, not on the key being exchanged.
      const apiKey = i % 2 === 0 ? s.key : await s.keyWith('patients:read');
      const res = await s.request('POST', '/auth/token', { body: { apiKey }, token: null });
      expect(res.status, `exchange ${i + 1}: ${res.text}`).toBe(200);
      remaining.push(expectRateLimitHeaders(res, TOKEN_POLICY));
    }
    expect(remaining[0]).toBe(29);
    expect(remaining.at(-1)).toBe(0);
    for (let i = 1; i < remaining.length; i++) {
      expect(remaining[i]).toBeLessThanOrEqual(remaining[i - 1]!);
    }

    const limited = await s.request('POST', '/auth/token', {
      body: { apiKey: await s.keyWith('credits:read') },
      token: null,
    });
    // One exchange comes back every 2 s.
    expectRateLimited(limited, 2);
    expectRateLimitHeaders(limited, TOKEN_POLICY);

    // The exchanges did not draw from the key's own bucket.
    const own = await s.request('GET', '/billing/balance');
    expect(own.status).toBe(200);
    expect(expectRateLimitHeaders(own, FIVE)).toBe(4);
  });

  it('applies 600 per 60 s by default', async () => {
    const s = await start({ rateLimit: undefined });
    const res = await s.request('GET', '/billing/balance');
    expect(res.status).toBe(200);
    expect(expectRateLimitHeaders(res, { name: 'default', limit: 600, windowSeconds: 60 })).toBe(
      599,
    );
    const token = await s.request('POST', '/auth/token', { body: { apiKey: s.key }, token: null });
    expectRateLimitHeaders(token, TOKEN_POLICY);
  });

  it("'off' sends no rate-limit headers and never answers 429", async () => {
    const s = await start({ rateLimit: 'off' });
    for (let i = 0; i < 60; i++) {
      const res = await s.request('GET', '/billing/balance');
      expect(res.status).toBe(200);
      for (const name of RATE_LIMIT_HEADERS) expect(res.headers.get(name), name).toBeNull();
    }
    for (let i = 0; i < 40; i++) {
      const res = await s.request('POST', '/auth/token', { body: { apiKey: s.key }, token: null });
      expect(res.status).toBe(200);
      for (const name of RATE_LIMIT_HEADERS) expect(res.headers.get(name), name).toBeNull();
    }
    for (let i = 0; i < 20; i++) {
      expectProblem(await s.request('GET', '/patients', { token: null }), 401, 'invalid_token');
    }
  });
});

describe('createRateLimiter', () => {
  const policy = { name: 'unit', limit: 10, windowSeconds: 60 };
  // 10 per 60 s: one token every 6 s.
  function limiter(p = policy) {
    let t = 1_000_000;
    const take = createRateLimiter(p, () => t);
    return {
      take,
      advance(ms: number) {
        t += ms;
      },
    };
  }
  const remainingOf = (d: RateLimitDecision) => Number(d.headers['x-ratelimit-remaining']);

  it('allows a burst up to the limit, then refuses', () => {
    const { take } = limiter();
    const decisions = Array.from({ length: 11 }, () => take('k'));
    expect(decisions.slice(0, 10).every((d) => d.allowed)).toBe(true);
    expect(decisions.slice(0, 10).map(remainingOf)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(decisions.slice(0, 10).every((d) => d.retryAfterSeconds === 0)).toBe(true);
    expect(decisions[10]!.allowed).toBe(false);
    expect(remainingOf(decisions[10]!)).toBe(0);
  });

  it('sends the draft-10 and X- headers', () => {
    const { take } = limiter();
    const first = take('k');
    expect(first.headers['ratelimit-policy']).toBe('"unit";q=10;w=60');
    // Nine left; the missing token is back in 6 s.
    expect(first.headers.ratelimit).toBe('"unit";r=9;t=6');
    expect(first.headers['x-ratelimit-limit']).toBe('10');
    expect(first.headers['x-ratelimit-remaining']).toBe('9');
    const reset = Number(first.headers['x-ratelimit-reset']);
    expect(Number.isInteger(reset)).toBe(true);
    expect(Math.abs(reset - (Date.now() / 1000 + 6))).toBeLessThanOrEqual(2);
    for (let i = 0; i < 9; i++) take('k');
    // Empty: full again after a whole window.
    expect(take('k').headers.ratelimit).toBe('"unit";r=0;t=60');
  });

  it('refills continuously: after half the window, half the tokens are back', () => {
    const { take, advance } = limiter();
    for (let i = 0; i < 10; i++) expect(take('k').allowed).toBe(true);
    expect(take('k').allowed).toBe(false);
    advance(30_000);
    const after = Array.from({ length: 6 }, () => take('k').allowed);
    expect(after).toEqual([true, true, true, true, true, false]);
    // One token per 6 s, not all at the end of a fixed window.
    advance(6_000);
    expect(take('k').allowed).toBe(true);
    expect(take('k').allowed).toBe(false);
  });

  it('never holds more than the limit, however long the bucket was idle', () => {
    const { take, advance } = limiter();
    take('k');
    advance(3_600_000);
    const first = take('k');
    expect(remainingOf(first)).toBe(9);
    expect(first.headers.ratelimit).toBe('"unit";r=9;t=6');
    const rest = Array.from({ length: 10 }, () => take('k').allowed);
    expect(rest.filter(Boolean)).toHaveLength(9);
    expect(rest.at(-1)).toBe(false);
  });

  it('computes Retry-After as the seconds until one token is back, rounded up, at least 1', () => {
    const { take, advance } = limiter();
    for (let i = 0; i < 10; i++) take('k');
    expect(take('k').retryAfterSeconds).toBe(6);
    advance(1);
    expect(take('k').retryAfterSeconds).toBe(6);
    advance(2_999);
    expect(take('k').retryAfterSeconds).toBe(3);
    advance(2_999);
    expect(take('k').retryAfterSeconds).toBe(1);
    // Waiting what Retry-After says is enough.
    advance(1_000);
    const back = take('k');
    expect(back.allowed).toBe(true);
    expect(back.retryAfterSeconds).toBe(0);

    // A fast policy (1000 per second) still says at least 1 second.
    const fast = limiter({ name: 'fast', limit: 1000, windowSeconds: 1 });
    for (let i = 0; i < 1000; i++) fast.take('k');
    const refused = fast.take('k');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(1);
  });

  it('Retry-After is enough, and one second less is not', () => {
    const { take, advance } = limiter();
    for (let i = 0; i < 10; i++) take('k');
    const refused = take('k');
    expect(refused.allowed).toBe(false);
    advance((refused.retryAfterSeconds - 1) * 1000);
    const early = take('k');
    expect(early.allowed).toBe(false);
    advance(early.retryAfterSeconds * 1000);
    expect(take('k').allowed).toBe(true);
  });

  it('refused requests do not use up tokens', () => {
    const { take, advance } = limiter();
    for (let i = 0; i < 10; i++) take('k');
    for (let i = 0; i < 50; i++) expect(take('k').allowed).toBe(false);
    advance(6_000);
    expect(take('k').allowed).toBe(true);
  });

  it('keeps a separate bucket per key', () => {
    const { take } = limiter();
    for (let i = 0; i < 10; i++) take('a');
    expect(take('a').allowed).toBe(false);
    const b = take('b');
    expect(b.allowed).toBe(true);
    expect(remainingOf(b)).toBe(9);
  });
});

describe('parseRateLimit', () => {
  it('parses N/SECONDS', () => {
    expect(parseRateLimit('600/60')).toEqual({ limit: 600, windowSeconds: 60 });
    expect(parseRateLimit('1/1')).toEqual({ limit: 1, windowSeconds: 1 });
  });

  it("parses 'off'", () => {
    expect(parseRateLimit('off')).toBe('off');
  });

  it.each(['0/60', 'abc', '5/0', '', '5/', '/60', '-1/60', '1.5/60', '5/60/1'])(
    'rejects %j',
    (text) => {
      expect(() => parseRateLimit(text)).toThrow();
    },
  );
});
