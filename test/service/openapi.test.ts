import {
  CreatePatientNote,
  PatientNote,
  PatientNoteList,
  PatientNoteListQuery,
} from '../../src-main/service/schemas/patient-note';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, TokenRequest, TokenResponse } from '../../src-main/service/schemas/auth';
import { CreditBalance, LedgerList, LedgerQuery } from '../../src-main/service/schemas/billing';
import { IdParams, Problem } from '../../src-main/service/schemas/common';
import {
  CreatePatient,
  Patient,
  PatientList,
  PatientListQuery,
  UpdatePatient,
} from '../../src-main/service/schemas/patient';
import {
  ClockAdvance,
  Health,
  SandboxClock,
  SandboxReset,
  SandboxResetResult,
} from '../../src-main/service/schemas/sandbox';
import {
  ClinicalForm,
  ClinicalFormList,
  ClinicalFormListQuery,
  FormResponse,
  FormResponseList,
  FormResponseListQuery,
  SubmittedAnswers,
} from '../../src-main/service/schemas/clinical-form';
import {
  CancelledSchedule,
  CancelledSeries,
  CreateFormSchedule,
  CreateFormScheduleSeries,
  FormSchedule,
  FormScheduleList,
  FormScheduleListQuery,
  FormScheduleSeries,
  FormScheduleSeriesList,
  FormScheduleSeriesListQuery,
  RetryFormSchedule,
  OutboxList,
  OutboxListQuery,
} from '../../src-main/service/schemas/form-schedule';
import {
  Conversation,
  ConversationList,
  ConversationListQuery,
  CreateConversation,
  MessageExchange,
  SendMessage,
} from '../../src-main/service/schemas/conversation';
import {
  CallDetail,
  CallList,
  CallListQuery,
  CreateCall,
} from '../../src-main/service/schemas/call';
import {
  CreatedWebhook,
  CreateWebhook,
  DeliveryList,
  DeliveryListQuery,
  DeliveryParams,
  SandboxEventRequest,
  SandboxEventResult,
  UpdateWebhook,
  Webhook,
  WebhookDelivery,
  WebhookList,
  WebhookListQuery,
} from '../../src-main/service/schemas/webhook';
import {
  Alert,
  AlertAction,
  AlertList,
  AlertListQuery,
} from '../../src-main/service/schemas/alert';
import { AuditEventList, AuditEventListQuery } from '../../src-main/service/schemas/audit-event';
import { expectProblem, startServer, type TestServer } from './helpers';
import {
  dereference,
  HTTP_METHODS,
  label,
  operations,
  resolvePointer,
  type Json,
  type Operation,
  normalize,
} from './openapi-document';

const PROBLEM_JSON = 'application/problem+json';

const isPublic = (op: Json) => Array.isArray(op.security) && op.security.length === 0;

/** Rebuilds the querystring (or params) object schema from the document's parameter list. */
function parametersAsSchema(op: Json, where: 'query' | 'path'): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const p of (op.parameters ?? []).filter((x: Json) => x.in === where)) {
    properties[p.name] = { ...p.schema, ...(p.description ? { description: p.description } : {}) };
    if (p.required) required.push(p.name);
  }
  return { properties, required };
}

function expectParametersMatch(op: Json, where: 'query' | 'path', schema: TSchema): void {
  const expected = normalize(schema);
  const actual = parametersAsSchema(op, where);
  expect(actual.properties).toEqual(expected.properties);
  expect([...actual.required].sort()).toEqual([...(expected.required ?? [])].sort());
}

/** What each route validates and answers, by operationId. */
const ROUTE_SCHEMAS: Record<
  string,
  { body?: TSchema; query?: TSchema; params?: TSchema; success: [string, TSchema | null] }
> = {
  getHealth: { success: ['200', Health] },
  createAccessToken: { body: TokenRequest, success: ['200', TokenResponse] },
  listPatients: { query: PatientListQuery, success: ['200', PatientList] },
  createPatient: { body: CreatePatient, success: ['201', Patient] },
  getPatient: { params: IdParams, success: ['200', Patient] },
  updatePatient: { params: IdParams, body: UpdatePatient, success: ['200', Patient] },
  getBalance: { success: ['200', CreditBalance] },
  listLedgerEntries: { query: LedgerQuery, success: ['200', LedgerList] },
  getSandboxClock: { success: ['200', SandboxClock] },
  advanceSandboxClock: { body: ClockAdvance, success: ['200', SandboxClock] },
  resetSandbox: { body: SandboxReset, success: ['200', SandboxResetResult] },
  listClinicalForms: { query: ClinicalFormListQuery, success: ['200', ClinicalFormList] },
  getClinicalForm: { params: IdParams, success: ['200', ClinicalForm] },
  listFormResponses: {
    params: IdParams,
    query: FormResponseListQuery,
    success: ['200', FormResponseList],
  },
  getFormResponse: { params: IdParams, success: ['200', FormResponse] },
  listFormSchedules: { query: FormScheduleListQuery, success: ['200', FormScheduleList] },
  createFormSchedule: { body: CreateFormSchedule, success: ['201', FormSchedule] },
  getFormSchedule: { params: IdParams, success: ['200', FormSchedule] },
  cancelFormSchedule: { params: IdParams, success: ['200', CancelledSchedule] },
  retryFormSchedule: { params: IdParams, body: RetryFormSchedule, success: ['201', FormSchedule] },
  listFormScheduleSeries: {
    query: FormScheduleSeriesListQuery,
    success: ['200', FormScheduleSeriesList],
  },
  createFormScheduleSeries: {
    body: CreateFormScheduleSeries,
    success: ['201', FormScheduleSeries],
  },
  getFormScheduleSeries: { params: IdParams, success: ['200', FormScheduleSeries] },
  cancelFormScheduleSeries: { params: IdParams, success: ['200', CancelledSeries] },
  submitSandboxFormSchedule: {
    params: IdParams,
    body: SubmittedAnswers,
    success: ['201', FormResponse],
  },
  listSandboxOutbox: { query: OutboxListQuery, success: ['200', OutboxList] },
  listConversations: { query: ConversationListQuery, success: ['200', ConversationList] },
  getConversation: { params: IdParams, success: ['200', Conversation] },
  createConversation: { body: CreateConversation, success: ['201', Conversation] },
  sendConversationMessage: {
    params: IdParams,
    body: SendMessage,
    success: ['200', MessageExchange],
  },
  endConversation: { params: IdParams, success: ['200', Conversation] },
  listVoiceCalls: { query: CallListQuery, success: ['200', CallList] },
  getVoiceCall: { params: IdParams, success: ['200', CallDetail] },
  createVoiceCall: { body: CreateCall, success: ['201', CallDetail] },
  createWebhook: { body: CreateWebhook, success: ['201', CreatedWebhook] },
  listWebhooks: { query: WebhookListQuery, success: ['200', WebhookList] },
  getWebhook: { params: IdParams, success: ['200', Webhook] },
  updateWebhook: { params: IdParams, body: UpdateWebhook, success: ['200', Webhook] },
  deleteWebhook: { params: IdParams, success: ['204', null] },
  listWebhookDeliveries: {
    params: IdParams,
    query: DeliveryListQuery,
    success: ['200', DeliveryList],
  },
  retryWebhookDelivery: { params: DeliveryParams, success: ['200', WebhookDelivery] },
  emitSandboxEvent: { body: SandboxEventRequest, success: ['201', SandboxEventResult] },
  listAlerts: { query: AlertListQuery, success: ['200', AlertList] },
  listAuditEvents: { query: AuditEventListQuery, success: ['200', AuditEventList] },
  getAlert: { params: IdParams, success: ['200', Alert] },
  acknowledgeAlert: { params: IdParams, body: AlertAction, success: ['200', Alert] },
  resolveAlert: { params: IdParams, body: AlertAction, success: ['200', Alert] },
  listPatientNotes: {
    params: IdParams,
    query: PatientNoteListQuery,
    success: ['200', PatientNoteList],
  },
  createPatientNote: { params: IdParams, body: CreatePatientNote, success: ['201', PatientNote] },
  getPatientNote: { params: IdParams, success: ['200', PatientNote] },
};

describe('OpenAPI document', () => {
  let server: TestServer;
  let doc: Json;
  let ops: Operation[];
  /** A schema of the document with its component references resolved. */
  const inline = (schema: Json) => dereference(doc, schema);
  const isList = (op: Json) => {
    const schema = inline(op.responses?.['200']?.content?.['application/json']?.schema);
    return Boolean(schema?.properties?.data && schema?.properties?.pagination);
  };

  beforeAll(async () => {
    server = await startServer();
    const res = await server.request('GET', '/openapi.json', { token: null });
    expect(res.status).toBe(200);
    doc = res.body;
    ops = operations(doc);
    formId = (
      await server.service.core.forms.create({
        name: 'Check-in',
        fields: [{ id: 'ok', type: 'boolean', label: 'All well?', required: true }],
      })
    ).id;
    webhookId = (
      await server.service.core.webhooks.create({
        url: 'https://example.org/hooks',
        events: ['patient.created'],
      })
    ).id;
    patientId = (await server.service.core.patients.create({ firstName: 'Ona', lastName: 'Prat' }))
      .id;
  });
  /** The path with its {id} filled in by an existing resource (lists under one need it). */
  let formId = '';
  let webhookId = '';
  let patientId = '';
  const withIds = (path: string) =>
    path.replace(
      '{id}',
      path.startsWith('/webhooks/')
        ? webhookId
        : path.startsWith('/patients/')
          ? patientId
          : formId,
    );
  afterAll(() => server.close());

  it('is served as JSON without a credential', async () => {
    const res = await server.request('GET', '/openapi.json', { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(typeof res.body).toBe('object');
  });

  it('is OpenAPI 3.1 with info.version 1.0.0 and the server URL /api/v1', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.servers[0].url).toBe('/api/v1');
  });

  it('documents every route, relative to the server URL', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/auth/token',
        '/billing/balance',
        '/billing/ledger',
        '/health',
        '/openapi.json',
        '/patients',
        '/patients/{id}',
        '/patients/{id}/notes',
        '/patient-notes/{id}',
        '/sandbox/clock',
        '/sandbox/clock/advance',
        '/clinical-forms',
        '/clinical-forms/{id}',
        '/clinical-forms/{id}/responses',
        '/form-responses/{id}',
        '/form-schedules',
        '/form-schedules/{id}',
        '/form-schedules/{id}/cancel',
        '/form-schedules/{id}/retry',
        '/form-schedule-series',
        '/form-schedule-series/{id}',
        '/form-schedule-series/{id}/cancel',
        '/sandbox/form-schedules/{id}/submit',
        '/sandbox/outbox',
        '/conversations',
        '/conversations/{id}',
        '/conversations/{id}/messages',
        '/conversations/{id}/end',
        '/voice/calls',
        '/voice/calls/{id}',
        '/webhooks',
        '/webhooks/{id}',
        '/webhooks/{id}/deliveries',
        '/webhooks/{id}/deliveries/{eventId}/retry',
        '/sandbox/events',
        '/sandbox/reset',
        '/alerts',
        '/alerts/{id}',
        '/alerts/{id}/acknowledge',
        '/alerts/{id}/resolve',
        '/audit-events',
      ].sort(),
    );
    expect(ops.map(label).sort()).toEqual(
      [
        'GET /health',
        'GET /openapi.json',
        'POST /auth/token',
        'GET /patients',
        'POST /patients',
        'GET /patients/{id}',
        'PATCH /patients/{id}',
        'GET /patients/{id}/notes',
        'POST /patients/{id}/notes',
        'GET /patient-notes/{id}',
        'GET /billing/balance',
        'GET /billing/ledger',
        'GET /sandbox/clock',
        'POST /sandbox/clock/advance',
        'GET /clinical-forms',
        'GET /clinical-forms/{id}',
        'GET /clinical-forms/{id}/responses',
        'GET /form-responses/{id}',
        'GET /form-schedules',
        'POST /form-schedules',
        'GET /form-schedules/{id}',
        'POST /form-schedules/{id}/cancel',
        'POST /form-schedules/{id}/retry',
        'GET /form-schedule-series',
        'POST /form-schedule-series',
        'GET /form-schedule-series/{id}',
        'POST /form-schedule-series/{id}/cancel',
        'POST /sandbox/form-schedules/{id}/submit',
        'GET /sandbox/outbox',
        'GET /conversations',
        'POST /conversations',
        'GET /conversations/{id}',
        'POST /conversations/{id}/messages',
        'POST /conversations/{id}/end',
        'GET /voice/calls',
        'POST /voice/calls',
        'GET /voice/calls/{id}',
        'POST /webhooks',
        'GET /webhooks',
        'GET /webhooks/{id}',
        'PATCH /webhooks/{id}',
        'DELETE /webhooks/{id}',
        'GET /webhooks/{id}/deliveries',
        'POST /webhooks/{id}/deliveries/{eventId}/retry',
        'POST /sandbox/events',
        'POST /sandbox/reset',
        'GET /alerts',
        'GET /alerts/{id}',
        'POST /alerts/{id}/acknowledge',
        'POST /alerts/{id}/resolve',
        'GET /audit-events',
      ].sort(),
    );
    for (const path of Object.keys(doc.paths)) expect(path).not.toMatch(/^\/api\//);
  });

  it('gives every operation an operationId, a summary, tags and responses', () => {
    const ids = new Set<string>();
    for (const o of ops) {
      expect(o.op.operationId, label(o)).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
      expect(ids.has(o.op.operationId), `duplicate ${o.op.operationId}`).toBe(false);
      ids.add(o.op.operationId);
      expect(o.op.summary, label(o)).toEqual(expect.any(String));
      expect(o.op.summary.length).toBeGreaterThan(0);
      expect(Array.isArray(o.op.tags) && o.op.tags.length > 0, label(o)).toBe(true);
      for (const tag of o.op.tags) expect(tag).toEqual(expect.any(String));
      expect(Object.keys(o.op.responses ?? {}).length, label(o)).toBeGreaterThan(0);
    }
  });

  it('documents security, x-permission and 401/(403)/429 problems on secured operations', () => {
    const publicOps = ops.filter((o) => isPublic(o.op)).map(label);
    expect(publicOps.sort()).toEqual(['GET /health', 'GET /openapi.json', 'POST /auth/token']);
    for (const o of ops) {
      expect('x-permission' in o.op, `${label(o)} lacks x-permission`).toBe(true);
      if (isPublic(o.op)) {
        expect(o.op['x-permission'], label(o)).toBeNull();
        continue;
      }
      expect(o.op.security, label(o)).toEqual([{ bearerAuth: [] }]);
      const permission = o.op['x-permission'];
      // The sandbox routes have their own permission (issue 17), so they answer 403 too.
      if (o.path.startsWith('/sandbox/')) expect(permission, label(o)).toBe('sandbox:write');
      expect(PERMISSIONS, label(o)).toContain(permission);
      for (const status of ['401', '403', '429']) {
        expect(
          inline(o.op.responses[status])?.content?.[PROBLEM_JSON]?.schema,
          `${label(o)} ${status}`,
        ).toEqual(expect.objectContaining({ type: 'object' }));
      }
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('documents 413/415/422 on every operation with a body', () => {
    const withBody = ops.filter((o) => o.op.requestBody);
    expect(withBody.map(label).sort()).toEqual(
      [
        'POST /auth/token',
        'POST /patients',
        'PATCH /patients/{id}',
        'POST /patients/{id}/notes',
        'POST /sandbox/clock/advance',
        'POST /form-schedules',
        'POST /form-schedules/{id}/retry',
        'POST /form-schedule-series',
        'POST /sandbox/form-schedules/{id}/submit',
        'POST /conversations',
        'POST /conversations/{id}/messages',
        'POST /voice/calls',
        'POST /webhooks',
        'PATCH /webhooks/{id}',
        'POST /sandbox/events',
        'POST /sandbox/reset',
        'POST /alerts/{id}/acknowledge',
        'POST /alerts/{id}/resolve',
      ].sort(),
    );
    for (const o of withBody) {
      expect(Object.keys(o.op.requestBody.content), label(o)).toEqual(['application/json']);
      expect(o.op.requestBody.required, label(o)).toBe(true);
      for (const status of ['413', '415', '422']) {
        expect(
          inline(o.op.responses[status])?.content?.[PROBLEM_JSON],
          `${label(o)} ${status}`,
        ).toBeDefined();
      }
    }
  });

  it('documents the Idempotency-Key header and its 409 on every authenticated POST', () => {
    // Every authenticated POST claims its Idempotency-Key (api-decisions §6) and can answer
    // 409 idempotency_key_in_use or 422 idempotency_key_reused.
    const posts = ops.filter((x) => x.method === 'post' && !isPublic(x.op));
    expect(posts.map(label).sort()).toEqual([
      'POST /alerts/{id}/acknowledge',
      'POST /alerts/{id}/resolve',
      'POST /conversations',
      'POST /conversations/{id}/end',
      'POST /conversations/{id}/messages',
      'POST /form-schedule-series',
      'POST /form-schedule-series/{id}/cancel',
      'POST /form-schedules',
      'POST /form-schedules/{id}/cancel',
      'POST /form-schedules/{id}/retry',
      'POST /patients',
      'POST /patients/{id}/notes',
      'POST /sandbox/clock/advance',
      'POST /sandbox/events',
      'POST /sandbox/form-schedules/{id}/submit',
      'POST /sandbox/reset',
      'POST /voice/calls',
      'POST /webhooks',
      'POST /webhooks/{id}/deliveries/{eventId}/retry',
    ]);
    for (const o of posts) {
      const header = (o.op.parameters ?? []).find(
        (p: Json) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key',
      );
      expect(header, `${label(o)} Idempotency-Key parameter`).toBeDefined();
      expect(header.required ?? false).toBe(false);
      expect(header.schema).toMatchObject({ type: 'string', maxLength: 255 });
      for (const status of ['409', '422']) {
        expect(
          inline(o.op.responses[status])?.content?.[PROBLEM_JSON],
          `${label(o)} ${status}`,
        ).toBeDefined();
      }
    }
  });

  it('documents limit (1..100) and cursor on every list operation', () => {
    const lists = ops.filter((o) => isList(o.op));
    expect(lists.map(label).sort()).toEqual([
      'GET /alerts',
      'GET /audit-events',
      'GET /billing/ledger',
      'GET /clinical-forms',
      'GET /clinical-forms/{id}/responses',
      'GET /conversations',
      'GET /form-schedule-series',
      'GET /form-schedules',
      'GET /patients',
      'GET /patients/{id}/notes',
      'GET /sandbox/outbox',
      'GET /voice/calls',
      'GET /webhooks',
      'GET /webhooks/{id}/deliveries',
    ]);
    for (const o of lists) {
      const params = Object.fromEntries(
        o.op.parameters.filter((p: Json) => p.in === 'query').map((p: Json) => [p.name, p]),
      );
      expect(params.limit?.schema, label(o)).toMatchObject({
        type: 'integer',
        minimum: 1,
        maximum: 100,
      });
      expect(params.limit.required).toBe(false);
      expect(params.cursor?.schema, label(o)).toMatchObject({ type: 'string' });
      expect(params.cursor.required).toBe(false);
      expect(inline(o.op.responses['422'])?.content?.[PROBLEM_JSON], label(o)).toBeDefined();
    }
  });

  it('documents every error response as a problem document', () => {
    const problem = normalize(Problem);
    for (const o of ops) {
      for (const [status, entry] of Object.entries<Json>(o.op.responses)) {
        if (Number(status) < 400) continue;
        // Problem responses are shared (components.responses); read through the reference.
        const response = inline(entry);
        expect(Object.keys(response.content ?? {}), `${label(o)} ${status}`).toEqual([
          PROBLEM_JSON,
        ]);
        expect(inline(response.content[PROBLEM_JSON].schema), `${label(o)} ${status}`).toEqual(
          problem,
        );
        expect(response.description, `${label(o)} ${status}`).toEqual(expect.any(String));
      }
    }
  });

  describe('equals what the routes validate', () => {
    it('shows the request body of POST /patients as validated', () => {
      const schema = doc.paths['/patients'].post.requestBody.content['application/json'].schema;
      expect(schema.additionalProperties).toBe(false);
      expect([...schema.required].sort()).toEqual(['firstName', 'lastName']);
      expect(schema).toEqual(normalize(CreatePatient));
    });

    it('shows every body, parameter and success response from the route schemas', () => {
      expect(Object.keys(ROUTE_SCHEMAS).sort()).toEqual(
        ops
          .map((o) => o.op.operationId)
          .filter((id) => id !== 'getOpenApi')
          .sort(),
      );
      for (const o of ops) {
        const expected = ROUTE_SCHEMAS[o.op.operationId];
        if (!expected) continue;
        const name = label(o);
        const body = o.op.requestBody?.content?.['application/json']?.schema;
        if (expected.body) expect(body, name).toEqual(normalize(expected.body));
        else expect(body, name).toBeUndefined();
        if (expected.query) expectParametersMatch(o.op, 'query', expected.query);
        else
          expect(
            (o.op.parameters ?? []).filter((p: Json) => p.in === 'query'),
            name,
          ).toEqual([]);
        if (expected.params) expectParametersMatch(o.op, 'path', expected.params);
        const [status, schema] = expected.success;
        if (schema === null) {
          // No content: the status is documented, without a body.
          expect(o.op.responses[status], `${name} ${status}`).toBeDefined();
          expect(o.op.responses[status].content, `${name} ${status}`).toBeUndefined();
          continue;
        }
        expect(
          inline(o.op.responses[status]?.content?.['application/json']?.schema),
          `${name} ${status}`,
        ).toEqual(normalize(schema));
      }
    });

    it('routes every documented operation', async () => {
      for (const o of ops) {
        const res = await server.request(
          o.method.toUpperCase(),
          o.path.replace('{id}', 'pat_missing'),
          {
            ...(o.op.requestBody ? { body: {} } : {}),
          },
        );
        expect(res.body?.code, `${label(o)} -> ${res.status} ${res.text.slice(0, 200)}`).not.toBe(
          'route_not_found',
        );
        expect(res.status, label(o)).toBeLessThan(500);
      }
    });

    it('enforces exactly the documented permission', async () => {
      for (const o of ops) {
        const path = o.path.replace('{id}', 'pat_missing');
        const options = o.op.requestBody ? { body: {} } : {};
        const call = (token: string | null) =>
          server.request(o.method.toUpperCase(), path, { ...options, token });
        const permission: string | null = o.op['x-permission'];
        if (isPublic(o.op)) {
          const res = await call(null);
          expect([401, 403], `${label(o)} without credential: ${res.text}`).not.toContain(
            res.status,
          );
          continue;
        }
        expectProblem(await call(null), 401, 'invalid_token');
        if (permission === null) {
          // Any valid credential, whatever its permissions.
          const res = await call(await server.keyWith('forms:read'));
          expect([401, 403], `${label(o)}: ${res.text}`).not.toContain(res.status);
          continue;
        }
        const others = PERMISSIONS.filter((p) => p !== permission);
        const allButOne = (
          await server.service.core.apiKeys.create({
            name: `all but ${permission}`,
            permissions: others,
          })
        ).key;
        const denied = await call(allButOne);
        expectProblem(denied, 403, 'insufficient_permissions');
        expect(denied.body.requiredPermission).toBe(permission);
        const allowed = await call(
          await server.keyWith(permission as (typeof PERMISSIONS)[number]),
        );
        expect([401, 403], `${label(o)} with ${permission}: ${allowed.text}`).not.toContain(
          allowed.status,
        );
      }
    });

    it('enforces the documented limit range on every list', async () => {
      for (const o of ops.filter((x) => isList(x.op))) {
        for (const limit of [1, 100]) {
          const res = await server.request('GET', `${withIds(o.path)}?limit=${limit}`);
          expect(res.status, `${label(o)} limit=${limit}`).toBe(200);
          expect(res.body.pagination.limit).toBe(limit);
        }
        for (const limit of [0, 101]) {
          const res = await server.request('GET', `${withIds(o.path)}?limit=${limit}`);
          expectProblem(res, 422, 'validation_failed');
          expect(res.body.errors).toContainEqual(expect.objectContaining({ parameter: 'limit' }));
        }
      }
    });
  });

  describe('is structurally valid OpenAPI 3.1', () => {
    const extension = (key: string) => key.startsWith('x-');
    const allowed = (object: Json, keys: string[], where: string) => {
      for (const key of Object.keys(object)) {
        expect(keys.includes(key) || extension(key), `${where}: unexpected field '${key}'`).toBe(
          true,
        );
      }
    };

    it('has only OpenAPI fields at each level', () => {
      allowed(
        doc,
        [
          'openapi',
          'info',
          'jsonSchemaDialect',
          'servers',
          'paths',
          'webhooks',
          'components',
          'security',
          'tags',
          'externalDocs',
        ],
        'document',
      );
      allowed(
        doc.info,
        ['title', 'summary', 'description', 'termsOfService', 'contact', 'license', 'version'],
        'info',
      );
      expect(doc.info.title).toEqual(expect.any(String));
      expect(doc.info.version).toEqual(expect.any(String));
      for (const s of doc.servers) {
        allowed(s, ['url', 'description', 'variables'], 'server');
        expect(s.url).toEqual(expect.any(String));
      }
      allowed(
        doc.components,
        [
          'schemas',
          'responses',
          'parameters',
          'examples',
          'requestBodies',
          'headers',
          'securitySchemes',
          'links',
          'callbacks',
          'pathItems',
        ],
        'components',
      );
      for (const [path, item] of Object.entries<Json>(doc.paths)) {
        expect(path.startsWith('/'), path).toBe(true);
        allowed(
          item,
          [...HTTP_METHODS, '$ref', 'summary', 'description', 'servers', 'parameters'],
          path,
        );
      }
      for (const o of ops) {
        allowed(
          o.op,
          [
            'tags',
            'summary',
            'description',
            'externalDocs',
            'operationId',
            'parameters',
            'requestBody',
            'responses',
            'callbacks',
            'deprecated',
            'security',
            'servers',
          ],
          label(o),
        );
      }
    });

    it('has well-formed parameters that match the path templates', () => {
      for (const o of ops) {
        const params: Json[] = o.op.parameters ?? [];
        const seen = new Set<string>();
        for (const p of params) {
          const where = `${label(o)} parameter ${p.name}`;
          allowed(
            p,
            [
              'name',
              'in',
              'description',
              'required',
              'deprecated',
              'allowEmptyValue',
              'style',
              'explode',
              'allowReserved',
              'schema',
              'example',
              'examples',
              'content',
            ],
            where,
          );
          expect(p.name, where).toEqual(expect.any(String));
          expect(['query', 'header', 'path', 'cookie'], where).toContain(p.in);
          expect(
            'schema' in p !== 'content' in p,
            `${where}: exactly one of schema and content`,
          ).toBe(true);
          if (p.in === 'path') expect(p.required, where).toBe(true);
          expect(seen.has(`${p.in}:${p.name}`), `${where} duplicated`).toBe(false);
          seen.add(`${p.in}:${p.name}`);
        }
        const templated = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
        const inPath = params
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect(inPath, label(o)).toEqual(templated);
      }
    });

    it('has well-formed request bodies and responses', () => {
      for (const o of ops) {
        if (o.op.requestBody) {
          allowed(
            o.op.requestBody,
            ['description', 'content', 'required'],
            `${label(o)} requestBody`,
          );
          expect(Object.keys(o.op.requestBody.content).length).toBeGreaterThan(0);
        }
        for (const [status, entry] of Object.entries<Json>(o.op.responses)) {
          const where = `${label(o)} ${status}`;
          // A shared response is a reference; the response object is under components.
          const response = entry.$ref ? resolvePointer(doc, entry.$ref) : entry;
          expect(status, where).toMatch(/^([1-5](\d\d|XX)|default)$/);
          allowed(response, ['description', 'headers', 'content', 'links'], where);
          expect(response.description, where).toEqual(expect.any(String));
          for (const [type, media] of Object.entries<Json>(response.content ?? {})) {
            expect(type, where).toMatch(/^[\w.+-]+\/[\w.+-]+$/);
            allowed(media, ['schema', 'example', 'examples', 'encoding'], `${where} ${type}`);
          }
        }
      }
    });

    it('references only security schemes it defines, and resolves every $ref', () => {
      const schemes = Object.keys(doc.components?.securitySchemes ?? {});
      for (const requirement of [
        ...(doc.security ?? []),
        ...ops.flatMap((o) => o.op.security ?? []),
      ]) {
        for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
      }
      const resolve = (pointer: string) =>
        pointer
          .slice(2)
          .split('/')
          .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
          .reduce<Json>((node, token) => node?.[token], doc);
      const walk = (node: Json): void => {
        if (!node || typeof node !== 'object') return;
        if (typeof node.$ref === 'string') {
          expect(node.$ref.startsWith('#/'), node.$ref).toBe(true);
          expect(resolve(node.$ref), node.$ref).toBeDefined();
        }
        for (const value of Object.values(node)) walk(value);
      };
      walk(doc);
    });

    it('uses valid JSON Schema 2020-12 for every schema', () => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(ajv);
      // Schemas refer to components by local references into the document: each is checked
      // with those resolved (and each component on its own below).
      const schemas: [string, Json][] = [];
      for (const o of ops) {
        for (const p of o.op.parameters ?? [])
          if (p.schema) schemas.push([`${label(o)} ${p.name}`, p.schema]);
        for (const [type, media] of Object.entries<Json>(o.op.requestBody?.content ?? {})) {
          schemas.push([`${label(o)} body ${type}`, media.schema]);
        }
        for (const [status, response] of Object.entries<Json>(o.op.responses)) {
          for (const [type, media] of Object.entries<Json>(inline(response).content ?? {})) {
            schemas.push([`${label(o)} ${status} ${type}`, media.schema]);
          }
        }
      }
      for (const [name, schema] of Object.entries<Json>(doc.components?.schemas ?? {})) {
        schemas.push([`components.schemas.${name}`, schema]);
      }
      expect(schemas.length).toBeGreaterThan(20);
      for (const [where, given] of schemas) {
        const schema = inline(given);
        expect(ajv.validateSchema(schema), `${where}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
        expect(() => ajv.compile(schema), where).not.toThrow();
      }
    });
  });
});

describe('OpenAPI document without sandbox mode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ sandbox: false });
  });
  afterAll(() => server.close());

  it('leaves out the /sandbox paths, which are not routed either', async () => {
    const res = await server.request('GET', '/openapi.json', { token: null });
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    expect(paths.filter((p) => p.startsWith('/sandbox'))).toEqual([]);
    expect(paths).toContain('/patients');
    expect(paths).toContain('/health');
    expectProblem(await server.request('GET', '/sandbox/clock'), 404, 'route_not_found');
    expectProblem(
      await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 1 } }),
      404,
      'route_not_found',
    );
  });
});

describe('the served document follows the sandbox switch', () => {
  it('lists the /sandbox paths only while sandbox mode is on, in both directions, without a restart', async () => {
    const server = await startServer();
    try {
      const sandboxPaths = async () => {
        const res = await fetch(`${server.service.url}/openapi.json`);
        const doc = (await res.json()) as { paths: Record<string, unknown> };
        return Object.keys(doc.paths).filter((path) => path.startsWith('/sandbox/')).length;
      };
      const on = await sandboxPaths();
      expect(on).toBeGreaterThan(4);
      await server.service.core.setSandbox(false, 'window');
      expect(await sandboxPaths()).toBe(0);
      await server.service.core.setSandbox(true, 'window');
      expect(await sandboxPaths()).toBe(on);
    } finally {
      await server.close();
    }
  });
});
