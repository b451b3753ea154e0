import { Ajv, type ErrorObject, type SchemaValidateFunction, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../errors';
import { TEXT_RULE, type TextRule } from '../schemas/common';
import { textProblem } from '../schemas/text-rules';

/**
 * Two validators built from the same TypeBox schemas. Bodies are validated strictly: no type
 * coercion and no silent removal of unknown properties (they are rejected so typos surface).
 * Query strings and path parameters arrive as text, so they are coerced ("20" -> 20), but only
 * from decimal digits: Ajv would also take "0x10", "1e2" or " 5" (anything `+text` reads), so
 * numeric parameters are checked as written first.
 *
 * The input rules of api-decisions "Errors" live here, once, for every route and operation:
 * - every string follows a text rule (TextRule in schemas/common.ts): the one its schema
 *   declares, else `line` for query, path and header values and `multiline` for body strings;
 * - numbers must be finite (`strictNumbers`: JSON's 1e400 parses to Infinity, which would be
 *   stored as null), also inside free-form values such as `metadata`, whose strings and keys
 *   are checked too.
 * The rules are added to a copy of each schema when it is compiled, so the schemas (and the
 * OpenAPI document made from them) declare only what differs from the defaults.
 */

/** Internal keyword for free-form values (no `type`): strings, keys and numbers inside them. */
const DATA_RULE = 'x-data';

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
    strictNumbers: true,
  });
  addFormats.default(ajv, ['date', 'date-time', 'email', 'uri']);
  ajv.addKeyword({
    keyword: TEXT_RULE,
    schemaType: 'string',
    errors: true,
    validate: checkTextKeyword,
  });
  ajv.addKeyword({
    keyword: DATA_RULE,
    schemaType: 'string',
    errors: true,
    validate: checkDataKeyword,
  });
  return ajv;
}

/** Bodies (strict) and text parts (coerced); each compiled schema is kept per original schema. */
let validators:
  Record<'body' | 'text', { ajv: Ajv; compiled: WeakMap<object, ValidateFunction> }> | undefined;

function compileWith(part: 'body' | 'text', schema: object, rule: TextRule): ValidateFunction {
  validators ??= {
    body: { ajv: makeAjv(false), compiled: new WeakMap() },
    text: { ajv: makeAjv(true), compiled: new WeakMap() },
  };
  const { ajv, compiled } = validators[part];
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(withInputRules(schema, rule) as object);
    compiled.set(schema, validate);
  }
  return validate;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return compileBodyValidator(schema as object);
  const validate = compileWith('text', schema as object, 'line');
  const numeric = numericParameters(schema);
  if (numeric.size === 0) return validate;
  const checked = (data: unknown): boolean => {
    const errors = notDecimal(data, numeric);
    if (errors.length) {
      checked.errors = errors;
      return false;
    }
    const valid = validate(data) as boolean;
    checked.errors = validate.errors ?? null;
    return valid;
  };
  checked.errors = null as ErrorObject[] | null;
  return checked;
};

/** The same strict body validator, for callers outside HTTP (IPC, CLI) that reuse the schemas. */
export function compileBodyValidator(schema: object) {
  return compileWith('body', schema, 'multiline');
}

// ---------------------------------------------------------------------------------------------

const checkTextKeyword: SchemaValidateFunction = (rule: TextRule, data: unknown, _parent, cxt) => {
  if (typeof data !== 'string') return true;
  const problem = textProblem(data, rule);
  if (!problem) return true;
  checkTextKeyword.errors = [ruleError(cxt?.instancePath ?? '', problem.code, problem.detail)];
  return false;
};

/**
 * A free-form value (`deep`: every string as `multiline`, every key as `line`, every number
 * finite, at any depth) or only the keys of a record (`keys`; its values have their own schema).
 */
const checkDataKeyword: SchemaValidateFunction = (
  mode: 'deep' | 'keys',
  data: unknown,
  _parent,
  cxt,
) => {
  const errors: Partial<ErrorObject>[] = [];
  const base = cxt?.instancePath ?? '';
  const key = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
  const stack: [unknown, string, boolean][] = [[data, base, mode === 'deep']];
  while (stack.length) {
    const [value, path, deep] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, 'multiline');
      if (problem) errors.push(ruleError(path, problem.code, problem.detail));
    } else if (typeof value === 'number' && !Number.isFinite(value)) {
      errors.push(
        ruleError(
          path,
          'not_finite',
          'must be a finite number (this one is too large to represent).',
        ),
      );
    } else if (value !== null && typeof value === 'object') {
      for (const [k, child] of Object.entries(value)) {
        if (!Array.isArray(value)) {
          const problem = textProblem(k, 'line');
          if (problem) {
            errors.push(
              ruleError(path, problem.code, `has a property name that ${problem.detail}`),
            );
          }
        }
        if (deep) stack.push([child, `${path}/${key(k)}`, true]);
      }
    }
  }
  checkDataKeyword.errors = errors;
  return errors.length === 0;
};

function ruleError(instancePath: string, code: string, detail: string): Partial<ErrorObject> {
  return { keyword: code, instancePath, params: { code }, message: detail };
}

/** Keywords whose value is one schema, a list of schemas, or a map of them. */
const ONE_SCHEMA = [
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
/** With one of these, a schema already says what a value is; no rule is added beside it. */
const SHAPES = [
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  '$ref',
  'properties',
  'items',
];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `schema` with the input rules added (see the top of this file). */
function withInputRules(schema: unknown, rule: TextRule): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = { ...schema };
  for (const k of ONE_SCHEMA) if (isObject(out[k])) out[k] = withInputRules(out[k], rule);
  for (const k of SCHEMA_LISTS) {
    if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map((s) => withInputRules(s, rule));
  }
  for (const k of SCHEMA_MAPS) {
    if (isObject(out[k])) {
      out[k] = Object.fromEntries(
        Object.entries(out[k]).map(([name, s]) => [name, withInputRules(s, rule)]),
      );
    }
  }
  const types = Array.isArray(out.type) ? out.type : [out.type];
  if (types.includes('string') && out[TEXT_RULE] === undefined) {
    // A format, enum or constant already decides which strings pass.
    if (out.format === undefined && out.enum === undefined && out.const === undefined) {
      out[TEXT_RULE] = rule;
    }
  }
  if (!SHAPES.some((k) => k in out)) out[DATA_RULE] = 'deep';
  else if (
    types.includes('object') &&
    (isObject(out.patternProperties) || isObject(out.additionalProperties))
  ) {
    out[DATA_RULE] = 'keys';
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Numbers in query strings and paths

const DECIMAL = { integer: /^-?[0-9]+$/, number: /^-?[0-9]+(\.[0-9]+)?$/ } as const;

/** The top-level parameters of a query or path schema that are numbers, with their kind. */
function numericParameters(schema: unknown): Map<string, keyof typeof DECIMAL> {
  const out = new Map<string, keyof typeof DECIMAL>();
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  for (const [name, sub] of Object.entries(properties)) {
    if (!isObject(sub)) continue;
    const types = Array.isArray(sub.type) ? sub.type : [sub.type];
    if (types.includes('integer')) out.set(name, 'integer');
    else if (types.includes('number')) out.set(name, 'number');
  }
  return out;
}

function notDecimal(data: unknown, numeric: Map<string, keyof typeof DECIMAL>): ErrorObject[] {
  if (!isObject(data)) return [];
  const errors: ErrorObject[] = [];
  for (const [name, kind] of numeric) {
    const value = data[name];
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((t) => typeof t === 'string' && !DECIMAL[kind].test(t))) {
      errors.push({
        keyword: 'type',
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/type`,
        params: { type: kind, decimal: true },
        message: `must be ${kind === 'integer' ? 'a whole number' : 'a number'} written in decimal digits`,
      });
    }
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * Turns Ajv errors into the `errors[]` of a 422, pointing into the body or naming the parameter.
 * The branches of a failed anyOf (e.g. "an e-mail or null") are folded into one entry.
 */
export function fieldErrors(errors: ErrorObject[], part: string | undefined): FieldError[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath);
  const inUnion = (e: ErrorObject) =>
    e.keyword !== 'anyOf' &&
    unions.some((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`));
  return errors
    .filter((e) => !inUnion(e))
    .map((e) => {
      let path = e.instancePath;
      if (e.keyword === 'required')
        path += `/${(e.params as { missingProperty: string }).missingProperty}`;
      if (e.keyword === 'additionalProperties') {
        path += `/${(e.params as { additionalProperty: string }).additionalProperty}`;
      }
      const location =
        part === 'body'
          ? { pointer: path || '/' }
          : { parameter: path.split('/')[1] ?? part ?? 'request' };
      const detail =
        e.keyword === 'anyOf'
          ? `${label(path, part)} must be one of the allowed forms: ${errors
              .filter((b) => inUnion(b) && b.instancePath.startsWith(e.instancePath))
              .map((b) => describe(b, b.instancePath, part))
              .join(' Or ')}`
          : describe(e, path, part);
      return { ...location, code: e.keyword, detail };
    });
}

function label(path: string, part: string | undefined): string {
  return part === 'body'
    ? path.slice(1).replace(/\//g, '.') || 'body'
    : path.split('/')[1] || part || 'request';
}

function describe(e: ErrorObject, path: string, part: string | undefined): string {
  const name = label(path, part);
  switch (e.keyword) {
    case 'required':
      return `${name} is required.`;
    case 'additionalProperties':
      return part === 'body'
        ? `${name} is not a known property.`
        : `'${name}' is not a known parameter.`;
    case 'enum':
      return `${name} must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}.`;
    case 'const':
      return `${name} must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}.`;
    case 'type': {
      const params = e.params as { type: string; decimal?: boolean };
      return params.decimal
        ? `${name} ${e.message ?? 'is invalid'} (e.g. 20; not 0x10, 1e2 or with spaces).`
        : `${name} must be of type ${params.type}.`;
    }
    case 'format':
      return `${name} must be a valid ${(e.params as { format: string }).format}.`;
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'minItems':
    case 'maxItems':
    case 'pattern':
    case 'uniqueItems':
    case 'minProperties':
      return `${name} ${e.message ?? 'is invalid'}.`;
    default: {
      const message = e.message ?? 'is invalid.';
      return `${name} ${message.endsWith('.') ? message : `${message}.`}`;
    }
  }
}
