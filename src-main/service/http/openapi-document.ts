import { STATUS_CODES } from 'node:http';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { API_VERSION } from '../version';
import { componentSchemas, referenceComponents } from './openapi-components';
import { declareResponses } from './openapi-responses';

/**
 * What the served OpenAPI document says about itself and how it is made from the routes
 * (docs/api-decisions.md, "The OpenAPI document"): the plugin options of @fastify/swagger.
 */

/** Every tag an operation uses, in the order a reference shows them, each described. */
const TAGS = [
  {
    name: 'Authentication',
    description:
      'Exchange an API key for a one-hour access token (JWT). Every other call sends `Authorization: Bearer <API key or access token>`.',
  },
  {
    name: 'Patients',
    description:
      "The clinic's patients. They are never deleted over the API: set `status` to `inactive` instead.",
  },
  {
    name: 'Clinical forms',
    description:
      'Forms with their field definitions (authored in the desktop app) and the responses patients gave to them.',
  },
  {
    name: 'Form schedules',
    description:
      'Deliveries of a form to a patient by WhatsApp or e-mail. Credits are charged when a schedule is created and refunded when it is cancelled or its delivery fails.',
  },
  {
    name: 'Conversations',
    description:
      'AI chat conversations with a patient: 10 credits to start, 1 per message exchange; a conversation ends after 30 minutes without a message.',
  },
  {
    name: 'Voice calls',
    description:
      'Automated AI voice calls, run on the service clock: 5 credits per started minute, nothing for a call never answered.',
  },
  {
    name: 'Alerts',
    description:
      'Warning signs raised for a coordinator by chats, calls, form answers and failed deliveries; read them and move them forward (acknowledge, resolve).',
  },
  {
    name: 'Credits',
    description:
      'The credit balance, shared with the web platform, and the ledger of every grant, charge, refund and monthly reset.',
  },
  {
    name: 'Webhooks',
    description:
      'Signed event notifications (`X-Service-Signature`): register HTTPS receivers, read each delivery with its attempts, retry one by hand.',
  },
  {
    name: 'Audit',
    description:
      "The audit trail, with the `audit:read` permission: every read of one patient's record and every change, with who, when and from where; never clinical content.",
  },
  {
    name: 'Sandbox',
    description:
      'Sandbox mode only, with the `sandbox:write` permission: move the service clock, read the outbox, answer a form as the patient, emit sample events, reset the clinic.',
  },
  {
    name: 'Service',
    description: 'Health check and this document; no credential needed.',
  },
];

type Json = Record<string, unknown>;

/**
 * A route's schema as the document shows it: each response with its description and content,
 * the named components referenced (openapi-components.ts). The route keeps its own schema for
 * validation and serialization; this copy is the document's only.
 */
function documentedSchema(schema: FastifySchema): FastifySchema {
  const response = (schema as { response?: Record<string, unknown> }).response;
  if (!response) return schema;
  return {
    ...schema,
    response: Object.fromEntries(
      Object.entries(response).map(([status, entry]) => [
        status,
        documentedResponse(status, entry),
      ]),
    ),
  };
}

function documentedResponse(status: string, entry: unknown): unknown {
  const given = entry as Json;
  // Already a response object (problem documents): only its schemas change.
  if (given.content && typeof given.content === 'object') {
    return {
      ...given,
      content: Object.fromEntries(
        Object.entries(given.content as Record<string, Json>).map(([type, media]) => [
          type,
          { ...media, schema: referenceComponents(media.schema) },
        ]),
      ),
    };
  }
  // No body (204).
  if (given.type === 'null') return entry;
  return {
    description:
      typeof given.description === 'string' ? given.description : (STATUS_CODES[status] ?? status),
    content: { 'application/json': { schema: referenceComponents(entry) } },
  };
}

/** The options of @fastify/swagger: documents the routes registered under `prefix`. */
export function swaggerOptions(prefix: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Healthcare Engagement Service (Engage Desk)',
        version: API_VERSION,
        description:
          'The Healthcare Engagement Service interface as embedded in Engage Desk. Errors are RFC 9457 problem documents with a stable `code`; lists use opaque cursors; every POST accepts an Idempotency-Key. A path this document does not list answers 404 `route_not_found`; a listed path asked with a method it does not list answers 405 `method_not_allowed` with an `Allow` header naming the methods it does.',
        contact: { name: 'Engage Desk support', email: 'support@engagedesk.es' },
        // package.json says UNLICENSED: no licence is granted beyond using the service.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: prefix }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (sk_…) or an access token from POST /auth/token.',
          },
        },
        // Plain JSON Schema for OpenAPI 3.1 (openapi-components.ts); the headers and shared
        // responses are added to the finished document (openapi-responses.ts).
        schemas: componentSchemas(),
      },
    } as FastifyDynamicSwaggerOptions['openapi'],
    // Paths are documented relative to the server URL, which carries the version segment.
    transform: ({ schema, url }) => ({
      schema: schema && documentedSchema(schema),
      url: url.startsWith(prefix) ? url.slice(prefix.length) || '/' : url,
    }),
    transformObject: (document) =>
      'openapiObject' in document ? declareResponses(document.openapiObject) : {},
  };
}

/**
 * The document without what sandbox mode adds: its paths, and the components and tags only they
 * use (the routes answer 404 then, so the document leaves them out).
 */
export function withoutSandbox<T extends { paths?: Record<string, unknown> }>(document: T): T {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).filter(([path]) => !path.startsWith('/sandbox/')),
  );
  return withoutUnused({ ...document, paths });
}

/**
 * Without the components nothing in the paths refers to (directly or through other components)
 * and the tags no operation uses.
 */
function withoutUnused<T extends Json>(document: T): T {
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/') && !used.has(ref)) {
      used.add(ref);
      const [kind, name] = ref.slice('#/components/'.length).split('/');
      visit(components[kind!]?.[name!]);
    }
    Object.values(node).forEach(visit);
  };
  visit(document.paths);
  const kept = Object.fromEntries(
    Object.entries(components).map(([kind, entries]) => [
      kind,
      // Security schemes are named by security requirements, not by $ref.
      kind === 'securitySchemes'
        ? entries
        : Object.fromEntries(
            Object.entries(entries).filter(([name]) => used.has(`#/components/${kind}/${name}`)),
          ),
    ]),
  );
  const operationTags = new Set(
    Object.values((document.paths ?? {}) as Record<string, Record<string, { tags?: string[] }>>)
      .flatMap((item) => Object.values(item))
      .flatMap((operation) => operation.tags ?? []),
  );
  const tags = (document.tags as { name: string }[] | undefined)?.filter((tag) =>
    operationTags.has(tag.name),
  );
  return { ...document, components: kept, ...(tags ? { tags } : {}) };
}
