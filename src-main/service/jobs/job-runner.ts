import { setTimeout as sleep } from 'node:timers/promises';
import { StoreBusyError } from '../errors';
import type { IdFactory } from '../ids';
import type { Sql } from '../store/sql-port';
import type { JobQueries, JobRow, JobWrite } from '../store/queries/jobs';
import { busyWait, createBusyRetry } from './busy-retry';
import type { MutableClock } from './clock';
import { createJobTimer } from './job-timer';
import type {
  JobContext,
  JobFollowUp,
  JobHandler,
  JobKindOptions,
  ScheduleInput,
} from './job-handler';

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

/** A job whose follow-up waits to start: the work, and whether it settled the row itself. */
interface Started {
  followUp: JobFollowUp;
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
  db: Sql;
  clock: MutableClock;
  newId: IdFactory;
  jobs: JobQueries;
  onError?: (job: JobRow, error: unknown) => void;
  /**
   * Told after a job's work has committed (the change feed turns it into pushed events). Never
   * called inside the job's transaction, so a listener sees the committed state.
   */
  onJobDone?: (job: JobRow) => Promise<void>;
}) {
  const { db, clock, newId, jobs } = deps;
  const handlers = new Map<string, JobHandler>();
  const concurrentKinds = new Set<string>();
  const networkKinds = new Set<string>();
  /** Concurrent jobs started by real-time drains and not yet ended. */
  const inFlight = new Set<Promise<void>>();
  let stopping = new AbortController();
  let running = false;
  /** Counts jobs added, so a batch can tell that its order may have changed. */
  let scheduled = 0;
  let chain: Promise<void> = Promise.resolve();
  const busy = createBusyRetry({ jobs, clock, onError: deps.onError });
  const timer = createJobTimer({
    db,
    clock,
    jobs,
    mayStart: () => running && inFlight.size < MAX_CONCURRENT_JOBS,
    onDue: () => void tick(),
  });
  const { rearm, rearmAfterWrites } = timer;

  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const result = chain.then(task, task);
    chain = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };

  async function fail(job: JobRow, error: unknown): Promise<void> {
    await jobs.finish(
      job.id,
      'failed',
      error instanceof Error ? error.message : String(error),
      clock.nowIso(),
    );
    deps.onError?.(job, error);
  }

  /**
   * Runs one job inside the caller's transaction, in a savepoint with the update that marks the
   * job done, so its work and that mark commit together and a failing job undoes only its own
   * changes. A job that leaves a follow-up is marked running instead; the follow-up is returned
   * for the caller to start once its transaction has committed.
   */
  async function start(job: JobRow): Promise<Started | 'done' | 'failed'> {
    const handler = handlers.get(job.kind);
    let settled = false;
    const ctx: JobContext = {
      job,
      payload: JSON.parse(job.payload),
      dueAt: Date.parse(job.due_at),
      signal: stopping.signal,
      async settle(nextDueAt?: string) {
        if (nextDueAt) {
          await jobs.rearm(job.id, new Date(Date.parse(nextDueAt)).toISOString());
          scheduled++;
        } else await jobs.finish(job.id, 'done', null, clock.nowIso());
        settled = true;
      },
    };
    try {
      if (!handler) throw new Error(`No handler for job kind '${job.kind}'`);
      let followUp: JobFollowUp | undefined;
      await db.transaction(async () => {
        followUp = networkKinds.has(job.kind)
          ? async () => void (await handler(ctx))
          : ((await handler(ctx)) ?? undefined);
        // A handler that settled already has set the row.
        if (settled) return;
        if (followUp) await jobs.markRunning(job.id);
        else await jobs.finish(job.id, 'done', null, clock.nowIso());
      });
      if (followUp) return { followUp, settled: () => settled };
      busy.ran(job);
      return 'done';
    } catch (error) {
      if (error instanceof StoreBusyError) await busy.retryLater(job, error);
      else await fail(job, error);
      return 'failed';
    }
  }

  async function finishAsync(job: JobRow, started: Started): Promise<void> {
    const signal = stopping.signal;
    // The runner stopped while this job's batch was committing: it goes back to the queue unrun.
    if (signal.aborted) return void (await jobs.requeue(job.id));
    try {
      await started.followUp();
      if (!started.settled()) await jobs.finish(job.id, 'done', null, clock.nowIso());
      busy.ran(job);
      await told(job);
    } catch (error) {
      // Stopped under it: not a failure; the job runs again after the restart.
      if (signal.aborted || error instanceof Interrupted) await jobs.requeue(job.id);
      // Settled before it threw: the row stays as the handler set it; the error is still told.
      else if (started.settled()) deps.onError?.(job, error);
      else if (error instanceof StoreBusyError) await busy.retryLater(job, error);
      else await fail(job, error);
    }
  }

  async function told(job: JobRow): Promise<void> {
    try {
      await deps.onJobDone?.(job);
    } catch (error) {
      deps.onError?.(job, error);
    }
  }

  /** Starts a concurrent job without waiting for it; the drain goes on with the next one. */
  function launch(job: JobRow, started: Started): void {
    // A store that closed under it (a requeue refused) is told, never left unhandled.
    const done = finishAsync(job, started)
      .catch((error: unknown) => deps.onError?.(job, error))
      .finally(() => {
        inFlight.delete(done);
        if (running) rearm();
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
      const due = await jobs.dueBatch(upTo, BATCH_SIZE);
      if (!due.length) break;
      /** Asynchronous jobs this batch started, awaited once it has committed. */
      const waiting: { job: JobRow; started: Started }[] = [];
      const done: JobRow[] = [];
      /** Concurrent follow-ups to start once the batch has committed (real time). */
      const launches: { job: JobRow; started: Started }[] = [];
      const sliceStart = performance.now();
      const countBefore = count;
      try {
        await db.transaction(async () => {
          // PostgreSQL may run the batch again (not serializable): only the attempt that
          // commits says what ran, or a job would be launched twice.
          count = countBefore;
          waiting.length = done.length = launches.length = 0;
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
            const started = await start(job);
            if (started === 'done') done.push(job);
            else if (started !== 'failed' && !pinToDue && concurrentKinds.has(job.kind)) {
              launches.push({ job, started });
              if (inFlight.size + launches.length >= MAX_CONCURRENT_JOBS) return;
              continue;
            } else if (started !== 'failed') {
              waiting.push({ job, started });
              if (!pinToDue || !concurrentKinds.has(job.kind)) return;
            }
            // A job that planned another may have planned it before the rest of this batch.
            if (scheduled !== planned) return;
            if (performance.now() - sliceStart >= SLICE_MS) return;
          }
        });
      } catch (error) {
        if (!(error instanceof StoreBusyError)) throw error;
        // Nothing of the batch was written: its jobs are still due. Told once, then tried again
        // after a wait, so the drain does not spin against a store that keeps refusing it.
        count = countBefore;
        deps.onError?.(due[0]!, error);
        await sleep(busyWait(1));
        continue;
      }
      // The batch has committed: only now are its jobs' changes visible to listeners.
      for (const job of done) await told(job);
      for (const { job, started } of launches) launch(job, started);
      if (waiting.length) {
        await Promise.all(waiting.map(({ job, started }) => finishAsync(job, started)));
      } else await yieldToEventLoop();
    }
    return count;
  }

  /** One of the job table's three writes (insert, reschedule, wake); arms the timer if it changed. */
  async function write(query: JobWrite, input: ScheduleInput): Promise<boolean> {
    const changed = await query(
      newId('job'),
      input.kind,
      JSON.stringify(input.payload ?? {}),
      new Date(Date.parse(input.dueAt)).toISOString(),
      // insert takes null for "no dedupe key"; the other two always have one.
      input.dedupeKey ?? (null as unknown as string),
      clock.nowIso(),
    );
    if (changed) scheduled++;
    // Armed once the job is committed: the timer reads the earliest due job from the store.
    if (changed && running) db.afterCommit(rearmAfterWrites);
    return changed;
  }

  const tick = () =>
    serial(async () => {
      await drain(clock.now(), false);
    }).finally(rearm);

  return {
    register(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
      handlers.set(kind, handler);
      if (options.concurrent) concurrentKinds.add(kind);
      // A concurrent job overlaps others: it cannot run inside the batch's one transaction.
      if (options.network || options.concurrent) networkKinds.add(kind);
    },

    /** Adds a job (inside the caller's transaction, if any); a duplicate dedupe key is ignored. */
    schedule: (input: ScheduleInput): Promise<boolean> => write(jobs.insert, input),

    /**
     * Sets the due time of the job with this dedupe key, adding it if there is none: a deadline
     * that moves (a conversation's inactivity close) keeps one row instead of one per move. A job
     * that already ran is not revived.
     */
    reschedule: (input: ScheduleInput & { dedupeKey: string }): Promise<boolean> =>
      write(jobs.reschedule, input),

    /**
     * Makes sure the job with this dedupe key runs by `dueAt`: adds it, brings it forward or
     * revives it once finished. A job that is running is expected to look for new work before it
     * settles (inside the same transaction as its settle, so nothing falls between).
     */
    wake: (input: ScheduleInput & { dedupeKey: string }): Promise<boolean> =>
      write(jobs.wake, input),

    /** Recovers jobs a crash left running, runs what is overdue, then follows the clock. */
    async start(): Promise<void> {
      running = true;
      if (stopping.signal.aborted) stopping = new AbortController();
      await jobs.recoverRunning();
      await jobs.purgeFinishedBefore(new Date(clock.now() - KEEP_FINISHED_MS).toISOString());
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
      hooks: {
        before?: (targetOffsetMs: number) => Promise<void>;
        after?: () => Promise<void>;
      } = {},
    ): Promise<number> {
      return serial(async () => {
        // Work started in real time ends first, so what it plans lands on the advanced timeline.
        await settleInFlight();
        await hooks.before?.(clock.offsetMs + seconds * 1000);
        const target = clock.now() + seconds * 1000;
        let ran: number;
        try {
          ran = await drain(target, true);
        } finally {
          clock.unpin();
          clock.setNow(target);
        }
        await hooks.after?.();
        return ran;
      }).finally(rearm);
    },

    /**
     * Stops following the clock: interrupts network work in flight (those jobs go back to the
     * queue and run again after the restart) and waits for the current drain.
     */
    async stop(): Promise<void> {
      running = false;
      timer.clear();
      stopping.abort(new Interrupted('The job runner stopped'));
      await settleInFlight();
      await serial(async () => undefined);
      // The drain that was under way may have launched its batch's concurrent jobs as it ended.
      await settleInFlight();
    },

    /**
     * Runs `task` with no job running: after the current drain and every concurrent job in
     * flight (a sandbox reset replaces the rows jobs work on).
     */
    exclusive<T>(task: () => Promise<T>): Promise<T> {
      return serial(async () => {
        await settleInFlight();
        return await task();
      }).finally(rearm);
    },

    /** Waits until no concurrent job is in flight (tests, benchmarks). */
    idle: (): Promise<void> => serial(settleInFlight),
  };
}
