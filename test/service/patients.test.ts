import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Patient } from '../../src-main/service/schemas/patient';
import { expectProblem, startServer, type ApiResponse, type TestServer } from './helpers';

/*
 * The patient routes through real HTTP: GET /patients (limits, order, filters, search, total,
 * keyset cursors), GET/POST/PATCH /patients(/{id}), body handling and permissions
 * (api-decisions §1, §2, §3, §5, §8).
 */

interface PatientBody {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  dateOfBirth?: string;
  status: 'active' | 'inactive';
  tags: string[];
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

interface ListBody {
  data: PatientBody[];
  pagination: { cursor: string; hasMore: boolean; limit: number };
  total: number;
}

interface FieldErrorBody {
  pointer?: string;
  parameter?: string;
  code: string;
  detail: string;
}

interface EventRow {
  seq: number;
  id: string;
  type: string;
  data: string;
  created_at: string;
}

const DAY_MS = 86_400_000;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PATIENT_ID = /^pat_[0-9A-HJKMNP-TV-Z]{26}$/;
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// ---------------------------------------------------------------------------------------------
// Helpers

function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Every patient the API returns must match the TypeBox schema the OpenAPI document publishes. */
function expectValidPatient(value: unknown): void {
  if (!Value.Check(Patient, value)) {
    const errors = Value.Errors(Patient, value);
    throw new Error(
      `patient does not match the Patient schema: ${JSON.stringify(value)}\n${JSON.stringify(errors)}`,
    );
  }
}

function expectJsonList(res: ApiResponse<ListBody>): void {
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  // The list is JSON text rendered by SQLite: it must parse, and have exactly the list's fields.
  expect(typeof res.body, res.text).toBe('object');
  expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination', 'total']);
  expect(Object.keys(res.body.pagination).sort()).toEqual(['cursor', 'hasMore', 'limit']);
  expect(Number.isInteger(res.body.total)).toBe(true);
  for (const patient of res.body.data) expectValidPatient(patient);
}

function expectNewestFirst(rows: PatientBody[]): void {
  const outOfOrder: string[] = [];
  for (let i = 1; i < rows.length; i++) {
    const prev = rows[i - 1]!;
    const cur = rows[i]!;
    const ok =
      prev.createdAt > cur.createdAt || (prev.createdAt === cur.createdAt && prev.id > cur.id);
    if (!ok) outOfOrder.push(`${prev.id}@${prev.createdAt} before ${cur.id}@${cur.createdAt}`);
  }
  expect(outOfOrder).toEqual([]);
}

async function list(
  server: TestServer,
  params: Record<string, string | number | undefined> = {},
): Promise<ApiResponse<ListBody>> {
  return server.request<ListBody>('GET', `/patients${qs(params)}`);
}

async function totalOf(
  server: TestServer,
  params: Record<string, string | number | undefined> = {},
): Promise<number> {
  const res = await list(server, { ...params, limit: 1 });
  expect(res.status, res.text).toBe(200);
  return res.body.total;
}

/** Pages through a list to its end, checking every page on the way. */
async function pageAll(
  server: TestServer,
  params: Record<string, string | number | undefined>,
  limit: number,
  between?: (pageIndex: number) => Promise<void>,
): Promise<{ rows: PatientBody[]; pages: ListBody[] }> {
  const rows: PatientBody[] = [];
  const pages: ListBody[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const res = await list(server, { ...params, limit, cursor });
    expectJsonList(res);
    pages.push(res.body);
    rows.push(...res.body.data);
    expect(res.body.pagination.limit).toBe(limit);
    if (!res.body.pagination.hasMore) {
      expect(res.body.pagination.cursor).toBe('');
      return { rows, pages };
    }
    expect(res.body.data).toHaveLength(limit);
    expect(res.body.pagination.cursor).not.toBe('');
    cursor = res.body.pagination.cursor;
    if (between) await between(i);
  }
  throw new Error('the list did not end after 1000 pages');
}

async function patientEvents(server: TestServer): Promise<EventRow[]> {
  const rows = (await server.service.core.db.prepare('SELECT * FROM events').all()) as EventRow[];
  return rows.filter((e) => e.type === 'patient.created');
}

function fieldErrors(res: ApiResponse<unknown>): FieldErrorBody[] {
  return ((res.body as { errors?: FieldErrorBody[] } | undefined)?.errors ??
    []) as FieldErrorBody[];
}

function pointers(res: ApiResponse<unknown>): (string | undefined)[] {
  return fieldErrors(res).map((e) => e.pointer);
}

function parameters(res: ApiResponse<unknown>): (string | undefined)[] {
  return fieldErrors(res).map((e) => e.parameter);
}

async function create(server: TestServer, body: Record<string, unknown>): Promise<PatientBody> {
  const res = await server.request<PatientBody>('POST', '/patients', { body });
  expect(res.status, res.text).toBe(201);
  expectValidPatient(res.body);
  return res.body;
}

async function getPatient(server: TestServer, id: string): Promise<PatientBody> {
  const res = await server.request<PatientBody>('GET', `/patients/${id}`);
  expect(res.status, res.text).toBe(200);
  expectValidPatient(res.body);
  return res.body;
}

async function serviceNow(server: TestServer): Promise<number> {
  const res = await server.request<{ now: string }>('GET', '/sandbox/clock');
  expect(res.status, res.text).toBe(200);
  return Date.parse(res.body.now);
}

async function advanceClock(server: TestServer, seconds: number): Promise<void> {
  const res = await server.request('POST', '/sandbox/clock/advance', { body: { seconds } });
  expect(res.status, res.text).toBe(200);
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Replaces the character at `index` with the next one of the base64url alphabet. */
function flipAt(text: string, index: number): string {
  const at = B64URL.indexOf(text[index]!);
  return text.slice(0, index) + B64URL[(at + 1) % 64]! + text.slice(index + 1);
}

/** What §8 says search matches, written out plainly: the reference the service is checked against. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function referenceMatch(patient: PatientBody, rawQuery: string): boolean {
  const query = fold(rawQuery.trim().replace(/\s+/g, ' '));
  if (!query) return true;
  const texts = [
    patient.firstName,
    patient.lastName,
    `${patient.firstName} ${patient.lastName}`,
    patient.email ?? '',
  ].map(fold);
  if (texts.some((t) => t.includes(query))) return true;
  if (patient.phone) {
    if (patient.phone.includes(query)) return true;
    if (/^[\d\s+().-]+$/.test(query)) {
      const digits = query.replace(/\D/g, '');
      if (digits && patient.phone.replace(/\D/g, '').includes(digits)) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------

describe('GET /patients on the demo clinic', () => {
  let server: TestServer;
  let all: PatientBody[];

  beforeAll(async () => {
    server = await startServer({ seed: 'demo' });
    all = (await pageAll(server, {}, 100)).rows;
  });
  afterAll(() => server.close());

  it('returns 20 patients by default, with total, hasMore and a cursor', async () => {
    const res = await list(server);
    expectJsonList(res);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.pagination.limit).toBe(20);
    expect(res.body.pagination.hasMore).toBe(true);
    expect(res.body.pagination.cursor).not.toBe('');
    expect(res.body.total).toBe(240);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it.each([1, 2, 50, 99, 100])('accepts limit=%i', async (limit) => {
    const res = await list(server, { limit });
    expectJsonList(res);
    expect(res.body.data).toHaveLength(limit);
    expect(res.body.pagination.limit).toBe(limit);
    expect(res.body.data.map((p) => p.id)).toEqual(all.slice(0, limit).map((p) => p.id));
  });

  it.each(['0', '101', 'abc', '-1', '1.5', '1e3', '20abc'])(
    'rejects limit=%s with 422 naming the parameter',
    async (limit) => {
      const res = await server.request('GET', `/patients?limit=${encodeURIComponent(limit)}`);
      expectProblem(res, 422, 'validation_failed');
      const errors = res.body.errors as FieldErrorBody[];
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.map((e) => e.parameter)).toContain('limit');
      expect(errors.every((e) => e.pointer === undefined)).toBe(true);
    },
  );

  it('lists every patient once, newest first by createdAt then id', () => {
    expect(all).toHaveLength(240);
    expect(new Set(all.map((p) => p.id)).size).toBe(240);
    expectNewestFirst(all);
    for (const p of all) {
      expect(p.id).toMatch(PATIENT_ID);
      expect(p.createdAt).toMatch(ISO_MS);
      expect(p.updatedAt).toMatch(ISO_MS);
      expect(p.updatedAt >= p.createdAt).toBe(true);
    }
  });

  it('renders patients with and without the optional fields (all valid against the schema)', () => {
    // The JSON is assembled by SQLite; both shapes of each optional field occur in the demo.
    expect(all.some((p) => p.email === undefined)).toBe(true);
    expect(all.some((p) => p.email !== undefined)).toBe(true);
    expect(all.some((p) => p.phone === undefined)).toBe(true);
    expect(all.some((p) => p.phone !== undefined)).toBe(true);
    expect(all.some((p) => p.tags.length === 0)).toBe(true);
    expect(all.some((p) => p.tags.length > 1)).toBe(true);
    for (const p of all) {
      expectValidPatient(p);
      for (const field of ['email', 'phone', 'dateOfBirth'] as const) {
        // Absent, never null.
        if (field in p) expect(typeof p[field]).toBe('string');
      }
    }
  });

  it('filters by status; totals count the filtered rows', async () => {
    const active = await pageAll(server, { status: 'active' }, 100);
    const inactive = await pageAll(server, { status: 'inactive' }, 100);
    expect(active.rows.every((p) => p.status === 'active')).toBe(true);
    expect(inactive.rows.every((p) => p.status === 'inactive')).toBe(true);
    expect(active.rows.length).toBe(all.filter((p) => p.status === 'active').length);
    expect(inactive.rows.length).toBe(all.filter((p) => p.status === 'inactive').length);
    expect(inactive.rows.length).toBeGreaterThan(0);
    for (const page of active.pages) expect(page.total).toBe(active.rows.length);
    for (const page of inactive.pages) expect(page.total).toBe(inactive.rows.length);
    expect(active.rows.length + inactive.rows.length).toBe(240);
    expectNewestFirst(active.rows);
    expectNewestFirst(inactive.rows);
  });

  it.each(['ACTIVE', 'deleted', 'archived', 'active,inactive'])(
    'rejects status=%s with 422',
    async (status) => {
      const res = await list(server, { status });
      expectProblem(res, 422, 'validation_failed');
      expect(parameters(res)).toContain('status');
    },
  );

  it.each(['foo', 'q', 'offset', 'page', 'sort', 'Limit'])(
    'rejects the unknown query parameter %s with 422',
    async (name) => {
      const res = await server.request('GET', `/patients?${name}=1`);
      expectProblem(res, 422, 'validation_failed');
      expect(parameters(res)).toContain(name);
    },
  );

  it('pages through everything with limit 7: each patient exactly once, in order', async () => {
    const { rows, pages } = await pageAll(server, {}, 7);
    expect(pages).toHaveLength(Math.ceil(240 / 7));
    expect(rows.map((p) => p.id)).toEqual(all.map((p) => p.id));
    expect(pages.at(-1)!.data).toHaveLength(240 % 7);
    for (const page of pages) expect(page.total).toBe(240);
  });

  it('ends with hasMore false and cursor "" when the last page is exactly full', async () => {
    const { rows, pages } = await pageAll(server, {}, 8);
    expect(pages).toHaveLength(30);
    expect(pages.at(-1)!.data).toHaveLength(8);
    expect(pages.at(-1)!.pagination).toEqual({ cursor: '', hasMore: false, limit: 8 });
    expect(rows.map((p) => p.id)).toEqual(all.map((p) => p.id));
  });

  it('treats cursor= (empty) as the first page', async () => {
    const first = await list(server, { limit: 5 });
    const empty = await server.request<ListBody>('GET', '/patients?limit=5&cursor=');
    expectJsonList(empty);
    expect(empty.body).toEqual(first.body);
    const filtered = await list(server, { limit: 5, status: 'inactive' });
    const filteredEmpty = await list(server, { limit: 5, status: 'inactive', cursor: '' });
    expectJsonList(filteredEmpty);
    expect(filteredEmpty.body).toEqual(filtered.body);
  });

  it('a cursor keeps working with the filters that issued it', async () => {
    const page1 = await list(server, { limit: 3, status: 'active', search: 'mar' });
    expectJsonList(page1);
    expect(page1.body.pagination.hasMore).toBe(true);
    const page2 = await list(server, {
      limit: 3,
      status: 'active',
      search: 'mar',
      cursor: page1.body.pagination.cursor,
    });
    expectJsonList(page2);
    expect(page2.body.data.length).toBeGreaterThan(0);
    const ids = new Set(page1.body.data.map((p) => p.id));
    expect(page2.body.data.some((p) => ids.has(p.id))).toBe(false);
  });

  describe('invalid cursors', () => {
    let cursor: string;
    beforeAll(async () => {
      const res = await list(server, { limit: 3 });
      cursor = res.body.pagination.cursor;
      expect(cursor).toContain('.');
    });

    it('rejects a cursor with any character of its position part changed', async () => {
      const dot = cursor.indexOf('.');
      const accepted: string[] = [];
      for (let i = 0; i < dot; i++) {
        const res = await list(server, { limit: 3, cursor: flipAt(cursor, i) });
        if (res.status !== 400) accepted.push(`#${i} -> ${res.status}`);
        else expectProblem(res, 400, 'invalid_cursor');
      }
      expect(accepted).toEqual([]);
    });

    it('rejects a cursor with any character of its signature changed', async () => {
      const dot = cursor.indexOf('.');
      const accepted: string[] = [];
      for (let i = dot + 1; i < cursor.length; i++) {
        const tampered = flipAt(cursor, i);
        const res = await list(server, { limit: 3, cursor: tampered });
        if (res.status !== 400) accepted.push(`${tampered} -> ${res.status}`);
        else expectProblem(res, 400, 'invalid_cursor');
      }
      expect(accepted).toEqual([]);
    });

    it('rejects a cursor with characters added to its signature', async () => {
      const dot = cursor.indexOf('.');
      const variants = [
        `${cursor}=`,
        `${cursor}==`,
        `${cursor.slice(0, dot + 4)}!${cursor.slice(dot + 4)}`,
        `${cursor.slice(0, dot + 4)} ${cursor.slice(dot + 4)}`,
        `${cursor}A`,
      ];
      const accepted: string[] = [];
      for (const variant of variants) {
        const res = await list(server, { limit: 3, cursor: variant });
        if (res.status !== 400) accepted.push(`${JSON.stringify(variant)} -> ${res.status}`);
        else expectProblem(res, 400, 'invalid_cursor');
      }
      expect(accepted).toEqual([]);
    });

    it.each([
      'abc',
      'abc.def',
      '.',
      '..',
      'a.',
      '.abc',
      '%%%',
      'null',
      '[]',
      '{}',
      `${Buffer.from(JSON.stringify(['9999-12-31T00:00:00.000Z', 'pat_ZZZ'])).toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`,
      `${Buffer.from('not json').toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`,
    ])('rejects the garbage cursor %s with 400 invalid_cursor', async (garbage) => {
      const res = await list(server, { cursor: garbage });
      expectProblem(res, 400, 'invalid_cursor');
    });

    it('rejects a cursor reused with other filters', async () => {
      const plain = cursor;
      const active = (await list(server, { limit: 3, status: 'active' })).body.pagination.cursor;
      const searched = (await list(server, { limit: 3, search: 'a' })).body.pagination.cursor;
      const both = (await list(server, { limit: 3, search: 'a', status: 'active' })).body.pagination
        .cursor;
      for (const c of [active, searched, both]) expect(c).not.toBe('');

      const misuses: [string, Record<string, string>][] = [
        [plain, { status: 'active' }],
        [plain, { search: 'a' }],
        [active, {}],
        [active, { status: 'inactive' }],
        [active, { status: 'active', search: 'a' }],
        [searched, {}],
        [searched, { search: 'e' }],
        [searched, { search: 'a', status: 'active' }],
        [both, { search: 'a' }],
        [both, { status: 'active' }],
        [both, { search: 'a', status: 'inactive' }],
      ];
      for (const [c, filters] of misuses) {
        const res = await list(server, { limit: 3, ...filters, cursor: c });
        expectProblem(res, 400, 'invalid_cursor');
      }
    });

    it('rejects a cursor from another list, in both directions', async () => {
      const ledger = await server.request('GET', '/billing/ledger?limit=1');
      expect(ledger.status, ledger.text).toBe(200);
      expect(ledger.body.pagination.hasMore).toBe(true);
      const ledgerCursor = ledger.body.pagination.cursor as string;
      expectProblem(await list(server, { cursor: ledgerCursor }), 400, 'invalid_cursor');
      expectProblem(
        await server.request('GET', `/billing/ledger?limit=1&cursor=${encodeURIComponent(cursor)}`),
        400,
        'invalid_cursor',
      );
    });
  });

  it('GET /patients/{id} returns the same patient as the list', async () => {
    for (const p of [all[0]!, all[120]!, all.at(-1)!]) {
      const res = await server.request<PatientBody>('GET', `/patients/${p.id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
      expectValidPatient(res.body);
      expect(res.body).toEqual(p);
    }
  });

  it.each([
    'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
    'pat_nope',
    'nope',
    'conv_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
    `pat_'"%`,
  ])('GET /patients/%s (unknown) -> 404 resource_missing', async (id) => {
    const res = await server.request('GET', `/patients/${encodeURIComponent(id)}`);
    expectProblem(res, 404, 'resource_missing');
  });

  it('an unknown id with an existing id lower-cased is unknown too', async () => {
    const res = await server.request('GET', `/patients/${all[0]!.id.toLowerCase()}`);
    expectProblem(res, 404, 'resource_missing');
  });

  it.each(['mar', 'ez', 'll', 'a', 'garcía', 'GARCIA', 'example.com', '+34 6', '6'])(
    'search=%s: total equals the matching rows collected over every page',
    async (search) => {
      const expected = all.filter((p) => referenceMatch(p, search)).map((p) => p.id);
      const { rows, pages } = await pageAll(server, { search }, 7);
      for (const page of pages) expect(page.total).toBe(rows.length);
      expect(new Set(rows.map((p) => p.id)).size).toBe(rows.length);
      expectNewestFirst(rows);
      expect(rows.map((p) => p.id)).toEqual(expected);
    },
  );

  it('search combined with status counts the rows matching both', async () => {
    const { rows, pages } = await pageAll(server, { search: 'a', status: 'inactive' }, 5);
    const expected = all.filter((p) => p.status === 'inactive' && referenceMatch(p, 'a'));
    expect(rows.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    for (const page of pages) expect(page.total).toBe(expected.length);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /patients search', () => {
  let server: TestServer;
  let patients: PatientBody[];
  let ana: PatientBody;

  beforeAll(async () => {
    server = await startServer({ seed: 'empty' });
    const bodies: Record<string, unknown>[] = [
      {
        firstName: 'Ana',
        lastName: 'Pérez García',
        email: 'ana.perez@example.com',
        phone: '+34612345678',
      },
      { firstName: 'José', lastName: 'Núñez Ríos', email: 'Jose.Nunez@Example.ORG' },
      { firstName: 'Ñu', lastName: 'Öz' },
      { firstName: 'Zoë "Q" \\', lastName: "O'Brien", phone: '+447700900123' },
      { firstName: 'Mary_Jane', lastName: '100% Real', email: 'mj@example.net' },
      { firstName: 'Ánxela', lastName: 'Ferrández' },
      { firstName: 'Ana', lastName: 'Inactiva', status: 'inactive' },
    ];
    for (let i = 0; i < 12; i++) {
      bodies.push({
        firstName: 'Lucía',
        lastName: `Serrano ${String.fromCharCode(65 + i)}`,
        phone: `+3493${String(1_000_000 + i)}`,
      });
    }
    patients = [];
    for (const body of bodies) patients.push(await create(server, body));
    ana = patients[0]!;
  });
  afterAll(() => server.close());

  const queries = [
    // names, full name, case and accents
    'pérez',
    'PEREZ',
    'Perez Garc',
    'ana pérez',
    'ANA PEREZ',
    'ana pérez garcía',
    'pérez garcía',
    'josé',
    'JOSE NUNEZ',
    'núñez ríos',
    'lucía',
    'LUCIA SERR',
    'serrano c',
    'ánxela',
    'ferrandez',
    ' ana ',
    'ana   pérez',
    // e-mail
    'ana.perez@',
    'EXAMPLE.ORG',
    'jose.nunez',
    'mj@',
    // phone digits
    '612 345',
    '+34 612',
    '(612) 345-678',
    '612-345-678',
    '34612345678',
    '+34612345678',
    '7700 900',
    '+44',
    '93',
    // short queries (1-2 characters)
    'an',
    'z',
    'E',
    'oz',
    'öz',
    'ÖZ',
    'ñu',
    'NU',
    'án',
    'é',
    '6',
    // quotes, backslashes, LIKE and FTS syntax
    '"',
    'q"',
    '"q" \\',
    '\\',
    "o'b",
    "O'BRIEN",
    '_',
    '%',
    '100%',
    'mary_j',
    '*',
    'ana*',
    'OR',
    'a OR b',
    'ana OR josé',
    '-',
    'ana -pérez',
    '(',
    ')',
    'NEAR(ana pérez)',
    '"ana"',
    'ana:',
    'firstName:ana',
    '{ana}',
    'AND',
    'NOT ana',
    '^ana',
    'ana +',
    "'; DROP TABLE patients; --",
    'zzz',
    // a string that is a substring of none of the fields (it spans last name and e-mail)
    'garcía ana.p',
    // long phrases, which PostgreSQL's index is asked for in pieces and then checked whole: a
    // whole e-mail address, a full name, and the same words in another order or apart
    'ana.perez@example.com',
    'JOSE.NUNEZ@EXAMPLE.ORG',
    'jose.nunez@example.com',
    'mj@example.net',
    '@example.com',
    'ana pérez garcía',
    'garcía pérez ana',
    'perez ana',
    'ana garcía',
    'josé núñez ríos',
    'núñez josé',
    'lucía serrano',
    'lucía serrano c',
    'serrano lucía',
    'ferrández ánxela',
    'mary_jane 100%',
    'mary jane 100',
    '+34 931 000 005',
    '34931000005',
  ];

  it.each(queries)('search=%j finds exactly the patients §8 describes', async (search) => {
    const res = await list(server, { search, limit: 100 });
    expectJsonList(res);
    const expected = patients
      .filter((p) => referenceMatch(p, search))
      .reverse()
      .map((p) => `${p.firstName} ${p.lastName}`);
    expect(res.body.data.map((p) => `${p.firstName} ${p.lastName}`)).toEqual(expected);
    expect(res.body.total).toBe(expected.length);
  });

  it('finds "ana pérez" across first and last name, and by the phone in several spellings', async () => {
    for (const search of ['ana pérez', 'Ana Perez', '612 345', '+34 612', '612345678']) {
      const res = await list(server, { search });
      expectJsonList(res);
      expect(res.body.data.map((p) => p.id)).toContain(ana.id);
    }
  });

  it('search with status counts only the rows matching both', async () => {
    const active = await list(server, { search: 'ana', status: 'active' });
    const inactive = await list(server, { search: 'ana', status: 'inactive' });
    expectJsonList(active);
    expectJsonList(inactive);
    expect(active.body.data.every((p) => p.status === 'active')).toBe(true);
    expect(inactive.body.data.map((p) => p.lastName)).toEqual(['Inactiva']);
    expect(inactive.body.total).toBe(1);
    expect(active.body.total).toBe(active.body.data.length);
    const all = await list(server, { search: 'ana' });
    expect(all.body.total).toBe(active.body.total + inactive.body.total);
  });

  it('total matches the rows collected when paging through a search', async () => {
    const { rows, pages } = await pageAll(server, { search: 'lucia' }, 5);
    expect(pages).toHaveLength(3);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((p) => p.id)).size).toBe(12);
    for (const page of pages) expect(page.total).toBe(12);
    expectNewestFirst(rows);
  });

  it('a search longer than 200 characters is a 422, not a 500', async () => {
    const res = await list(server, { search: 'a'.repeat(201) });
    expectProblem(res, 422, 'validation_failed');
    expect(parameters(res)).toContain('search');
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /patients', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ seed: 'empty' });
  });
  afterAll(() => server.close());

  it('creates a patient: 201, Location, defaults, optional fields omitted', async () => {
    const before = await totalOf(server);
    const res = await server.request<PatientBody>('POST', '/patients', {
      body: { firstName: 'Ana', lastName: 'Pérez' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    expectValidPatient(res.body);
    const p = res.body;
    expect(p.id).toMatch(PATIENT_ID);
    expect(Object.keys(p).sort()).toEqual(
      [
        'createdAt',
        'firstName',
        'id',
        'lastName',
        'metadata',
        'status',
        'tags',
        'updatedAt',
      ].sort(),
    );
    expect(p).toMatchObject({
      firstName: 'Ana',
      lastName: 'Pérez',
      status: 'active',
      tags: [],
      metadata: {},
    });
    expect(p.createdAt).toMatch(ISO_MS);
    expect(p.updatedAt).toBe(p.createdAt);

    expect(res.headers.get('location')).toBe(`/api/v1/patients/${p.id}`);
    const origin = new URL(server.url).origin;
    const viaLocation = await fetch(`${origin}${res.headers.get('location')}`, {
      headers: { authorization: `Bearer ${server.key}` },
    });
    expect(viaLocation.status).toBe(200);
    expect(await viaLocation.json()).toEqual(p);

    expect(await getPatient(server, p.id)).toEqual(p);
    const first = await list(server, { limit: 1 });
    expect(first.body.data[0]).toEqual(p);
    expect(first.body.total).toBe(before + 1);
  });

  it('creates a patient with every field and returns them as sent', async () => {
    const body = {
      firstName: 'José',
      lastName: 'Núñez Ríos',
      email: 'jose.nunez+clinic@example.co.uk',
      phone: '+34612345678',
      dateOfBirth: '1984-03-17',
      status: 'inactive',
      tags: ['diabetes', 'vip'],
      metadata: { mrn: 'HC-10001', nested: { consent: true, visits: [1, 2] } },
    };
    const p = await create(server, body);
    expect(p).toEqual({ ...body, id: p.id, createdAt: p.createdAt, updatedAt: p.createdAt });
    expect(await getPatient(server, p.id)).toEqual(p);
  });

  it('writes exactly one patient.created event with only {patientId, status, createdAt}', async () => {
    const before = await patientEvents(server);
    const p = await create(server, {
      firstName: 'Evento',
      lastName: 'Secreto',
      email: 'evento.secreto@example.com',
      phone: '+34699887766',
      dateOfBirth: '1970-01-02',
      status: 'inactive',
      metadata: { diagnosis: 'confidential' },
    });
    const after = await patientEvents(server);
    expect(after).toHaveLength(before.length + 1);
    const event = after.find((e) => !before.some((b) => b.id === e.id))!;
    expect(event.id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    const data = JSON.parse(event.data) as Record<string, unknown>;
    expect(data).toEqual({ patientId: p.id, status: 'inactive', createdAt: p.createdAt });
    for (const secret of [
      'Evento',
      'Secreto',
      'evento.secreto',
      '699887766',
      '1970-01-02',
      'confidential',
    ]) {
      expect(event.data).not.toContain(secret);
    }
    const all = (await server.service.core.db.prepare('SELECT * FROM events').all()) as EventRow[];
    expect(all.filter((e) => e.data.includes(p.id))).toHaveLength(1);
  });

  // Control characters are refused since issue 17 (hardening-input.test.ts); multiline text in
  // metadata still carries tab, line breaks and U+2028/U+2029 through the JSON escaping.
  it('round-trips unicode, quotes, backslashes and line breaks (JSON escaping)', async () => {
    const weird = {
      firstName: 'Zoë "Q" \\ O\'Brien 😀 end',
      lastName: '</script><b>&amp;</b> \\u0041 \\" 日本語',
      email: 'o.brien+test@example.com',
      tags: ['ñandú', 'quote"tag', 'back\\slash', '日本語', '🏥', 'tab here'],
      metadata: {
        'quote"key': 'val"ue',
        'back\\slash': 'C:\\path\\to\\',
        '': 'empty key',
        ünïcødé: 'ÿ',
        nested: {
          arr: [1, 2.5, -3e-7, 1e21, true, false, null, 'x', [], {}],
          emoji: '🧪',
          ctrl: '\n\r\t',
          sep: '\u2028\u2029',
          literal: '\\u0000 \\n',
        },
      },
    };
    const p = await create(server, weird);
    expect(p).toMatchObject(weird);
    const got = await getPatient(server, p.id);
    expect(got).toEqual(p);
    const res = await list(server, { limit: 100 });
    expectJsonList(res);
    expect(res.body.data.find((row) => row.id === p.id)).toEqual(p);
    const searched = await list(server, { search: 'zoë "q" \\ o' });
    expectJsonList(searched);
    expect(searched.body.data.map((row) => row.id)).toEqual([p.id]);
  });

  it('lists patients with and without optional fields, all valid against the schema', async () => {
    const shapes = [
      { firstName: 'Only', lastName: 'Names' },
      { firstName: 'With', lastName: 'Email', email: 'with.email@example.com' },
      { firstName: 'With', lastName: 'Phone', phone: '+15551234567' },
      { firstName: 'With', lastName: 'Birth', dateOfBirth: '2000-01-01' },
      {
        firstName: 'All',
        lastName: 'Optional',
        email: 'a@example.com',
        phone: '+34911223344',
        dateOfBirth: '1999-12-31',
      },
    ];
    const created: PatientBody[] = [];
    for (const shape of shapes) created.push(await create(server, shape));
    const { rows } = await pageAll(server, {}, 3);
    for (const [i, shape] of shapes.entries()) {
      const row = rows.find((r) => r.id === created[i]!.id)!;
      expect(row).toEqual(created[i]);
      for (const field of ['email', 'phone', 'dateOfBirth'] as const) {
        expect(field in row).toBe(field in shape);
      }
    }
  });

  const base = { firstName: 'Valid', lastName: 'Patient' };
  const invalid: [string, unknown, string][] = [
    ['missing firstName', { lastName: 'X' }, '/firstName'],
    ['missing lastName', { firstName: 'X' }, '/lastName'],
    ['empty firstName', { ...base, firstName: '' }, '/firstName'],
    ['blank firstName', { ...base, firstName: '   ' }, '/firstName'],
    ['blank lastName (tab and newline)', { ...base, lastName: '\t\n ' }, '/lastName'],
    ['firstName over 100 characters', { ...base, firstName: 'a'.repeat(101) }, '/firstName'],
    ['numeric firstName', { ...base, firstName: 42 }, '/firstName'],
    ['null lastName', { ...base, lastName: null }, '/lastName'],
    ['array firstName', { ...base, firstName: ['Ana'] }, '/firstName'],
    ['object lastName', { ...base, lastName: { text: 'x' } }, '/lastName'],
    ['unknown property', { ...base, nickname: 'x' }, '/nickname'],
    ['snake_case property', { ...base, first_name: 'x' }, '/first_name'],
    ['id in the body', { ...base, id: 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G' }, '/id'],
    ['createdAt in the body', { ...base, createdAt: '2020-01-01T00:00:00.000Z' }, '/createdAt'],
    ['email without @', { ...base, email: 'ana.example.com' }, '/email'],
    ['email without domain', { ...base, email: 'ana@' }, '/email'],
    ['email with a space', { ...base, email: 'ana perez@example.com' }, '/email'],
    ['email as a number', { ...base, email: 5 }, '/email'],
    ['email null on create', { ...base, email: null }, '/email'],
    ['phone without +', { ...base, phone: '34612345678' }, '/phone'],
    ['national phone', { ...base, phone: '612345678' }, '/phone'],
    ['phone with spaces', { ...base, phone: '+34 612 345 678' }, '/phone'],
    ['phone with dashes', { ...base, phone: '+34-612-345-678' }, '/phone'],
    ['phone with country code 0', { ...base, phone: '+0612345678' }, '/phone'],
    ['phone too short', { ...base, phone: '+123456' }, '/phone'],
    ['phone too long', { ...base, phone: '+1234567890123456' }, '/phone'],
    ['phone with a letter', { ...base, phone: '+3461234567a' }, '/phone'],
    ['phone as a number', { ...base, phone: 34612345678 }, '/phone'],
    ['impossible date 2023-02-30', { ...base, dateOfBirth: '2023-02-30' }, '/dateOfBirth'],
    ['2023-02-29 (not a leap year)', { ...base, dateOfBirth: '2023-02-29' }, '/dateOfBirth'],
    ['month 13', { ...base, dateOfBirth: '1990-13-01' }, '/dateOfBirth'],
    ['day 00', { ...base, dateOfBirth: '1990-01-00' }, '/dateOfBirth'],
    ['date with slashes', { ...base, dateOfBirth: '1990/01/01' }, '/dateOfBirth'],
    ['compact date', { ...base, dateOfBirth: '19900101' }, '/dateOfBirth'],
    ['date not zero-padded', { ...base, dateOfBirth: '1990-1-1' }, '/dateOfBirth'],
    ['date-time instead of date', { ...base, dateOfBirth: '1990-01-01T00:00:00Z' }, '/dateOfBirth'],
    ['date far in the future', { ...base, dateOfBirth: '2999-01-01' }, '/dateOfBirth'],
    ['date as a number', { ...base, dateOfBirth: 19900101 }, '/dateOfBirth'],
    ['status outside the enum', { ...base, status: 'deleted' }, '/status'],
    ['status upper-case', { ...base, status: 'ACTIVE' }, '/status'],
    ['status null', { ...base, status: null }, '/status'],
    ['status boolean', { ...base, status: true }, '/status'],
    ['21 tags', { ...base, tags: Array.from({ length: 21 }, (_, i) => `tag-${i}`) }, '/tags'],
    ['duplicate tags', { ...base, tags: ['vip', 'diabetes', 'vip'] }, '/tags'],
    ['empty tag', { ...base, tags: [''] }, '/tags/0'],
    ['blank tag', { ...base, tags: ['ok', '   '] }, '/tags/1'],
    ['numeric tag', { ...base, tags: [1] }, '/tags/0'],
    ['tag over 50 characters', { ...base, tags: ['t'.repeat(51)] }, '/tags/0'],
    ['tags as a string', { ...base, tags: 'vip' }, '/tags'],
    ['metadata as an array', { ...base, metadata: [] }, '/metadata'],
    ['metadata as a string', { ...base, metadata: '{}' }, '/metadata'],
    ['metadata null', { ...base, metadata: null }, '/metadata'],
    [
      'metadata over 16 KiB',
      {
        ...base,
        metadata: { note: 'x'.repeat(16 * 1024 - JSON.stringify({ note: '' }).length + 1) },
      },
      '/metadata',
    ],
    [
      'metadata over 16 KiB in bytes though not in characters',
      {
        ...base,
        metadata: {
          note: 'é'.repeat(Math.floor((16 * 1024 - JSON.stringify({ note: '' }).length) / 2) + 1),
        },
      },
      '/metadata',
    ],
    ['a body that is an array', [base], '/'],
    ['a body that is a string', 'Valid Patient', '/'],
  ];

  it.each(invalid)('rejects %s with 422 and changes nothing', async (_label, body, pointer) => {
    const total = await totalOf(server);
    const events = (await patientEvents(server)).length;
    const res = await server.request('POST', '/patients', { body });
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors.length).toBeGreaterThan(0);
    for (const e of res.body.errors as FieldErrorBody[]) {
      expect(typeof e.code).toBe('string');
      expect(typeof e.detail).toBe('string');
      expect(e.parameter).toBeUndefined();
    }
    expect(pointers(res)).toContain(pointer);
    expect(await totalOf(server)).toBe(total);
    expect(await patientEvents(server)).toHaveLength(events);
  });

  it('reports every invalid field at once', async () => {
    const res = await server.request('POST', '/patients', {
      body: { firstName: '', lastName: 5, email: 'x', phone: '1', status: 'gone', extra: true },
    });
    expectProblem(res, 422, 'validation_failed');
    const got = pointers(res);
    for (const p of ['/firstName', '/lastName', '/email', '/phone', '/status', '/extra']) {
      expect(got).toContain(p);
    }
  });

  it.each<[string, Record<string, unknown>]>([
    ['20 tags', { tags: Array.from({ length: 20 }, (_, i) => `tag-${i}`) }],
    [
      'metadata of exactly 16 KiB',
      { metadata: { note: 'x'.repeat(16 * 1024 - JSON.stringify({ note: '' }).length) } },
    ],
    ['a leap day', { dateOfBirth: '2024-02-29' }],
    ['the shortest E.164 phone', { phone: '+1234567' }],
    ['the longest E.164 phone', { phone: '+123456789012345' }],
    ['an e-mail with plus and subdomains', { email: 'ana+tag@mail.example.co.uk' }],
    ['a one-character name', { firstName: 'X', lastName: 'Y' }],
    ['a 100-character name', { firstName: 'n'.repeat(100) }],
    ['status active given explicitly', { status: 'active' }],
  ])('accepts %s', async (_label, extra) => {
    const p = await create(server, { ...base, ...extra });
    expect(p).toMatchObject(extra);
    expect(await getPatient(server, p.id)).toEqual(p);
  });

  it('never stores duplicate tags, also when they differ only by surrounding spaces', async () => {
    const res = await server.request<PatientBody>('POST', '/patients', {
      body: { ...base, tags: ['vip', ' vip', 'vip '] },
    });
    if (res.status === 201) {
      // Accepting is fine only if the stored tags are still distinct.
      expect(new Set(res.body.tags).size).toBe(res.body.tags.length);
      const stored = await getPatient(server, res.body.id);
      expect(new Set(stored.tags).size).toBe(stored.tags.length);
    } else {
      expectProblem(res, 422, 'validation_failed');
      expect(pointers(res)).toContain('/tags');
    }
  });

  it('the Location header is the patient URL also when the request path ends with a slash', async () => {
    const res = await server.request<PatientBody>('POST', '/patients/', { body: base });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('location')).toBe(`/api/v1/patients/${res.body.id}`);
  });

  it('an Idempotency-Key retry creates one patient and one event', async () => {
    const total = await totalOf(server);
    const events = (await patientEvents(server)).length;
    const body = { firstName: 'Idem', lastName: 'Potent' };
    const headers = { 'idempotency-key': 'create-idem-potent-1' };
    const first = await server.request<PatientBody>('POST', '/patients', { body, headers });
    const second = await server.request<PatientBody>('POST', '/patients', { body, headers });
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await totalOf(server)).toBe(total + 1);
    expect(await patientEvents(server)).toHaveLength(events + 1);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the service clock decides what "in the future" and "updated" mean', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ seed: 'empty' });
  });
  afterAll(() => server.close());

  it('rejects a dateOfBirth after the service date, accepts it once the clock has passed it', async () => {
    const now = await serviceNow(server);
    const today = isoDate(now);
    const soon = isoDate(now + 2 * DAY_MS);
    const events = (await patientEvents(server)).length;

    const future = await server.request('POST', '/patients', {
      body: { firstName: 'Futuro', lastName: 'Nacido', dateOfBirth: soon },
    });
    expectProblem(future, 422, 'validation_failed');
    expect(pointers(future)).toEqual(['/dateOfBirth']);
    expect(await totalOf(server)).toBe(0);
    expect(await patientEvents(server)).toHaveLength(events);

    const born = await create(server, { firstName: 'Hoy', lastName: 'Nacido', dateOfBirth: today });
    expect(born.dateOfBirth).toBe(today);

    const patch = await server.request('PATCH', `/patients/${born.id}`, {
      body: { dateOfBirth: soon },
    });
    expectProblem(patch, 422, 'validation_failed');
    expect(pointers(patch)).toContain('/dateOfBirth');
    expect((await getPatient(server, born.id)).dateOfBirth).toBe(today);

    // Three days later by the service clock, the same date is in the past.
    await advanceClock(server, 3 * 86_400);
    const later = await create(server, {
      firstName: 'Futuro',
      lastName: 'Nacido',
      dateOfBirth: soon,
    });
    expect(later.dateOfBirth).toBe(soon);
    expect(Date.parse(later.createdAt)).toBeGreaterThanOrEqual(now + 3 * DAY_MS);
  });

  it('PATCH moves updatedAt to the service time and leaves createdAt and the list order alone', async () => {
    const older = await create(server, { firstName: 'Older', lastName: 'One' });
    const newer = await create(server, { firstName: 'Newer', lastName: 'One' });
    await advanceClock(server, 3600);
    const before = await serviceNow(server);
    const res = await server.request<PatientBody>('PATCH', `/patients/${older.id}`, {
      body: { firstName: 'Renamed' },
    });
    expect(res.status, res.text).toBe(200);
    expectValidPatient(res.body);
    expect(res.body.createdAt).toBe(older.createdAt);
    expect(res.body.updatedAt).not.toBe(older.updatedAt);
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(res.body.updatedAt) - Date.parse(older.createdAt)).toBeGreaterThanOrEqual(
      3600 * 1000,
    );
    const top = await list(server, { limit: 2 });
    expect(top.body.data.map((p) => p.id)).toEqual([newer.id, older.id]);
  });
});

describe('patients created within one millisecond', () => {
  let server: TestServer;
  const frozen = Date.parse('2026-03-10T10:00:00.000Z');
  beforeAll(async () => {
    server = await startServer({ seed: 'empty', realNow: () => frozen });
  });
  afterAll(() => server.close());

  it('are listed newest first (the id breaks the tie) and paged without loss', async () => {
    const created: PatientBody[] = [];
    for (let i = 0; i < 9; i++) {
      created.push(await create(server, { firstName: `Same${i}`, lastName: 'Instant' }));
    }
    expect(new Set(created.map((p) => p.createdAt))).toEqual(new Set([created[0]!.createdAt]));
    const expected = created.map((p) => p.id).reverse();
    const { rows } = await pageAll(server, {}, 2);
    expect(rows.map((p) => p.id)).toEqual(expected);
    const searched = await pageAll(server, { search: 'instant' }, 4);
    expect(searched.rows.map((p) => p.id)).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------

describe('paging while patients are being added', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ seed: 'demo' });
  });
  afterAll(() => server.close());

  it('inserted rows never shift or repeat a later page', async () => {
    const snapshot = (await pageAll(server, {}, 100)).rows.map((p) => p.id);
    const inserted: string[] = [];
    const { rows, pages } = await pageAll(server, {}, 7, async (page) => {
      if (page === 0 || page === 3 || page === 20) {
        for (let i = 0; i < 3; i++) {
          inserted.push(
            (await create(server, { firstName: `New${page}-${i}`, lastName: 'Mid Paging' })).id,
          );
        }
      }
    });
    expect(rows.map((p) => p.id)).toEqual(snapshot);
    expect(rows.some((p) => inserted.includes(p.id))).toBe(false);
    expect(pages.at(-1)!.total).toBe(snapshot.length + inserted.length);
    // A fresh listing starts with the new rows, newest first.
    const fresh = await list(server, { limit: 9 });
    expect(fresh.body.data.map((p) => p.id)).toEqual([...inserted].reverse());
  });

  it('also with a status filter', async () => {
    const snapshot = (await pageAll(server, { status: 'active' }, 100)).rows.map((p) => p.id);
    const { rows } = await pageAll(server, { status: 'active' }, 7, async (page) => {
      if (page % 5 === 0) await create(server, { firstName: 'Active', lastName: `During ${page}` });
    });
    expect(rows.map((p) => p.id)).toEqual(snapshot);
  });
});

// ---------------------------------------------------------------------------------------------

describe('PATCH /patients/{id}', () => {
  let server: TestServer;
  let full: PatientBody;

  beforeAll(async () => {
    server = await startServer({ seed: 'empty' });
    full = await create(server, {
      firstName: 'Ana',
      lastName: 'Pérez García',
      email: 'ana.perez@example.com',
      phone: '+34612345678',
      dateOfBirth: '1984-03-17',
      tags: ['diabetes'],
      metadata: { mrn: 'HC-1' },
    });
    await create(server, { firstName: 'Other', lastName: 'Patient', email: 'other@example.com' });
  });
  afterAll(() => server.close());

  it('changes only the fields sent, and the response equals a fresh GET', async () => {
    const res = await server.request<PatientBody>('PATCH', `/patients/${full.id}`, {
      body: { lastName: 'Pérez Soler' },
    });
    expect(res.status, res.text).toBe(200);
    expectValidPatient(res.body);
    expect(res.body).toEqual({ ...full, lastName: 'Pérez Soler', updatedAt: res.body.updatedAt });
    expect(res.body.createdAt).toBe(full.createdAt);
    expect(await getPatient(server, full.id)).toEqual(res.body);
    full = res.body;
  });

  it('null clears email, phone and dateOfBirth (they disappear, never null)', async () => {
    const p = await create(server, {
      firstName: 'Clear',
      lastName: 'Me',
      email: 'clear.me@example.com',
      phone: '+34600111222',
      dateOfBirth: '1990-05-05',
    });
    const res = await server.request<PatientBody>('PATCH', `/patients/${p.id}`, {
      body: { email: null, phone: null, dateOfBirth: null },
    });
    expect(res.status, res.text).toBe(200);
    expectValidPatient(res.body);
    for (const field of ['email', 'phone', 'dateOfBirth']) expect(field in res.body).toBe(false);
    const got = await getPatient(server, p.id);
    expect(got).toEqual(res.body);
    const row = (await list(server, { limit: 100 })).body.data.find((r) => r.id === p.id)!;
    expect(row).toEqual(res.body);
    // Cleared fields are no longer searchable.
    expect((await list(server, { search: 'clear.me@' })).body.total).toBe(0);
    expect((await list(server, { search: '600 111' })).body.total).toBe(0);

    const again = await server.request<PatientBody>('PATCH', `/patients/${p.id}`, {
      body: { email: 'back@example.com', phone: '+34600999888', dateOfBirth: '1991-06-06' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({
      email: 'back@example.com',
      phone: '+34600999888',
      dateOfBirth: '1991-06-06',
    });
  });

  it('replaces tags and metadata as a whole', async () => {
    const p = await create(server, {
      firstName: 'Tag',
      lastName: 'Meta',
      tags: ['a', 'b'],
      metadata: { keep: 'no', nested: { x: 1 } },
    });
    const res = await server.request<PatientBody>('PATCH', `/patients/${p.id}`, {
      body: { tags: ['c'], metadata: { fresh: 'ü"\\', list: [null, 1.5] } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.tags).toEqual(['c']);
    expect(res.body.metadata).toEqual({ fresh: 'ü"\\', list: [null, 1.5] });
    expect(await getPatient(server, p.id)).toEqual(res.body);
    const cleared = await server.request<PatientBody>('PATCH', `/patients/${p.id}`, {
      body: { tags: [], metadata: {} },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.tags).toEqual([]);
    expect(cleared.body.metadata).toEqual({});
    expect(await getPatient(server, p.id)).toEqual(cleared.body);
  });

  it('status moves the patient between the status-filtered totals', async () => {
    const p = await create(server, { firstName: 'Status', lastName: 'Mover' });
    const total = await totalOf(server);
    const active = await totalOf(server, { status: 'active' });
    const inactive = await totalOf(server, { status: 'inactive' });

    const res = await server.request<PatientBody>('PATCH', `/patients/${p.id}`, {
      body: { status: 'inactive' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('inactive');
    expect(await totalOf(server)).toBe(total);
    expect(await totalOf(server, { status: 'active' })).toBe(active - 1);
    expect(await totalOf(server, { status: 'inactive' })).toBe(inactive + 1);
    const inactiveList = await pageAll(server, { status: 'inactive' }, 100);
    expect(inactiveList.rows.map((r) => r.id)).toContain(p.id);
    const activeSearch = await list(server, { status: 'active', search: 'status mover' });
    expect(activeSearch.body.total).toBe(0);
    const inactiveSearch = await list(server, { status: 'inactive', search: 'status mover' });
    expect(inactiveSearch.body.data.map((r) => r.id)).toEqual([p.id]);

    // Setting the same status again changes no count.
    const same = await server.request('PATCH', `/patients/${p.id}`, {
      body: { status: 'inactive' },
    });
    expect(same.status, same.text).toBe(200);
    expect(await totalOf(server, { status: 'inactive' })).toBe(inactive + 1);

    const back = await server.request('PATCH', `/patients/${p.id}`, { body: { status: 'active' } });
    expect(back.status, back.text).toBe(200);
    expect(await totalOf(server, { status: 'active' })).toBe(active);
    expect(await totalOf(server, { status: 'inactive' })).toBe(inactive);
  });

  it('after a rename, search finds the new name and e-mail and not the old ones', async () => {
    const p = await create(server, {
      firstName: 'Remedios',
      lastName: 'Cañellas',
      email: 'remedios.canellas@example.com',
    });
    expect((await list(server, { search: 'cañellas' })).body.data.map((r) => r.id)).toEqual([p.id]);
    const res = await server.request<PatientBody>('PATCH', `/patients/${p.id}`, {
      body: { firstName: 'Begoña', lastName: 'Ibáñez', email: 'begona.ibanez@example.com' },
    });
    expect(res.status, res.text).toBe(200);
    for (const old of ['cañellas', 'canellas', 'remedios', 'remedios.canellas@']) {
      const found = await list(server, { search: old });
      expect(found.body.data.map((r) => r.id)).not.toContain(p.id);
      expect(found.body.total).toBe(found.body.data.length);
    }
    for (const fresh of ['begoña ibáñez', 'BEGONA IBANEZ', 'ibáñez', 'begona.ibanez@']) {
      const found = await list(server, { search: fresh });
      expect(found.body.data.map((r) => r.id)).toEqual([p.id]);
      expect(found.body.total).toBe(1);
    }
  });

  it('counts a fragment exactly as patients are added, renamed and set inactive', async () => {
    // A page of one: the total is counted, never the page itself (on PostgreSQL, a fragment of
    // letters and digits is counted from the table of word suffixes, migration 0018).
    const total = async (search: string, status?: string) =>
      (await list(server, { search, limit: 1, ...(status ? { status } : {}) })).body.total;
    const made = [];
    for (const [firstName, lastName, phone] of [
      ['Xoquín', 'Vázquez-Xoquer', '+34699771201'],
      ['Maria Xoquina', 'Puig', '+34699771202'],
      ['Pere', 'Bosch', '+34699771203'],
      ['Laia', 'Font', '+34699771204'],
    ] as const)
      made.push(await create(server, { firstName, lastName, phone }));
    expect(await total('xoqu')).toBe(2);
    expect(await total('XOQUÍN')).toBe(2);
    expect(await total('Xoquer')).toBe(1);
    expect(await total('99771')).toBe(4);
    expect(await total('9977120')).toBe(4);
    const rename = await server.request<PatientBody>('PATCH', `/patients/${made[1]!.id}`, {
      body: { firstName: 'Maria', phone: '+34688000001' },
    });
    expect(rename.status, rename.text).toBe(200);
    expect(await total('xoqu')).toBe(1);
    expect(await total('99771')).toBe(3);
    expect(await total('99771', 'active')).toBe(3);
    for (const patient of made.slice(2)) {
      const inactive = await server.request<PatientBody>('PATCH', `/patients/${patient.id}`, {
        body: { status: 'inactive' },
      });
      expect(inactive.status, inactive.text).toBe(200);
    }
    expect(await total('99771')).toBe(3);
    expect(await total('99771', 'active')).toBe(1);
    expect(await total('99771', 'inactive')).toBe(2);
    expect(await total('xoquer', 'inactive')).toBe(0);
  });

  it('counts a patient once whose name comes again in the e-mail, and as the e-mail changes', async () => {
    // On PostgreSQL the suffix table keeps only a patient's longest suffixes (migration 0019):
    // `nez` of the name lives on in `nez7` of the e-mail, until the e-mail changes.
    const total = async (search: string) => (await list(server, { search, limit: 1 })).body.total;
    const before = { nez: await total('nez'), nez7: await total('nez7') };
    const sergio = await create(server, {
      firstName: 'Sergio',
      lastName: 'Martínez Jiménez',
      email: 'sergio.martinez7@example.com',
    });
    expect(await total('nez')).toBe(before.nez + 1);
    expect(await total('nez7')).toBe(before.nez7 + 1);
    expect(await total('martinez7')).toBe(1);
    const patch = async (body: Record<string, unknown>) => {
      const res = await server.request('PATCH', `/patients/${sergio.id}`, { body });
      expect(res.status, res.text).toBe(200);
    };
    await patch({ email: 'sergio@example.com' });
    expect(await total('nez')).toBe(before.nez + 1);
    expect(await total('nez7')).toBe(before.nez7);
    expect(await total('martinez7')).toBe(0);
    await patch({ lastName: 'Puig', email: 'sergio.martinez7@example.com' });
    expect(await total('nez')).toBe(before.nez + 1);
    await patch({ email: null });
    expect(await total('nez')).toBe(before.nez);
    expect(await total('sergio')).toBeGreaterThanOrEqual(1);
  });

  it('writes no patient.created event', async () => {
    const events = (await patientEvents(server)).length;
    const res = await server.request('PATCH', `/patients/${full.id}`, { body: { tags: ['x'] } });
    expect(res.status, res.text).toBe(200);
    expect(await patientEvents(server)).toHaveLength(events);
  });

  it('an empty body {} is a 422', async () => {
    const before = await getPatient(server, full.id);
    const res = await server.request('PATCH', `/patients/${full.id}`, { body: {} });
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors.length).toBeGreaterThan(0);
    expect(await getPatient(server, full.id)).toEqual(before);
  });

  it.each(['pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G', 'pat_nope', 'nope'])(
    'PATCH /patients/%s (unknown) -> 404 resource_missing',
    async (id) => {
      const total = await totalOf(server);
      const res = await server.request('PATCH', `/patients/${id}`, { body: { firstName: 'X' } });
      expectProblem(res, 404, 'resource_missing');
      expect(await totalOf(server)).toBe(total);
    },
  );

  const invalidPatches: [string, unknown, string][] = [
    ['firstName null', { firstName: null }, '/firstName'],
    ['blank firstName', { firstName: '  ' }, '/firstName'],
    ['empty lastName', { lastName: '' }, '/lastName'],
    ['numeric lastName', { lastName: 7 }, '/lastName'],
    ['bad email', { email: 'not-an-email' }, '/email'],
    ['email as a number', { email: 1 }, '/email'],
    ['non-E.164 phone', { phone: '612 345 678' }, '/phone'],
    ['impossible date', { dateOfBirth: '2023-02-30' }, '/dateOfBirth'],
    ['future date', { dateOfBirth: '2999-01-01' }, '/dateOfBirth'],
    ['status outside the enum', { status: 'deleted' }, '/status'],
    ['status null', { status: null }, '/status'],
    ['tags null', { tags: null }, '/tags'],
    ['duplicate tags', { tags: ['a', 'a'] }, '/tags'],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, '/tags'],
    ['metadata null', { metadata: null }, '/metadata'],
    ['metadata as an array', { metadata: ['x'] }, '/metadata'],
    ['metadata over 16 KiB', { metadata: { note: 'x'.repeat(16 * 1024) } }, '/metadata'],
    ['unknown property', { middleName: 'x' }, '/middleName'],
    ['createdAt', { createdAt: '2020-01-01T00:00:00.000Z' }, '/createdAt'],
    ['id', { id: 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G' }, '/id'],
    ['a valid field next to an invalid one', { firstName: 'Changed', email: 'bad' }, '/email'],
    [
      'a valid field next to a too-large metadata',
      { firstName: 'Changed', metadata: { note: 'x'.repeat(16 * 1024) } },
      '/metadata',
    ],
    ['a body that is an array', [{ firstName: 'X' }], '/'],
  ];

  it.each(invalidPatches)(
    'rejects %s with 422 and changes nothing',
    async (_label, body, pointer) => {
      const before = await getPatient(server, full.id);
      const res = await server.request('PATCH', `/patients/${full.id}`, { body });
      expectProblem(res, 422, 'validation_failed');
      expect(pointers(res)).toContain(pointer);
      expect(await getPatient(server, full.id)).toEqual(before);
    },
  );
});

// ---------------------------------------------------------------------------------------------

describe('request bodies', () => {
  let server: TestServer;
  let patient: PatientBody;
  beforeAll(async () => {
    server = await startServer({ seed: 'empty' });
    patient = await create(server, { firstName: 'Body', lastName: 'Checks' });
  });
  afterAll(() => server.close());

  const json = { 'content-type': 'application/json' };

  it.each([
    '{"firstName":',
    '{firstName: "Ana", lastName: "B"}',
    "{'firstName': 'Ana'}",
    '{"firstName":"Ana","lastName":"B",}',
    '{"firstName":"Ana"} trailing',
    'nul',
    '[1, 2',
    '\u0000',
  ])('malformed JSON %j -> 400 invalid_json, on POST and PATCH', async (raw) => {
    const total = await totalOf(server);
    const events = (await patientEvents(server)).length;
    expectProblem(
      await server.request('POST', '/patients', { rawBody: raw, headers: json }),
      400,
      'invalid_json',
    );
    expectProblem(
      await server.request('PATCH', `/patients/${patient.id}`, { rawBody: raw, headers: json }),
      400,
      'invalid_json',
    );
    expect(await totalOf(server)).toBe(total);
    expect(await patientEvents(server)).toHaveLength(events);
    expect(await getPatient(server, patient.id)).toEqual(patient);
  });

  it('an empty body with a JSON content type is no body -> 422 validation_failed', async () => {
    const res = await server.request('POST', '/patients', { rawBody: '', headers: json });
    expectProblem(res, 422, 'validation_failed');
  });

  it.each([
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'application/xml',
    'multipart/form-data; boundary=x',
  ])('content type %s -> 415 unsupported_media_type', async (type) => {
    const total = await totalOf(server);
    const raw = JSON.stringify({ firstName: 'Plain', lastName: 'Text' });
    expectProblem(
      await server.request('POST', '/patients', {
        rawBody: raw,
        headers: { 'content-type': type },
      }),
      415,
      'unsupported_media_type',
    );
    expectProblem(
      await server.request('PATCH', `/patients/${patient.id}`, {
        rawBody: JSON.stringify({ firstName: 'Plain' }),
        headers: { 'content-type': type },
      }),
      415,
      'unsupported_media_type',
    );
    expect(await totalOf(server)).toBe(total);
    expect(await getPatient(server, patient.id)).toEqual(patient);
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await server.request('POST', '/patients', {
      rawBody: JSON.stringify({ firstName: 'Char', lastName: 'Set' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status, res.text).toBe(201);
  });

  it('a body over 1 MiB -> 413 payload_too_large, on POST and PATCH', async () => {
    const total = await totalOf(server);
    const events = (await patientEvents(server)).length;
    const big = JSON.stringify({
      firstName: 'Big',
      lastName: 'Body',
      metadata: { blob: 'x'.repeat(1024 * 1024) },
    });
    expectProblem(
      await server.request('POST', '/patients', { rawBody: big, headers: json }),
      413,
      'payload_too_large',
    );
    expectProblem(
      await server.request('PATCH', `/patients/${patient.id}`, { rawBody: big, headers: json }),
      413,
      'payload_too_large',
    );
    expect(await totalOf(server)).toBe(total);
    expect(await patientEvents(server)).toHaveLength(events);
    expect(await getPatient(server, patient.id)).toEqual(patient);
  });
});

// ---------------------------------------------------------------------------------------------

describe('permissions', () => {
  let server: TestServer;
  let patient: PatientBody;
  let readKey: string;
  let writeKey: string;
  let otherKey: string;

  beforeAll(async () => {
    server = await startServer({ seed: 'empty' });
    patient = await create(server, { firstName: 'Perm', lastName: 'Checks' });
    readKey = await server.keyWith('patients:read');
    writeKey = await server.keyWith('patients:write');
    otherKey = await server.keyWith('credits:read', 'forms:read');
  });
  afterAll(() => server.close());

  function expectForbidden(res: ApiResponse, permission: string): void {
    expectProblem(res, 403, 'insufficient_permissions');
    expect(res.body.requiredPermission).toBe(permission);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain(`scope="${permission}"`);
  }

  it('a patients:read key can read but not POST or PATCH', async () => {
    expect((await server.request('GET', '/patients', { token: readKey })).status).toBe(200);
    expect(
      (await server.request('GET', `/patients/${patient.id}`, { token: readKey })).status,
    ).toBe(200);
    const total = await totalOf(server);
    expectForbidden(
      await server.request('POST', '/patients', {
        token: readKey,
        body: { firstName: 'No', lastName: 'Write' },
      }),
      'patients:write',
    );
    expectForbidden(
      await server.request('PATCH', `/patients/${patient.id}`, {
        token: readKey,
        body: { firstName: 'No' },
      }),
      'patients:write',
    );
    // The permission is checked before the body: an invalid body still gets the 403.
    expectForbidden(
      await server.request('POST', '/patients', { token: readKey, body: { nonsense: true } }),
      'patients:write',
    );
    expect(await totalOf(server)).toBe(total);
    expect(await getPatient(server, patient.id)).toEqual(patient);
  });

  it('a patients:write key can create and update but not read', async () => {
    expectForbidden(await server.request('GET', '/patients', { token: writeKey }), 'patients:read');
    expectForbidden(
      await server.request('GET', `/patients/${patient.id}`, { token: writeKey }),
      'patients:read',
    );
    const created = await server.request<PatientBody>('POST', '/patients', {
      token: writeKey,
      body: { firstName: 'Write', lastName: 'Only' },
    });
    expect(created.status, created.text).toBe(201);
    const updated = await server.request<PatientBody>('PATCH', `/patients/${created.body.id}`, {
      token: writeKey,
      body: { lastName: 'Still' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.lastName).toBe('Still');
  });

  it('a key without patient permissions gets 403 everywhere', async () => {
    expectForbidden(await server.request('GET', '/patients', { token: otherKey }), 'patients:read');
    expectForbidden(
      await server.request('GET', `/patients/${patient.id}`, { token: otherKey }),
      'patients:read',
    );
    expectForbidden(
      await server.request('POST', '/patients', {
        token: otherKey,
        body: { firstName: 'X', lastName: 'Y' },
      }),
      'patients:write',
    );
    expectForbidden(
      await server.request('PATCH', `/patients/${patient.id}`, {
        token: otherKey,
        body: { firstName: 'X' },
      }),
      'patients:write',
    );
  });

  it('no credential or an unknown key -> 401', async () => {
    for (const token of [null, 'sk_notARealKey']) {
      for (const [method, path, body] of [
        ['GET', '/patients', undefined],
        ['GET', `/patients/${patient.id}`, undefined],
        ['POST', '/patients', { firstName: 'X', lastName: 'Y' }],
        ['PATCH', `/patients/${patient.id}`, { firstName: 'X' }],
      ] as const) {
        const res = await server.request(method, path, { token, body });
        expect(res.status, res.text).toBe(401);
        expect(['invalid_token', 'invalid_api_key']).toContain(res.body.code);
        expect(res.headers.get('www-authenticate') ?? '').toMatch(/^Bearer /);
      }
    }
    expect(await getPatient(server, patient.id)).toEqual(patient);
  });
});
