import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessTokens, Credential } from '../domain/access-tokens';
import { invalidToken } from '../domain/access-tokens';
import { insufficientPermissions } from '../domain/api-keys';
import { enforceRateLimit, type RateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    credential?: Credential;
  }
}

export interface AuthOptions {
  tokens: AccessTokens;
  /** Per-credential bucket; undefined when rate limiting is off. */
  limiter?: RateLimiter | undefined;
  /** Per-client-address bucket (default policy) for public routes and failed authentication. */
  addressLimiter?: RateLimiter | undefined;
  /** Per-client-address bucket for POST /auth/token (30 per 60 s). */
  tokenLimiter?: RateLimiter | undefined;
}

/**
 * Authentication, rate limiting and permission checks, in that order, before the body is even
 * read: a request without a valid credential costs the service as little as possible. The rule
 * for each route comes from its config (see route-docs.ts), so it cannot drift from the OpenAPI
 * document.
 */
export function installAuth(app: FastifyInstance, options: AuthOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.is404) {
      // No route: an unknown path (404) or a known one asked with another method (405, see
      // problems.ts) is answered whatever the credential, but still costs the caller's bucket.
      let credential: Credential | undefined;
      try {
        credential = await options.tokens.authenticate(bearer(request));
      } catch {
        credential = undefined;
      }
      if (credential) enforceRateLimit(reply, options.limiter, `key:${credential.keyId}`);
      else enforceRateLimit(reply, options.addressLimiter, `ip:${request.ip}`);
      return;
    }
    const access = request.routeOptions.config.access ?? 'public';
    if (access === 'public') {
      if (request.routeOptions.config.rateLimitPolicy === 'none') return;
      const tokenExchange = request.routeOptions.config.rateLimitPolicy === 'token-exchange';
      enforceRateLimit(
        reply,
        tokenExchange ? options.tokenLimiter : options.addressLimiter,
        `ip:${request.ip}`,
      );
      return;
    }
    let credential: Credential;
    try {
      credential = await options.tokens.authenticate(bearer(request));
    } catch (error) {
      // Failed attempts draw from the caller's address bucket, which slows down key guessing.
      enforceRateLimit(reply, options.addressLimiter, `ip:${request.ip}`);
      throw error;
    }
    request.credential = credential;
    enforceRateLimit(reply, options.limiter, `key:${credential.keyId}`);
    if (access !== 'any-credential' && !credential.permissions.includes(access)) {
      throw insufficientPermissions(access);
    }
  });
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header)
    throw invalidToken('Send a credential: Authorization: Bearer <API key or access token>.');
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  if (!match)
    throw invalidToken('The Authorization header must be: Bearer <API key or access token>.');
  return match[1]!;
}
