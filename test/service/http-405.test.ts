import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../src-main/service/errors';
import { tableHashes } from './fuzz/db-snapshot';
import { DOC_METHODS } from './fuzz/openapi-ops';
import { createRawClient, type RawResponse } from './fuzz/raw-client';
import { serversClosedAfterEach, startServer, type TestServer } from './helpers';
import { T0 } from './time';

/*
 * Issue 18 part 7: a known path asked with a method it does not answer (`DELETE /billing/balance`)
 * answered 404, as if the path did not exist. It is 405 `method_not_allowed` now, with an `Allow`
 * header read from the router (HEAD beside every GET, because the server answers it), decided
 * before authentication like the 404 of an unknown path; unknown paths stay 404, and the sandbox's
 * paths are unknown while sandbox mode is off.
 */

const API = '/api/v1';
/** Methods to try on every path: fetch refuses TRACE, so requests go through node:http. */
const TRY = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];

function expectRawProblem(res: RawResponse, status: number, code: string, what: string): any {
  expect(res.status, `${what}: ${res.text}`).toBe(status);
  expect(String(res.headers['content-type']), what).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(res.text);
  expect(body.code, what).toBe(code);
  expect(body.status, what).toBe(status);
  expect(body.requestId, what).toBe(res.headers['x-request-id']);
  expect(PROBLEM_CODES as readonly string[], what).toContain(code);
  return body;
}

/** `/patients/{id}` with a made-up id: which methods a path answers does not depend on it. */
const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}_1`);

describe('405 Method Not Allowed on every documented path', () => {
  let server: TestServer;
  let client: ReturnType<typeof createRawClient>;
  let doc: any;
  beforeAll(async () => {
    server = await startServer({ seed: 'demo', realNow: () => T0 });
    client = createRawClient(server.service.origin);
    doc = (await server.request('GET', '/openapi.json', { token: null })).body;
  });
  afterAll(async () => {
    client.close();
    await server.close();
  });

  it('lists in Allow exactly the documented methods (and HEAD beside GET), and changes nothing', async () => {
    const { db } = server.service.core;
    const before = await tableHashes(db);
    const paths = Object.entries<any>(doc.paths);
    expect(paths.length).toBeGreaterThan(30);
    let refusals = 0;
    for (const [path, item] of paths) {
      const documented = DOC_METHODS.filter((m) => item[m]).map((m) => m.toUpperCase());
      if (documented.includes('GET')) documented.push('HEAD');
      const allow = [...new Set(documented)].sort().join(', ');
      for (const method of TRY.filter((m) => !documented.includes(m))) {
        const url = `${API}${fill(path)}`;
        const res = await client.send({
          method,
          path: url,
          headers: { authorization: `Bearer ${server.key}` },
        });
        expect(res.headers.allow, `${method} ${path}`).toBe(allow);
        if (method === 'HEAD') {
          // The same answer without its body.
          expect(res.status, `HEAD ${path}`).toBe(405);
          expect(res.text).toBe('');
        } else {
          const body = expectRawProblem(res, 405, 'method_not_allowed', `${method} ${path}`);
          expect(body.instance).toBe(url);
        }
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(100);
    expect(await tableHashes(db)).toEqual(before);
  });

  it('answers HEAD where GET exists, as Allow says', async () => {
    const head = await client.send({
      method: 'HEAD',
      path: `${API}/billing/balance`,
      headers: { authorization: `Bearer ${server.key}` },
    });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(String(head.headers['content-type'])).toMatch(/^application\/json/);
    const health = await client.send({ method: 'HEAD', path: `${API}/health`, headers: {} });
    expect(health.status).toBe(200);
  });

  it('answers OPTIONS with 405 and the Allow list (no CORS preflight to serve)', async () => {
    const res = await client.send({ method: 'OPTIONS', path: `${API}/patients`, headers: {} });
    expectRawProblem(res, 405, 'method_not_allowed', 'OPTIONS /patients');
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });

  it('keeps 404 route_not_found, without Allow, for paths that do not exist', async () => {
    for (const [method, path] of [
      ['GET', `${API}/nope`],
      ['DELETE', `${API}/nope`],
      ['GET', `${API}/patients/x/y/z`],
      ['POST', `${API}/billing/balance/extra`],
      ['GET', `${API}/BILLING/BALANCE`],
      ['PUT', '/api/v2/patients'],
      ['DELETE', '/elsewhere'],
    ] as const) {
      for (const token of [server.key, undefined]) {
        const res = await client.send({
          method,
          path,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expectRawProblem(res, 404, 'route_not_found', `${method} ${path}`);
        expect(res.headers.allow, `${method} ${path}`).toBeUndefined();
      }
    }
  });

  it('is decided before authentication: no credential, a bad one or one without the permission', async () => {
    const withoutCredits = await server.keyWith('patients:read');
    for (const authorization of [
      undefined,
      'Bearer sk_not_a_key',
      'Basic abc',
      `Bearer ${withoutCredits}`,
    ]) {
      const res = await client.send({
        method: 'DELETE',
        path: `${API}/billing/balance`,
        headers: authorization ? { authorization } : {},
      });
      expectRawProblem(res, 405, 'method_not_allowed', String(authorization));
      expect(res.headers.allow).toBe('GET, HEAD');
      // No credential challenge on a 405: there is nothing a credential would change.
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
    // The documented method still asks for the credential and the permission.
    const get = await client.send({ method: 'GET', path: `${API}/billing/balance`, headers: {} });
    expectRawProblem(get, 401, 'invalid_token', 'GET without a credential');
    const forbidden = await client.send({
      method: 'GET',
      path: `${API}/billing/balance`,
      headers: { authorization: `Bearer ${withoutCredits}` },
    });
    expectRawProblem(forbidden, 403, 'insufficient_permissions', 'GET without credits:read');
  });

  it('answers the form pages and the test receiver the same way', async () => {
    const page = await client.send({ method: 'PUT', path: '/f/some-token', headers: {} });
    expectRawProblem(page, 405, 'method_not_allowed', 'PUT /f/{token}');
    expect(page.headers.allow).toBe('GET, HEAD, POST');
    const receiver = await client.send({
      method: 'GET',
      path: '/sandbox-receiver/inbox',
      headers: {},
    });
    expectRawProblem(receiver, 405, 'method_not_allowed', 'GET /sandbox-receiver/inbox');
    expect(receiver.headers.allow).toBe('POST');
  });
});

describe('405 and what does not exist right now', () => {
  const { newServer, cleanups } = serversClosedAfterEach(T0);

  it('answers 404 on the sandbox paths while sandbox mode is off, 405 once it is on', async () => {
    const server = await newServer({ sandbox: false });
    const client = createRawClient(server.service.origin);
    cleanups.push(() => client.close());
    const auth = { authorization: `Bearer ${server.key}` };
    const probes = [
      ['DELETE', `${API}/sandbox/clock`, 'GET, HEAD'],
      ['GET', `${API}/sandbox/reset`, 'POST'],
      ['PUT', `${API}/sandbox/form-schedules/sch_1/submit`, 'POST'],
      ['GET', '/sandbox-receiver/inbox', 'POST'],
    ] as const;
    for (const [method, path] of probes) {
      const res = await client.send({ method, path, headers: auth });
      expectRawProblem(res, 404, 'route_not_found', `${method} ${path} (sandbox off)`);
      expect(res.headers.allow).toBeUndefined();
    }
    // The switch is live: the paths come back without a restart.
    await server.service.core.setSandbox(true, 'window');
    for (const [method, path, allow] of probes) {
      const res = await client.send({ method, path, headers: auth });
      expectRawProblem(res, 405, 'method_not_allowed', `${method} ${path} (sandbox on)`);
      expect(res.headers.allow).toBe(allow);
    }
  });

  it('costs the caller the same bucket as a 404, so probing methods is not free', async () => {
    const server = await newServer({ rateLimit: { limit: 3, windowSeconds: 60 } });
    const client = createRawClient(server.service.origin);
    cleanups.push(() => client.close());
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client.send({
        method: 'DELETE',
        path: `${API}/billing/balance`,
        headers: {},
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([405, 405, 405, 429]);
  });

  it('does not take the web mode catch-all page for a path the API knows', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'engage-405-'));
    cleanups.push(() => rmSync(appDir, { recursive: true, force: true }));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><html><head></head></html>');
    const server = await newServer({ webBridge: { token: 'tok-0123456789abcdef', appDir } });
    const client = createRawClient(server.service.origin);
    cleanups.push(() => client.close());
    // GET /patients/pat_1 is the window's own route (the page); other methods find no route.
    for (const [method, path] of [
      ['POST', '/patients/pat_1'],
      ['DELETE', '/'],
      ['POST', `${API}/nope`],
    ] as const) {
      const res = await client.send({ method, path, headers: {} });
      expectRawProblem(res, 404, 'route_not_found', `${method} ${path}`);
    }
    const res = await client.send({
      method: 'DELETE',
      path: `${API}/billing/balance`,
      headers: {},
    });
    expectRawProblem(res, 405, 'method_not_allowed', 'DELETE /billing/balance in web mode');
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});
