import { STATUS_CODES } from 'node:http';
import { isFinal } from './idempotency';

/**
 * The responses of the OpenAPI document: the problem responses operations share, and the
 * headers each response carries (`declareResponses`).
 *
 * Each header is defined once under `components.headers` and referenced from the responses
 * that send it. Which responses those are follows from where
 * the code sets each header, as facts the document already states about an operation:
 *
 * - `X-Request-Id`: every response (auth.ts sets it first thing, for every request).
 * - `RateLimit-Policy`, `RateLimit`, `X-RateLimit-*`: every response of an operation that can
 *   answer 429, i.e. every one but `GET /health` (rate-limit.ts, taken before anything else);
 *   absent only when the server runs with `--rate-limit off`, so not required.
 * - `Retry-After`: the 429.
 * - `WWW-Authenticate`: every 401 and 403 (problems.ts: `invalid_token` on a 401,
 *   `insufficient_scope` with the permission on a 403).
 * - `Idempotent-Replayed`: the answers an `Idempotency-Key` can replay (idempotency.ts, the
 *   operations that take the key): successes and the action's own 4xx, never a refusal made
 *   before the action began (401, 403, 413, 415) nor a "try again" (409, 429).
 * - `Location`: the 201 of the operations that create a resource that has its own URL
 *   (`replyWithWrite(…, {location})` in their routes; a replay sends it too).
 *
 * test/service/openapi-headers.test.ts sends real requests and compares.
 */

const RATE_LIMIT_OFF = ' Absent when the server runs with `--rate-limit off`.';

/** An OpenAPI Header Object as written here: always described, with a valid example. */
interface HeaderDefinition {
  description: string;
  required?: boolean;
  schema: Record<string, unknown>;
  example: string | number;
}

const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description:
      'Identifies this request in the service log; a problem document repeats it as `requestId`.',
    required: true,
    schema: { type: 'string', pattern: '^req_[0-9A-HJKMNP-TV-Z]{26}$' },
    example: 'req_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
  },
  'RateLimit-Policy': {
    description: `The bucket this request drew from: name, quota \`q\` and window \`w\` in seconds (IETF draft-ietf-httpapi-ratelimit-headers-10).${RATE_LIMIT_OFF}`,
    schema: { type: 'string' },
    example: '"default";q=600;w=60',
  },
  RateLimit: {
    description: `What is left in the bucket: \`r\` requests, full again in \`t\` seconds (IETF draft-10 syntax).${RATE_LIMIT_OFF}`,
    schema: { type: 'string' },
    example: '"default";r=599;t=1',
  },
  'X-RateLimit-Limit': {
    description: `Requests the bucket holds (its quota per window).${RATE_LIMIT_OFF}`,
    schema: { type: 'integer', minimum: 1 },
    example: 600,
  },
  'X-RateLimit-Remaining': {
    description: `Requests left in the bucket after this one.${RATE_LIMIT_OFF}`,
    schema: { type: 'integer', minimum: 0 },
    example: 599,
  },
  'X-RateLimit-Reset': {
    description: `When the bucket is full again, in seconds since the Unix epoch.${RATE_LIMIT_OFF}`,
    schema: { type: 'integer', minimum: 0 },
    example: 1795000000,
  },
  'Retry-After': {
    description: 'Seconds to wait before the bucket holds a request again.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
    example: 6,
  },
  'WWW-Authenticate': {
    description:
      'The Bearer challenge (RFC 6750): `error="invalid_token"` with a description on a 401, `error="insufficient_scope"` with the `scope` the route needs on a 403.',
    required: true,
    schema: { type: 'string' },
    example: 'Bearer realm="engage-desk", error="insufficient_scope", scope="patients:write"',
  },
  'Idempotent-Replayed': {
    description:
      'Present on an answer replayed for a repeated `Idempotency-Key` (same key and body within 24 hours): the action did not run again.',
    schema: { type: 'string', enum: ['true'] },
    example: 'true',
  },
  Location: {
    description: 'The URL of the resource this request created.',
    required: true,
    schema: { type: 'string', format: 'uri-reference' },
    example: '/api/v1/patients/pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
  },
} satisfies Record<string, HeaderDefinition>;

type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

/** Operations whose 201 names the created resource in `Location`, by operationId. */
const LOCATION_OPERATIONS = new Set([
  'createPatient',
  'createPatientNote',
  'createFormSchedule',
  'createFormScheduleSeries',
  'retryFormSchedule',
  'createConversation',
  'createVoiceCall',
  'createWebhook',
  'submitSandboxFormSchedule',
]);

const RATE_LIMIT_HEADERS: ResponseHeaderName[] = [
  'RateLimit-Policy',
  'RateLimit',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** Refused before the action began whatever the code (credential, permission, body format). */
const REFUSED_BEFORE_ACTION = new Set([401, 403, 413, 415]);

interface OperationFacts {
  operationId?: string;
  /** The operation can answer 429: it draws from a rate-limit bucket. */
  rateLimited: boolean;
  /** The operation takes an `Idempotency-Key`. */
  idempotent: boolean;
}

/** The headers a response of `operation` with `status` carries, in a stable order. */
function headersFor(operation: OperationFacts, status: number): ResponseHeaderName[] {
  const names: ResponseHeaderName[] = ['X-Request-Id'];
  if (operation.rateLimited) names.push(...RATE_LIMIT_HEADERS);
  if (status === 429) names.push('Retry-After');
  if (status === 401 || status === 403) names.push('WWW-Authenticate');
  // isFinal with a code that is no early refusal: the statuses an answer can be stored with.
  const replayable = isFinal(status, '{"code":"action"}') && !REFUSED_BEFORE_ACTION.has(status);
  if (operation.idempotent && replayable) names.push('Idempotent-Replayed');
  if (status === 201 && LOCATION_OPERATIONS.has(operation.operationId ?? ''))
    names.push('Location');
  return names;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** `Not Found` -> `NotFound`: the name of a shared problem response. */
const reasonName = (status: number) =>
  (STATUS_CODES[status] ?? `Status${status}`).replace(/[^A-Za-z]/g, '');

/**
 * Finishes the document's responses, for the plugin's `transformObject`:
 * - every response lists the headers it carries (`headersFor`), as references to
 *   `components.headers`;
 * - problem responses (4xx) are the same for every operation that can answer them, so each is
 *   written once under `components.responses` (`NotFound`; `NotFoundReplayable` where an
 *   `Idempotency-Key` can replay it) and referenced: generated clients get one type per kind
 *   of failure instead of one per operation and status.
 */
export function declareResponses<T extends object>(document: T): T {
  const doc: Json = document;
  const shared: Record<string, Json> = {};
  for (const item of Object.values<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const facts: OperationFacts = {
        operationId: operation.operationId,
        rateLimited: '429' in (operation.responses ?? {}),
        idempotent: (operation.parameters ?? []).some(
          (p: Json) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key',
        ),
      };
      for (const [key, response] of Object.entries<Json>(operation.responses ?? {})) {
        const status = Number(key);
        const names = headersFor(facts, status);
        const declared = {
          ...response,
          headers: Object.fromEntries(
            names.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
          ),
        };
        if (status < 400) {
          operation.responses[key] = declared;
          continue;
        }
        const name = `${reasonName(status)}${names.includes('Idempotent-Replayed') ? 'Replayable' : ''}`;
        // One name, one response: an operation whose problem response differs must not be
        // described by another's.
        if (shared[name] && JSON.stringify(shared[name]) !== JSON.stringify(declared)) {
          throw new Error(
            `${method.toUpperCase()} ${operation.operationId}: its ${key} differs from the shared ${name}.`,
          );
        }
        shared[name] = declared;
        operation.responses[key] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  doc.components = { ...doc.components, responses: shared, headers: RESPONSE_HEADERS };
  return document;
}
