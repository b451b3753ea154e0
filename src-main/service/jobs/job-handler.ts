import type { JobRow } from '../store/queries/jobs';

/** What a job handler is given and may answer: the contract between the runner and its kinds. */

export interface JobContext {
  job: JobRow;
  payload: unknown;
  /** The job's due time (ms); the clock is pinned to it while the job runs during an advance. */
  dueAt: number;
  /** Aborted when the runner stops: network work gives up and the job runs again after restart. */
  signal: AbortSignal;
  /**
   * For network work: call inside the transaction that records the work's outcome, so the job's
   * end (or, with `nextDueAt`, its return to the queue at that time) commits with it. The runner
   * then leaves the row as the handler set it.
   */
  settle(nextDueAt?: string): Promise<void>;
}

/**
 * What a job leaves for after its transaction: work that waits on the network (an SMTP hand-off,
 * a model's answer), which must never hold the store's write transaction. It runs once the job's
 * batch has committed, outside any transaction, and must be safe to run again.
 */
export type JobFollowUp = () => Promise<void>;

/**
 * A handler does its work inside the transaction that marks the job done (so a crash leaves the
 * job either fully done or still pending). Work that must wait on the network is returned as a
 * follow-up; the job stays running until the follow-up ends (or settles it).
 */
export type JobHandler = (ctx: JobContext) => Promise<void | JobFollowUp>;

export interface JobKindOptions {
  /**
   * The whole handler waits on the network (it reads what it needs, then sends): it runs as a
   * follow-up, outside the batch's transaction, from its first line.
   */
  network?: boolean;
  /**
   * Jobs of this kind (network work, so `network` too) run side by side while the runner follows
   * real time (each webhook's flush job waits on its own receiver); during a sandbox clock advance
   * they still run one at a time, each at its own due time.
   */
  concurrent?: boolean;
}

export interface ScheduleInput {
  kind: string;
  dueAt: string;
  payload?: unknown;
  dedupeKey?: string;
}
