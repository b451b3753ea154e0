import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src-main/service/schemas/auth';
import { tableHashes } from './fuzz/db-snapshot';
import { operationsOf, type Operation } from './fuzz/openapi-ops';
import { expectProblem, formFixture, startServer, type TestServer } from './helpers';
import { T0 } from './time';

/*
 * Issue 18 part 7: a path id over 100 characters answered 400 `bad_request` before
 * authentication (the router's own parameter limit), and one of 65 to 100 characters 422. An id
 * longer than any id (64 characters) names nothing: it is 404 `resource_missing` now, after
 * authentication and permissions like any other id, while an over-long id in a body or a query
 * filter (a reference, not the resource asked for) stays 422 `validation_failed`.
 */

const LENGTHS = [65, 100, 101, 2000];
const longId = (prefix: string, length: number) =>
  `${prefix}_${'A'.repeat(length - prefix.length - 1)}`;

let server: TestServer;
let ops: Operation[];

beforeAll(async () => {
  server = await startServer({ seed: 'demo', realNow: () => T0 });
  const doc = (await server.request('GET', '/openapi.json', { token: null })).body;
  ops = operationsOf(doc).filter((op) => op.pathParams.length > 0);
});
afterAll(() => server.close());

/** The documented path with every parameter filled, `long` in the one named `param`. */
const pathOf = (op: Operation, param: string, long: string) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === param ? long : `${name === 'eventId' ? 'evt' : 'x'}_01ARZ3NDEKTSV4RRFFQ69G5FAV`,
  );

describe('an over-long id in the path', () => {
  it('is found on the routes with path ids (the walk below is not empty)', () => {
    expect(ops.length).toBeGreaterThan(15);
    for (const op of ops) expect(op.isPublic, `${op.method} ${op.path}`).toBe(false);
  });

  it('answers 401 without a credential, 403 without the permission, 404 with it; nothing changes', async () => {
    const { db } = server.service.core;
    // Every key is made before the snapshot: a key still being written when it is taken (on
    // PostgreSQL, where the write is a round trip) would read as a change the walk made.
    const without = new Map(
      await Promise.all(
        PERMISSIONS.map(
          async (permission) =>
            [
              permission as string,
              await server.keyWith(...PERMISSIONS.filter((p) => p !== permission)),
            ] as const,
        ),
      ),
    );
    const before = await tableHashes(db);
    let checked = 0;
    for (const op of ops) {
      for (const param of op.pathParams) {
        for (const length of LENGTHS) {
          const path = pathOf(op, param.name, longId('x', length));
          const what = `${op.method} ${op.path} (${param.name}: ${length} characters)`;
          const anonymous = await server.request(op.method, path, { token: null });
          expectProblem(anonymous, 401, 'invalid_token');
          if (op.permission) {
            const forbidden = await server.request(op.method, path, {
              token: without.get(op.permission),
            });
            expect(forbidden.status, `${what}: ${forbidden.text}`).toBe(403);
            expectProblem(forbidden, 403, 'insufficient_permissions');
          }
          const missing = await server.request(op.method, path);
          expect(missing.status, `${what}: ${missing.text}`).toBe(404);
          expectProblem(missing, 404, 'resource_missing');
          expect(missing.body.detail).toContain('64 characters');
          // The detail does not repeat the id (`instance`, the request path, has it).
          expect(missing.body.detail.length).toBeLessThan(100);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(await tableHashes(db)).toEqual(before);
  });

  it('answers 404 as an unknown id of a valid length does', async () => {
    const patientId = (await formFixture(server)).patientId;
    const unknown = await server.request('GET', `/patients/${longId('pat', 64)}`);
    expectProblem(unknown, 404, 'resource_missing');
    const tooLong = await server.request('GET', `/patients/${patientId}${'A'.repeat(60)}`);
    expectProblem(tooLong, 404, 'resource_missing');
    expect((await server.request('GET', `/patients/${patientId}`)).status).toBe(200);
  });

  it('is still 422 when it also carries a control character', async () => {
    const res = await server.request('GET', `/patients/${longId('pat', 80)}%00`);
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ parameter: 'id', code: 'control_character' }),
      ]),
    );
  });
});

describe('an over-long id referenced in a body or a query', () => {
  it('is 422 validation_failed at its pointer or parameter, and creates nothing', async () => {
    const { db, audit } = server.service.core;
    // The earlier tests' reads are in the audit trail's batch, stored a moment after their answer.
    await audit.flush();
    const before = await tableHashes(db);
    const { formId } = await formFixture(server);
    const after = await tableHashes(db);
    for (const length of LENGTHS) {
      const patientId = longId('pat', length);
      const conversation = await server.request('POST', '/conversations', {
        body: { patientId, context: 'Control de tensión' },
      });
      expectProblem(conversation, 422, 'validation_failed');
      expect(conversation.body.errors).toEqual([
        expect.objectContaining({ pointer: '/patientId', code: 'maxLength' }),
      ]);
      const schedule = await server.request('POST', '/form-schedules', {
        body: { formId, patientId, channel: 'email' },
      });
      expectProblem(schedule, 422, 'validation_failed');
      const list = await server.request('GET', `/form-schedules?patientId=${patientId}`);
      expectProblem(list, 422, 'validation_failed');
      expect(list.body.errors).toEqual([
        expect.objectContaining({ parameter: 'patientId', code: 'maxLength' }),
      ]);
    }
    expect(before).not.toEqual(after);
    expect(await tableHashes(db)).toEqual(after);
  });
});
