import type { Static, TSchema } from 'typebox';
import type { InputSpec } from '../contract/input-spec';
import { validationFailed } from '../errors';
import { compileBodyValidator } from '../validation/input-validator';
import { fieldErrors } from '../validation/field-errors';
import { IdWithPatch } from '../schemas/desktop';

/**
 * An input checked by a TypeBox schema with the service's strict body validator: the same
 * rules, defaults and 422 `validation_failed` (pointers into the input) as the HTTP API. The
 * input is copied first, since the validator fills in defaults in place. The type is the schema's.
 */
export function schemaInput<S extends TSchema>(schema: S): (input: unknown) => Static<S> {
  const validate = compileBodyValidator(schema);
  return (input) => {
    const value = input === undefined || input === null ? {} : structuredClone(input);
    if (!validate(value)) throw validationFailed(fieldErrors(validate.errors ?? [], 'body'));
    return value as Static<S>;
  };
}

/** Operations without input accept nothing (or an empty object, as a form may send). */
function noInput(input: unknown): void {
  const empty =
    input === undefined ||
    input === null ||
    (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0);
  if (!empty) {
    throw validationFailed([
      { pointer: '/', code: 'type', detail: 'This operation takes no input.' },
    ]);
  }
}

/** Given to the domain as it came (copied): the domain checks shape and rules in one pass. */
function asGiven(input: unknown): unknown {
  return structuredClone(input ?? {});
}

/** The parser an operation's input declaration (contract/operation-inputs.ts) calls for. */
export function parserFor(spec: InputSpec): (input: unknown) => unknown {
  switch (spec.kind) {
    case 'none':
      return noInput;
    case 'body':
      return schemaInput(spec.schema);
    case 'domain':
      return asGiven;
    case 'patch': {
      const idWithPatch = schemaInput(IdWithPatch);
      // The patch is checked alone so its pointers are the API's (`/email`, not `/patch/email`).
      const patch = spec.checkedBy === 'schema' ? schemaInput(spec.schema) : asGiven;
      return (input) => {
        const { id, patch: raw } = idWithPatch(input);
        return { id, patch: patch(raw) };
      };
    }
  }
}
