import type { OpenApiDocument } from '../../../../src-preload/contract';

/** One operation of the OpenAPI document, with what the curl panel shows for it. */
export interface Endpoint {
  /** `GET /patients/{id}`: unique in a document. */
  id: string;
  method: string;
  path: string;
  summary: string;
  /** The operation's first tag (the group the reference shows it under). */
  tag: string;
  /** Whether it takes a credential (public: /health, /openapi.json, /auth/token). */
  authenticated: boolean;
  /** The example JSON body, when the operation takes one. */
  body?: unknown;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Schema = Record<string, unknown>;

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** Every operation of the document, in its order (paths, then methods as listed above). */
export function endpointsOf(document: OpenApiDocument): Endpoint[] {
  const globalSecurity = Array.isArray(document.security) ? document.security : [];
  const out: Endpoint[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const security = operation.security ?? globalSecurity;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const upper = method.toUpperCase();
      out.push({
        id: `${upper} ${path}`,
        method: upper,
        path,
        summary: operation.summary ?? '',
        tag: operation.tags?.[0] ?? '',
        // An empty requirement ({}) in the list means "no credential needed".
        authenticated:
          security.length > 0 &&
          !security.some((s) => s && typeof s === 'object' && !Object.keys(s).length),
        ...(schema ? { body: exampleOf(schema, document) } : {}),
      });
    }
  }
  return out;
}

/**
 * A value that fits `schema`, for the example body: the schema's own example or default where it
 * gives one, else a plausible value from its type, format and bounds. Objects get their required
 * properties (or, when none is required, their first one, since an empty body says nothing).
 */
export function exampleOf(
  schema: Schema,
  document: OpenApiDocument,
  name = '',
  depth = 0,
): unknown {
  if (depth > 8) return null;
  const resolved = resolveRef(schema, document);
  const given = firstGiven(resolved);
  if (given !== undefined) return given;
  const variants = (resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined;
  if (variants?.length) {
    const chosen = variants.find((v) => resolveRef(v, document).type !== 'null') ?? variants[0]!;
    return exampleOf(chosen, document, name, depth + 1);
  }
  if (Array.isArray(resolved.allOf)) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of resolved.allOf as Schema[]) {
      const p = resolveRef(part, document);
      Object.assign(merged.properties as Schema, p.properties ?? {});
      (merged.required as string[]).push(...((p.required as string[] | undefined) ?? []));
    }
    return exampleOf(merged, document, name, depth + 1);
  }
  switch (typeOf(resolved)) {
    case 'object': {
      const properties = (resolved.properties ?? {}) as Record<string, Schema>;
      const required = (resolved.required as string[] | undefined) ?? [];
      const keys = required.length ? required : Object.keys(properties).slice(0, 1);
      return Object.fromEntries(
        keys
          .filter((key) => properties[key])
          .map((key) => [key, exampleOf(properties[key]!, document, key, depth + 1)]),
      );
    }
    case 'array': {
      const items = (resolved.items ?? {}) as Schema;
      const count = Math.max(1, Number(resolved.minItems ?? 1));
      const item = exampleOf(items, document, name, depth + 1);
      return Array.from({ length: count }, () => item);
    }
    case 'integer':
    case 'number': {
      const min = resolved.minimum as number | undefined;
      const max = resolved.maximum as number | undefined;
      if (min !== undefined) return min;
      return max !== undefined ? Math.min(1, max) : 1;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringExample(resolved, name);
  }
}

function resolveRef(schema: Schema, document: OpenApiDocument): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) return {};
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[
        part.replace(/~1/g, '/').replace(/~0/g, '~')
      ];
    }
    current = (target as Schema | undefined) ?? {};
  }
  return current;
}

function firstGiven(schema: Schema): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  return undefined;
}

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type))
    return (schema.type as string[]).find((t) => t !== 'null') ?? 'null';
  if (typeof schema.type === 'string') return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'ana.garcia@example.org',
  date: '2026-01-15',
  'date-time': '2026-01-15T09:00:00.000Z',
  uri: 'https://example.org/hooks/engage',
  url: 'https://example.org/hooks/engage',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
};

function stringExample(schema: Schema, name: string): string {
  const format = schema.format as string | undefined;
  if (format && FORMAT_EXAMPLES[format]) return FORMAT_EXAMPLES[format];
  // Descriptions often carry one ("E.164, e.g. +34612345678.").
  const suggested = /\be\.g\.,? ([^\s,;)]+?)[.,;)]?(?:\s|$)/.exec(String(schema.description ?? ''));
  if (suggested) return suggested[1]!;
  const min = Number(schema.minLength ?? 0);
  const text = name || 'text';
  return text.length >= min ? text : text.padEnd(min, 'x');
}

/** Quotes for a POSIX shell: '…' with each ' written as '\''. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** Stands for the key while the body is escaped; letters only, so escaping leaves it alone. */
const KEY_SENTINEL = 'EngageApiKeyGoesHere';

/**
 * The -d argument. A body that carries the API key itself (POST /auth/token) takes it from
 * $ENGAGE_API_KEY too, in double quotes so the shell expands it; any other body is single-quoted.
 */
function bodyArgument(body: unknown): string {
  const hasKey =
    body !== null && typeof body === 'object' && !Array.isArray(body) && 'apiKey' in body;
  if (!hasKey) return shellQuote(JSON.stringify(body));
  const json = JSON.stringify({ ...body, apiKey: KEY_SENTINEL });
  const escaped = json.replace(/[\\"$`]/g, (c) => `\\${c}`);
  return `"${escaped.replace(KEY_SENTINEL, '$ENGAGE_API_KEY')}"`;
}

/**
 * The curl command for an endpoint: full URL, the API key from $ENGAGE_API_KEY (double quotes so
 * the shell expands it; nothing secret is written into the command) and the example body. Path
 * parameters stay as {id}; --globoff keeps curl from reading the braces as a URL pattern.
 */
export function curlOf(endpoint: Endpoint, baseUrl: string): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${endpoint.path}`;
  const first = [
    'curl',
    ...(endpoint.method === 'GET' ? [] : ['-X', endpoint.method]),
    ...(endpoint.path.includes('{') ? ['--globoff'] : []),
    shellQuote(url),
  ].join(' ');
  const lines = [first];
  if (endpoint.authenticated) lines.push('-H "Authorization: Bearer $ENGAGE_API_KEY"');
  if (endpoint.body !== undefined) {
    lines.push(`-H ${shellQuote('Content-Type: application/json')}`);
    lines.push(`-d ${bodyArgument(endpoint.body)}`);
  }
  return lines.join(' \\\n  ');
}
