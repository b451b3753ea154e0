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
 * webhooks answering at once, or one fast receiver) are stored in one transaction, each in its own savepoint, so a disk
 * sync is shared instead of paid per attempt; one record that fails to store rejects alone.
 */
export function createAttemptRecorder(db: Sql, deliveries: WebhookDeliveries) {
  let queue: Queued[] = [];
  let scheduled = false;

  const storeOne = (record: AttemptRecord) =>
    db.transaction(async () => await deliveries.recordAttempt(record));

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = queue;
    queue = [];
    if (!db.open) {
      for (const item of batch) item.reject(new Error('The database is closed'));
      return;
    }
    const results: Array<{ ok: true; value: boolean } | { ok: false; error: unknown }> = [];
    try {
      await db.transaction(async () => {
        // PostgreSQL may run the transaction again (not serializable): only the attempt that
        // commits tells each record's outcome.
        results.length = 0;
        for (const item of batch) {
          try {
            results.push({ ok: true, value: await storeOne(item.record) });
          } catch (error) {
            results.push({ ok: false, error });
          }
        }
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

  /** Resolves once the record is committed: true when stored, false when it had nothing to do. */
  return function record(record: AttemptRecord): Promise<boolean> {
    return new Promise((resolve, reject) => {
      queue.push({ record, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setTimeout(() => void flush(), GROUP_COMMIT_MS);
      }
    });
  };
}
