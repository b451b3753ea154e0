import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import { Type } from 'typebox';
import { ProblemError, validationFailed } from '../errors';
import type { Clock } from '../jobs/clock';
import type { IdempotencyQueries } from '../store/queries/idempotency-keys';
import { problemResponse } from './route-docs';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { credentialId: string; key: string };
  }
}

const KEEP_MS = 24 * 3600 * 1000;
/**
 * Statuses that ask the client to try again (a conflict with work in progress such as 409
 * `conversation_busy` or `idempotency_key_in_use`, a rate limit, a timeout): the same request
 * may get another answer in a moment, so the answer is never kept for the key.
 */
const TRY_AGAIN = new Set([408, 409, 423, 425, 429]);
/**
 * Refusals before the action began (like Stripe's "no endpoint began execution": validation,
 * authentication, the body's format): the fixed request may reuse the key.
 */
const NOT_STORED = new Set([
  'validation_failed',
  'idempotency_key_in_use',
  'idempotency_key_reused',
  'rate_limited',
  'invalid_token',
  'token_expired',
  'insufficient_permissions',
  'invalid_json',
  'payload_too_large',
  'unsupported_media_type',
]);

/**
 * Idempotency-Key on every authenticated POST (api-decisions §6), scoped per credential and kept
 * 24 h by the service clock. The first request claims the key; a retry with the same body replays
 * the stored answer (Idempotent-Replayed: true), a retry while the first runs gets 409, and a
 * retry with another body or path gets 422. Only final answers are stored (see `isFinal`).
 */
export function installIdempotency(
  app: FastifyInstance,
  deps: { clock: Clock; q: IdempotencyQueries },
) {
  const { clock, q } = deps;

  const claim: preValidationAsyncHookHandler = async (request, reply) => {
    if (!request.credential) return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
      throw validationFailed([
        {
          parameter: 'Idempotency-Key',
          code: 'maxLength',
          detail: 'Idempotency-Key must be 1 to 255 characters.',
        },
      ]);
    }
    const credentialId = request.credential.keyId;
    const path = request.url;
    const requestHash = createHash('sha256')
      .update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const nowMs = clock.now();
    const now = new Date(nowMs).toISOString();
    const claimed = await q.begin({
      credential_id: credentialId,
      key,
      method: request.method,
      path,
      request_hash: requestHash,
      state: 'in_flight',
      response_status: null,
      response_type: null,
      response_body: null,
      created_at: now,
      expires_at: new Date(nowMs + KEEP_MS).toISOString(),
    });
    if (claimed) {
      request.idempotency = { credentialId, key };
      return;
    }
    const existing = (await q.get(credentialId, key))!;
    if (existing.path !== path || existing.request_hash !== requestHash) {
      throw new ProblemError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different request; use a new key for a new request.',
      );
    }
    if (existing.state === 'in_flight') {
      throw new ProblemError(
        409,
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry shortly.',
      );
    }
    if (existing.response_location) reply.header('location', existing.response_location);
    reply
      .code(existing.response_status!)
      .header('idempotent-replayed', 'true')
      .type(existing.response_type ?? 'application/json')
      .send(existing.response_body);
    return reply;
  };

  const record: onSendAsyncHookHandler = async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = undefined;
    const status = reply.statusCode;
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : undefined;
    if (body !== undefined && isFinal(status, body)) {
      const location = reply.getHeader('location');
      await q.complete(
        held.credentialId,
        held.key,
        status,
        String(reply.getHeader('content-type') ?? ''),
        body,
        typeof location === 'string' ? location : null,
      );
    } else {
      await q.release(held.credentialId, held.key);
    }
    return payload;
  };

  // A request that ends without sending (client gone, crash in a hook) must not hold the key.
  const release: onResponseAsyncHookHandler = async (request) => {
    if (request.idempotency)
      await q.release(request.idempotency.credentialId, request.idempotency.key);
  };

  // Only authenticated POST routes take the key, so other routes pay nothing for it. The header
  // and its 409 land in the route's schema, and so in the OpenAPI document.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access ?? 'public';
    if (!methods.includes('POST') || access === 'public') return;
    route.preValidation = [...toArray(route.preValidation), claim];
    route.onSend = [...toArray(route.onSend), record];
    route.onResponse = [...toArray(route.onResponse), release];
    const schema = (route.schema ??= {}) as {
      headers?: unknown;
      response?: Record<string, unknown>;
    };
    schema.headers ??= Type.Object({
      'idempotency-key': Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 255,
          description:
            'Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice.',
        }),
      ),
    });
    schema.response = { ...schema.response, 409: problemResponse(409), 422: problemResponse(422) };
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * Whether an answer is final, the one this request will always get, and so the one to replay
 * (docs/api-decisions.md, "Errors"): a success, or a 4xx from the action itself (404, 400, 402,
 * 422 `patient_inactive` …). Never a 5xx (the write rolled back: retrying is the remedy), a
 * "try again" status (TRY_AGAIN) or a refusal made before the action began (NOT_STORED).
 */
export function isFinal(status: number, payload: string): boolean {
  if (status >= 500 || TRY_AGAIN.has(status)) return false;
  return !NOT_STORED.has(problemCode(status, payload));
}

function problemCode(status: number, payload: string): string {
  if (status < 400) return '';
  try {
    return String((JSON.parse(payload) as { code?: unknown }).code ?? '');
  } catch {
    return '';
  }
}
