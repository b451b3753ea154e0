/**
 * The service clock: real time plus a sandbox offset. Domain code never calls Date.now(); it asks
 * the clock, so that advancing the sandbox clock moves token expiry, due jobs and every timestamp
 * the service writes. While the job runner catches up after an advance, the clock is pinned to each
 * job's due time so the job sees the world as it was when it was due.
 */
export interface Clock {
  /** Milliseconds since the epoch, service time. */
  now(): number;
  nowIso(): string;
  readonly offsetSeconds: number;
  readonly offsetMs: number;
}

export interface MutableClock extends Clock {
  /** Moves the offset so that now() continues from `targetMs`; never moves backwards. */
  setNow(targetMs: number): void;
  /** Holds now() at `ms` (or the current time, if later) until unpin(). */
  pin(ms: number): void;
  unpin(): void;
}

export function createClock(
  options: { offsetMs?: number; realNow?: () => number } = {},
): MutableClock {
  const realNow = options.realNow ?? Date.now;
  let offsetMs = options.offsetMs ?? 0;
  let pinned: number | undefined;
  const now = (): number => pinned ?? realNow() + offsetMs;
  return {
    now,
    nowIso: () => new Date(now()).toISOString(),
    get offsetSeconds() {
      return Math.round(offsetMs / 1000);
    },
    get offsetMs() {
      return offsetMs;
    },
    setNow(targetMs: number) {
      const current = realNow() + offsetMs;
      if (targetMs > current) offsetMs += targetMs - current;
    },
    pin(ms: number) {
      // Service time never goes backwards: an overdue job runs at the current time.
      pinned = Math.max(ms, now());
    },
    unpin() {
      pinned = undefined;
    },
  };
}
