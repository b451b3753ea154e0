import type { ErrorObject, ValidateFunction } from 'ajv';
import { isObject } from './input-rules';

// Numbers in query strings and paths

const DECIMAL = { integer: /^-?[0-9]+$/, number: /^-?[0-9]+(\.[0-9]+)?$/ } as const;

/** The top-level parameters of a query or path schema that are numbers, with their kind. */
export function numericParameters(schema: unknown): Map<string, keyof typeof DECIMAL> {
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

/** `validate` after the numeric parameters are checked as written (Ajv would coerce "0x10"). */
export function decimalFirst(
  validate: ValidateFunction,
  numeric: Map<string, keyof typeof DECIMAL>,
): ValidateFunction {
  if (numeric.size === 0) return validate;
  const checked = ((data: unknown, dataCxt?: Parameters<ValidateFunction>[1]) => {
    const errors = notDecimal(data, numeric);
    if (errors.length) {
      checked.errors = errors;
      return false;
    }
    const valid = validate(data, dataCxt) as boolean;
    checked.errors = validate.errors ?? null;
    return valid;
  }) as ValidateFunction;
  checked.errors = null;
  checked.schemaEnv = validate.schemaEnv;
  return checked;
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
