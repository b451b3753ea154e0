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

/** Parses the CLI's `N/SECONDS` or `off`. */
export function parseRateLimit(text: string): { limit: number; windowSeconds: number } | 'off' {
  if (text === 'off') return 'off';
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
    throw new Error(`--rate-limit takes N/SECONDS (e.g. 600/60) or off, not '${text}'`);
  }
  return { limit: Number(m[1]), windowSeconds: Number(m[2]) };
}
