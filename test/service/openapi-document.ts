/** Reading the served OpenAPI document in tests: its operations, and its schemas without $refs. */

export type Json = any;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface Operation {
  path: string;
  method: string;
  op: Json;
}

export function operations(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of HTTP_METHODS)
      if (item[method]) out.push({ path, method, op: item[method] });
  }
  return out;
}

export const label = ({ method, path }: Operation) => `${method.toUpperCase()} ${path}`;

/** The node a local reference (`#/components/schemas/Patient`) points at. */
export function resolvePointer(doc: Json, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`not a local reference: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((node, token) => {
      if (node?.[token] === undefined) throw new Error(`${ref} does not resolve`);
      return node[token];
    }, doc);
}

/** `node` with every local $ref replaced by a copy of what it points at (the document has no cycles). */
export function dereference(doc: Json, node: Json, depth = 0): Json {
  if (depth > 50) throw new Error('reference cycle');
  if (Array.isArray(node)) return node.map((item) => dereference(doc, item, depth));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const { $ref, ...siblings } = node;
    return { ...dereference(doc, resolvePointer(doc, $ref), depth + 1), ...siblings };
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, dereference(doc, value, depth)]),
  );
}

/**
 * A TypeBox schema as the document should show it: plain JSON, with the rewrites @fastify/swagger
 * makes and that do not change what is valid: `const: x` as `enum: [x]`, and the catch-all
 * patternProperties of `Type.Record(String, …)` as additionalProperties.
 */
export function normalize(schema: unknown): Json {
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const out: Json = {};
    for (const [k, v] of Object.entries<Json>(value)) out[k] = walk(v);
    if ('const' in out && !('enum' in out)) {
      out.enum = [out.const];
      delete out.const;
    }
    const patterns = out.patternProperties;
    if (patterns && Object.keys(patterns).length === 1 && patterns['^.*$'] !== undefined) {
      delete out.patternProperties;
      out.additionalProperties = patterns['^.*$'];
    }
    return out;
  };
  return walk(JSON.parse(JSON.stringify(schema)));
}
