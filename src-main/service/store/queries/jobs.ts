import type { Sql } from '../sql-port';

export interface JobRow {
  id: string;
  kind: string;
  payload: string;
  due_at: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: number;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  finished_at: string | null;
}

/** The shape of the three writes that add or move a job (insert, reschedule, wake). */
export type JobWrite = (
  id: string,
  kind: string,
  payload: string,
  dueAt: string,
  dedupeKey: string,
  createdAt: string,
) => Promise<boolean>;

export function createJobQueries(db: Sql) {
  const insert = db.prepare<[string, string, string, string, string | null, string]>(
    `INSERT INTO jobs (id, kind, payload, due_at, dedupe_key, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (dedupe_key) DO NOTHING`,
  );
  // Moves a pending job to a new due time (or adds it): one row per deadline that keeps moving,
  // such as a conversation's inactivity close. A job that already ran is left alone.
  const reschedule = db.prepare<[string, string, string, string, string, string]>(
    `INSERT INTO jobs (id, kind, payload, due_at, dedupe_key, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (dedupe_key) DO UPDATE SET due_at = excluded.due_at, payload = excluded.payload
     WHERE jobs.status = 'pending'`,
  );
  // Makes sure a job with this key will run by `due_at`: adds it, brings a pending one forward,
  // or revives one that has finished. A running one keeps its values: it looks for new work
  // itself before it settles, in the transaction of its settle (see the webhook flush job). Its
  // row is still written, as it stands: on PostgreSQL that write is what makes a settle that
  // read before this transaction committed fail to serialize and look again (a read of the row
  // by ON CONFLICT alone is no conflict there, and the new work would wait for nobody).
  // The earlier of two times is SQLite's scalar min(a, b), PostgreSQL's least(a, b).
  const wakeSql = (earlier: string) =>
    `INSERT INTO jobs (id, kind, payload, due_at, dedupe_key, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (dedupe_key) DO UPDATE SET
       due_at = CASE WHEN jobs.status = 'running' THEN jobs.due_at
                     WHEN jobs.status = 'pending' THEN ${earlier}(jobs.due_at, excluded.due_at)
                     ELSE excluded.due_at END,
       status = CASE WHEN jobs.status = 'running' THEN jobs.status ELSE 'pending' END,
       last_error = CASE WHEN jobs.status = 'running' THEN jobs.last_error END,
       finished_at = CASE WHEN jobs.status = 'running' THEN jobs.finished_at END`;
  const wake = db.prepare<[string, string, string, string, string, string]>({
    sqlite: wakeSql('min'),
    postgres: wakeSql('least'),
  });
  // An asynchronous job that re-arms itself: back to pending at its next due time.
  const rearm = db.prepare<[string, string]>(
    `UPDATE jobs SET status = 'pending', due_at = ?, attempts = attempts + 1 WHERE id = ?`,
  );
  // A job the store was too busy to run (errors.ts, StoreBusyError): pending again, later, with
  // the reason kept for whoever looks at the row meanwhile.
  const postpone = db.prepare<[string, string, string]>(
    `UPDATE jobs SET status = 'pending', due_at = ?, last_error = ? WHERE id = ?`,
  );
  const requeue = db.prepare<[string]>(
    `UPDATE jobs SET status = 'pending' WHERE id = ? AND status = 'running'`,
  );
  const dueBatch = db.prepare<[string, number], JobRow>(
    `SELECT * FROM jobs WHERE status = 'pending' AND due_at <= ? ORDER BY due_at, id LIMIT ?`,
  );
  const earliest = db
    .prepare<[], string>(`SELECT min(due_at) FROM jobs WHERE status = 'pending'`)
    .pluck();
  const setStatus = db.prepare<[string, string | null, string | null, string]>(
    `UPDATE jobs SET status = ?, last_error = ?, finished_at = ?, attempts = attempts + 1 WHERE id = ?`,
  );
  const markRunning = db.prepare<[string]>(`UPDATE jobs SET status = 'running' WHERE id = ?`);
  const recoverRunning = db.prepare(`UPDATE jobs SET status = 'pending' WHERE status = 'running'`);
  const byId = db.prepare<[string], JobRow>('SELECT * FROM jobs WHERE id = ?');
  const pendingOfKind = db.prepare<[string], JobRow>(
    `SELECT * FROM jobs WHERE kind = ? AND status = 'pending' ORDER BY due_at, id`,
  );
  const purge = db.prepare<[string]>(
    `DELETE FROM jobs WHERE status IN ('done') AND finished_at < ?`,
  );
  return {
    /** Inserts a job; returns false when a job with the same dedupe key already exists. */
    insert: async (
      id: string,
      kind: string,
      payload: string,
      dueAt: string,
      dedupeKey: string | null,
      createdAt: string,
    ) => (await insert.run(id, kind, payload, dueAt, dedupeKey, createdAt)).changes > 0,
    /** Inserts a job, or moves the pending job with the same dedupe key to `dueAt`. */
    reschedule: async (
      id: string,
      kind: string,
      payload: string,
      dueAt: string,
      dedupeKey: string,
      createdAt: string,
    ) => (await reschedule.run(id, kind, payload, dueAt, dedupeKey, createdAt)).changes > 0,
    /**
     * Adds the job with this key, brings it forward, or revives it. True whenever the row was
     * written, a running one's rewritten as it stands included (that job looks again itself).
     */
    wake: async (
      id: string,
      kind: string,
      payload: string,
      dueAt: string,
      dedupeKey: string,
      createdAt: string,
    ) => (await wake.run(id, kind, payload, dueAt, dedupeKey, createdAt)).changes > 0,
    rearm: (id: string, dueAt: string) => rearm.run(dueAt, id),
    /** Puts a job back in the queue, due later, with why. */
    postpone: (id: string, dueAt: string, reason: string) => postpone.run(dueAt, reason, id),
    /** Puts a job interrupted by a shutdown back in the queue. */
    requeue: (id: string) => requeue.run(id),
    /** The earliest due jobs, in due order. */
    dueBatch: (upTo: string, limit: number) => dueBatch.all(upTo, limit),
    earliestDue: async (): Promise<string | null> => (await earliest.get()) ?? null,
    finish: (id: string, status: 'done' | 'failed', error: string | null, at: string) =>
      setStatus.run(status, error, at, id),
    markRunning: (id: string) => markRunning.run(id),
    recoverRunning: async () => (await recoverRunning.run()).changes,
    byId: (id: string) => byId.get(id),
    pendingOfKind: (kind: string) => pendingOfKind.all(kind),
    purgeFinishedBefore: async (at: string) => (await purge.run(at)).changes,
  };
}

export type JobQueries = ReturnType<typeof createJobQueries>;
