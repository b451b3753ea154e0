import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Prng } from '../../../src-main/service/seed/prng';
import type { Json } from './openapi-ops';

/**
 * Values built from a JSON schema: a plausible valid one (the base a case breaks in one place) and
 * invalid ones of every kind the issue lists. Whether a case is really invalid is decided by Ajv
 * with the service's own settings (strict bodies, coerced query text), never assumed.
 */

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: false,
    strict: false,
  });
  addFormats.default(ajv, ['date', 'date-time', 'email', 'uri']);
  return ajv;
}
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);
const compiled = new Map<string, ValidateFunction>();

/** True when `value` passes `schema` as the service would check it (query text is coerced). */
export function passes(schema: Json, value: unknown, coerce = false): boolean {
  const key = `${coerce}:${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = (coerce ? textAjv : bodyAjv).compile(schema);
    compiled.set(key, validate);
  }
  // Coercion rewrites the value in place: check a copy.
  return validate(coerce ? structuredClone(value) : value);
}

/** Unicode that is well-formed but awkward: RTL marks, emoji, combining marks, NUL, BOM. */
export const UNICODE_EDGES = [
  '\u202Eevil\u202C', // right-to-left override
  '\u200F\u200E', // RTL / LTR marks
  '👩🏽‍⚕️🧑‍🦽🏳️‍🌈', // emoji with modifiers and ZWJ sequences
  'e\u0301\u0301\u0301\u0301', // stacked combining marks
  'a\u0000b', // NUL
  '\uFEFFbom',
  '\u00A0\u2003\u3000', // non-breaking and wide spaces only
  'Ω≈ç√∫˜µ≤≥÷',
  '𝕿𝖊𝖘𝖙', // astral plane letters
  '\u0000',
  'ﷺ',
  '\uFFFF\uFFFE', // noncharacters
];

/** Enum near-misses: case, spaces, homoglyphs, invisible characters. */
export function enumTypos(value: string): string[] {
  return [
    value.toUpperCase() === value ? value.toLowerCase() : value.toUpperCase(),
    ` ${value}`,
    `${value} `,
    `${value}\u200B`,
    value.replace(/a/, 'а').replace(/e/, 'е').replace(/o/, 'о'), // Cyrillic look-alikes
    value.slice(0, -1),
    `${value}s`,
    `${value}\u0000`,
    '',
  ].filter((typo) => typo !== value);
}

export interface ValueContext {
  /** Existing ids by property name (patientId, formId, ...). */
  ids: Record<string, string>;
  now: string;
}

/** A value that should pass `schema` (best effort; cases never rely on it alone). */
export function validValue(schema: Json, rng: Prng, ctx: ValueContext, name = ''): unknown {
  if (!schema || typeof schema !== 'object') return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
  if (schema.anyOf) return validValue(schema.anyOf[0], rng, ctx, name);
  if (schema.oneOf) return validValue(schema.oneOf[0], rng, ctx, name);
  const type = Array.isArray(schema.type)
    ? schema.type.find((t: string) => t !== 'null')
    : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required: string[] = schema.required ?? [];
      for (const [key, sub] of Object.entries<Json>(schema.properties ?? {})) {
        if (required.includes(key) || (rng.chance(0.3) && key !== 'tags'))
          out[key] = validValue(sub, rng, ctx, key);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, schema.minItems ? 0 : 1);
      const items = Array.from({ length: n }, () => validValue(schema.items, rng, ctx, name));
      return schema.uniqueItems
        ? [...new Set(items.map((i) => JSON.stringify(i)))].map((i) => JSON.parse(i))
        : items;
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      const max = schema.maximum ?? min + 100;
      return Math.min(max, Math.max(min, rng.int(min, Math.min(max, min + 10))));
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'string':
      return validString(schema, ctx, name);
    default:
      return {};
  }
}

function validString(schema: Json, ctx: ValueContext, name: string): string {
  if (ctx.ids[name]) return ctx.ids[name];
  if (schema.format === 'date-time') return ctx.now;
  if (schema.format === 'date') return '1984-03-17';
  if (schema.format === 'email') return 'nuria.puig@example.com';
  if (schema.format === 'uri' || name === 'url') return 'https://example.org/hooks';
  if (name === 'phone') return '+34612345678';
  if (name === 'apiKey') return ctx.ids.apiKey ?? 'sk_x';
  const text = 'Consulta de seguimiento';
  return schema.maxLength !== undefined ? text.slice(0, Math.max(1, schema.maxLength)) : text;
}

/** Values of the wrong JSON type for `schema`. */
export function wrongTypes(schema: Json, rng: Prng): unknown[] {
  const all: unknown[] = [
    rng.pick(UNICODE_EDGES),
    '',
    '42',
    'true',
    42,
    -1,
    1.5,
    1e308,
    -0,
    true,
    false,
    null,
    [],
    [rng.pick(UNICODE_EDGES)],
    {},
    { $ref: '#/x' },
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__": {"polluted": 1}}'),
  ];
  return all.filter((value) => !passes(schema, value));
}

/** Strings that break `schema`'s string rules (length, enum, format, pattern). */
export function badStrings(schema: Json, rng: Prng): string[] {
  const out: string[] = [];
  const max: number | undefined = schema.maxLength;
  if (max !== undefined) {
    out.push('x'.repeat(max + 1));
    out.push(rng.pick(['🧑‍⚕️', 'é', '\u0301', 'ß']).repeat(max + 1));
    out.push('y'.repeat(Math.min(max * 50 + 1, 200_000)));
  }
  if (schema.minLength) out.push('');
  if (Array.isArray(schema.enum)) out.push(...enumTypos(String(rng.pick(schema.enum))));
  if (schema.format === 'date-time')
    out.push(
      '2026-13-01T00:00:00Z',
      '2026-02-30T10:00:00Z',
      'yesterday',
      '2026-11-22 09:30',
      '2026-11-22T25:00:00Z',
      '1700000000',
    );
  if (schema.format === 'date') out.push('2026-02-30', '17/03/1984', '1984-3-7', '+01984-03-17');
  if (schema.format === 'email') out.push('not-an-email', 'a@', '@b.org', 'a b@c.org');
  out.push(...UNICODE_EDGES.map((u) => (Array.isArray(schema.enum) ? u : `${u}`)));
  return out.filter((value) => !passes(schema, value));
}

/** Numbers that break `schema`'s numeric rules. */
export function badNumbers(schema: Json): unknown[] {
  const out: unknown[] = [];
  if (schema.minimum !== undefined) out.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) out.push(schema.maximum + 1, schema.maximum * 1000 + 7);
  if (schema.type === 'integer') out.push(1.5, 2 ** 53 + 2);
  out.push(Number.MAX_VALUE, -Number.MAX_VALUE);
  return out.filter((value) => !passes(schema, value));
}

/** Every invalid value this module can think of for `schema`. */
export function invalidValues(schema: Json, rng: Prng): unknown[] {
  const out = [...wrongTypes(schema, rng)];
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (type.includes('string') || schema.enum || schema.anyOf) out.push(...badStrings(schema, rng));
  if (type.includes('integer') || type.includes('number')) out.push(...badNumbers(schema));
  return out;
}
