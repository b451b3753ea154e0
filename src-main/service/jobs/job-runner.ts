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
  let chain: Promise<void> = Promise.resolve();

  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const result = chain.then(task, task);
    chain = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };

  async function execute(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    const ctx: JobContext = {
      job,
      payload: JSON.parse(job.payload),
      dueAt: Date.parse(job.due_at),
    };
    try {
      if (!handler) throw new Error(`No handler for job kind '${job.kind}'`);
      let pendingWork: Promise<void> | undefined;
      db.transaction(() => {
        const result = handler(ctx);
        if (result instanceof Promise) {
          pendingWork = result;
          jobs.markRunning(job.id);
        } else jobs.finish(job.id, 'done', null, clock.nowIso());
      })();
      if (pendingWork) {
        await pendingWork;
        jobs.finish(job.id, 'done', null, clock.nowIso());
      }
    } catch (error) {
      jobs.finish(
        job.id,
        'failed',
        error instanceof Error ? error.message : String(error),
        clock.nowIso(),
      );
      deps.onError?.(job, error);
    }
  }

  /** Runs every job due at or before `upToMs`, each with the clock pinned to its due time. */
  async function drain(upToMs: number, pinToDue: boolean): Promise<number> {
    let count = 0;
    const upTo = new Date(upToMs).toISOString();
    for (let job = jobs.nextDue(upTo); job; job = jobs.nextDue(upTo)) {
      if (!running && !pinToDue) break;
      if (pinToDue) clock.pin(Date.parse(job.due_at));
      await execute(job);
      count++;
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
      if (inserted && running) queueMicrotask(arm);
      return inserted;
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
