import { Type, type Static } from 'typebox';

/**
 * The eight permissions of the interface spec, and `sandbox:write` for the sandbox routes (they
 * can read the outbox, move the clock and replace the clinic, so no other permission implies
 * them; api-decisions "Sandbox"), and `audit:read` for the audit trail (the admin's: who read
 * which patient is itself sensitive, so no other permission implies it; docs/data-safety.md).
 */
export const PERMISSIONS = [
  'patients:read',
  'patients:write',
  'forms:read',
  'schedules:write',
  'conversations:write',
  'calls:write',
  'credits:read',
  'webhooks:write',
  'sandbox:write',
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const TokenRequest = Type.Object(
  { apiKey: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type TokenRequest = Static<typeof TokenRequest>;

export const TokenResponse = Type.Object(
  {
    accessToken: Type.String({ description: 'A JWT (HS256, typ at+jwt).' }),
    expiresIn: Type.Integer({ description: 'Lifetime in seconds: 3600.' }),
    tokenType: Type.Literal('Bearer'),
  },
  { additionalProperties: false },
);
