import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { TEXT_RULE, type TextRule } from '../schemas/common';
import { textProblem } from '../schemas/text-rules';
import {
  checkDataKeyword,
  checkTextKeyword,
  DATA_RULE,
  pointerToken,
  ruleError,
  withInputRules,
} from './input-rules';
import { decimalFirst, numericParameters } from './numeric-parameters';

/**
 * Two validators built from the same TypeBox schemas. Bodies are validated strictly: no type
 * coercion and no silent removal of unknown properties (they are rejected so typos surface).
 * Query strings and path parameters arrive as text, so they are coerced ("20" -> 20), but only
 * from decimal digits: Ajv would also take "0x10", "1e2" or " 5" (anything `+text` reads), so
 * numeric parameters are checked as written first.
 *
 * The input rules of api-decisions "Errors" live here, once, for every route and operation:
 * - every string follows a text rule (TextRule in schemas/common.ts): the one its schema
 *   declares, else `line` for query, path and header values, for formatted strings (a date, an
 *   e-mail: one token, and the date-time format alone would take a line break or a vertical tab
 *   for its `T`) and `multiline` for body strings;
 * - under those, a floor that reads the data rather than the schema (`textFloor`): no string
 *   and no property name anywhere in a body, a query or a path carries U+0000 or another
 *   control character its part's default rule refuses, whatever its schema says (an enum, a
 *   `$ref`, a shape added later), so "every string" cannot depend on every schema being
 *   annotated;
 * - numbers must be finite (`strictNumbers`: JSON's 1e400 parses to Infinity, which would be
 *   stored as null), also inside free-form values such as `metadata`, whose strings and keys
 *   are checked too.
 * The rules are added to a copy of each schema when it is compiled, so the schemas (and the
 * OpenAPI document made from them) declare only what differs from the defaults.
 */

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

/**
 * Bodies (strict), query and path parameters (coerced) and headers (coerced, without the floor:
 * a route declares the one header it reads, and the others a client sends are not its input;
 * HTTP allows a tab in any of them and UTF-8 arrives as Latin-1, C1 controls included). Each
 * compiled schema is kept per original schema.
 */
export type Part = 'body' | 'text' | 'headers';
let validators: Record<Part, { ajv: Ajv; compiled: WeakMap<object, ValidateFunction> }> | undefined;

export function compileWith(part: Part, schema: object, rule: TextRule): ValidateFunction {
  validators ??= {
    body: { ajv: makeAjv(false), compiled: new WeakMap() },
    text: { ajv: makeAjv(true), compiled: new WeakMap() },
    headers: { ajv: makeAjv(true), compiled: new WeakMap() },
  };
  const { ajv, compiled } = validators[part];
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(withInputRules(schema, rule) as object);
    if (part !== 'body') validate = decimalFirst(validate, numericParameters(schema));
    if (part !== 'headers') validate = textFloor(validate, rule);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The same strict body validator, for callers outside HTTP (the window's operations, the domain) that reuse the schemas. */
export function compileBodyValidator(schema: object) {
  return compileWith('body', schema, 'multiline');
}

// ---------------------------------------------------------------------------------------------
// The floor under the text rules

/**
 * `validate` with the data itself searched first: every string and every property name, at any
 * depth, must follow `rule` (the part's default: `multiline` in bodies, `line` elsewhere). The
 * schema's own rules still run, so a field declared `line` or `name` says so in its message;
 * the floor adds an error only where they said nothing about control characters.
 */
function textFloor(validate: ValidateFunction, rule: TextRule): ValidateFunction {
  const floored = ((data: unknown, dataCxt?: Parameters<ValidateFunction>[1]) => {
    // Read before the schema runs: its defaults and coercion rewrite the data in place.
    const below = floorErrors(data, rule);
    const valid = validate(data, dataCxt) as boolean;
    if (below.length === 0) {
      floored.errors = validate.errors ?? null;
      return valid;
    }
    const own = validate.errors ?? [];
    const said = new Set(
      own.filter((e) => e.keyword === 'control_character').map((e) => e.instancePath),
    );
    floored.errors = [...own, ...below.filter((e) => !said.has(e.instancePath))];
    return false;
  }) as ValidateFunction;
  floored.errors = null;
  // Fastify hands an Ajv function the request as the root's parent (so a root can be replaced).
  floored.schemaEnv = validate.schemaEnv;
  return floored;
}

/**
 * Parsed JSON and parsed query strings (whose objects have a prototype of their own, without
 * Object's methods), not a Buffer (a raw body is bytes, not text) or another class's object.
 */
const isPlainContainer = (v: unknown): v is Record<string, unknown> | unknown[] =>
  Array.isArray(v) || Object.prototype.toString.call(v) === '[object Object]';

function floorErrors(data: unknown, rule: TextRule): ErrorObject[] {
  const errors: ErrorObject[] = [];
  const stack: [unknown, string][] = [[data, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, rule);
      if (problem) errors.push(ruleError(path, problem.code, problem.detail) as ErrorObject);
    } else if (isPlainContainer(value)) {
      const array = Array.isArray(value);
      for (const [k, child] of Object.entries(value)) {
        const problem = array ? undefined : textProblem(k, 'line');
        if (problem) {
          errors.push(
            ruleError(
              path,
              problem.code,
              `has a property name that ${problem.detail}`,
            ) as ErrorObject,
          );
        }
        stack.push([child, `${path}/${pointerToken(k)}`]);
      }
    }
  }
  return errors;
}
