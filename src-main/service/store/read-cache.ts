import type { Db } from './db';

/**
 * Read caches for what most requests ask again and again (the first page of a list, a search's
 * total, the API key behind a credential). Every cache is emptied by the next write of any kind:
 * the change token combines this connection's total_changes() (every INSERT, UPDATE and DELETE
 * made here, by any code path, triggers included) with PRAGMA data_version (any commit by another
 * connection, such as `engage-desk keys revoke` in another process). Reading the token is one
 * trivial statement, so a cache hit costs less than the query it saves, and a cached answer can
 * never outlive the data it came from.
 *
 * `uncounted` is how many of this connection's changes were rows of the audit trail (its inserts
 * and purges): a recorded read stores an event, which changes no patient, so it must not throw
 * the list caches away. They are taken off the count, never added: any other change, in the
 * same transaction or not, still moves the token.
 */
export function createChangeToken(db: Db, uncounted: () => number = () => 0): () => string {
  const stmt = db
    .prepare<[], [number, number]>('SELECT data_version, total_changes() FROM pragma_data_version')
    .raw(true);
  return () => {
    const [version, changes] = stmt.get()!;
    return `${version}:${changes - uncounted()}`;
  };
}

export interface ReadCache<V> {
  /** The cached value for `key`, computing it when missing or when anything was written since. */
  get(key: string, compute: () => V): V;
}

export function createReadCache<V>(token: () => string, size = 256): ReadCache<V> {
  const entries = new Map<string, V>();
  let seen = '';
  return {
    get(key, compute) {
      const current = token();
      if (current !== seen) {
        entries.clear();
        seen = current;
      }
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const value = compute();
      if (entries.size >= size) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
      return value;
    },
  };
}
