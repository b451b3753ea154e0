import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../src-main/service/store/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { replyWithWrite } from '../../src-main/service/http/atomic-reply';
import {
  expectProblem,
  startServer,
  tempDataDir,
  type ApiResponse,
  type TestServer,
} from './helpers';

const HOUR = 3600;

let keyCounter = 0;
/** A fresh Idempotency-Key per use, so tests sharing a server never collide. */
const newKey = (label: string) => `${label}-${++keyCounter}-${'k'.repeat(8)}`;

const withKey = (key: string) => ({ 'idempotency-key': key });

async function createdEvents(server: TestServer): Promise<number> {
  return (
    (await server.service.core.db
      .prepare("SELECT COUNT(*) AS n FROM events WHERE type = 'patient.created'")
      .get()) as { n: number }
  ).n;
}

async function listTotal(server: TestServer, token?: string): Promise<number> {
  const res = await server.request('GET', '/patients?limit=1', token ? { token } : {});
  expect(res.status).toBe(200);
  return res.body.total;
}

function expectFresh(res: ApiResponse, status = 201): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('idempotent-replayed')).toBeNull();
}

function expectReplayOf(res: ApiResponse, original: ApiResponse): void {
  expect(res.status, res.text).toBe(original.status);
  expect(res.headers.get('idempotent-replayed')).toBe('true');
  expect(res.text).toBe(original.text);
  expect(res.headers.get('content-type')).toBe(original.headers.get('content-type'));
}

describe('Idempotency-Key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const post = (body: unknown, key: string, token?: string) =>
    server.request('POST', '/patients', {
      body,
      headers: withKey(key),
      ...(token ? { token } : {}),
    });

  it('replays a retry with the same key and body, creating one patient', async () => {
    const totalBefore = await listTotal(server);
    const eventsBefore = await createdEvents(server);
    const key = newKey('same');
    const body = { firstName: 'Ada', lastName: 'Lovelace', tags: ['vip'], metadata: { a: 1 } };

    const first = await post(body, key);
    expectFresh(first);
    const second = await post(body, key);
    expectReplayOf(second, first);
    expect(second.body.id).toBe(first.body.id);
    // The replayed 201 points at the same patient.
    expect(first.headers.get('location')).toBe(`/api/v1/patients/${first.body.id}`);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    // Each response still has its own request id.
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    // The same JSON with other whitespace is the same request.
    const third = await server.request('POST', '/patients', {
      rawBody: JSON.stringify(body, null, 2),
      headers: { 'content-type': 'application/json', ...withKey(key) },
    });
    expectReplayOf(third, first);

    expect(await listTotal(server)).toBe(totalBefore + 1);
    expect((await createdEvents(server)) - eventsBefore).toBe(1);
    const get = await server.request('GET', `/patients/${first.body.id}`);
    expect(get.status).toBe(200);
  });

  it('answers 422 idempotency_key_reused to the same key with another body', async () => {
    const key = newKey('other-body');
    const first = await post({ firstName: 'Grace', lastName: 'Hopper' }, key);
    expectFresh(first);
    const total = await listTotal(server);

    const reused = await post({ firstName: 'Grace', lastName: 'Murray' }, key);
    expectProblem(reused, 422, 'idempotency_key_reused');
    expect(await listTotal(server)).toBe(total);

    // The original is still stored and replays.
    expectReplayOf(await post({ firstName: 'Grace', lastName: 'Hopper' }, key), first);
  });

  it('answers 422 idempotency_key_reused to the same key on another path', async () => {
    const key = newKey('other-path');
    const first = await post({ firstName: 'Alan', lastName: 'Turing' }, key);
    expectFresh(first);
    const clockBefore = await server.request('GET', '/sandbox/clock');

    const reused = await server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: 60 },
      headers: withKey(key),
    });
    expectProblem(reused, 422, 'idempotency_key_reused');
    const clockAfter = await server.request('GET', '/sandbox/clock');
    expect(clockAfter.body.offsetSeconds).toBe(clockBefore.body.offsetSeconds);
  });

  it('scopes keys per credential', async () => {
    const key = newKey('scoped');
    const body = { firstName: 'Katherine', lastName: 'Johnson' };
    const total = await listTotal(server);

    const mine = await post(body, key);
    expectFresh(mine);
    const theirs = await post(body, key, await server.keyWith('patients:write'));
    expectFresh(theirs);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await listTotal(server)).toBe(total + 2);
  });

  it('shares the scope between an API key and the access tokens minted from it', async () => {
    const exchange = await server.request('POST', '/auth/token', {
      token: null,
      body: { apiKey: server.key },
    });
    expect(exchange.status).toBe(200);
    const jwt: string = exchange.body.accessToken;

    const key = newKey('jwt');
    const body = { firstName: 'Hedy', lastName: 'Lamarr' };
    const total = await listTotal(server);
    const viaKey = await post(body, key);
    expectFresh(viaKey);
    const viaJwt = await post(body, key, jwt);
    expectReplayOf(viaJwt, viaKey);

    // And the other way round.
    const key2 = newKey('jwt-first');
    const firstJwt = await post(body, key2, jwt);
    expectFresh(firstJwt);
    expectReplayOf(await post(body, key2), firstJwt);

    expect(await listTotal(server)).toBe(total + 2);
  });

  it('does not store a validation failure: the fixed request runs under the same key', async () => {
    const key = newKey('fixed');
    const total = await listTotal(server);

    const invalid = await post({ firstName: 5, lastName: 'Curie' }, key);
    expectProblem(invalid, 422, 'validation_failed');
    const futureBirth = await post(
      { firstName: 'Marie', lastName: 'Curie', dateOfBirth: '2999-01-01' },
      key,
    );
    expectProblem(futureBirth, 422, 'validation_failed');
    const malformed = await server.request('POST', '/patients', {
      rawBody: '{"firstName":',
      headers: { 'content-type': 'application/json', ...withKey(key) },
    });
    expectProblem(malformed, 400, 'invalid_json');
    expect(await listTotal(server)).toBe(total);

    const fixed = await post({ firstName: 'Marie', lastName: 'Curie' }, key);
    expectFresh(fixed);
    expectReplayOf(await post({ firstName: 'Marie', lastName: 'Curie' }, key), fixed);
    expect(await listTotal(server)).toBe(total + 1);
  });

  it('does not store a problem from authentication or permissions', async () => {
    const key = newKey('auth');
    const body = { firstName: 'Rosalind', lastName: 'Franklin' };
    const readOnly = await server.keyWith('patients:read');
    expectProblem(await post(body, key, readOnly), 403, 'insufficient_permissions');
    expectProblem(await post(body, key, 'sk_not_a_key'), 401, 'invalid_token');
    expectFresh(await post(body, key));
  });

  it('accepts keys up to 255 characters and rejects longer ones with 422', async () => {
    const body = { firstName: 'Long', lastName: 'Key' };
    const total = await listTotal(server);
    const longest = 'a'.repeat(254) + String(++keyCounter % 10);
    expectFresh(await post(body, longest));

    const tooLong = await post(body, 'b'.repeat(256));
    expectProblem(tooLong, 422, 'validation_failed');
    expect(tooLong.body.errors).toEqual([
      expect.objectContaining({ parameter: 'Idempotency-Key' }),
    ]);
    expect(await listTotal(server)).toBe(total + 1);
  });

  it('answers 409 while the first request is still running, then replays it', async () => {
    const core = server.service.core;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const running = new Promise<void>((resolve) => (entered = resolve));
    let runs = 0;
    core.runner.register(
      'test.slow-job',
      async () => {
        runs++;
        entered();
        await gate;
      },
      { network: true },
    );
    // Due an hour ahead: far outside the runner's real-time timer, inside the advance window.
    await core.runner.schedule({
      kind: 'test.slow-job',
      dueAt: new Date(core.clock.now() + HOUR * 1000).toISOString(),
    });

    const key = newKey('in-flight');
    const before = await server.request('GET', '/sandbox/clock');
    const advance = () =>
      server.request('POST', '/sandbox/clock/advance', {
        body: { seconds: 2 * HOUR },
        headers: withKey(key),
      });
    const first = advance();
    try {
      await running;
      expectProblem(await advance(), 409, 'idempotency_key_in_use');
    } finally {
      // Never leave the first request hanging: closing the server waits for it.
      release();
    }
    const done = await first;
    expectFresh(done, 200);
    expect(done.body.offsetSeconds - before.body.offsetSeconds).toBeGreaterThanOrEqual(2 * HOUR);
    expect(runs).toBe(1);

    const third = await advance();
    expectReplayOf(third, done);
    const after = await server.request('GET', '/sandbox/clock');
    expect(after.body.offsetSeconds).toBe(done.body.offsetSeconds);
    expect(runs).toBe(1);
  });

  it('keeps keys 24 hours by the service clock', async () => {
    const key = newKey('expiry');
    const body = { firstName: 'Emmy', lastName: 'Noether' };
    const total = await listTotal(server);

    const first = await post(body, key);
    expectFresh(first);
    const advance = (seconds: number) =>
      server.request('POST', '/sandbox/clock/advance', { body: { seconds } });

    expect((await advance(23 * HOUR)).status).toBe(200);
    expectReplayOf(await post(body, key), first);

    expect((await advance(HOUR + 1)).status).toBe(200);
    const again = await post(body, key);
    expectFresh(again);
    expect(again.body.id).not.toBe(first.body.id);
    expect(await listTotal(server)).toBe(total + 2);

    // The new record replays in turn.
    expectReplayOf(await post(body, key), again);
  });
});

describe('Idempotency-Key across restarts', () => {
  const data = tempDataDir();
  const servers: TestServer[] = [];
  const start = async () => {
    const s = await startServer({ dataDir: data.dir });
    servers.push(s);
    return s;
  };
  afterEach(async () => {
    while (servers.length) await servers.pop()!.close();
  });
  afterAll(() => data.cleanup());

  it('replays a stored key after a restart, and a crash does not leave a key blocked', async () => {
    const body = { firstName: 'Lise', lastName: 'Meitner' };
    const first = await start();
    const key = first.key;
    const keyId = (await first.service.core.tokens.authenticate(key)).keyId;
    const created = await first.request('POST', '/patients', {
      body,
      headers: withKey('restart-1'),
    });
    expectFresh(created);
    await servers.pop()!.close();

    const second = await start();
    const replay = await second.request('POST', '/patients', {
      body,
      token: key,
      headers: withKey('restart-1'),
    });
    expectReplayOf(replay, created);
    expect(await listTotal(second, key)).toBe(1);
    await servers.pop()!.close();

    // A request in flight when the process died: its record says in_flight, with the same request.
    const db = new Database(join(data.dir, DB_FILE_NAME));
    const now = Date.now() + second.service.core.clock.offsetMs;
    const requestHash = createHash('sha256')
      .update(`POST /api/v1/patients\n${JSON.stringify(body)}`)
      .digest('hex');
    db.prepare(
      `INSERT INTO idempotency_keys (credential_id, key, method, path, request_hash, state, response_status, response_type, response_body, created_at, expires_at)
       VALUES (?, ?, 'POST', '/api/v1/patients', ?, 'in_flight', NULL, NULL, NULL, ?, ?)`,
    ).run(
      keyId,
      'crashed-1',
      requestHash,
      new Date(now).toISOString(),
      new Date(now + 24 * HOUR * 1000).toISOString(),
    );
    db.close();

    const third = await start();
    const retried = await third.request('POST', '/patients', {
      body,
      token: key,
      headers: withKey('crashed-1'),
    });
    expectFresh(retried);
    expectReplayOf(
      await third.request('POST', '/patients', { body, token: key, headers: withKey('crashed-1') }),
      retried,
    );
    expect(await listTotal(third, key)).toBe(2);
  });
});

describe('Idempotency-Key answers are stored with the write they answer', () => {
  it('commits the write and its stored answer together, before anything is sent', async () => {
    const s = await startServer();
    try {
      const { core } = s.service;
      const claim = { credentialId: 'key_test', key: 'atomic-1' };
      await core.q.idempotency.begin({
        credential_id: claim.credentialId,
        key: claim.key,
        method: 'POST',
        path: '/api/v1/patients',
        request_hash: 'h',
        state: 'in_flight',
        response_status: null,
        response_type: null,
        response_body: null,
        created_at: core.clock.nowIso(),
        expires_at: new Date(core.clock.now() + 86_400_000).toISOString(),
      });
      const request = { idempotency: claim } as unknown as FastifyRequest;
      // The process "dies" while answering: sending fails after the transaction committed.
      const reply = {
        header: () => reply,
        code: () => reply,
        type: () => reply,
        send: () => {
          throw new Error('connection lost');
        },
      } as unknown as FastifyReply;
      await expect(
        replyWithWrite(
          core,
          request,
          reply,
          () => core.patients.create({ firstName: 'Atomic', lastName: 'Write' }),
          {
            status: 201,
            location: (p) => `/api/v1/patients/${p.id}`,
          },
        ),
      ).rejects.toThrow('connection lost');
      const stored = (await core.q.idempotency.get(claim.credentialId, claim.key))!;
      expect(stored.state).toBe('done');
      expect(stored.response_status).toBe(201);
      const patient = JSON.parse(stored.response_body!);
      expect((await core.patients.get(patient.id)).firstName).toBe('Atomic');
      expect(stored.response_location).toBe(`/api/v1/patients/${patient.id}`);

      // A write that fails stores nothing: the key stays claimed only until the request ends.
      const failing = { credentialId: 'key_test', key: 'atomic-2' };
      await core.q.idempotency.begin({
        ...(await core.q.idempotency.get(claim.credentialId, claim.key))!,
        key: failing.key,
        state: 'in_flight',
        response_status: null,
        response_type: null,
        response_body: null,
      });
      const before = (await core.patients.list({ limit: 1 })).total;
      await expect(
        replyWithWrite(
          core,
          { idempotency: failing } as unknown as FastifyRequest,
          reply,
          async () => {
            await core.patients.create({ firstName: 'Never', lastName: 'Stored' });
            throw new Error('rule broken after the insert');
          },
          { status: 201 },
        ),
      ).rejects.toThrow('rule broken');
      expect((await core.patients.list({ limit: 1 })).total).toBe(before);
      expect((await core.q.idempotency.get(failing.credentialId, failing.key))!.state).toBe(
        'in_flight',
      );
    } finally {
      await s.close();
    }
  });
});
