import { createHash, randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_BODY_LENGTH = 43; // 62^43 > 2^256: every 32-byte secret fits

/** `sk_` + 43 base62 characters encoding 32 random bytes. */
export function generateApiKey(): string {
  let n = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let body = '';
  for (let i = 0; i < KEY_BODY_LENGTH; i++) {
    body = BASE62[Number(n % 62n)]! + body;
    n /= 62n;
  }
  return `sk_${body}`;
}

/** Keys we accept: ours, and any `sk_` key given by --api-key (base62, 20 to 100 characters). */
export const API_KEY_PATTERN = /^sk_[0-9A-Za-z]{20,100}$/;

/** Keys are stored only as SHA-256; they are random and long, so a fast hash is the right one. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What the UI shows to tell keys apart without revealing them. */
export function apiKeyHint(key: string): string {
  return `${key.slice(0, 7)}…${key.slice(-4)}`;
}
