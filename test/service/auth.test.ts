import { createHash } from 'node:crypto';
import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  SignJWT,
  UnsecuredJWT,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../src-main/service/schemas/auth';
import { tableNames } from './engine-sql';
import { expectProblem, startServer, type ApiResponse, type TestServer } from './helpers';

const KEY_FORMAT = /^sk_[0-9A-Za-z]{43}$/;
const KEY_ID_FORMAT = /^key_[0-9A-HJKMNP-TV-Z]{26}$/;
const SOME_ID = 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G';

/** A key created through the domain, so the test knows its id as well as its secret. */
async function createKey(
  server: TestServer,
  permissions: readonly Permission[],
  name = 'auth test',
) {
  return await server.service.core.apiKeys.create({ name, permissions });
}

/** A 401 with the code and a Bearer challenge naming invalid_token (RFC 6750 §3). */
function expectUnauthorized(res: ApiResponse, code = 'invalid_token'): void {
  expectProblem(res, 401, code);
  const challenge = res.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer\b/);
  expect(challenge).toContain('error="invalid_token"');
}

async function exchange(server: TestServer, apiKey: string): Promise<string> {
  const res = await server.request('POST', '/auth/token', { body: { apiKey }, token: null });
  expect(res.status, res.text).toBe(200);
  return res.body.accessToken as string;
}

/** Every operation of the OpenAPI document, as [METHOD, path]. */
async function operations(server: TestServer): Promise<Array<[string, string]>> {
  const doc = await server.request('GET', '/openapi.json', { token: null });
  expect(doc.status).toBe(200);
  const ops: Array<[string, string]> = [];
  for (const [path, item] of Object.entries(doc.body.paths as Record<string, object>)) {
    for (const method of Object.keys(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        ops.push([method.toUpperCase(), path]);
      }
    }
  }
  return ops;
}

const fill = (path: string) => path.replace(/\{[^}]+\}/g, SOME_ID);

describe('authentication', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  describe('API keys', () => {
    it('are sk_ followed by 43 base62 characters, all different', async () => {
      const keys: string[] = [];
      for (let i = 0; i < 50; i++) keys.push((await createKey(server, ['patients:read'])).key);
      for (const key of keys) expect(key).toMatch(KEY_FORMAT);
      expect(new Set(keys).size).toBe(keys.length);
      expect(server.key).toMatch(KEY_FORMAT);
    });

    it('get an id key_<ULID> and report their permissions', async () => {
      const created = await createKey(server, ['credits:read', 'patients:read']);
      expect(created.id).toMatch(KEY_ID_FORMAT);
      expect([...created.permissions].sort()).toEqual(['credits:read', 'patients:read']);
    });

    it('are stored only as SHA-256: the database never holds the key text', async () => {
      const created = await createKey(server, ['patients:read'], 'storage check');
      const db = server.service.core.db;
      const row = (await db
        .prepare('SELECT * FROM api_keys WHERE id = ?')
        .get(created.id)) as Record<string, unknown>;
      expect(row).toBeDefined();
      expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
      const body = created.key.slice(3);
      const keyTable = JSON.stringify(await db.prepare('SELECT * FROM api_keys').all());
      expect(keyTable).not.toContain(created.key);
      expect(keyTable).not.toContain(body);
      expect(keyTable).not.toContain(server.key);
      // Nor anywhere else in the database.
      for (const name of await tableNames(db)) {
        const dump = JSON.stringify(await db.prepare(`SELECT * FROM "${name}"`).all());
        expect(dump, `table ${name}`).not.toContain(body);
      }
    });

    it('records last_used_at when a key is used', async () => {
      const created = await createKey(server, ['patients:read'], 'last used');
      const lastUsed = async () =>
        (
          (await server.service.core.db
            .prepare('SELECT last_used_at FROM api_keys WHERE id = ?')
            .get(created.id)) as { last_used_at: string | null }
        ).last_used_at;
      expect(await lastUsed()).toBeNull();
      const res = await server.request('GET', '/patients', { token: created.key });
      expect(res.status).toBe(200);
      const at = await lastUsed();
      expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const serviceNow = server.service.core.clock.now();
      expect(Math.abs(Date.parse(at!) - serviceNow)).toBeLessThan(60_000);
      const info = (await server.service.core.apiKeys.list()).find((k) => k.id === created.id);
      expect(info?.lastUsedAt).toBe(at);
    });
  });

  describe('Bearer credentials', () => {
    it('accepts an API key', async () => {
      const res = await server.request('GET', '/patients');
      expect(res.status).toBe(200);
    });

    it('accepts the scheme name in any case', async () => {
      const res = await server.request('GET', '/patients', {
        token: null,
        headers: { authorization: `bearer ${server.key}` },
      });
      expect(res.status).toBe(200);
    });

    it('rejects a request without Authorization', async () => {
      expectUnauthorized(await server.request('GET', '/patients', { token: null }));
    });

    it('rejects another scheme', async () => {
      const basic = Buffer.from(`user:${server.key}`).toString('base64');
      for (const authorization of [`Basic ${basic}`, `Token ${server.key}`, server.key]) {
        const res = await server.request('GET', '/patients', {
          token: null,
          headers: { authorization },
        });
        expectUnauthorized(res);
      }
    });

    it('rejects "Bearer" with no credential', async () => {
      for (const authorization of ['Bearer', 'Bearer    ']) {
        const res = await server.request('GET', '/patients', {
          token: null,
          headers: { authorization },
        });
        expectUnauthorized(res);
      }
    });

    it('rejects two credentials in one header', async () => {
      const res = await server.request('GET', '/patients', {
        token: null,
        headers: { authorization: `Bearer ${server.key} ${server.key}` },
      });
      expectUnauthorized(res);
    });

    it('rejects an unknown sk_ key', async () => {
      const unknown = `sk_${'A1b2C3d4E5'.repeat(4)}xyz`;
      expect(unknown).toMatch(KEY_FORMAT);
      expectUnauthorized(await server.request('GET', '/patients', { token: unknown }));
      // A known key with one character changed is just as unknown.
      const last = server.key.at(-1) === 'a' ? 'b' : 'a';
      const altered = server.key.slice(0, -1) + last;
      expectUnauthorized(await server.request('GET', '/patients', { token: altered }));
    });

    it('rejects random garbage', async () => {
      for (const token of ['garbage', 'sk_', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.']) {
        expectUnauthorized(await server.request('GET', '/patients', { token }));
      }
    });

    it('rejects a JWT signed with another secret', async () => {
      const valid = decodeJwt(await exchange(server, server.key));
      const forged = await new SignJWT({ scope: PERMISSIONS.join(' ') })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer(valid.iss!)
        .setAudience(valid.aud!)
        .setSubject(valid.sub!)
        .setIssuedAt(valid.iat!)
        .setExpirationTime(valid.exp!)
        .setJti('forged')
        .sign(new TextEncoder().encode('x'.repeat(32)));
      expectUnauthorized(await server.request('GET', '/patients', { token: forged }));
    });

    it('rejects an unsigned JWT (alg none)', async () => {
      const valid = decodeJwt(await exchange(server, server.key));
      const unsigned = new UnsecuredJWT({ scope: PERMISSIONS.join(' ') })
        .setIssuer(valid.iss!)
        .setAudience(valid.aud!)
        .setSubject(valid.sub!)
        .setIssuedAt(valid.iat!)
        .setExpirationTime(valid.exp!)
        .setJti('unsigned')
        .encode();
      expect(decodeProtectedHeader(unsigned).alg).toBe('none');
      expectUnauthorized(await server.request('GET', '/patients', { token: unsigned }));
      // Same, with typ at+jwt in the header.
      const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }));
      const [, payload] = unsigned.split('.');
      const typed = `${header}.${payload}.`;
      expectUnauthorized(await server.request('GET', '/patients', { token: typed }));
    });

    it('rejects a JWT whose payload was altered', async () => {
      const narrow = await createKey(server, ['patients:read']);
      const token = await exchange(server, narrow.key);
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!))) as JWTPayload;
      const tamper = (change: Partial<JWTPayload>) =>
        `${header}.${base64url.encode(JSON.stringify({ ...claims, ...change }))}.${signature}`;
      // Sanity: the untouched token works.
      expect((await server.request('GET', '/patients', { token })).status).toBe(200);
      for (const change of [
        { scope: PERMISSIONS.join(' ') },
        { sub: (await createKey(server, [...PERMISSIONS])).id },
        { exp: claims.exp! + 86_400 },
      ]) {
        expectUnauthorized(await server.request('GET', '/patients', { token: tamper(change) }));
      }
      // A changed signature is rejected too.
      const flipped = signature!.startsWith('A')
        ? `B${signature!.slice(1)}`
        : `A${signature!.slice(1)}`;
      expectUnauthorized(
        await server.request('GET', '/patients', { token: `${header}.${payload}.${flipped}` }),
      );
    });

    it('accepts only HS256 at+jwt tokens for the service, even with the right secret', async () => {
      const secret = await server.service.core.q.settings.secret('jwt_secret');
      const valid = decodeJwt(await exchange(server, server.key));
      const build = (
        header: { alg: string; typ?: string },
        change: (jwt: SignJWT) => SignJWT = (jwt) => jwt,
      ) =>
        change(
          new SignJWT({ scope: 'patients:read' })
            .setProtectedHeader(header)
            .setIssuer(valid.iss!)
            .setAudience(valid.aud!)
            .setSubject(valid.sub!)
            .setIssuedAt(valid.iat!)
            .setExpirationTime(valid.exp!)
            .setJti('crafted'),
        ).sign(secret);
      // Control: a correctly built token is accepted, so the rejections below are meaningful.
      const control = await build({ alg: 'HS256', typ: 'at+jwt' });
      expect((await server.request('GET', '/patients', { token: control })).status).toBe(200);

      const rejected = [
        await build({ alg: 'HS512', typ: 'at+jwt' }),
        await build({ alg: 'HS256', typ: 'JWT' }),
        await build({ alg: 'HS256', typ: 'at+jwt' }, (jwt) => jwt.setAudience('someone-else')),
        await build({ alg: 'HS256', typ: 'at+jwt' }, (jwt) => jwt.setIssuer('someone-else')),
        await build({ alg: 'HS256', typ: 'at+jwt' }, (jwt) => jwt.setSubject('key_unknown')),
      ];
      for (const token of rejected) {
        expectUnauthorized(await server.request('GET', '/patients', { token }));
      }
    });
  });

  describe('POST /auth/token', () => {
    it('exchanges an API key for a one-hour access token, without Authorization', async () => {
      const created = await createKey(server, ['patients:read', 'credits:read'], 'exchange');
      const res = await server.request('POST', '/auth/token', {
        body: { apiKey: created.key },
        token: null,
      });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'expiresIn', 'tokenType']);
      expect(res.body.expiresIn).toBe(3600);
      expect(res.body.tokenType).toBe('Bearer');
      expect(res.body.accessToken).toEqual(expect.any(String));

      const token = res.body.accessToken as string;
      const header = decodeProtectedHeader(token);
      expect(header.alg).toBe('HS256');
      expect(header.typ).toBe('at+jwt');

      const claims = decodeJwt(token);
      expect(claims.iss).toEqual(expect.any(String));
      expect(claims.iss!.length).toBeGreaterThan(0);
      expect(claims.sub).toBe(created.id);
      expect(claims.sub).toMatch(KEY_ID_FORMAT);
      expect(claims.aud).toBeDefined();
      expect(typeof claims.scope).toBe('string');
      expect((claims.scope as string).split(' ').sort()).toEqual(['credits:read', 'patients:read']);
      expect(Number.isInteger(claims.iat)).toBe(true);
      expect(claims.exp).toBe(claims.iat! + 3600);
      expect(claims.jti).toEqual(expect.any(String));
      expect(claims.jti!.length).toBeGreaterThan(0);
      // iat follows the service clock.
      const serviceNowSeconds = server.service.core.clock.now() / 1000;
      expect(Math.abs(claims.iat! - serviceNowSeconds)).toBeLessThan(60);
    });

    it('gives every token its own jti', async () => {
      const a = decodeJwt(await exchange(server, server.key));
      const b = decodeJwt(await exchange(server, server.key));
      expect(a.jti).not.toBe(b.jti);
    });

    it('scopes a full-permission key to all eight permissions', async () => {
      const claims = decodeJwt(await exchange(server, server.key));
      expect((claims.scope as string).split(' ').sort()).toEqual([...PERMISSIONS].sort());
    });

    it('ignores an Authorization header', async () => {
      const res = await server.request('POST', '/auth/token', {
        body: { apiKey: server.key },
        token: 'garbage',
      });
      expect(res.status).toBe(200);
    });

    it('answers 401 invalid_api_key for an unknown key', async () => {
      for (const apiKey of [`sk_${'Z'.repeat(43)}`, 'not-a-key']) {
        const res = await server.request('POST', '/auth/token', { body: { apiKey }, token: null });
        expectProblem(res, 401, 'invalid_api_key');
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      }
    });

    it('answers 401 invalid_api_key for a revoked key', async () => {
      const created = await createKey(server, ['patients:read'], 'to revoke');
      await server.service.core.apiKeys.revoke(created.id);
      const res = await server.request('POST', '/auth/token', {
        body: { apiKey: created.key },
        token: null,
      });
      expectProblem(res, 401, 'invalid_api_key');
    });

    it('answers 422 validation_failed without apiKey', async () => {
      const res = await server.request('POST', '/auth/token', { body: {}, token: null });
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors).toEqual(expect.any(Array));
      expect(res.body.errors.length).toBeGreaterThan(0);
    });

    it('answers 422 validation_failed for a non-string apiKey', async () => {
      const res = await server.request('POST', '/auth/token', {
        body: { apiKey: 42 },
        token: null,
      });
      expectProblem(res, 422, 'validation_failed');
    });

    it('answers 422 validation_failed for an extra property', async () => {
      const res = await server.request('POST', '/auth/token', {
        body: { apiKey: server.key, scope: 'patients:read' },
        token: null,
      });
      expectProblem(res, 422, 'validation_failed');
    });
  });

  describe('access tokens', () => {
    it('work as Bearer credentials', async () => {
      const token = await exchange(server, server.key);
      const res = await server.request('GET', '/patients', { token });
      expect(res.status).toBe(200);
      const created = await server.request('POST', '/patients', {
        token,
        body: { firstName: 'Ada', lastName: 'Token' },
      });
      expect(created.status, created.text).toBe(201);
    });

    it('carry only the permissions of their key', async () => {
      const reader = await createKey(server, ['patients:read']);
      const token = await exchange(server, reader.key);
      expect((await server.request('GET', '/patients', { token })).status).toBe(200);
      const write = await server.request('POST', '/patients', {
        token,
        body: { firstName: 'No', lastName: 'Access' },
      });
      expectProblem(write, 403, 'insufficient_permissions');
      expect(write.body.requiredPermission).toBe('patients:write');
      expectProblem(
        await server.request('GET', '/billing/balance', { token }),
        403,
        'insufficient_permissions',
      );
    });

    it('stop working, with the key, the moment the key is revoked', async () => {
      const created = await createKey(server, ['patients:read'], 'revoke me');
      const tokenA = await exchange(server, created.key);
      const tokenB = await exchange(server, created.key);
      for (const token of [created.key, tokenA, tokenB]) {
        expect((await server.request('GET', '/patients', { token })).status).toBe(200);
      }
      const revoked = await server.service.core.apiKeys.revoke(created.id);
      expect(revoked.revokedAt).toEqual(expect.any(String));
      for (const token of [created.key, tokenA, tokenB]) {
        expectUnauthorized(await server.request('GET', '/patients', { token }));
      }
      // The row stays, for the audit trail.
      const row = (await server.service.core.db
        .prepare('SELECT revoked_at FROM api_keys WHERE id = ?')
        .get(created.id)) as { revoked_at: string | null } | undefined;
      expect(row?.revoked_at).toEqual(expect.any(String));
      // Other keys are unaffected.
      expect((await server.request('GET', '/patients')).status).toBe(200);
    });
  });

  describe('credentials per route', () => {
    it('GET /health and GET /openapi.json need no credential', async () => {
      expect((await server.request('GET', '/health', { token: null })).status).toBe(200);
      expect((await server.request('GET', '/openapi.json', { token: null })).status).toBe(200);
    });

    it('every other route answers 401 without a credential, or with a bad one', async () => {
      const ops = await operations(server);
      const protectedOps = ops.filter(
        ([method, path]) =>
          !(method === 'GET' && (path === '/health' || path === '/openapi.json')) &&
          !(method === 'POST' && path === '/auth/token'),
      );
      // The routes that exist now are all among them.
      for (const expected of [
        'GET /patients',
        'GET /patients/{id}',
        'POST /patients',
        'PATCH /patients/{id}',
        'GET /billing/balance',
        'GET /billing/ledger',
        'GET /sandbox/clock',
        'POST /sandbox/clock/advance',
      ]) {
        expect(protectedOps.map(([m, p]) => `${m} ${p}`)).toContain(expected);
      }
      for (const [method, path] of protectedOps) {
        const body = method === 'GET' ? undefined : {};
        for (const token of [null, 'garbage', `sk_${'Q'.repeat(43)}`]) {
          const res = await server.request(method, fill(path), { token, body });
          expect(res.status, `${method} ${path} with ${token}`).toBe(401);
          expectUnauthorized(res);
        }
      }
    });
  });

  describe('sandbox routes', () => {
    it('need sandbox:write (issue 17): every other permission is refused, with a key or a JWT', async () => {
      const others = await createKey(
        server,
        PERMISSIONS.filter((p) => p !== 'sandbox:write'),
      );
      const othersToken = await exchange(server, others.key);
      for (const credential of [others.key, othersToken]) {
        expectProblem(
          await server.request('GET', '/sandbox/clock', { token: credential }),
          403,
          'insufficient_permissions',
        );
        expectProblem(
          await server.request('POST', '/sandbox/reset', {
            token: credential,
            body: { seed: 'empty' },
          }),
          403,
          'insufficient_permissions',
        );
        expectProblem(
          await server.request('GET', '/sandbox/outbox', { token: credential }),
          403,
          'insufficient_permissions',
        );
      }
      const sandbox = await createKey(server, ['sandbox:write']);
      const token = await exchange(server, sandbox.key);
      for (const credential of [sandbox.key, token]) {
        const clock = await server.request('GET', '/sandbox/clock', { token: credential });
        expect(clock.status, clock.text).toBe(200);
        expect(clock.body.now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(Number.isInteger(clock.body.offsetSeconds)).toBe(true);
      }
      const advance = await server.request('POST', '/sandbox/clock/advance', {
        token: sandbox.key,
        body: { seconds: 0 },
      });
      expect(advance.status, advance.text).toBe(200);
    });

    it('still need a credential', async () => {
      expectUnauthorized(await server.request('GET', '/sandbox/clock', { token: null }));
    });
  });
});

describe('token expiry follows the service clock', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Real time stands still on a whole second, so the only thing that moves the service clock is
    // the sandbox advance below and the one-second resolution of iat/exp cannot make this flaky.
    const frozen = Math.floor(Date.now() / 1000) * 1000;
    server = await startServer({ realNow: () => frozen });
  });
  afterAll(() => server.close());

  it('a token works for 3600 s of service time, then answers 401 token_expired', async () => {
    const token = await exchange(server, server.key);
    const claims = decodeJwt(token);
    expect(claims.iat! * 1000).toBe(server.service.core.clock.now());

    let advance = await server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: 3599 },
    });
    expect(advance.status, advance.text).toBe(200);
    expect((await server.request('GET', '/patients', { token })).status).toBe(200);

    advance = await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 2 } });
    expect(advance.status, advance.text).toBe(200);
    expect(advance.body.offsetSeconds).toBe(3601);
    const expired = await server.request('GET', '/patients', { token });
    expectUnauthorized(expired, 'token_expired');

    // The key itself does not expire, and a fresh token works again.
    expect((await server.request('GET', '/patients')).status).toBe(200);
    const fresh = await exchange(server, server.key);
    expect((await server.request('GET', '/patients', { token: fresh })).status).toBe(200);
  });
});

describe('sandbox mode off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ sandbox: false });
  });
  afterAll(() => server.close());

  it('the sandbox routes do not exist', async () => {
    expectProblem(await server.request('GET', '/sandbox/clock'), 404, 'route_not_found');
    expectProblem(
      await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 1 } }),
      404,
      'route_not_found',
    );
    const doc = await server.request('GET', '/openapi.json', { token: null });
    expect(Object.keys(doc.body.paths).filter((p) => p.startsWith('/sandbox'))).toEqual([]);
    // The rest of the service is unaffected.
    expect((await server.request('GET', '/patients')).status).toBe(200);
  });
});
