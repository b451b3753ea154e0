import type { IdFactory } from '../ids';
import type { Db } from '../store/db';
import type { JobQueries, JobRow } from '../store/queries/jobs';
import type { MutableClock } from './clock';

export interface JobContext {
  job: JobRow;
  payload: unknown;
  /** The job's due time (ms); the clock is pinned to it while the job runs during an advance. */
  dueAt: number;
}

/**
 * A handler does its work synchronously inside the transaction that marks the job done (so a crash
 * leaves the job either fully done or still pending), or returns a promise for work that must wait
 * on the network; such handlers must be safe to run again.
 */
export type JobHandler = (ctx: JobContext) => void | Promise<void>;

export interface ScheduleInput {
  kind: string;
  dueAt: string;
  payload?: unknown;
  dedupeKey?: string;
}

/** A long timer is re-armed at most this far ahead, so a clock change is noticed. */
const MAX_TIMER_MS = 60_000;
/** Due jobs committed per transaction (see drain). */
const BATCH_SIZE = 250;
/** Finished jobs are kept this long for inspection. */
const KEEP_FINISHED_MS = 7 * 86_400_000;

/**
 * Runs durable jobs from the job table in due order on the service clock. One drain at a time:
 * the timer, a poke after scheduling, and a sandbox clock advance all queue behind each other, so
 * jobs never run concurrently or out of order.
 */
export function createJobRunner(deps: {
  db: Db;
  clock: MutableClock;
  newId: IdFactory;
  jobs: JobQueries;
  onError?: (job: JobRow, error: unknown) => void;
}) {
  const { db, clock, newId, jobs } = deps;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** Counts jobs added, so a batch can tell that its order may have changed. */
  let scheduled = 0;
  let chain: Promise<void> = Promise.resolve();

  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const result = chain.then(task, task);
    chain = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };

  function fail(job: JobRow, error: unknown): void {
    jobs.finish(
      job.id,
      'failed',
      error instanceof Error ? error.message : String(error),
      clock.nowIso(),
    );
    deps.onError?.(job, error);
  }

  /**
   * Starts one job inside the caller's transaction. A synchronous handler runs in a savepoint
   * with the update that marks the job done, so its work and that mark commit together and a
   * failing job undoes only its own changes. An asynchronous one is marked running; its promise
   * is returned for the caller to await once the transaction has committed.
   */
  function start(job: JobRow): Promise<void> | undefined {
    const handler = handlers.get(job.kind);
    const ctx: JobContext = {
      job,
      payload: JSON.parse(job.payload),
      dueAt: Date.parse(job.due_at),
    };
    try {
      if (!handler) throw new Error(`No handler for job kind '${job.kind}'`);
      // better-sqlite3 refuses a transaction function that returns a promise, so it is kept aside.
      let work: Promise<void> | undefined;
      db.transaction(() => {
        const result = handler(ctx);
        if (result instanceof Promise) {
          work = result;
          jobs.markRunning(job.id);
        } else jobs.finish(job.id, 'done', null, clock.nowIso());
      })();
      return work;
    } catch (error) {
      fail(job, error);
      return undefined;
    }
  }

  async function finishAsync(job: JobRow, work: Promise<void>): Promise<void> {
    try {
      await work;
      jobs.finish(job.id, 'done', null, clock.nowIso());
    } catch (error) {
      fail(job, error);
    }
  }

  /**
   * Runs every job due at or before `upToMs`, each with the clock pinned to its due time. Due
   * jobs are taken in batches and a batch of synchronous jobs commits as one transaction: ten
   * thousand deliveries due at the same moment cost a few dozen disk syncs, not ten thousand. An
   * asynchronous job ends its batch, so its network wait never holds the write lock.
   */
  async function drain(upToMs: number, pinToDue: boolean): Promise<number> {
    let count = 0;
    const upTo = new Date(upToMs).toISOString();
    for (;;) {
      if (!running && !pinToDue) break;
      const due = jobs.dueBatch(upTo, BATCH_SIZE);
      if (!due.length) break;
      let waiting: { job: JobRow; work: Promise<void> } | undefined;
      db.transaction(() => {
        for (const job of due) {
          if (pinToDue) clock.pin(Date.parse(job.due_at));
          count++;
          const planned = scheduled;
          const work = start(job);
          if (work) {
            waiting = { job, work };
            return;
          }
          // A job that planned another may have planned it before the rest of this batch.
          if (scheduled !== planned) return;
        }
      })();
      if (waiting) await finishAsync(waiting.job, waiting.work);
    }
    return count;
  }

  function arm(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!running) return;
    const next = jobs.earliestDue();
    if (!next) return;
    const delay = Math.min(Math.max(Date.parse(next) - clock.now(), 0), MAX_TIMER_MS);
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  }

  const tick = () =>
    serial(async () => {
      await drain(clock.now(), false);
    }).finally(arm);

  return {
    register(kind: string, handler: JobHandler): void {
      handlers.set(kind, handler);
    },

    /** Adds a job (inside the caller's transaction, if any); a duplicate dedupe key is ignored. */
    schedule(input: ScheduleInput): boolean {
      const inserted = jobs.insert(
        newId('job'),
        input.kind,
        JSON.stringify(input.payload ?? {}),
        new Date(Date.parse(input.dueAt)).toISOString(),
        input.dedupeKey ?? null,
        clock.nowIso(),
      );
      if (inserted) scheduled++;
      if (inserted && running) queueMicrotask(arm);
      return inserted;
    },

    /**
     * Sets the due time of the job with this dedupe key, adding it if there is none: a deadline
     * that moves (a conversation's inactivity close) keeps one row instead of one per move. A job
     * that already ran is not revived.
     */
    reschedule(input: ScheduleInput & { dedupeKey: string }): void {
      const changed = jobs.reschedule(
        newId('job'),
        input.kind,
        JSON.stringify(input.payload ?? {}),
        new Date(Date.parse(input.dueAt)).toISOString(),
        input.dedupeKey,
        clock.nowIso(),
      );
      if (changed) scheduled++;
      if (changed && running) queueMicrotask(arm);
    },

    /** Recovers jobs a crash left running, runs what is overdue, then follows the clock. */
    async start(): Promise<void> {
      running = true;
      jobs.recoverRunning();
      jobs.purgeFinishedBefore(new Date(clock.now() - KEEP_FINISHED_MS).toISOString());
      await tick();
    },

    /** Moves the clock forward by `seconds`, running every job due on the way at its own due time. */
    advance(seconds: number): Promise<number> {
      return serial(async () => {
        const target = clock.now() + seconds * 1000;
        try {
          return await drain(target, true);
        } finally {
          clock.unpin();
          clock.setNow(target);
        }
      }).finally(arm);
    },

    /** Waits for the current drain, then stops following the clock. */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await serial(async () => undefined);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
