import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBodyValidator } from '../../src-main/service/validation/input-validator';
import { fieldErrors } from '../../src-main/service/validation/field-errors';
import { PERMISSIONS } from '../../src-main/service/schemas/auth';
import { createPrng } from '../../src-main/service/seed/prng';
import { tableHashes } from './fuzz/db-snapshot';
import { existingIds } from './fuzz/existing-ids';
import { operationsOf, type Json, type Operation } from './fuzz/openapi-ops';
import { validValue } from './fuzz/schema-values';
import {
  EVERY_FIELD_TYPE,
  expectProblem,
  formFixture,
  raiseOpenAlert,
  startServer,
  type ApiResponse,
  type TestServer,
} from './helpers';

/*
 * Issue 18 part 7: U+0000 is refused with 422 `validation_failed` (entry code
 * `control_character`) in every string the API accepts: each string of each body, at any depth
 * (free-form values and property names included), each query parameter and each path parameter
 * of every route the served OpenAPI document lists, and the patient form page's answers. The
 * walk is driven by the document, so a route or a field added later is covered without a change
 * here, and nothing any of these requests sends may change the database.
 */

const NOW = Date.parse('2026-11-22T09:30:00.000Z');
const NUL = '\u0000';

let server: TestServer;
let doc: Json;
let ops: Operation[];

beforeAll(async () => {
  // Real time stands still: no job falls due while the requests run.
  server = await startServer({ seed: 'demo', sandbox: true, realNow: () => NOW });
  doc = (await server.request('GET', '/openapi.json', { token: null })).body;
  ops = operationsOf(doc);
  const { core } = server.service;
  // Something for every path parameter to name: a webhook with a delivery, an open alert.
  await core.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['patient.created'] });
  const emitted = await server.request('POST', '/sandbox/events', {
    body: { event: 'patient.created' },
  });
  expect(emitted.status, emitted.text).toBe(201);
  await raiseOpenAlert(core, 'conv_nul');
  existingId = await existingIds(
    core.db,
    ops.map((op) => op.path),
  );
});
afterAll(() => server.close());

/** An existing id for each path parameter, so that a refused write would have had a target. */
let existingId: Awaited<ReturnType<typeof existingIds>>;

const fillPath = (op: Operation, override?: [string, string]) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    override?.[0] === name ? override[1] : encodeURIComponent(existingId(op.path, name)),
  );

/** A schema with a local `$ref` (`#/components/…`) replaced by what it points at. */
function deref(schema: Json): Json {
  let s = schema;
  while (s && typeof s.$ref === 'string' && s.$ref.startsWith('#/')) {
    s = s.$ref
      .slice(2)
      .split('/')
      .reduce((node: Json, key: string) => node?.[key], doc);
  }
  return s ?? {};
}

const types = (s: Json): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** A string the spot would take but for the NUL in it. */
function withNul(s: Json): string {
  if (Array.isArray(s.enum))
    return `${String(s.enum.find((v: unknown) => typeof v === 'string') ?? 'x')}${NUL}`;
  if (typeof s.const === 'string') return `${s.const}${NUL}`;
  if (s.format === 'date') return `1984-03-17${NUL}`;
  if (s.format === 'date-time') return `2026-11-22T09:30:00.000Z${NUL}`;
  if (s.format === 'email') return `nuria${NUL}@example.com`;
  if (s.format === 'uri') return `https://example.org/${NUL}`;
  return `Consulta${NUL}de seguimiento`;
}

interface Spot {
  /** JSON pointer tokens into the body. */
  path: (string | number)[];
  value: string;
}

/** Every place in a body schema where a string may stand (free-form values included). */
function stringSpots(schema: Json, path: (string | number)[] = [], depth = 0): Spot[] {
  const s = deref(schema);
  if (depth > 8) return [];
  const out: Spot[] = [];
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  const t = types(s);
  const freeForm = t.length === 0 && !branches.length && !s.enum && s.const === undefined;
  if (t.includes('string') || s.enum || typeof s.const === 'string' || freeForm) {
    out.push({ path, value: withNul(s) });
  }
  for (const branch of branches) out.push(...stringSpots(branch, path, depth + 1));
  for (const [key, sub] of Object.entries<Json>(s.properties ?? {}))
    out.push(...stringSpots(sub, [...path, key], depth + 1));
  const extra = [
    ...(s.additionalProperties && typeof s.additionalProperties === 'object'
      ? [s.additionalProperties]
      : []),
    ...Object.values<Json>(s.patternProperties ?? {}),
  ];
  for (const sub of extra) out.push(...stringSpots(sub, [...path, 'note'], depth + 1));
  if (s.items && typeof s.items === 'object')
    out.push(...stringSpots(s.items, [...path, 0], depth + 1));
  // One spot per place: a union's branches often say the same thing twice.
  const seen = new Set<string>();
  return out.filter((spot) => {
    const key = JSON.stringify(spot.path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: Json =
    root !== null && typeof root === 'object'
      ? structuredClone(root)
      : typeof path[0] === 'number'
        ? []
        : {};
  let node = copy;
  path.slice(0, -1).forEach((key, i) => {
    const next = path[i + 1];
    if (node[key] === null || typeof node[key] !== 'object')
      node[key] = typeof next === 'number' ? [] : {};
    node = node[key];
  });
  node[path[path.length - 1]!] = value;
  return copy;
}

const pointer = (path: (string | number)[]) =>
  path.length === 0
    ? '/'
    : `/${path.map((k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

function expectRefusedAt(res: ApiResponse, where: Record<string, string>, what: string): void {
  expect(res.status, `${what}: ${res.text}`).toBe(422);
  expectProblem(res, 422, 'validation_failed');
  expect(res.body.errors, `${what}: ${res.text}`).toEqual(
    expect.arrayContaining([expect.objectContaining({ ...where, code: 'control_character' })]),
  );
}

describe('U+0000 in any string of any route of the OpenAPI document', () => {
  it('is refused with 422 control_character where it stands, and nothing changes', async () => {
    const { db } = server.service.core;
    const rng = createPrng(0x18);
    const ctx = {
      ids: {
        patientId: existingId('/patients/{id}', 'id'),
        formId: existingId('/clinical-forms/{id}', 'id'),
        apiKey: server.key,
      },
      now: new Date(NOW + 86_400_000).toISOString(),
    };
    // Keys first: a key is a row, and the walk must leave every row alone.
    const keyFor = new Map(
      await Promise.all(
        PERMISSIONS.map(async (p) => [p as string, await server.keyWith(p)] as const),
      ),
    );
    // Quiet first: the same hashes twice, a moment apart (nothing still being written).
    let before = await tableHashes(db);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await tableHashes(db);
      if (JSON.stringify(again) === JSON.stringify(before)) break;
      before = again;
    }

    const covered = new Map<string, number>();
    const count = (op: Operation) =>
      covered.set(`${op.method} ${op.path}`, (covered.get(`${op.method} ${op.path}`) ?? 0) + 1);
    for (const op of ops) {
      const token = op.isPublic ? null : op.permission ? keyFor.get(op.permission)! : server.key;
      const path = fillPath(op);
      const what = (where: string) => `${op.method} ${op.path} ${where}`;

      if (op.body) {
        const base = validValue(op.body, rng, ctx);
        for (const spot of stringSpots(op.body)) {
          const body = setAt(base, spot.path, spot.value);
          const res = await server.request(op.method, path, { token, body });
          expectRefusedAt(res, { pointer: pointer(spot.path) }, what(pointer(spot.path)));
          count(op);
        }
        // A property name, at the top where every body has one.
        const named = { ...(base as object), [`na${NUL}me`]: 'x' };
        const res = await server.request(op.method, path, { token, body: named });
        expectRefusedAt(res, { pointer: '/' }, what('property name'));
        count(op);
      }

      for (const param of op.query) {
        const s = deref(param.schema);
        const value = types(s).some((t) => t === 'integer' || t === 'number')
          ? `5${NUL}`
          : withNul(s);
        const query = new URLSearchParams({ [param.name]: value });
        const res = await server.request(op.method, `${path}?${query}`, { token });
        expectRefusedAt(res, { parameter: param.name }, what(`?${param.name}`));
        count(op);
      }

      for (const param of op.pathParams) {
        const real = existingId(op.path, param.name);
        const res = await server.request(
          op.method,
          fillPath(op, [param.name, `${encodeURIComponent(real)}%00`]),
          { token },
        );
        expectRefusedAt(res, { parameter: param.name }, what(`{${param.name}}`));
        count(op);
      }
    }

    // Every operation that takes a string anywhere was tried; the walk is not empty.
    for (const op of ops) {
      if (op.body || op.query.length || op.pathParams.length)
        expect(covered.get(`${op.method} ${op.path}`), `${op.method} ${op.path}`).toBeGreaterThan(
          0,
        );
    }
    const total = [...covered.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(100);
    expect(await tableHashes(db)).toEqual(before);
  });

  it('is found in places only the data shows: free-form values and their property names', async () => {
    const { db } = server.service.core;
    const before = await tableHashes(db);
    for (const [metadata, at] of [
      [{ a: { b: [1, `x${NUL}`] } }, '/metadata/a/b/1'],
      [{ a: { [`k${NUL}`]: 1 } }, '/metadata/a'],
    ] as const) {
      const res = await server.request('POST', '/patients', {
        body: { firstName: 'Ana', lastName: 'Puig', metadata },
      });
      expectRefusedAt(res, { pointer: at }, JSON.stringify(metadata));
    }
    expect(await tableHashes(db)).toEqual(before);
  });
});

describe('headers', () => {
  it('are left alone but for the one a route reads (Idempotency-Key): HTTP allows a tab', async () => {
    const res = await server.request('POST', '/patients', {
      body: { firstName: 'Tab', lastName: 'Header' },
      headers: { 'x-client-note': 'built\tby hand' },
    });
    expect(res.status, res.text).toBe(201);
    const keyed = await server.request('POST', '/patients', {
      body: { firstName: 'Tab', lastName: 'Key' },
      headers: { 'idempotency-key': 'tab\there' },
    });
    expectRefusedAt(keyed, { parameter: 'idempotency-key' }, 'Idempotency-Key with a tab');
  });
});

describe('the validator the window and the CLI share', () => {
  it('refuses U+0000 where no text rule is declared: enums, constants, formats, free values', () => {
    // operations/input-parsers.ts checks every desktop operation's input with this function.
    const validate = compileBodyValidator(
      Type.Object({
        choice: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])),
        when: Type.Optional(Type.String({ format: 'date-time' })),
        free: Type.Optional(Type.Unknown()),
        text: Type.Optional(Type.String()),
      }),
    );
    for (const [input, at] of [
      [{ choice: `a${NUL}` }, '/choice'],
      [{ when: `2026-11-22T09:30:00Z${NUL}` }, '/when'],
      [{ free: [{ deep: NUL }] }, '/free/0/deep'],
      [{ text: `a${NUL}` }, '/text'],
      [{ [`t${NUL}`]: 1 }, '/'],
    ] as const) {
      expect(validate(structuredClone(input)), JSON.stringify(input)).toBe(false);
      expect(fieldErrors(validate.errors ?? [], 'body')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ pointer: at, code: 'control_character' }),
        ]),
      );
    }
    // One error per place: the declared rule and the floor under it do not both report it.
    expect(validate({ text: `a${NUL}` })).toBe(false);
    expect(validate.errors).toHaveLength(1);
    // Tab and line breaks stay allowed in body text; a formatted value is one line.
    expect(validate({ text: 'a\tb\r\nc', free: { note: 'x\ny' } })).toBe(true);
    expect(validate({ when: '2026-11-22\n09:30:00Z' })).toBe(false);
    expect(validate({ when: '2026-11-22T09:30:00Z' })).toBe(true);
  });
});

describe('the patient form page', () => {
  it('refuses a text answer with U+0000 (422 page, nothing stored) and takes it without', async () => {
    const { formId, patientId } = await formFixture(server, { form: EVERY_FIELD_TYPE });
    const created = await server.request('POST', '/form-schedules', {
      body: { formId, patientId, channel: 'email' },
    });
    expect(created.status, created.text).toBe(201);
    const advanced = await server.request('POST', '/sandbox/clock/advance', {
      body: { seconds: 60 },
    });
    expect(advanced.status).toBe(200);
    const outbox = await server.request('GET', `/sandbox/outbox?scheduleId=${created.body.id}`);
    const link = new URL(outbox.body.data[0].link as string);
    const origin = new URL(server.url).origin;
    const answers = (value: string) => {
      const post = new URLSearchParams();
      for (const field of EVERY_FIELD_TYPE.fields) {
        if (field.type === 'text') post.append(field.id, value);
        else if (field.type === 'number') post.append(field.id, String(field.min ?? 1));
        else if (field.type === 'slider') post.append(field.id, String(field.min));
        else if (field.type === 'select' || field.type === 'multiselect')
          post.append(field.id, field.options![0]!);
        else if (field.type === 'boolean') post.append(field.id, 'true');
        else if (field.type === 'date') post.append(field.id, '2026-11-01');
      }
      return post;
    };
    const send = (post: URLSearchParams) =>
      fetch(`${origin}${link.pathname}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: post.toString(),
      });
    const { db } = server.service.core;
    const before = await tableHashes(db);
    for (const bad of [`Me duele${NUL}`, NUL, `a${NUL}\nb`]) {
      const refused = await send(answers(bad));
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      // The page again, with the question marked (aria-invalid) rather than a generic error.
      expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await refused.text()).toContain('aria-invalid="true"');
    }
    expect(await tableHashes(db)).toEqual(before);
    const accepted = await send(answers('Me duele\r\nla cabeza'));
    expect(accepted.status).toBe(303);
    const stored = await db
      .prepare<[string], string>('SELECT responses FROM form_responses WHERE schedule_id = ?')
      .pluck()
      .get(created.body.id);
    expect(stored).toContain('Me duele\\nla cabeza');
  });
});
