import type { FastifySchema } from 'fastify';
import { Problem } from '../schemas/common';
import type { Permission } from '../schemas/auth';

/** What a route needs from the caller: a permission, any valid credential, or nothing. */
export type Access = Permission | 'any-credential' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A rate-limit policy other than the per-credential default; `none`: the internal web
     * bridge, which has its own guards and no API bucket.
     */
    rateLimitPolicy?: 'token-exchange' | 'none';
  }
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad request (invalid JSON, invalid cursor, or an action the resource state forbids).',
  401: 'Missing, invalid, revoked or expired credential.',
  402: 'The credit balance cannot cover the action; nothing was changed.',
  403: 'The credential lacks the permission this route requires.',
  404: 'The resource does not exist.',
  409: 'A request with the same Idempotency-Key is still in flight, or the resource kept changing while the request ran.',
  413: 'The body is larger than 1 MiB.',
  415: 'The body is not JSON.',
  422: 'The request is well-formed but its values are not valid.',
  429: 'Rate limit exceeded; see Retry-After.',
};

export const problemResponse = (status: number) => ({
  description: ERROR_TEXT[status] ?? 'Error',
  content: { 'application/problem+json': { schema: Problem } },
});

/**
 * Declares a route's access rule once: it lands in the route config (where the auth hook reads it)
 * and in the schema (security, x-permission and the error responses of the OpenAPI document).
 */
export function route<S extends FastifySchema & { response?: Record<number, unknown> }>(
  access: Access,
  schema: S & { summary: string; tags: string[]; description?: string },
  errors: number[] = [],
) {
  const statuses = new Set(errors);
  // Every route is rate limited (by credential, or by client address when public).
  statuses.add(429);
  if (access !== 'public') statuses.add(401);
  if (access !== 'public' && access !== 'any-credential') statuses.add(403);
  // A body can be unparseable (400 invalid_json), too large, not JSON, or invalid.
  if (schema.body) [400, 413, 415, 422].forEach((s) => statuses.add(s));
  // Query and path parameters are validated too (a control character is a 422; an id too long
  // to exist is a 404 after authentication, see api-decisions).
  if (schema.querystring || schema.params) statuses.add(422);
  const response: Record<string, unknown> = { ...schema.response };
  for (const s of [...statuses].sort()) response[s] = problemResponse(s);
  const permissionText =
    access === 'public'
      ? 'No credential needed.'
      : access === 'any-credential'
        ? 'Any valid credential (sandbox mode only).'
        : `Requires the \`${access}\` permission.`;
  return {
    config: { access },
    schema: {
      ...schema,
      description: [schema.description, permissionText].filter(Boolean).join('\n\n'),
      ...(access === 'public' ? { security: [] } : { security: [{ bearerAuth: [] }] }),
      'x-permission': access === 'public' || access === 'any-credential' ? null : access,
      response,
    } as S,
  };
}
