import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ProblemError } from '../errors';
import type { Clock } from '../jobs/clock';
import type { Permission } from '../schemas/auth';
import type { ApiKeyInfo, ApiKeys } from './api-keys';

export const TOKEN_LIFETIME_SECONDS = 3600;
const ISSUER = 'engage-desk';
const AUDIENCE = 'engage-desk-api';

export interface Credential {
  keyId: string;
  keyName: string;
  kind: 'api_key' | 'jwt';
  permissions: Permission[];
}

export const invalidToken = (detail: string) => new ProblemError(401, 'invalid_token', detail);

/**
 * Access tokens: HS256 JWTs (typ at+jwt) signed with a per-install secret. Expiry is checked
 * against the service clock, so advancing the sandbox clock expires tokens; the key behind `sub` is
 * re-loaded on every use, so revoking a key stops its tokens at once.
 */
export function createAccessTokens(deps: { secret: Uint8Array; clock: Clock; apiKeys: ApiKeys }) {
  const { secret, clock, apiKeys } = deps;

  function fromKey(key: ApiKeyInfo, kind: Credential['kind'], scope?: string[]): Credential {
    const permissions = scope ? key.permissions.filter((p) => scope.includes(p)) : key.permissions;
    return { keyId: key.id, keyName: key.name, kind, permissions };
  }

  return {
    async issue(apiKey: string) {
      const key = await apiKeys.authenticate(apiKey);
      if (!key) {
        throw new ProblemError(
          401,
          'invalid_api_key',
          'The API key is unknown or has been revoked.',
        );
      }
      const iat = Math.floor(clock.now() / 1000);
      const accessToken = await new SignJWT({ scope: key.permissions.join(' ') })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(key.id)
        .setIssuedAt(iat)
        .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
        .setJti(randomUUID())
        .sign(secret);
      return { accessToken, expiresIn: TOKEN_LIFETIME_SECONDS, tokenType: 'Bearer' as const };
    },

    async verify(token: string): Promise<Credential> {
      // Base64url has spare bits in a segment's last character, so one token has several
      // spellings that decode alike; only the one we issued is accepted, so a token string is
      // one credential (no look-alikes that pass where the issued one was revoked or logged).
      if (!isCanonical(token)) throw invalidToken('The access token is not valid.');
      let payload;
      try {
        ({ payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: 'at+jwt',
          currentDate: new Date(clock.now()),
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw new ProblemError(
            401,
            'token_expired',
            'The access token has expired; exchange the API key for a new one at POST /auth/token.',
          );
        }
        throw invalidToken('The access token is not valid.');
      }
      const key = await apiKeys.activeById(payload.sub!);
      if (!key) throw invalidToken('The API key this token was issued for has been revoked.');
      const scope = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      return fromKey(key, 'jwt', scope);
    },

    /** A Bearer value: an API key (sk_…) or a JWT. */
    async authenticate(bearer: string): Promise<Credential> {
      if (bearer.startsWith('sk_')) {
        const key = await apiKeys.authenticate(bearer);
        if (!key) throw invalidToken('The API key is unknown or has been revoked.');
        return fromKey(key, 'api_key');
      }
      return this.verify(bearer);
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

function isCanonical(token: string): boolean {
  const parts = token.split('.');
  return (
    parts.length === 3 &&
    parts.every((part) => Buffer.from(part, 'base64url').toString('base64url') === part)
  );
}
