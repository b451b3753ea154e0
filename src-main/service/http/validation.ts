import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../errors';

/**
 * Two validators built from the same TypeBox schemas. Bodies are validated strictly: no type
 * coercion and no silent removal of unknown properties (they are rejected so typos surface).
 * Query strings and path parameters arrive as text, so they are coerced ("20" -> 20).
 */
function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats.default(ajv, ['date', 'date-time', 'email', 'uri']);
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);

/** The same strict body validator, for callers outside HTTP (IPC, CLI) that reuse the schemas. */
export function compileBodyValidator(schema: object) {
  return bodyAjv.compile(schema);
}

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
    case 'type':
      return `${name} must be of type ${(e.params as { type: string }).type}.`;
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
    default:
      return `${name} ${e.message ?? 'is invalid'}.`;
  }
}
