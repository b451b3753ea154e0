import { Type, type TSchema } from 'typebox';

/** Schemas shared by every resource: timestamps, pagination, list queries and problem documents. */

/**
 * The text rule a string follows (api-decisions "Errors"), checked by the one validator
 * (http/validation.ts) for bodies, queries, path parameters and the window's operations alike:
 *
 * - `multiline`: no control characters but TAB, LF and CR (C0 otherwise, DEL, C1). The default
 *   for body strings that declare nothing (messages, descriptions, notes, answers, metadata).
 * - `line`: no control characters at all, nor U+2028/U+2029. The default for query and path
 *   parameters and headers; declared on single-line body fields.
 * - `name`: `line`, plus at least one visible letter, and no bidirectional embedding, override
 *   or isolate controls (U+202A–U+202E, U+2066–U+2069) or invisible spaces (U+200B, U+2060,
 *   U+FEFF). Accents, apostrophes, the Catalan middle dot, hyphens and spaces are all fine
 *   ("N'Àngels", "Gal·la", "Puig-Soler").
 *
 * Declared on a schema as `[TEXT_RULE]: 'line'`; it shows in the OpenAPI document as `x-text`.
 */
export const TEXT_RULE = 'x-text';
export type TextRule = 'multiline' | 'line' | 'name';

/** A one-line string (tags, labels): no control characters. */
export const SingleLine = (options: Parameters<typeof Type.String>[0] = {}) =>
  Type.String({ ...options, [TEXT_RULE]: 'line' } as Parameters<typeof Type.String>[0]);

/**
 * A person's or a record's name as people read it: 1–100 characters, one line, with a visible
 * letter and no bidirectional controls or invisible characters (see TextRule `name`).
 */
export const DisplayName = (options: Parameters<typeof Type.String>[0] = {}) =>
  Type.String({
    minLength: 1,
    maxLength: 100,
    description:
      'At least one letter; no control characters, bidirectional controls (U+202A–U+202E, U+2066–U+2069) or invisible spaces (U+200B, U+2060, U+FEFF).',
    ...options,
    [TEXT_RULE]: 'name',
  } as Parameters<typeof Type.String>[0]);

export const DateTime = Type.String({
  format: 'date-time',
  examples: ['2026-11-22T09:30:00.000Z'],
});
export const DateOnly = Type.String({ format: 'date', examples: ['1984-03-17'] });

export const Pagination = Type.Object(
  {
    cursor: Type.String({
      description:
        'Opaque; pass it back as `cursor` for the next page. Empty when hasMore is false.',
    }),
    hasMore: Type.Boolean(),
    limit: Type.Integer(),
  },
  {
    additionalProperties: false,
    description: 'Where a list page stands: pass `cursor` back for the next one.',
  },
);

export function ListOf<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    { data: Type.Array(item), pagination: Pagination },
    { additionalProperties: false, description },
  );
}

/** The page-size and cursor parameters every list accepts. */
export const PageQuery = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1..100.' }),
  ),
  cursor: Type.Optional(
    Type.String({
      maxLength: 512,
      description: 'pagination.cursor of the previous page; empty for the first page.',
    }),
  ),
};

/** An inclusive lower and exclusive upper bound on a list's time column (ISO date or date-time). */
export const DateRangeQuery = {
  from: Type.Optional(
    Type.String({
      anyOf: [{ format: 'date' }, { format: 'date-time' }],
      description: 'Inclusive lower bound (ISO date or date-time).',
    }),
  ),
  to: Type.Optional(
    Type.String({
      anyOf: [{ format: 'date' }, { format: 'date-time' }],
      description: 'Exclusive upper bound (ISO date or date-time).',
    }),
  ),
};

export const IdParams = Type.Object(
  {
    id: Type.String({
      maxLength: 64,
      description:
        'The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …).',
    }),
  },
  { additionalProperties: false },
);

export const FieldErrorSchema = Type.Object(
  {
    pointer: Type.Optional(Type.String({ description: 'JSON pointer into the request body.' })),
    parameter: Type.Optional(Type.String({ description: 'Name of the query or path parameter.' })),
    code: Type.String(),
    detail: Type.String(),
  },
  { description: 'One invalid value of a 422: where it is and what is wrong with it.' },
);

/** RFC 9457 problem details; extensions (errors, balance, required, ...) depend on `code`. */
export const Problem = Type.Object(
  {
    type: Type.String({ description: 'URI identifying the problem type.' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String(),
    code: Type.String({ description: 'Stable snake_case identifier to switch on.' }),
    requestId: Type.String(),
    errors: Type.Optional(Type.Array(FieldErrorSchema)),
  },
  {
    additionalProperties: true,
    description:
      'An RFC 9457 problem document (`application/problem+json`), the body of every 4xx and 5xx. Switch on `code`; extensions such as `errors`, `balance` or `requiredPermission` depend on it.',
  },
);
