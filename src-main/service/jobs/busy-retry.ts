import type { StoreBusyError } from '../errors';
import type { JobQueries, JobRow } from '../store/queries/jobs';
import type { Clock } from './clock';

/**
 * A job the store was too busy to run (PostgreSQL refused its transaction as not serializable
 * every time the port ran it again) is not a failed job: failing it would leave its work (a
 * webhook's pending deliveries) waiting for an event that may not come. It runs again after this
 * wait, doubling for each refusal in a row up to BUSY_RETRY_MAX_MS, jittered so that the jobs
 * that collided part ways.
 */
const BUSY_RETRY_MS = 250;
const BUSY_RETRY_MAX_MS = 30_000;

/** The wait before the run after `refusals` refusals in a row. */
export const busyWait = (refusals: number): number =>
  Math.min(BUSY_RETRY_MS * 2 ** (refusals - 1), BUSY_RETRY_MAX_MS) * (0.5 + Math.random() / 2);

/** The job runner's answer to a StoreBusyError: the job back in the queue, due later. */
export function createBusyRetry(deps: {
  jobs: JobQueries;
  clock: Clock;
  onError?: ((job: JobRow, error: unknown) => void) | undefined;
}) {
  /** Refusals in a row of each job the store was too busy to run; forgotten once it runs. */
  const refusals = new Map<string, number>();
  return {
    /** Puts the job back in the queue, due after a wait; still told, so minutes of it show. */
    async retryLater(job: JobRow, error: StoreBusyError): Promise<void> {
      const inARow = (refusals.get(job.id) ?? 0) + 1;
      refusals.set(job.id, inARow);
      const dueAt = new Date(deps.clock.now() + busyWait(inARow)).toISOString();
      await deps.jobs.postpone(job.id, dueAt, error.message);
      deps.onError?.(job, error);
    },
    /** The job ran: its next refusal is a first one again. */
    ran(job: JobRow): void {
      refusals.delete(job.id);
    },
  };
}
