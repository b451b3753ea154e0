import type { ErrorObject } from 'ajv';
import type { FieldError } from '../errors';

/**
 * Turns Ajv errors into the `errors[]` of a 422, pointing into the body or naming the parameter.
 * The branches of a failed anyOf (e.g. "an e-mail or null") are folded into one entry.
 */
export function fieldErrors(errors: ErrorObject[], part: string | undefined): FieldError[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath);
  // A control character is wrong in every branch (it is about the text, not its form), so it is
  // said on its own rather than as one of the forms the value could have taken.
  const inUnion = (e: ErrorObject) =>
    e.keyword !== 'anyOf' &&
    e.keyword !== 'control_character' &&
    unions.some((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`));
  const said = new Set<string>();
  return errors
    .filter((e) => !inUnion(e))
    .filter((e) => {
      // Two branches of a union may find the same control character.
      const key = JSON.stringify([e.instancePath, e.keyword, e.params, e.message]);
      if (said.has(key)) return false;
      said.add(key);
      return true;
    })
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
