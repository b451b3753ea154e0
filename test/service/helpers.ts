import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, afterEach } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createService,
  type Service,
  type ServiceOptions,
} from '../../src-main/service/create-service';
import type { Core } from '../../src-main/service/core';
import { slug } from '../../src-main/service/domain/csv-file';
import { RESPONSE_CHECK_ENV } from '../../src-main/service/http/response-check';
import { PERMISSIONS, type Permission } from '../../src-main/service/schemas/auth';
import type { FormDefinition } from '../../src-main/service/schemas/clinical-form';
import type { CreatePatient } from '../../src-main/service/schemas/patient';

/**
 * The response contract check (issue 8 §6) is on for every service test file that starts servers
 * here: each /api/v1 response is validated against the schema its route declares for its status,
 * violations are written to this file's own list, and the file fails after its tests if any.
 */
const RESPONSE_VIOLATIONS = join(tmpdir(), `engage-desk-responses-${randomUUID()}.jsonl`);
process.env[RESPONSE_CHECK_ENV] = RESPONSE_VIOLATIONS;
afterAll(() => {
  let text: string;
  try {
    text = readFileSync(RESPONSE_VIOLATIONS, 'utf8');
  } catch {
    return; // nothing recorded
  }
  rmSync(RESPONSE_VIOLATIONS, { force: true });
  const lines = [...new Set(text.split('\n').filter(Boolean))];
  if (lines.length)
    throw new Error(`responses that break the OpenAPI contract:\n${lines.slice(0, 20).join('\n')}`);
});

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON and the like). */
  rawBody?: string;
  /** Credential to send; defaults to the full-permission key; null sends none. */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestServer {
  service: Service;
  /** Base URL ending in /api/v1. */
  url: string;
  /** A key with every permission. */
  key: string;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A key with only these permissions. */
  keyWith(...permissions: Permission[]): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real service on 127.0.0.1:0 with an in-memory database (or `dataDir`), talking real HTTP.
 * Rate limiting is off and sandbox mode on unless a test asks otherwise.
 */
export async function startServer(options: ServiceOptions = {}): Promise<TestServer> {
  const service = await createService({
    memory: options.dataDir === undefined,
    seed: 'empty',
    host: '127.0.0.1',
    port: 0,
    rateLimit: 'off',
    // The tests' clinic is a sandbox unless a test says otherwise (the default is off).
    sandbox: true,
    ...options,
  });
  const key = (await service.core.apiKeys.create({ name: 'test', permissions: PERMISSIONS })).key;
  return {
    service,
    url: service.url,
    key,
    keyWith: async (...permissions) =>
      (
        await service.core.apiKeys.create({
          name: `only ${permissions.join(',')}`.slice(0, 100),
          permissions,
        })
      ).key,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const token = options.token === undefined ? key : options.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      return readResponse(await fetch(`${service.url}${path}`, { method, headers, body }));
    },
    close: () => service.close(),
  };
}

/** Status, headers, text and (when it parses) JSON body of a fetch response. */
export async function readResponse<T = any>(response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, headers: response.headers, body: parsed as never, text };
}

/** A temporary data directory, removed by the returned cleanup. */
export function tempDataDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'engage-desk-test-'));
  return {
    dir,
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
      // Where a service on `dir` with backups on keeps them (docs/data-safety.md).
      rmSync(`${dir} backups`, { recursive: true, force: true });
    },
  };
}

/** Asserts the RFC 9457 shape every error must have. */
export function expectProblem(response: ApiResponse, status: number, code: string): void {
  if (response.status !== status || response.body?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.status} ${response.text}`);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/problem+json'))
    throw new Error(`problem content type, got ${type}`);
  for (const field of ['type', 'title', 'status', 'detail', 'instance', 'code', 'requestId']) {
    if (response.body[field] === undefined)
      throw new Error(`problem lacks ${field}: ${response.text}`);
  }
  if (response.body.requestId !== response.headers.get('x-request-id')) {
    throw new Error('problem requestId differs from X-Request-Id');
  }
  if (/at .*\.(ts|js):\d+/.test(response.text))
    throw new Error(`stack trace in body: ${response.text}`);
}

/** A form with one field of every type, each with its constraints (api-decisions §8). */
export const EVERY_FIELD_TYPE: FormDefinition = {
  name: 'Every field type',
  type: 'assessment',
  description: 'One question of each kind.',
  fields: [
    { id: 'notes', type: 'text', label: 'Anything else?', required: false },
    { id: 'weight', type: 'number', label: 'Weight (kg)', required: false, min: 20, max: 300 },
    { id: 'pain', type: 'slider', label: 'Pain now', required: true, min: 0, max: 10, step: 1 },
    {
      id: 'mood',
      type: 'select',
      label: 'Mood',
      required: true,
      options: ['Bien', 'Regular', 'Mal'],
    },
    {
      id: 'symptoms',
      type: 'multiselect',
      label: 'Symptoms',
      required: false,
      options: ['Fiebre', 'Tos', 'Náuseas'],
    },
    { id: 'fever', type: 'boolean', label: 'Fever?', required: true },
    { id: 'since', type: 'date', label: 'Since when?', required: false },
  ],
};

/** Valid answers to EVERY_FIELD_TYPE. */
export const EVERY_FIELD_ANSWERS = [
  { fieldId: 'notes', value: 'Me encuentro mejor' },
  { fieldId: 'weight', value: 72.5 },
  { fieldId: 'pain', value: 3 },
  { fieldId: 'mood', value: 'Bien' },
  { fieldId: 'symptoms', value: ['Tos', 'Fiebre'] },
  { fieldId: 'fever', value: false },
  { fieldId: 'since', value: '2026-11-01' },
];

/** A form (EVERY_FIELD_TYPE unless given) and an active patient reachable on both channels. */
export async function formFixture(
  server: TestServer,
  options: { form?: FormDefinition; patient?: Partial<CreatePatient> } = {},
): Promise<{ formId: string; patientId: string }> {
  const { core } = server.service;
  const formId = (await core.forms.create(options.form ?? EVERY_FIELD_TYPE)).id;
  const patientId = (
    await core.patients.create({
      firstName: 'Núria',
      lastName: 'Puig Soler',
      email: 'nuria.puig@example.com',
      phone: '+34612345678',
      metadata: { preferredLanguage: 'ca' },
      ...options.patient,
    })
  ).id;
  return { formId, patientId };
}

/** An active patient reachable by e-mail at `<first name, made ASCII>@example.com`; its id. */
export async function addPatient(
  core: Core,
  firstName: string,
  lastName: string,
  more: Partial<CreatePatient> = {},
): Promise<string> {
  return (
    await core.patients.create({
      firstName,
      lastName,
      email: `${slug(firstName)}@example.com`,
      ...more,
    })
  ).id;
}

/** A real-time source for the service that only moves when the test sets it. */
export function fakeTime(start: number) {
  let t = start;
  return {
    now: () => t,
    set: (ms: number) => {
      t = ms;
    },
  };
}

/** A list response body. */
export interface ListBody<T> {
  data: T[];
  pagination: { cursor: string; hasMore: boolean; limit: number };
}

/** A row of the event log, its data parsed. */
export interface EventRow {
  type: string;
  data: Record<string, unknown>;
  createdAt: string;
}

/**
 * For a test file: `newServer(options)` starts servers on a fake real-time clock that starts at
 * `start`, each closed after the test that opened it; `cleanups` takes more work for then.
 */
export function serversClosedAfterEach(start: number) {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  async function newServer(options: ServiceOptions = {}): Promise<TestServer> {
    const server = await startServer({ realNow: fakeTime(start).now, ...options });
    cleanups.push(() => server.close());
    return server;
  }
  return { newServer, cleanups };
}

/** `?a=1&b=x` from the defined values, or '' when there are none. */
export function qs(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Fails with the value and TypeBox's errors unless `value` matches `schema`. */
export function expectSchema(schema: TSchema, value: unknown): void {
  if (!Value.Check(schema, value)) {
    throw new Error(
      `value does not match its schema: ${JSON.stringify(value)}\n${JSON.stringify([...Value.Errors(schema, value)])}`,
    );
  }
}

/** Rows in a table of the server's database. */
export async function count(server: TestServer, table: string): Promise<number> {
  return (await server.service.core.db
    .prepare<[], number>(`SELECT count(*) FROM ${table}`)
    .pluck()
    .get())!;
}

/** The credit balance and the rows of each table: what a refused write must leave as it was. */
export async function footprint<T extends string>(
  server: TestServer,
  tables: readonly T[],
): Promise<Record<T | 'balance', number>> {
  const rows: Record<string, number> = {};
  for (const table of tables) rows[table] = await count(server, table);
  return { ...rows, balance: (await server.service.core.credits.balance()).balance } as Record<
    T | 'balance',
    number
  >;
}

/** The event log in order, optionally of one type. */
export async function events(server: TestServer, type?: string): Promise<EventRow[]> {
  return (
    await server.service.core.db
      .prepare<[], { type: string; data: string; created_at: string }>(
        'SELECT type, data, created_at FROM events ORDER BY seq',
      )
      .all()
  )
    .filter((row) => type === undefined || row.type === type)
    .map((row) => ({
      type: row.type,
      data: JSON.parse(row.data) as Record<string, unknown>,
      createdAt: row.created_at,
    }));
}

/**
 * One open urgent alert on the clinic's first patient, for a route to act on (the demo clinic's
 * history has every alert seen to).
 */
export async function raiseOpenAlert(core: Core, conversationId: string): Promise<string> {
  const patientId = await core.db
    .prepare<[], string>('SELECT id FROM patients LIMIT 1')
    .pluck()
    .get();
  return core.alerts.raise({
    patientId: patientId!,
    source: { type: 'conversation', id: conversationId },
    priority: 'urgent',
    code: 'chat_emergency',
    signs: ['chest_pain'],
  });
}
