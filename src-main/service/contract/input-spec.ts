import type { Static, TSchema } from 'typebox';

/**
 * How a window operation's input is declared: by the TypeBox schema that checks it, so the type
 * every transport and the renderer see is `Static<schema>` and never a second, hand-written copy.
 * Four shapes cover every operation:
 *
 * - `none`: the operation takes nothing (an empty object is accepted too, as a form may send);
 * - `body`: the input is checked by the schema with the API's strict body validator;
 * - `patch`: `{id, patch}`, the patch checked alone so its error pointers are the API's (`/email`,
 *   not `/patch/email`);
 * - `domain`: the domain checks it (shape and rules in one pass, so a form draft hears about every
 *   problem at once); the schema gives the type.
 */
export type InputSpec =
  | { readonly kind: 'none' }
  | { readonly kind: 'body'; readonly schema: TSchema }
  | { readonly kind: 'patch'; readonly schema: TSchema; readonly checkedBy: 'schema' | 'domain' }
  | { readonly kind: 'domain'; readonly schema: TSchema };

export const none = { kind: 'none' } as const;

export function body<S extends TSchema>(schema: S) {
  return { kind: 'body', schema } as const;
}

export function patch<S extends TSchema>(schema: S, checkedBy: 'schema' | 'domain' = 'schema') {
  return { kind: 'patch', schema, checkedBy } as const;
}

export function checkedByDomain<S extends TSchema>(schema: S) {
  return { kind: 'domain', schema } as const;
}

/** The input type an operation's spec declares. */
export type InputOfSpec<T> = T extends { kind: 'none' }
  ? void
  : T extends { kind: 'patch'; schema: infer S extends TSchema }
    ? { id: string; patch: Static<S> }
    : T extends { schema: infer S extends TSchema }
      ? Static<S>
      : never;
