import ipaddr from 'ipaddr.js';
import type { FastifyReply } from 'fastify';
import { ProblemError } from '../errors';

/**
 * Token buckets per credential (api-decisions §4): a bucket holds up to `limit` tokens and refills
 * continuously at limit/window per second, so a client can burst to the limit and then proceeds at
 * the average rate. @fastify/rate-limit counts fixed windows and cannot emit the draft-10
 * RateLimit/RateLimit-Policy fields or an epoch X-RateLimit-Reset, hence this small module.
 */
export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterSeconds: number;
}

const MAX_BUCKETS = 10_000;

export function createRateLimiter(
  policy: RateLimitPolicy,
  now: () => number = () => performance.now(),
) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = policy.limit / (policy.windowSeconds * 1000);
  const policyHeader = `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`;

  return function take(key: string): RateLimitDecision {
    const t = now();
    let bucket = buckets.get(key);
    if (!bucket) {
      if (buckets.size >= MAX_BUCKETS) pruneFull(buckets, t, perMs, policy.limit);
      bucket = { tokens: policy.limit, at: t };
      buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(policy.limit, bucket.tokens + (t - bucket.at) * perMs);
    bucket.at = t;
    // A hair of tolerance: refills added in many small steps must not fall short of a whole token.
    const allowed = bucket.tokens >= 1 - 1e-9;
    if (allowed) bucket.tokens = Math.max(0, bucket.tokens - 1);
    const remaining = Math.floor(bucket.tokens);
    const untilFullSeconds = Math.ceil((policy.limit - bucket.tokens) / perMs / 1000);
    const retryAfterSeconds = allowed
      ? 0
      : Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    return {
      allowed,
      retryAfterSeconds,
      headers: {
        'ratelimit-policy': policyHeader,
        ratelimit: `"${policy.name}";r=${remaining};t=${untilFullSeconds}`,
        'x-ratelimit-limit': String(policy.limit),
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + untilFullSeconds),
      },
    };
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Forgets buckets that have refilled completely: they carry no state worth keeping. */
function pruneFull(
  buckets: Map<string, { tokens: number; at: number }>,
  t: number,
  perMs: number,
  limit: number,
) {
  for (const [key, b] of buckets) if (b.tokens + (t - b.at) * perMs >= limit) buckets.delete(key);
}

/**
 * The caller a client address stands for, as a bucket key. Everything on loopback (127.0.0.0/8,
 * ::1, ::ffff:127.x) is one caller: any local process can pick any of those source addresses, so
 * counting them apart would hand it sixteen million buckets. An IPv4-mapped IPv6 address is its
 * IPv4 address. Other IPv4 addresses count one by one (a NAT already puts many people behind
 * one). IPv6 addresses count per /64: that is the smallest prefix a network hands one site or
 * link (RFC 4291 interface identifiers, RFC 6177), and a host picks addresses inside it at will
 * (privacy extensions rotate them daily), so a per-address bucket would cost it nothing to evade.
 * Anything that is not an IP address is kept as it is.
 */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.range() === 'loopback') return 'loopback';
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * A limiter whose `ip:<address>` keys (the ones auth.ts makes) count per address range
 * (addressRange); other keys pass unchanged.
 */
export function perAddressRange(limiter: RateLimiter): RateLimiter {
  return (key) => limiter(key.startsWith('ip:') ? `ip:${addressRange(key.slice(3))}` : key);
}

/** The bucket key of a request's client address, by range. */
export const addressKey = (ip: string): string => `ip:${addressRange(ip)}`;

/**
 * The limits per kind of caller (api-decisions, "Authentication and limits"); undefined when
 * rate limiting is off.
 */
export interface RateLimiters {
  /** Authenticated requests: per credential (an API key and its tokens), the CLI's policy. */
  credential: RateLimiter;
  /**
   * Failed authentication, public API routes (the OpenAPI document), unknown routes and unknown
   * form links: per address range, the CLI's policy.
   */
  address: RateLimiter;
  /** POST /auth/token: 30 per 60 s per address range. */
  tokenExchange: RateLimiter;
  /** A patient form page (`/f/{token}`) with a link that exists: per link. */
  formPage: RateLimiter;
  /** A patient chat page (`/c/{token}`) with a link that opens a conversation: per conversation. */
  chatPage: RateLimiter;
  /** The sandbox test receiver: per address range, the CLI's policy, apart from the rest. */
  receiver: RateLimiter;
}

/** Requests a person filling one form can never need in a minute (open, post, re-open, fix). */
export const FORM_PAGE_POLICY = { name: 'form-page', limit: 60, windowSeconds: 60 };
/** A person chatting never needs more: each post is a message and a reply, and costs a credit. */
export const CHAT_PAGE_POLICY = { name: 'chat-page', limit: 60, windowSeconds: 60 };
export const TOKEN_EXCHANGE_POLICY = { name: 'token', limit: 30, windowSeconds: 60 };

export function createRateLimiters(
  limits: { limit: number; windowSeconds: number } | 'off',
): RateLimiters | undefined {
  if (limits === 'off') return undefined;
  return {
    credential: createRateLimiter({ name: 'default', ...limits }),
    address: perAddressRange(createRateLimiter({ name: 'default', ...limits })),
    tokenExchange: perAddressRange(createRateLimiter(TOKEN_EXCHANGE_POLICY)),
    formPage: createRateLimiter(FORM_PAGE_POLICY),
    chatPage: createRateLimiter(CHAT_PAGE_POLICY),
    receiver: perAddressRange(createRateLimiter({ name: 'receiver', ...limits })),
  };
}

/**
 * Takes a token from `key`'s bucket: sets the rate-limit headers and, when the bucket is empty,
 * throws the 429 problem with Retry-After.
 */
export function enforceRateLimit(
  reply: FastifyReply,
  limiter: RateLimiter | undefined,
  key: string,
): void {
  if (!limiter) return;
  const decision = limiter(key);
  reply.headers(decision.headers);
  if (!decision.allowed) {
    reply.header('retry-after', String(decision.retryAfterSeconds));
    throw new ProblemError(
      429,
      'rate_limited',
      `Too many requests; try again in ${decision.retryAfterSeconds} s.`,
      { retryAfter: decision.retryAfterSeconds },
    );
  }
}

/** Parses the CLI's `N/SECONDS` or `off`. */
export function parseRateLimit(text: string): { limit: number; windowSeconds: number } | 'off' {
  if (text === 'off') return 'off';
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
    throw new Error(`--rate-limit takes N/SECONDS (e.g. 600/60) or off, not '${text}'`);
  }
  return { limit: Number(m[1]), windowSeconds: Number(m[2]) };
}
