/** The operations of a served OpenAPI document, as the fuzzer needs them. */

export type Json = any;

export const DOC_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

export interface Param {
  name: string;
  required: boolean;
  schema: Json;
}

export interface Operation {
  method: string;
  /** Documented path, relative to the server URL (`/patients/{id}`). */
  path: string;
  operationId: string;
  isPublic: boolean;
  permission: string | null;
  pathParams: Param[];
  query: Param[];
  /** The JSON body schema, when the operation takes a body. */
  body?: Json;
  /** The body must be there (an empty one is no body: fine where it is optional). */
  bodyRequired: boolean;
}

export function operationsOf(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of DOC_METHODS) {
      const op = item[method];
      if (!op) continue;
      const params: Json[] = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const pick = (where: string): Param[] =>
        params
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema ?? {} }));
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        permission: op['x-permission'] ?? null,
        pathParams: pick('path'),
        query: pick('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        // A body whose every property is optional (a resolve note) may be left out: no body.
        bodyRequired: Boolean(
          op.requestBody?.required &&
          (op.requestBody?.content?.['application/json']?.schema?.required?.length ?? 0) > 0,
        ),
      });
    }
  }
  return out;
}

/** The query parameters as one object schema (what the route validates, coercing text). */
export function querySchema(op: Operation): Json {
  return {
    type: 'object',
    properties: Object.fromEntries(op.query.map((p) => [p.name, p.schema])),
    required: op.query.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}
