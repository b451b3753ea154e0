import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../src-main/service/schemas/auth';
import { expectProblem, startServer, type ApiResponse, type TestServer } from './helpers';

/**
 * The permission table of api-decisions §3, as rules over method and path, with the sandbox's own
 * permission (docs/api-decisions.md, Sandbox: issue 17).
 */
const DECISIONS: Array<{ methods: string[]; path: RegExp; permission: Permission | null }> = [
  { methods: ['GET'], path: /^\/patients(\/\{id\})?$/, permission: 'patients:read' },
  { methods: ['POST'], path: /^\/patients$/, permission: 'patients:write' },
  { methods: ['PATCH'], path: /^\/patients\/\{id\}$/, permission: 'patients:write' },
  // Notes (docs/api-decisions.md, "Patient notes"): part of the patient's record.
  {
    methods: ['GET'],
    path: /^\/(patients\/\{id\}\/notes|patient-notes\/\{id\})$/,
    permission: 'patients:read',
  },
  { methods: ['POST'], path: /^\/patients\/\{id\}\/notes$/, permission: 'patients:write' },
  {
    methods: ['GET'],
    path: /^\/(clinical-forms(\/\{id\}(\/responses)?)?|form-responses\/\{id\})$/,
    permission: 'forms:read',
  },
  { methods: ['GET', 'POST'], path: /^\/form-schedules$/, permission: 'schedules:write' },
  { methods: ['GET'], path: /^\/form-schedules\/\{id\}$/, permission: 'schedules:write' },
  { methods: ['POST'], path: /^\/form-schedules\/\{id\}\/cancel$/, permission: 'schedules:write' },
  { methods: ['POST'], path: /^\/form-schedules\/\{id\}\/retry$/, permission: 'schedules:write' },
  { methods: ['GET', 'POST'], path: /^\/form-schedule-series$/, permission: 'schedules:write' },
  { methods: ['GET'], path: /^\/form-schedule-series\/\{id\}$/, permission: 'schedules:write' },
  {
    methods: ['POST'],
    path: /^\/form-schedule-series\/\{id\}\/cancel$/,
    permission: 'schedules:write',
  },
  { methods: ['*'], path: /^\/conversations(\/.*)?$/, permission: 'conversations:write' },
  { methods: ['*'], path: /^\/voice\/calls(\/.*)?$/, permission: 'calls:write' },
  { methods: ['GET'], path: /^\/billing\/(balance|ledger)$/, permission: 'credits:read' },
  { methods: ['*'], path: /^\/webhooks(\/.*)?$/, permission: 'webhooks:write' },
  { methods: ['*'], path: /^\/sandbox\/.+$/, permission: 'sandbox:write' },
  // Alerts (docs/api-decisions.md): reading is reading patient data, acting on one is writing it.
  { methods: ['GET'], path: /^\/alerts(\/\{id\})?$/, permission: 'patients:read' },
  {
    methods: ['POST'],
    path: /^\/alerts\/\{id\}\/(acknowledge|resolve)$/,
    permission: 'patients:write',
  },
  // The audit trail (docs/data-safety.md): the admin's permission, implied by no other.
  { methods: ['GET'], path: /^\/audit-events$/, permission: 'audit:read' },
];

/** What api-decisions §3 requires for an operation; undefined when the table does not list it. */
function decidedPermission(method: string, path: string): Permission | null | undefined {
  const rule = DECISIONS.find(
    (r) => (r.methods.includes('*') || r.methods.includes(method)) && r.path.test(path),
  );
  return rule ? rule.permission : undefined;
}

/** The routes of the table that exist now, each with a request that passes validation. */
const CURRENT: Array<{ method: string; path: string; permission: Permission; body?: unknown }> = [
  { method: 'GET', path: '/patients', permission: 'patients:read' },
  { method: 'GET', path: '/patients/{id}', permission: 'patients:read' },
  {
    method: 'POST',
    path: '/patients',
    permission: 'patients:write',
    body: { firstName: 'Grace', lastName: 'Scope' },
  },
  {
    method: 'PATCH',
    path: '/patients/{id}',
    permission: 'patients:write',
    body: { firstName: 'Graced' },
  },
  { method: 'GET', path: '/patients/{id}/notes', permission: 'patients:read' },
  {
    method: 'POST',
    path: '/patients/{id}/notes',
    permission: 'patients:write',
    body: { text: 'Llamar el lunes' },
  },
  { method: 'GET', path: '/billing/balance', permission: 'credits:read' },
  { method: 'GET', path: '/billing/ledger', permission: 'credits:read' },
  { method: 'GET', path: '/audit-events', permission: 'audit:read' },
];

/** Operations that need no credential. */
const PUBLIC = ['GET /health', 'GET /openapi.json', 'POST /auth/token'];

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  method: string;
  path: string;
  op: { security?: unknown; responses?: Record<string, unknown>; 'x-permission'?: unknown };
}

function expectForbidden(res: ApiResponse, permission: Permission): void {
  expectProblem(res, 403, 'insufficient_permissions');
  expect(res.body.requiredPermission).toBe(permission);
  const challenge = res.headers.get('www-authenticate') ?? '';
  expect(challenge).toMatch(/^Bearer\b/);
  expect(challenge).toContain(`error="insufficient_scope", scope="${permission}"`);
}

describe('permissions', () => {
  let server: TestServer;
  let patientId: string;
  let operations: Operation[];
  const allBut = new Map<Permission, string>();
  const only = new Map<Permission, string>();

  const fill = (path: string) => path.replace('{id}', patientId);

  async function exchange(apiKey: string): Promise<string> {
    const res = await server.request('POST', '/auth/token', { body: { apiKey }, token: null });
    expect(res.status, res.text).toBe(200);
    return res.body.accessToken as string;
  }

  beforeAll(async () => {
    server = await startServer();
    for (const permission of PERMISSIONS) {
      // Not keyWith: its generated name would exceed the 100-character limit on key names.
      const others = PERMISSIONS.filter((p) => p !== permission);
      allBut.set(
        permission,
        (
          await server.service.core.apiKeys.create({
            name: `all but ${permission}`,
            permissions: others,
          })
        ).key,
      );
      only.set(permission, await server.keyWith(permission));
    }
    const created = await server.request('POST', '/patients', {
      body: { firstName: 'Table', lastName: 'Driven' },
    });
    expect(created.status, created.text).toBe(201);
    patientId = created.body.id as string;

    const doc = await server.request('GET', '/openapi.json', { token: null });
    expect(doc.status).toBe(200);
    operations = [];
    for (const [path, item] of Object.entries(doc.body.paths as Record<string, object>)) {
      for (const [method, op] of Object.entries(item)) {
        if (HTTP_METHODS.includes(method))
          operations.push({ method: method.toUpperCase(), path, op });
      }
    }
  });
  afterAll(() => server.close());

  const find = (method: string, path: string) =>
    operations.find((o) => o.method === method && o.path === path);

  describe.each(CURRENT)(
    '$method $path needs $permission',
    ({ method, path, permission, body }) => {
      it('403 insufficient_permissions for a key with every other permission', async () => {
        const key = allBut.get(permission)!;
        expectForbidden(await server.request(method, fill(path), { token: key, body }), permission);
        // A token minted from that key is refused the same way.
        const token = await exchange(key);
        expectForbidden(await server.request(method, fill(path), { token, body }), permission);
      });

      it('gets past auth with a key holding only that permission', async () => {
        const key = only.get(permission)!;
        const res = await server.request(method, fill(path), { token: key, body });
        expect(res.status, res.text).not.toBe(401);
        expect(res.status, res.text).not.toBe(403);
        expect(res.status, res.text).toBeLessThan(300);
        const token = await exchange(key);
        const viaToken = await server.request(method, fill(path), { token, body });
        expect([401, 403]).not.toContain(viaToken.status);
      });

      it('is documented with the same permission', () => {
        const operation = find(method, path);
        expect(operation, `${method} ${path} in the OpenAPI document`).toBeDefined();
        expect(operation!.op['x-permission']).toBe(permission);
        expect(decidedPermission(method, path)).toBe(permission);
      });
    },
  );

  describe('the OpenAPI document', () => {
    it('lists every route of the table that exists now, and the sandbox routes', () => {
      const listed = operations.map((o) => `${o.method} ${o.path}`);
      for (const { method, path } of CURRENT) expect(listed).toContain(`${method} ${path}`);
      expect(listed).toContain('GET /sandbox/clock');
      expect(listed).toContain('POST /sandbox/clock/advance');
      for (const name of PUBLIC) expect(listed).toContain(name);
    });

    it('declares the bearer scheme', async () => {
      const doc = await server.request('GET', '/openapi.json', { token: null });
      expect(doc.body.components.securitySchemes.bearerAuth).toMatchObject({
        type: 'http',
        scheme: 'bearer',
      });
    });

    it('marks the public operations as needing no credential', () => {
      for (const name of PUBLIC) {
        const [method, path] = name.split(' ') as [string, string];
        const operation = find(method, path)!;
        expect(operation.op.security ?? [], name).toEqual([]);
      }
    });

    it('gives every other operation bearerAuth, an x-permission and 401/(403)/429 responses', () => {
      const guarded = operations.filter((o) => !PUBLIC.includes(`${o.method} ${o.path}`));
      expect(guarded.length).toBeGreaterThanOrEqual(CURRENT.length + 2);
      for (const { method, path, op } of guarded) {
        const name = `${method} ${path}`;
        expect(op.security, name).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(op), name).toContain('x-permission');
        const permission = op['x-permission'] as unknown;
        if (path.startsWith('/sandbox/')) expect(permission, name).toBe('sandbox:write');
        else expect(PERMISSIONS as readonly unknown[], name).toContain(permission);
        for (const status of ['401', '403', '429']) {
          expect(Object.keys(op.responses ?? {}), `${name} documents ${status}`).toContain(status);
        }
      }
    });

    it('agrees with the permission table of api-decisions for every operation', () => {
      const guarded = operations.filter((o) => !PUBLIC.includes(`${o.method} ${o.path}`));
      const mismatches = guarded
        .map(({ method, path, op }) => ({
          route: `${method} ${path}`,
          documented: op['x-permission'] as unknown,
          decided: decidedPermission(method, path),
        }))
        .filter((r) => r.documented !== r.decided);
      expect(mismatches).toEqual([]);
    });

    it('is what the service enforces, for every documented operation', async () => {
      const guarded = operations.filter(
        (o) => !PUBLIC.includes(`${o.method} ${o.path}`) && o.op['x-permission'] !== null,
      );
      for (const { method, path, op } of guarded) {
        const permission = op['x-permission'] as Permission;
        const name = `${method} ${path}`;
        const body = method === 'GET' ? undefined : {};
        const denied = await server.request(method, fill(path), {
          token: allBut.get(permission)!,
          body,
        });
        expect(denied.status, `${name}: ${denied.text}`).toBe(403);
        expectForbidden(denied, permission);
        const allowed = await server.request(method, fill(path), {
          token: only.get(permission)!,
          body,
        });
        expect([401, 403], `${name}: ${allowed.text}`).not.toContain(allowed.status);
      }
    });

    it('documents sandbox routes as needing sandbox:write, which no other permission gives', async () => {
      const sandbox = operations.filter((o) => o.path.startsWith('/sandbox/'));
      expect(sandbox.length).toBeGreaterThan(0);
      for (const { method, path } of sandbox) {
        for (const permission of PERMISSIONS) {
          const res = await server.request(method, fill(path), {
            token: only.get(permission)!,
            body: method === 'GET' ? undefined : { seconds: 0 },
          });
          const name = `${method} ${path} with ${permission}`;
          if (permission === 'sandbox:write') expect([401, 403], name).not.toContain(res.status);
          else expect(res.status, name).toBe(403);
        }
      }
    });
  });
});
