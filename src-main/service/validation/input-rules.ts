import type { ErrorObject, SchemaValidateFunction } from 'ajv';
import { TEXT_RULE, type TextRule } from '../schemas/common';
import { textProblem } from '../schemas/text-rules';

/**
 * The input rules added to every schema when it is compiled (see input-validator.ts): the text
 * rule of each string, and the `x-data` keyword that checks free-form values.
 */

/** Internal keyword for free-form values (no `type`): strings, keys and numbers inside them. */
export const DATA_RULE = 'x-data';

export const checkTextKeyword: SchemaValidateFunction = (
  rule: TextRule,
  data: unknown,
  _parent,
  cxt,
) => {
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
export const checkDataKeyword: SchemaValidateFunction = (
  mode: 'deep' | 'keys',
  data: unknown,
  _parent,
  cxt,
) => {
  const errors: Partial<ErrorObject>[] = [];
  const base = cxt?.instancePath ?? '';
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
        if (deep) stack.push([child, `${path}/${pointerToken(k)}`, true]);
      }
    }
  }
  checkDataKeyword.errors = errors;
  return errors.length === 0;
};

/** A property name as one JSON pointer token (RFC 6901). */
export const pointerToken = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

export function ruleError(
  instancePath: string,
  code: string,
  detail: string,
): Partial<ErrorObject> {
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
export const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `schema` with the input rules added (see the top of this file). */
export function withInputRules(schema: unknown, rule: TextRule): unknown {
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
    // An enum or a constant already decides which strings pass. A format does not quite: Ajv's
    // date-time takes any white space for its `T`, a line break or a vertical tab included.
    if (out.format !== undefined) out[TEXT_RULE] = 'line';
    else if (out.enum === undefined && out.const === undefined) out[TEXT_RULE] = rule;
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
