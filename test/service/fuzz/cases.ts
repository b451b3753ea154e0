import type { Prng } from '../../../src-main/service/seed/prng';
import { querySchema, type Json, type Operation } from './openapi-ops';
import {
  enumTypos,
  invalidValues,
  passes,
  UNICODE_EDGES,
  validValue,
  type ValueContext,
} from './schema-values';

/** One request the fuzzer sends: every one of them is invalid, so every answer must be a 4xx. */
export interface FuzzCase {
  kind: string;
  /** What was broken, for the failure report. */
  note: string;
  method: string;
  /** Path and query, starting with /api/v1 (sent as is, without normalisation). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The status this kind must get, when only one is right. */
  expect?: number;
}

export interface Credentials {
  /** Every permission. */
  full: string;
  /** A key with no permission a non-sandbox route needs... except one, per route permission. */
  without: (permission: string) => string;
  revokedKey: string;
  revokedKeyJwt: string;
  expiredJwt: string;
  validJwt: string;
  /** HS256 with a secret that is not the service's. */
  foreignJwt: string;
}

export interface FuzzContext extends ValueContext {
  /** Existing resource ids by path template and parameter. */
  pathIds: (path: string, param: string) => string;
  /** A real cursor of each list route (by documented path), from its first page. */
  cursors: Record<string, { cursor: string; query: string }>;
  credentials: Credentials;
}

export const API = '/api/v1';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PREFIXES = [
  'pat',
  'frm',
  'res',
  'sch',
  'cnv',
  'msg',
  'cal',
  'whk',
  'evt',
  'dlv',
  'key',
  'led',
  'req',
];
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];
const MIB = 1024 * 1024;
/** Characters Node refuses in a header value. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f]/g;

const ulid = (rng: Prng) => Array.from({ length: 26 }, () => rng.pick([...CROCKFORD])).join('');
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const enc = encodeURIComponent;

function fillPath(op: Operation, ctx: FuzzContext, override?: [string, string]): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    override && override[0] === name ? override[1] : enc(ctx.pathIds(op.path, name)),
  );
}

function baseRequest(op: Operation, ctx: FuzzContext, rng: Prng) {
  const headers: Record<string, string> = { authorization: `Bearer ${ctx.credentials.full}` };
  let body: Buffer | undefined;
  if (op.body) {
    headers['content-type'] = 'application/json';
    body = json(validValue(op.body, rng, ctx));
  }
  return { method: op.method, path: `${API}${fillPath(op, ctx)}`, headers, body };
}

/** Sometimes a fresh, valid Idempotency-Key on authenticated POSTs (the claim path runs too). */
function maybeIdempotencyKey(op: Operation, headers: Record<string, string>, rng: Prng) {
  if (op.method === 'POST' && !op.isPublic && rng.chance(0.25))
    headers['idempotency-key'] = `fuzz-${ulid(rng)}`;
}

/** A random property path into `value` that the schema describes, with its schema. */
function pickSpot(
  schema: Json,
  value: unknown,
  rng: Prng,
): { path: (string | number)[]; schema: Json } | undefined {
  const spots: { path: (string | number)[]; schema: Json }[] = [];
  const walk = (s: Json, v: unknown, path: (string | number)[]) => {
    if (!s || typeof s !== 'object' || path.length > 6) return;
    if (s.anyOf) s = s.anyOf.find((b: Json) => b.type === 'object' || b.type === 'array') ?? s;
    if (v && typeof v === 'object' && !Array.isArray(v) && s.properties) {
      for (const [key, sub] of Object.entries<Json>(s.properties)) {
        spots.push({ path: [...path, key], schema: sub });
        if (key in (v as object)) walk(sub, (v as Json)[key], [...path, key]);
      }
    } else if (Array.isArray(v) && s.items) {
      v.forEach((item, i) => {
        spots.push({ path: [...path, i], schema: s.items });
        walk(s.items, item, [...path, i]);
      });
    }
  };
  walk(schema, value, []);
  return spots.length ? rng.pick(spots) : undefined;
}

function setAt(root: Json, path: (string | number)[], value: unknown): Json {
  const copy = structuredClone(root);
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object')
      node[key] = {};
    node = node[key];
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

/** A body that the route's schema refuses, with what was broken. */
function invalidBody(schema: Json, ctx: FuzzContext, rng: Prng): [unknown, string] | undefined {
  for (let attempt = 0; attempt < 8; attempt++) {
    const base = validValue(schema, rng, ctx) as Json;
    const how = rng.int(0, 5);
    let value: unknown;
    let note: string;
    if (how === 0 && schema.required?.length) {
      const key = rng.pick<string>(schema.required);
      value = { ...base };
      delete (value as Json)[key];
      note = `missing ${key}`;
    } else if (how === 1) {
      const key = rng.pick(['extra', 'id', 'createdAt', 'balance', '__proto__x', ...UNICODE_EDGES]);
      value = { ...base, [key]: rng.pick([1, 'x', null, {}]) };
      note = `extra property ${JSON.stringify(key)}`;
    } else if (how === 2) {
      value = rng.pick([[], [base], 'text', 42, null, true]);
      note = 'body of the wrong type';
    } else if (how === 3) {
      let deep: unknown = base;
      for (let i = 0; i < rng.int(33, 400); i++) deep = rng.chance(0.5) ? [deep] : { a: deep };
      value = deep;
      note = 'nested too deep';
    } else {
      const spot = pickSpot(schema, base, rng);
      if (!spot) continue;
      const candidates = invalidValues(spot.schema, rng);
      if (!candidates.length) continue;
      const bad = rng.pick(candidates);
      value = setAt(base, spot.path, bad);
      const shown = JSON.stringify(bad) ?? String(bad);
      note = `/${spot.path.join('/')} = ${shown.length > 60 ? `${shown.slice(0, 60)}…(${shown.length})` : shown}`;
    }
    if (!passes(schema, value)) return [value, note];
  }
  return undefined;
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  "{'a': 1}",
  '{"a": 1,}',
  '[1, 2',
  '{"a": NaN}',
  '{"a": Infinity}',
  '/* c */ {}',
  '{"a": 1} trailing',
  'undefined',
  '\u0000',
  '{"a": "\\x41"}',
  '{"a": "\\u12"}',
  '{"a": 01}',
  '{"a": "unterminated}',
  // A leading BOM is ignored (RFC 8259 §8.1 lets a parser do so): what follows must still parse.
  '\uFEFF{"a":',
  ' ',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"__proto__": {"polluted": true}}',
];

/** Bytes that are not UTF-8: overlong, lone surrogates (CESU), truncated, stray continuation. */
const BAD_UTF8 = [
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xff],
  [0xfe, 0xfe],
  [0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

/** A JSON text with `bytes` spliced into the first string value of `value`. */
function withRawBytes(value: unknown, bytes: number[]): Buffer {
  const text = JSON.stringify(value);
  const at = text.indexOf(':"');
  if (at < 0) return Buffer.concat([Buffer.from('{"x":"'), Buffer.from(bytes), Buffer.from('"}')]);
  return Buffer.concat([
    Buffer.from(text.slice(0, at + 2)),
    Buffer.from(bytes),
    Buffer.from(text.slice(at + 2)),
  ]);
}

function badIds(rng: Prng, real: string): [string, string][] {
  const [prefix] = real.split('_');
  const other = rng.pick(PREFIXES.filter((p) => p !== prefix));
  const rest = real.slice(real.indexOf('_') + 1);
  return [
    [`${other}_${rest}`, 'wrong prefix, real ULID'],
    [`${prefix}_${ulid(rng)}`, 'right prefix, unknown ULID'],
    [`${other}_${ulid(rng)}`, 'wrong prefix, unknown ULID'],
    [`${prefix}_${rest.toLowerCase()}`, 'lower-case ULID'],
    [`${prefix}_${rest.slice(0, -1)}`, 'short ULID'],
    [`${prefix}_${rest}0`, 'long ULID'],
    [`${prefix}_${rest}`.toUpperCase(), 'upper-case prefix'],
    [`${prefix}_${'x'.repeat(80)}`, 'over 64 characters'],
    ['x'.repeat(2000), 'very long'],
    [rest, 'no prefix'],
    [`${prefix}_`, 'prefix only'],
    ['..', 'dot-dot'],
    ['%00', 'NUL'],
    [`${prefix}_${rest}%00`, 'NUL suffix'],
    ['%2F', 'encoded slash'],
    [`${prefix}%20_${rest}`, 'space'],
    ['null', 'null'],
    ['0', 'zero'],
    ['-1', 'negative'],
    [`${real}'; DROP TABLE patients; --`, 'SQL'],
    ['%F0%9F%A7%91%E2%80%8D%E2%9A%95', 'emoji'],
    ['%E2%80%AE', 'RTL override'],
    ['%ED%A0%80', 'lone surrogate bytes'],
    ['%C0%AF', 'overlong UTF-8'],
    ['%', 'broken percent-encoding'],
    ['%zz', 'broken percent-encoding'],
  ].map(([id, note]) => [id!.includes('%') ? id! : enc(id!), note!]);
}

function queryString(values: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Query text values that the parameter's schema refuses once coerced. */
function badQueryValues(schema: Json, rng: Prng): string[] {
  const out = new Set<string>([
    '',
    ' ',
    'null',
    'undefined',
    '[]',
    '{}',
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '∞',
  ]);
  if (schema.type === 'integer')
    for (const v of ['101', '1000000000000000000000', '2.0e1x', '٣']) out.add(v);
  if (Array.isArray(schema.enum))
    for (const v of enumTypos(String(rng.pick(schema.enum)))) out.add(v);
  if (schema.maxLength) out.add('q'.repeat(schema.maxLength + 1));
  if (schema.anyOf || schema.format)
    for (const v of ['2026-02-30', '2026-13-01', 'yesterday', '2026-11-22T25:00:00Z', '1700000000'])
      out.add(v);
  for (const u of UNICODE_EDGES) out.add(u);
  return [...out];
}

type Generator = (op: Operation, ctx: FuzzContext, rng: Prng) => FuzzCase | undefined;

const bodySchema: Generator = (op, ctx, rng) => {
  if (!op.body) return undefined;
  const broken = invalidBody(op.body, ctx, rng);
  if (!broken) return undefined;
  const req = baseRequest(op, ctx, rng);
  maybeIdempotencyKey(op, req.headers, rng);
  return { kind: 'body', note: broken[1], ...req, body: json(broken[0]) };
};

const rawBody: Generator = (op, ctx, rng) => {
  if (!op.body) return undefined;
  const req = baseRequest(op, ctx, rng);
  const base = validValue(op.body, rng, ctx);
  const how = rng.int(0, 3);
  if (how === 0) {
    const text = rng.pick(MALFORMED_JSON);
    return { kind: 'raw-json', note: JSON.stringify(text), ...req, body: Buffer.from(text) };
  }
  if (how === 1) {
    // JSON escapes of unpaired surrogates: valid JSON text, not well-formed Unicode.
    const lone = rng.pick(['\\ud800', '\\udfff', '\\ud83d', 'a\\udc00b']);
    const text = JSON.stringify(base);
    const at = text.indexOf(':"');
    const body =
      at >= 0 ? `${text.slice(0, at + 2)}${lone}${text.slice(at + 2)}` : `{"${lone}": 1}`;
    return { kind: 'lone-surrogate', note: lone, ...req, body: Buffer.from(body) };
  }
  if (how === 2) {
    const bytes = rng.pick(BAD_UTF8);
    return {
      kind: 'invalid-utf8',
      note: bytes.map((b) => b.toString(16)).join(' '),
      ...req,
      body: withRawBytes(base, bytes),
    };
  }
  // An empty body is no body (issue 18): invalid only where the body is required.
  if (!op.bodyRequired) return undefined;
  return {
    kind: 'empty-json',
    note: 'empty body with JSON content type',
    ...req,
    body: Buffer.alloc(0),
  };
};

const CONTENT_TYPES: (string | undefined)[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  undefined,
  'application/xml',
  'application/jsonx',
  'application/json-patch+json',
  'text/json',
  'application/*',
  '*/*',
];

const contentType: Generator = (op, ctx, rng) => {
  if (!['POST', 'PATCH', 'PUT', 'DELETE'].includes(op.method)) return undefined;
  const req = baseRequest(op, ctx, rng);
  const type = rng.pick(CONTENT_TYPES);
  const base = op.body ? validValue(op.body, rng, ctx) : { a: 1 };
  const body =
    type === 'application/x-www-form-urlencoded'
      ? Buffer.from(new URLSearchParams(base as Record<string, string>).toString() || 'a=1')
      : type?.startsWith('multipart')
        ? Buffer.from('--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--fuzz--\r\n')
        : json(base);
  const headers = { ...req.headers };
  delete headers['content-type'];
  if (type) headers['content-type'] = type;
  if (rng.chance(0.15)) {
    headers['content-type'] = 'application/json';
    headers['content-encoding'] = rng.pick(['gzip', 'br', 'deflate', 'x-fuzz']);
    return {
      kind: 'content-encoding',
      note: headers['content-encoding']!,
      ...req,
      headers,
      body,
      expect: 415,
    };
  }
  return { kind: 'content-type', note: String(type), ...req, headers, body, expect: 415 };
};

const oversized: Generator = (op, ctx, rng) => {
  if (!['POST', 'PATCH', 'PUT', 'DELETE'].includes(op.method)) return undefined;
  const req = baseRequest(op, ctx, rng);
  const size = MIB + rng.int(1, 64 * 1024);
  const body = Buffer.from(JSON.stringify({ pad: 'p'.repeat(size) }));
  return {
    kind: 'oversized',
    note: `${body.length} bytes`,
    ...req,
    headers: { ...req.headers, 'content-type': 'application/json' },
    body,
    expect: 413,
  };
};

const query: Generator = (op, ctx, rng) => {
  if (!op.query.length) return undefined;
  const schema = querySchema(op);
  const req = baseRequest(op, ctx, rng);
  const base: Record<string, string | string[]> = {};
  for (let attempt = 0; attempt < 8; attempt++) {
    const values = { ...base };
    const how = rng.int(0, 9);
    let note: string;
    const cursor = ctx.cursors[op.path];
    if (how <= 2 && op.query.some((p) => p.name === 'cursor')) {
      const bad = badCursor(cursor?.cursor, ctx, op.path, rng);
      values.cursor = bad[0];
      note = `cursor ${bad[1]}`;
      if (bad[1] === 'with other filters' && cursor) {
        // The real cursor, reused with filters the first page did not have.
        const param = op.query.find((p) => p.name !== 'cursor' && p.name !== 'limit');
        if (!param) continue;
        values[param.name] = String(validValue(param.schema, rng, ctx, param.name));
      }
      return { kind: 'cursor', note, ...req, path: `${req.path}${queryString(values)}` };
    }
    if (how === 3) {
      const name = rng.pick([
        'limt',
        'page',
        'offset',
        'sort',
        'LIMIT',
        'expand',
        'q',
        UNICODE_EDGES[0]!,
      ]);
      values[name] = '1';
      note = `unknown parameter ${JSON.stringify(name)}`;
    } else if (how === 4) {
      const param = rng.pick(op.query);
      values[param.name] = ['1', '2'];
      note = `${param.name} twice`;
    } else {
      const param = rng.pick(op.query);
      const value = rng.pick(badQueryValues(param.schema, rng));
      values[param.name] = value;
      note = `${param.name}=${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    }
    const asObject = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v : v]),
    );
    // An empty cursor is the first page: it is valid, not a case.
    if (values.cursor === '') continue;
    if (!passes(schema, asObject, true))
      return { kind: 'query', note, ...req, path: `${req.path}${queryString(values)}` };
  }
  return undefined;
};

function badCursor(
  real: string | undefined,
  ctx: FuzzContext,
  path: string,
  rng: Prng,
): [string, string] {
  const others = Object.entries(ctx.cursors).filter(([p]) => p !== path);
  const options: [string, string][] = [
    ['abc', 'garbage'],
    ['eyJhIjoxfQ', 'base64 JSON without a signature'],
    [
      Buffer.from(JSON.stringify({ createdAt: '2020-01-01', id: 'pat_x' })).toString('base64url'),
      'forged JSON',
    ],
    [rng.pick(UNICODE_EDGES), 'unicode'],
    ['x'.repeat(513), 'over 512 characters'],
    ['%', 'percent sign'],
    ['null', 'null'],
  ];
  if (real) {
    const i = rng.int(0, real.length - 1);
    const flipped = real[i] === 'A' ? 'B' : 'A';
    options.push(
      [`${real.slice(0, i)}${flipped}${real.slice(i + 1)}`, 'one character changed'],
      [real.slice(0, -2), 'truncated'],
      [`${real}AA`, 'extended'],
      [real.split('.').reverse().join('.'), 'parts swapped'],
      [real, 'with other filters'],
    );
  }
  if (others.length) options.push([rng.pick(others)[1].cursor, "another list's cursor"]);
  return rng.pick(options);
}

const pathId: Generator = (op, ctx, rng) => {
  if (!op.pathParams.length) return undefined;
  const param = rng.pick(op.pathParams);
  const [id, note] = rng.pick(badIds(rng, ctx.pathIds(op.path, param.name)));
  const req = baseRequest(op, ctx, rng);
  maybeIdempotencyKey(op, req.headers, rng);
  return {
    kind: 'path-id',
    note: `${param.name}: ${note}`,
    ...req,
    path: `${API}${fillPath(op, ctx, [param.name, id])}`,
  };
};

const token: Generator = (op, ctx, rng) => {
  if (op.isPublic) return undefined;
  const c = ctx.credentials;
  const jwt = c.validJwt;
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forged = Buffer.from(
    JSON.stringify({
      ...claims,
      scope: 'patients:read patients:write webhooks:write',
      exp: claims.exp + 86400 * 365,
    }),
  ).toString('base64url');
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
  const options: [string | undefined, string][] = [
    [undefined, 'no Authorization header'],
    ['', 'empty Authorization'],
    ['Bearer', 'scheme only'],
    ['Bearer ', 'empty token'],
    [`Basic ${Buffer.from(`${c.full}:`).toString('base64')}`, 'Basic scheme'],
    [`Token ${c.full}`, 'another scheme'],
    [c.full, 'no scheme'],
    [
      `Bearer ${c.full.slice(0, -1)}${c.full.endsWith('A') ? 'B' : 'A'}`,
      'key with one character changed',
    ],
    [`Bearer ${c.full.slice(0, -3)}`, 'truncated key'],
    [`Bearer sk_${'A'.repeat(43)}`, 'unknown key'],
    // Header values travel as bytes: UTF-8 sent as is (Node refuses control characters).
    [
      `Bearer sk_${Buffer.from(rng.pick(UNICODE_EDGES), 'utf8')
        .toString('latin1')
        .replace(CONTROL, '')}`,
      'unicode key',
    ],
    [`Bearer ${c.revokedKey}`, 'revoked key'],
    [`Bearer ${c.revokedKeyJwt}`, 'token of a revoked key'],
    [`Bearer ${c.expiredJwt}`, 'expired token'],
    [`Bearer ${c.foreignJwt}`, 'token signed with another secret'],
    [`Bearer ${header}.${forged}.${signature}`, 'token with edited claims'],
    [`Bearer ${none}.${payload}.`, 'alg none'],
    [`Bearer ${header}.${payload}`, 'token without signature'],
    [`Bearer ${jwt}.extra`, 'token with a fourth part'],
    [`Bearer ${'a'.repeat(4096)}`, 'long garbage'],
    [`Bearer ${c.full} ${c.full}`, 'two keys'],
  ];
  const [authorization, note] = rng.pick(options);
  const req = baseRequest(op, ctx, rng);
  const headers = { ...req.headers };
  if (authorization === undefined) delete headers.authorization;
  else headers.authorization = authorization;
  return { kind: 'token', note, ...req, headers, expect: 401 };
};

const permission: Generator = (op, ctx, rng) => {
  if (op.isPublic || !op.permission) return undefined;
  const req = baseRequest(op, ctx, rng);
  req.headers.authorization = `Bearer ${ctx.credentials.without(op.permission)}`;
  return { kind: 'permission', note: `without ${op.permission}`, ...req, expect: 403 };
};

const wrongMethod =
  (ops: Operation[]): Generator =>
  (op, ctx, rng) => {
    const documented = new Set(ops.filter((o) => o.path === op.path).map((o) => o.method));
    if (documented.has('GET')) documented.add('HEAD');
    const method = rng.pick(OTHER_METHODS.filter((m) => !documented.has(m)));
    if (!method) return undefined;
    const req = baseRequest(op, ctx, rng);
    // A known path asked with another method: 405 with Allow (http-405.test.ts has the header).
    return { kind: 'method', note: method, ...req, method, expect: 405 };
  };

const unknownRoute: Generator = (op, ctx, rng) => {
  const real = fillPath(op, ctx);
  const path = rng.pick([
    `${API}${real}/extra`,
    `${API}${real.replace(/s(\/|$)/, '$1')}`,
    `/api/v2${real}`,
    `/api${real}`,
    `${API}${real}/${enc(rng.pick(UNICODE_EDGES))}`,
    `${API}${real.toUpperCase()}`,
    `${API}//${real}`,
    `${API}${real}/../../v1${real}`,
  ]);
  if (path === `${API}${real}`) return undefined;
  const req = baseRequest(op, ctx, rng);
  return { kind: 'route', note: path, ...req, path };
};

const headers: Generator = (op, ctx, rng) => {
  const req = baseRequest(op, ctx, rng);
  if (op.method === 'POST' && !op.isPublic && rng.chance(0.5)) {
    const key = rng.pick(['k'.repeat(256), 'ü'.repeat(300)]);
    return {
      kind: 'idempotency-key',
      note: `${key.length} characters`,
      ...req,
      headers: { ...req.headers, 'idempotency-key': key },
      expect: 422,
    };
  }
  return {
    kind: 'header-size',
    note: 'headers over 16 KiB',
    ...req,
    headers: { ...req.headers, 'x-fuzz': 'h'.repeat(17 * 1024) },
    expect: 431,
  };
};

/** Kinds and their weights: how often each is drawn when the operation allows it. */
export function generators(ops: Operation[]): [Generator, number][] {
  return [
    [bodySchema, 30],
    [rawBody, 8],
    [contentType, 6],
    [oversized, 0.4],
    [query, 25],
    [pathId, 12],
    [token, 10],
    [permission, 3],
    [wrongMethod(ops), 4],
    [unknownRoute, 2],
    [headers, 1],
  ];
}

/** `count` invalid requests spread over every operation, from a seeded generator. */
export function generateCases(
  ops: Operation[],
  ctx: FuzzContext,
  rng: Prng,
  count: number,
): FuzzCase[] {
  const table = generators(ops);
  const total = table.reduce((sum, [, w]) => sum + w, 0);
  const cases: FuzzCase[] = [];
  // Every operation gets the kinds that apply to it at least once, then the rest are random.
  for (const op of ops) {
    for (const [generate] of table) {
      const c = generate(op, ctx, rng);
      if (c) cases.push({ ...c, note: `${op.method} ${op.path}: ${c.note}` });
    }
  }
  let guard = 0;
  while (cases.length < count && guard++ < count * 20) {
    const op = rng.pick(ops);
    let r = rng.next() * total;
    const generate = table.find(([, w]) => (r -= w) < 0)![0];
    const c = generate(op, ctx, rng);
    if (c) cases.push({ ...c, note: `${op.method} ${op.path}: ${c.note}` });
  }
  return cases;
}
