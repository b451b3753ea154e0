import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFixture, startServer, type ApiResponse, type TestServer } from './helpers';
import { dereference, operations, resolvePointer, type Json } from './openapi-document';

/**
 * The response headers the OpenAPI document declares are the ones real responses carry (issue
 * 18): for a sample of operations and statuses (successes, 201 with Location, 204, 401, 403,
 * 404, 422, 429, idempotent replays), every header the service adds beyond HTTP's own is
 * declared for that status, every header declared as required is there, and each value fits
 * its declared schema. Rate limiting is on, as a served instance has it.
 */

/** Headers of HTTP itself (framing, the body's type), which OpenAPI does not declare. */
const HTTP_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
const LIMIT = 40;

interface Declared {
  /** Lower-case name -> the header object. */
  headers: Map<string, Json>;
  required: Set<string>;
}

describe('response headers, real and declared', () => {
  let server: TestServer;
  let doc: Json;
  const seen = new Set<string>();
  const exercised = new Set<string>();

  beforeAll(async () => {
    server = await startServer({ rateLimit: { limit: LIMIT, windowSeconds: 60 } });
    doc = (await server.request('GET', '/openapi.json', { token: null })).body;
  });
  afterAll(() => server.close());

  function declared(operationId: string, status: number): Declared {
    const operation = operations(doc).find((o) => o.op.operationId === operationId);
    if (!operation) throw new Error(`no operation ${operationId}`);
    const entry = operation.op.responses[String(status)];
    if (!entry) throw new Error(`${operationId} does not document ${status}`);
    const response = entry.$ref ? resolvePointer(doc, entry.$ref) : entry;
    const headers = new Map<string, Json>();
    const required = new Set<string>();
    for (const [name, ref] of Object.entries<Json>(response.headers ?? {})) {
      const header = dereference(doc, ref);
      headers.set(name.toLowerCase(), header);
      if (header.required) required.add(name.toLowerCase());
    }
    return { headers, required };
  }

  const ajv = new Ajv2020({ strict: false });
  addFormats.default(ajv);
  /** Header values are text; a number schema is checked against the number it spells. */
  const valueFits = (schema: Json, text: string) =>
    ajv.validate(
      schema,
      schema.type === 'integer' || schema.type === 'number' ? Number(text) : text,
    );

  /** Checks `res` against what `operationId` declares for its status. */
  function expectDeclared(operationId: string, res: ApiResponse, status: number): void {
    expect(res.status, `${operationId}: ${res.text.slice(0, 300)}`).toBe(status);
    exercised.add(operationId);
    const { headers, required } = declared(operationId, status);
    const sent = [...res.headers.keys()].map((k) => k.toLowerCase());
    const own = sent.filter((name) => !HTTP_HEADERS.has(name));
    for (const name of own) {
      expect(headers.has(name), `${operationId} ${status} sends ${name}, undeclared`).toBe(true);
      expect(
        valueFits(headers.get(name).schema, res.headers.get(name)!),
        `${operationId} ${status} ${name}: ${res.headers.get(name)}`,
      ).toBe(true);
      seen.add(name);
    }
    for (const name of required)
      expect(sent, `${operationId} ${status} lacks required ${name}`).toContain(name);
  }

  it('on successes, with and without the rate-limit headers', async () => {
    expectDeclared('listPatients', await server.request('GET', '/patients'), 200);
    expectDeclared('getBalance', await server.request('GET', '/billing/balance'), 200);
    // Exempt from rate limiting: X-Request-Id only.
    const health = await server.request('GET', '/health', { token: null });
    expectDeclared('getHealth', health, 200);
    expect(health.headers.get('ratelimit')).toBeNull();
    expectDeclared(
      'getOpenApi',
      await server.request('GET', '/openapi.json', { token: null }),
      200,
    );
    expectDeclared(
      'createAccessToken',
      await server.request('POST', '/auth/token', { token: null, body: { apiKey: server.key } }),
      200,
    );
  });

  it('on refusals: 401 with WWW-Authenticate, 403, 404, 422', async () => {
    const noCredential = await server.request('GET', '/patients', { token: null });
    expectDeclared('listPatients', noCredential, 401);
    expect(noCredential.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expectDeclared(
      'createAccessToken',
      await server.request('POST', '/auth/token', { token: null, body: { apiKey: 'sk_nope' } }),
      401,
    );
    const reader = await server.keyWith('forms:read');
    const forbidden = await server.request('GET', '/patients', { token: reader });
    expectDeclared('listPatients', forbidden, 403);
    expect(forbidden.headers.get('www-authenticate')).toMatch(/scope="patients:read"/);
    expectDeclared('getPatient', await server.request('GET', '/patients/pat_missing'), 404);
    expectDeclared('listPatients', await server.request('GET', '/patients?limit=0'), 422);
    expectDeclared('createPatient', await server.request('POST', '/patients', { body: {} }), 422);
  });

  it('on every 201, with Location where the resource has a URL, and on a 204', async () => {
    const { core } = server.service;
    const { formId, patientId } = await formFixture(server, {
      form: {
        name: 'Check-in',
        fields: [{ id: 'ok', type: 'boolean', label: 'All well?', required: true }],
      },
    });
    const patient = await server.request('POST', '/patients', {
      body: { firstName: 'Ana', lastName: 'García Puig' },
    });
    expectDeclared('createPatient', patient, 201);
    expect(patient.headers.get('location')).toBe(`/api/v1/patients/${patient.body.id}`);
    const note = await server.request('POST', `/patients/${patient.body.id}/notes`, {
      body: { text: 'Prefiere las tardes' },
    });
    expectDeclared('createPatientNote', note, 201);
    expect(note.headers.get('location')).toBe(`/api/v1/patient-notes/${note.body.id}`);
    const schedule = await server.request('POST', '/form-schedules', {
      body: { formId, patientId, channel: 'email' },
    });
    expectDeclared('createFormSchedule', schedule, 201);
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 60 } });
    expect((await core.schedules.get(schedule.body.id)).status).toBe('sent');
    const submitted = await server.request(
      'POST',
      `/sandbox/form-schedules/${schedule.body.id}/submit`,
      { body: { responses: [{ fieldId: 'ok', value: true }] } },
    );
    expectDeclared('submitSandboxFormSchedule', submitted, 201);
    expect(submitted.headers.get('location')).toBe(`/api/v1/form-responses/${submitted.body.id}`);
    expectDeclared(
      'createConversation',
      await server.request('POST', '/conversations', {
        body: { patientId, context: 'Follow-up after knee surgery.' },
      }),
      201,
    );
    expectDeclared(
      'createVoiceCall',
      await server.request('POST', '/voice/calls', {
        body: { patientId, purpose: 'Follow-up after knee surgery.' },
      }),
      201,
    );
    const webhook = await server.request('POST', '/webhooks', {
      body: { url: 'http://127.0.0.1:9/hooks', events: ['patient.created'] },
    });
    expectDeclared('createWebhook', webhook, 201);
    // A sample event is not a resource of its own: no Location.
    const sample = await server.request('POST', '/sandbox/events', {
      body: { event: 'patient.created' },
    });
    expectDeclared('emitSandboxEvent', sample, 201);
    expect(sample.headers.get('location')).toBeNull();
    expectDeclared(
      'deleteWebhook',
      await server.request('DELETE', `/webhooks/${webhook.body.id}`),
      204,
    );
    const series = await server.request('POST', '/form-schedule-series', {
      body: {
        formId,
        patientId,
        channel: 'email',
        recurrence: { interval: 'week', intervalCount: 2, count: 3 },
      },
    });
    expectDeclared('createFormScheduleSeries', series, 201);
    expect(series.headers.get('location')).toBe(`/api/v1/form-schedule-series/${series.body.id}`);
    // A delivery that failed (its patient made inactive before it went) is retried once active.
    const doomed = await server.request('POST', '/form-schedules', {
      body: {
        formId,
        patientId,
        channel: 'email',
        scheduledAt: new Date(core.clock.now() + 30 * 60_000).toISOString(),
      },
    });
    await server.request('PATCH', `/patients/${patientId}`, { body: { status: 'inactive' } });
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 31 * 60 } });
    expect((await core.schedules.get(doomed.body.id)).status).toBe('failed');
    await server.request('PATCH', `/patients/${patientId}`, { body: { status: 'active' } });
    const retried = await server.request('POST', `/form-schedules/${doomed.body.id}/retry`, {
      body: {},
    });
    expectDeclared('retryFormSchedule', retried, 201);
    expect(retried.headers.get('location')).toBe(`/api/v1/form-schedules/${retried.body.id}`);
    // Every operation documented to answer 201 was asked: Location is declared where it is sent.
    const creating = operations(doc)
      .filter((o) => o.op.responses['201'])
      .map((o) => o.op.operationId);
    expect(creating.filter((id) => !exercised.has(id))).toEqual([]);
  });

  it('on idempotent replays of a success and of a refusal', async () => {
    const headers = { 'idempotency-key': 'replay-1' };
    const body = { firstName: 'Núria', lastName: 'Puig Soler' };
    const first = await server.request('POST', '/patients', { body, headers });
    expectDeclared('createPatient', first, 201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await server.request('POST', '/patients', { body, headers });
    expectDeclared('createPatient', again, 201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    // A 404 from the action itself is kept for the key and replayed too.
    const cancel = () =>
      server.request('POST', '/form-schedules/sch_missing/cancel', {
        headers: { 'idempotency-key': 'replay-2' },
      });
    expectDeclared('cancelFormSchedule', await cancel(), 404);
    const replayed = await cancel();
    expectDeclared('cancelFormSchedule', replayed, 404);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  });

  it('on a 429 with Retry-After', async () => {
    const key = await server.keyWith('credits:read');
    let res: ApiResponse | undefined;
    for (let i = 0; i <= LIMIT; i++) {
      res = await server.request('GET', '/billing/balance', { token: key });
      if (res.status === 429) break;
    }
    expectDeclared('getBalance', res!, 429);
    expect(Number(res!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('saw every header the document declares', () => {
    const components = Object.keys(doc.components.headers).map((name) => name.toLowerCase());
    expect([...seen].sort()).toEqual([...components].sort());
  });
});
