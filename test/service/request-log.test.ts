import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, PushEvent, RequestLogEntry } from '../../src-preload/contract';
import { createChangeFeed } from '../../src-main/service/changes/change-feed';
import { createRequestLog } from '../../src-main/service/developer/request-log';
import { createClock } from '../../src-main/service/jobs/clock';
import { serversClosedAfterEach } from './helpers';
import { withOperations } from './operation-harness';

const START = Date.parse('2026-11-24T10:00:00.000Z');
const { newServer } = serversClosedAfterEach(START);

/** Lets the pending setImmediate batches and microtasks of the change feed run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function setup(options: Parameters<typeof newServer>[0] = {}) {
  const server = await newServer(options);
  const log = () => server.service.core.requestLog.list();
  return { server, log };
}

describe('the live request log', () => {
  it("records method, path, status, a non-negative duration and the API key's name", async () => {
    const { server, log } = await setup();
    const key = await server.service.core.apiKeys.create({
      name: 'Historia clínica',
      permissions: ['patients:read'],
    });
    expect((await server.request('GET', '/patients?limit=2', { token: key.key })).status).toBe(200);
    expect((await server.request('GET', '/billing/balance', { token: key.key })).status).toBe(403);
    expect((await server.request('GET', '/patients/pat_missing')).status).toBe(404);

    const entries = log();
    expect(entries.map((e) => [e.method, e.path, e.status, e.credential?.keyName])).toEqual([
      ['GET', '/api/v1/patients/pat_missing', 404, 'test'],
      ['GET', '/api/v1/billing/balance', 403, 'Historia clínica'],
      ['GET', '/api/v1/patients?limit=2', 200, 'Historia clínica'],
    ]);
    for (const entry of entries) {
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
      expect(entry.at).toBe(server.service.core.clock.nowIso());
      expect(entry.requestId).toMatch(/^req_/);
    }
    expect(entries[1]!.credential).toEqual({
      keyId: key.id,
      keyName: 'Historia clínica',
      kind: 'api_key',
    });
    // Newest first, numbered in order.
    expect(entries.map((e) => e.seq)).toEqual([3, 2, 1]);
  });

  it('names the key behind an access token, and no one for unauthenticated calls', async () => {
    const { server, log } = await setup();
    const key = await server.service.core.apiKeys.create({
      name: 'CRM',
      permissions: ['credits:read'],
    });
    const exchange = await server.request('POST', '/auth/token', {
      body: { apiKey: key.key },
      token: null,
    });
    expect(exchange.status).toBe(200);
    const jwt = exchange.body.accessToken as string;
    expect((await server.request('GET', '/billing/balance', { token: jwt })).status).toBe(200);
    expect((await server.request('GET', '/patients', { token: null })).status).toBe(401);
    expect((await server.request('GET', '/patients', { token: 'sk_wrong' })).status).toBe(401);
    expect((await server.request('GET', '/health', { token: null })).status).toBe(200);

    const [health, wrong, none, balance, token] = log();
    expect(token).toMatchObject({ method: 'POST', path: '/api/v1/auth/token', status: 200 });
    expect(token!.credential).toBeUndefined();
    expect(balance).toMatchObject({
      path: '/api/v1/billing/balance',
      status: 200,
      credential: { keyId: key.id, keyName: 'CRM', kind: 'jwt' },
    });
    expect(none).toMatchObject({ status: 401 });
    expect(none!.credential).toBeUndefined();
    expect(wrong!.credential).toBeUndefined();
    expect(health).toMatchObject({ path: '/api/v1/health', status: 200 });
  });

  it('never keeps a secret: no key, token or body, and form links without their token', async () => {
    const { server, log } = await setup();
    const formToken = 'Zk9yTWxpbmtUb2tlbjEyMzQ1Njc4OTA';
    await fetch(`${server.service.origin}/f/${formToken}?lang=ca`);
    const key = await server.service.core.apiKeys.create({
      name: 'Integració',
      permissions: ['patients:read'],
    });
    const exchange = await server.request('POST', '/auth/token', {
      body: { apiKey: key.key },
      token: null,
    });
    const jwt = exchange.body.accessToken as string;
    await server.request('GET', '/patients', { token: jwt });
    await server.request('GET', '/patients', { token: server.key });

    const entries = log();
    expect(entries.find((e) => e.path.startsWith('/f/'))?.path).toBe('/f/[token]?lang=ca');
    const text = JSON.stringify(entries);
    for (const secret of [formToken, key.key, jwt, server.key]) expect(text).not.toContain(secret);
  });

  it("leaves out the window's own bridge and the app it serves", async () => {
    const token = 'bridge-token-for-the-request-log-test';
    const { server, log } = await setup({ webBridge: { token } });
    const bridge = await fetch(`${server.service.origin}/__bridge/ops/app.info`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bridge.status).toBe(200);
    await fetch(`${server.service.origin}/__bridge/ops/app.info`, { method: 'POST' });
    expect(log()).toEqual([]);
    await server.request('GET', '/health', { token: null });
    expect(log().map((e) => e.path)).toEqual(['/api/v1/health']);
  });

  it('keeps only the newest entries, and clears', () => {
    const clock = createClock({ realNow: () => START });
    const log = createRequestLog({ clock, changes: createChangeFeed(), capacity: 3 });
    for (let i = 1; i <= 5; i++) {
      log.record({
        requestId: `req_${i}`,
        method: 'GET',
        path: `/api/v1/p/${i}`,
        status: 200,
        durationMs: i,
      });
    }
    expect(log.list().map((e) => e.requestId)).toEqual(['req_5', 'req_4', 'req_3']);
    expect(log.list(2).map((e) => e.requestId)).toEqual(['req_5', 'req_4']);
    expect(log.clear()).toBe(3);
    expect(log.list()).toEqual([]);
    log.record({
      requestId: 'req_6',
      method: 'GET',
      path: '/api/v1/p/6',
      status: 200,
      durationMs: 1,
    });
    expect(log.list().map((e) => [e.requestId, e.seq])).toEqual([['req_6', 6]]);
  });

  it('pushes new entries to the window in one event per tick, newest first', async () => {
    const { server } = await setup();
    const pushed: RequestLogEntry[][] = [];
    const unsubscribe = server.service.core.changes.subscribe((event: PushEvent) => {
      if (event.type === 'request.logged') pushed.push(event.data.entries);
    });
    try {
      await server.request('GET', '/health', { token: null });
      await expect.poll(() => pushed.flat().length).toBe(1);
      expect(pushed[0]![0]).toMatchObject({ path: '/api/v1/health', status: 200 });
      // Several entries recorded in one tick travel together.
      const log = server.service.core.requestLog;
      pushed.length = 0;
      log.record({
        requestId: 'req_a',
        method: 'GET',
        path: '/api/v1/a',
        status: 200,
        durationMs: 1,
      });
      log.record({
        requestId: 'req_b',
        method: 'GET',
        path: '/api/v1/b',
        status: 200,
        durationMs: 1,
      });
      await settle();
      expect(pushed.map((batch) => batch.map((e) => e.requestId))).toEqual([['req_b', 'req_a']]);
    } finally {
      unsubscribe();
    }
  });

  it('serves the log, its clearing and the OpenAPI document as operations', async () => {
    const { server } = await setup();
    const { ops } = withOperations(server);
    await server.request('GET', '/health', { token: null });
    await server.request('GET', '/patients');
    const listed = await ops.run('developer.requestLog', { limit: 1 });
    expect(listed.ok && listed.value).toMatchObject([{ path: '/api/v1/patients' }]);
    const refused = await ops.run('developer.requestLog', { limit: 0 });
    expect(!refused.ok && refused.error.code).toBe('validation_failed');
    expect(await ops.run('developer.requestLog', { limit: 5, extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed' },
    });
    expect(await ops.run('developer.clearRequestLog', undefined)).toEqual({
      ok: true,
      value: { cleared: 2 },
    });
    expect(await ops.run('developer.requestLog', undefined)).toEqual({ ok: true, value: [] });

    const served = await fetch(`${server.url}/openapi.json`).then((r) => r.json());
    const document = await ops.run('developer.openapi', undefined);
    if (!document.ok) throw new Error(document.error.message);
    expect(document.value).toEqual(served);
    expect(Object.keys((document.value as OpenApiDocument).paths)).toContain('/patients');
    // The operations themselves are not HTTP requests: only the fetch above is in the log.
    expect(server.service.core.requestLog.list().map((e) => e.path)).toEqual([
      '/api/v1/openapi.json',
    ]);
  });
});
