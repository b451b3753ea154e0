import type { IdFactory } from '../ids';
import type { Db } from '../store/db';
import type { JobQueries, JobRow, JobWrite } from '../store/queries/jobs';
import type { MutableClock } from './clock';

export interface JobContext {
  job: JobRow;
  payload: unknown;
  /** The job's due time (ms); the clock is pinned to it while the job runs during an advance. */
  dueAt: number;
  /** Aborted when the runner stops: network work gives up and the job runs again after restart. */
  signal: AbortSignal;
  /**
   * For asynchronous handlers: call inside the transaction that records the work's outcome, so
   * the job's end (or, with `nextDueAt`, its return to the queue at that time) commits with it.
   * The runner then leaves the row as the handler set it.
   */
  settle(nextDueAt?: string): void;
}

/**
 * A handler does its work synchronously inside the transaction that marks the job done (so a crash
 * leaves the job either fully done or still pending), or returns a promise for work that must wait
 * on the network; such handlers must be safe to run again.
 */
export type JobHandler = (ctx: JobContext) => void | Promise<void>;

export interface JobKindOptions {
  /**
   * Asynchronous jobs of this kind run side by side while the runner follows real time (each
   * webhook's flush job waits on its own receiver); during a sandbox clock advance they still run
   * one at a time, each at its own due time.
   */
  concurrent?: boolean;
}

export interface ScheduleInput {
  kind: string;
  dueAt: string;
  payload?: unknown;
  dedupeKey?: string;
}

/** A long timer is re-armed at most this far ahead, so a clock change is noticed. */
const MAX_TIMER_MS = 60_000;
/** Due jobs committed per transaction at most (see drain). */
const BATCH_SIZE = 250;
/**
 * A batch also ends once its jobs have taken this long; it commits and the drain yields to the
 * event loop before the next one, so requests are answered while a large backlog runs (a batch
 * of 250 deliveries is about 35 ms of work; a mix with calls and conversation closes was more).
 */
export const SLICE_MS = 15;
/** Finished jobs are kept this long for inspection. */
const KEEP_FINISHED_MS = 7 * 86_400_000;
/** Concurrent jobs in flight at once; beyond it, due jobs wait for one to end. */
const MAX_CONCURRENT_JOBS = 64;

/** An asynchronous job under way: its work, and whether its handler settled the row itself. */
interface Started {
  work: Promise<void>;
  settled: () => boolean;
}

/** Thrown into a job's work when the runner stops under it. */
class Interrupted extends Error {}

/** Lets I/O callbacks (incoming requests) run before the drain goes on. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs durable jobs from the job table in due order on the service clock. One drain at a time:
 * the timer, a poke after scheduling, and a sandbox clock advance all queue behind each other, so
 * jobs never run out of order; only concurrent kinds (webhook flushes) overlap, each with its own
 * key. A drain works in slices that commit and yield to the event loop between them.
 */
export function createJobRunner(deps: {
  db: Db;
  clock: MutableClock;
  newId: IdFactory;
  jobs: JobQueries;
  onError?: (job: JobRow, error: unknown) => void;
  /**
   * Told after a job's work has committed (the change feed turns it into pushed events). Never
   * called inside the job's transaction, so a listener sees the committed state.
   */
  onJobDone?: (job: JobRow) => void;
}) {
  const { db, clock, newId, jobs } = deps;
  const handlers = new Map<string, JobHandler>();
  const concurrentKinds = new Set<string>();
  /** Concurrent jobs started by real-time drains and not yet ended. */
  const inFlight = new Set<Promise<void>>();
  let stopping = new AbortController();
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
  function start(job: JobRow): Started | 'done' | 'failed' {
    const handler = handlers.get(job.kind);
    let settled = false;
    const ctx: JobContext = {
      job,
      payload: JSON.parse(job.payload),
      dueAt: Date.parse(job.due_at),
      signal: stopping.signal,
      settle(nextDueAt?: string) {
        if (nextDueAt) {
          jobs.rearm(job.id, new Date(Date.parse(nextDueAt)).toISOString());
          scheduled++;
        } else jobs.finish(job.id, 'done', null, clock.nowIso());
        settled = true;
      },
    };
    try {
      if (!handler) throw new Error(`No handler for job kind '${job.kind}'`);
      // better-sqlite3 refuses a transaction function that returns a promise, so it is kept aside.
      let work: Promise<void> | undefined;
      db.transaction(() => {
        const result = handler(ctx);
        if (result instanceof Promise) {
          work = result;
          // A handler that settled before its first await has already set the row.
          if (!settled) jobs.markRunning(job.id);
        } else if (!settled) jobs.finish(job.id, 'done', null, clock.nowIso());
      })();
      return work ? { work, settled: () => settled } : 'done';
    } catch (error) {
      fail(job, error);
      return 'failed';
    }
  }

  async function finishAsync(job: JobRow, started: Started): Promise<void> {
    const signal = stopping.signal;
    try {
      await started.work;
      if (!started.settled()) jobs.finish(job.id, 'done', null, clock.nowIso());
      told(job);
    } catch (error) {
      // Stopped under it: not a failure; the job runs again after the restart.
      if (signal.aborted || error instanceof Interrupted) jobs.requeue(job.id);
      // Settled before it threw: the row stays as the handler set it; the error is still told.
      else if (started.settled()) deps.onError?.(job, error);
      else fail(job, error);
    }
  }

  function told(job: JobRow): void {
    try {
      deps.onJobDone?.(job);
    } catch (error) {
      deps.onError?.(job, error);
    }
  }

  /** Starts a concurrent job without waiting for it; the drain goes on with the next one. */
  function launch(job: JobRow, started: Started): void {
    const done = finishAsync(job, started).finally(() => {
      inFlight.delete(done);
      if (running) arm();
    });
    inFlight.add(done);
  }

  async function settleInFlight(): Promise<void> {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  }

  /**
   * Runs every job due at or before `upToMs`, each with the clock pinned to its due time. Due
   * jobs are taken in batches and a batch of synchronous jobs commits as one transaction: ten
   * thousand deliveries due at the same moment cost a few dozen disk syncs, not ten thousand. A
   * batch ends after BATCH_SIZE jobs or SLICE_MS of work, commits, and the drain yields to the
   * event loop before the next, so a large advance never keeps the server from answering (each
   * slice is whole: a crash leaves its jobs done with their work, or pending). An asynchronous
   * job ends its batch, so its network wait never holds the write lock; a concurrent one is
   * started and left running while the drain goes on (real time), or, during an advance, started
   * together with the concurrent jobs due at the very same moment right after it (each webhook's
   * flush job: one lane per webhook), and the drain goes on once they have all ended.
   */
  async function drain(upToMs: number, pinToDue: boolean): Promise<number> {
    let count = 0;
    const upTo = new Date(upToMs).toISOString();
    const stopSignal = stopping.signal;
    const stoppedBefore = stopSignal.aborted;
    for (;;) {
      if (!running && !pinToDue) break;
      // Stopped during an advance (the app quitting): what ran is committed, the saved clock is
      // already the target, and the rest runs as overdue at the next start, as after a crash.
      if (pinToDue && !stoppedBefore && stopSignal.aborted) break;
      if (inFlight.size >= MAX_CONCURRENT_JOBS) break;
      const due = jobs.dueBatch(upTo, BATCH_SIZE);
      if (!due.length) break;
      /** Asynchronous jobs this batch started, awaited once it has committed. */
      const waiting: { job: JobRow; started: Started }[] = [];
      const done: JobRow[] = [];
      const sliceStart = performance.now();
      db.transaction(() => {
        for (const job of due) {
          // Started asynchronous work ends the batch, unless this job joins it: concurrent, due
          // at the same moment (so the pinned clock is right for both), under the cap.
          const group = waiting[0];
          if (
            group &&
            !(
              concurrentKinds.has(group.job.kind) &&
              concurrentKinds.has(job.kind) &&
              job.due_at === group.job.due_at &&
              waiting.length < MAX_CONCURRENT_JOBS
            )
          )
            return;
          if (pinToDue) clock.pin(Date.parse(job.due_at));
          count++;
          const planned = scheduled;
          const started = start(job);
          if (started === 'done') done.push(job);
          else if (started !== 'failed' && !pinToDue && concurrentKinds.has(job.kind)) {
            launch(job, started);
            if (inFlight.size >= MAX_CONCURRENT_JOBS) return;
            continue;
          } else if (started !== 'failed') {
            waiting.push({ job, started });
            if (!pinToDue || !concurrentKinds.has(job.kind)) return;
          }
          // A job that planned another may have planned it before the rest of this batch.
          if (scheduled !== planned) return;
          if (performance.now() - sliceStart >= SLICE_MS) return;
        }
      })();
      // The batch has committed: only now are its jobs' changes visible to listeners.
      for (const job of done) told(job);
      if (waiting.length) {
        await Promise.all(waiting.map(({ job, started }) => finishAsync(job, started)));
      } else await yieldToEventLoop();
    }
    return count;
  }

  function arm(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // At the cap there is nothing to start; the next job to end arms the timer again.
    if (!running || inFlight.size >= MAX_CONCURRENT_JOBS) return;
    const next = jobs.earliestDue();
    if (!next) return;
    const delay = Math.min(Math.max(Date.parse(next) - clock.now(), 0), MAX_TIMER_MS);
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  }

  /** One of the job table's three writes (insert, reschedule, wake); arms the timer if it changed. */
  function write(query: JobWrite, input: ScheduleInput): boolean {
    const changed = query(
      newId('job'),
      input.kind,
      JSON.stringify(input.payload ?? {}),
      new Date(Date.parse(input.dueAt)).toISOString(),
      // insert takes null for "no dedupe key"; the other two always have one.
      input.dedupeKey ?? (null as unknown as string),
      clock.nowIso(),
    );
    if (changed) scheduled++;
    if (changed && running) queueMicrotask(arm);
    return changed;
  }

  const tick = () =>
    serial(async () => {
      await drain(clock.now(), false);
    }).finally(arm);

  return {
    register(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
      handlers.set(kind, handler);
      if (options.concurrent) concurrentKinds.add(kind);
    },

    /** Adds a job (inside the caller's transaction, if any); a duplicate dedupe key is ignored. */
    schedule: (input: ScheduleInput): boolean => write(jobs.insert, input),

    /**
     * Sets the due time of the job with this dedupe key, adding it if there is none: a deadline
     * that moves (a conversation's inactivity close) keeps one row instead of one per move. A job
     * that already ran is not revived.
     */
    reschedule: (input: ScheduleInput & { dedupeKey: string }): boolean =>
      write(jobs.reschedule, input),

    /**
     * Makes sure the job with this dedupe key runs by `dueAt`: adds it, brings it forward or
     * revives it once finished. A job that is running is expected to look for new work before it
     * settles (inside the same transaction as its settle, so nothing falls between).
     */
    wake: (input: ScheduleInput & { dedupeKey: string }): boolean => write(jobs.wake, input),

    /** Recovers jobs a crash left running, runs what is overdue, then follows the clock. */
    async start(): Promise<void> {
      running = true;
      if (stopping.signal.aborted) stopping = new AbortController();
      jobs.recoverRunning();
      jobs.purgeFinishedBefore(new Date(clock.now() - KEEP_FINISHED_MS).toISOString());
      await tick();
    },

    /**
     * Moves the clock forward by `seconds`, running every job due on the way at its own due time.
     * The server keeps answering meanwhile (the drain yields between slices), so another advance
     * may be asked for: it queues behind this one. `hooks` run inside the queue, before the jobs
     * (given the target offset) and after the clock has moved, so that what they save follows
     * the advances in order.
     */
    advance(
      seconds: number,
      hooks: { before?: (targetOffsetMs: number) => void; after?: () => void } = {},
    ): Promise<number> {
      return serial(async () => {
        // Work started in real time ends first, so what it plans lands on the advanced timeline.
        await settleInFlight();
        hooks.before?.(clock.offsetMs + seconds * 1000);
        const target = clock.now() + seconds * 1000;
        let ran: number;
        try {
          ran = await drain(target, true);
        } finally {
          clock.unpin();
          clock.setNow(target);
        }
        hooks.after?.();
        return ran;
      }).finally(arm);
    },

    /**
     * Stops following the clock: interrupts network work in flight (those jobs go back to the
     * queue and run again after the restart) and waits for the current drain.
     */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      stopping.abort(new Interrupted('The job runner stopped'));
      await settleInFlight();
      await serial(async () => undefined);
    },

    /**
     * Runs `task` with no job running: after the current drain and every concurrent job in
     * flight (a sandbox reset replaces the rows jobs work on).
     */
    exclusive<T>(task: () => T): Promise<T> {
      return serial(async () => {
        await settleInFlight();
        return task();
      }).finally(arm);
    },

    /** Waits until no concurrent job is in flight (tests, benchmarks). */
    idle: (): Promise<void> => serial(settleInFlight),
  };
}
