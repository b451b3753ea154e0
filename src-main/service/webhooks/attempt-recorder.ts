import { StoreBusyError } from '../errors';
import type { AttemptRecord, WebhookDeliveries } from '../domain/webhook-deliveries';
import type { Sql } from '../store/sql-port';

/**
 * How long records wait for company. A commit costs a disk sync (about 0.2 ms here, blocking the
 * event loop); a lone webhook sends several requests in this time, which then share one sync.
 */
const GROUP_COMMIT_MS = 2;

interface Queued {
  record: AttemptRecord;
  resolve: (recorded: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for attempt records. Attempts that end within a couple of milliseconds (twenty
 * webhooks answering at once, or one fast receiver) are stored in one transaction, so a disk
 * sync is shared instead of paid per attempt; one record that fails to store rejects alone (see
 * commit). One commit is under way at a time, and what ends meanwhile waits for the
 * next: on PostgreSQL, batches committing side by side touch the same index pages and refused
 * each other as not serializable until a batch ran out of attempts (the 20-webhook benchmark),
 * and on SQLite they would have queued for the one writer anyway.
 */
export function createAttemptRecorder(db: Sql, deliveries: WebhookDeliveries) {
  let queue: Queued[] = [];
  /** A flush is planned or under way; records queued meanwhile are taken by the next one. */
  let busy = false;

  const storeOne = (record: AttemptRecord) =>
    db.transaction(async () => await deliveries.recordAttempt(record));

  type Result = { ok: true; value: boolean } | { ok: false; error: unknown };

  /**
   * The batch in one transaction. `alone`: each record in a savepoint of its own, so one that
   * fails is undone and rejects alone. Without it the batch is all or nothing, for one round trip
   * less per statement of each record on PostgreSQL (a savepoint and its release are two).
   */
  async function store(batch: Queued[], alone: boolean): Promise<Result[]> {
    const results: Result[] = [];
    await db.transaction(async () => {
      // PostgreSQL may run the transaction again (not serializable): only the attempt that
      // commits tells each record's outcome.
      results.length = 0;
      for (const item of batch) {
        if (!alone) {
          results.push({ ok: true, value: await deliveries.recordAttempt(item.record) });
          continue;
        }
        try {
          results.push({ ok: true, value: await storeOne(item.record) });
        } catch (error) {
          results.push({ ok: false, error });
        }
      }
    });
    return results;
  }

  async function commit(batch: Queued[]): Promise<void> {
    if (!db.open) {
      for (const item of batch) item.reject(new Error('The database is closed'));
      return;
    }
    let results: Result[];
    try {
      // All at once first; a record that fails sends the batch again, each record alone, so the
      // others are still stored and only that one rejects. A store too busy for the batch is
      // as busy for its records one by one: that error is the batch's.
      results = await store(batch, false).catch((error: unknown) => {
        if (error instanceof StoreBusyError) throw error;
        return store(batch, true);
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const result = results[i]!;
      if (result.ok) item.resolve(result.value);
      else item.reject(result.error);
    });
  }

  /** Commits what is queued, then what queued meanwhile, until nothing is left. */
  async function flush(): Promise<void> {
    try {
      while (queue.length) {
        const batch = queue;
        queue = [];
        await commit(batch);
      }
    } finally {
      busy = false;
    }
  }

  /** Resolves once the record is committed: true when stored, false when it had nothing to do. */
  return function record(record: AttemptRecord): Promise<boolean> {
    return new Promise((resolve, reject) => {
      queue.push({ record, resolve, reject });
      if (!busy) {
        busy = true;
        setTimeout(() => void flush(), GROUP_COMMIT_MS);
      }
    });
  };
}
