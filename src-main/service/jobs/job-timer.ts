import type { Sql } from '../store/sql-port';
import type { JobQueries } from '../store/queries/jobs';
import type { Clock } from './clock';

/** A long timer is re-armed at most this far ahead, so a clock change is noticed. */
const MAX_TIMER_MS = 60_000;

/**
 * The job runner's one timer, armed for the earliest due job in the store. `mayStart` says
 * whether a drain could start anything now (the runner is running and under its cap); `onDue`
 * starts one.
 */
export function createJobTimer(deps: {
  db: Sql;
  clock: Clock;
  jobs: JobQueries;
  mayStart: () => boolean;
  onDue: () => void;
}) {
  const { db, clock, jobs } = deps;
  let timer: NodeJS.Timeout | undefined;

  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  /** Arms the timer for the earliest due job; the latest of several calls wins. */
  let arming = 0;
  async function arm(): Promise<void> {
    const turn = ++arming;
    clear();
    // At the cap there is nothing to start; the next job to end arms the timer again.
    if (!deps.mayStart()) return;
    const next = await jobs.earliestDue();
    if (!next || turn !== arming || !deps.mayStart()) return;
    const delay = Math.min(Math.max(Date.parse(next) - clock.now(), 0), MAX_TIMER_MS);
    // Outside any transaction the caller runs in: the drain it starts has its own.
    timer = db.detached(() => setTimeout(deps.onDue, delay));
    timer.unref();
  }

  /**
   * Arms the timer without waiting for it. A failed read of the next due time (the store closing
   * under it) leaves the timer unarmed; the next write, tick or start arms it again.
   */
  const rearm = () => void arm().catch(() => undefined);

  /**
   * Rearms once for every write a commit carried: a batch that scheduled 250 jobs runs 250 of
   * these after its commit, and one read of the earliest due time serves them all.
   */
  let rearmQueued = false;
  const rearmAfterWrites = () => {
    if (rearmQueued) return;
    rearmQueued = true;
    queueMicrotask(() => {
      rearmQueued = false;
      rearm();
    });
  };

  return { rearm, rearmAfterWrites, clear };
}
