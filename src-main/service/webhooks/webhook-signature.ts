import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The three headers of the interface spec besides Content-Type (lower case, as sent). */
export const SIGNATURE_HEADER = 'x-service-signature';
export const EVENT_HEADER = 'x-service-event';
export const DELIVERY_HEADER = 'x-service-delivery';

const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes (api-decisions §8). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * `sha256=` + the lowercase hex HMAC-SHA256 of the raw body, keyed with the UTF-8 bytes of the
 * whole secret string (prefix included), as the interface spec and api-decisions §8 say.
 */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifySignature(
  secret: string,
  body: string | Buffer,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
