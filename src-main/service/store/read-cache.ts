/**
 * Read caches for what most requests ask again and again (the first page of a list, a search's
 * total, the API key behind a credential). Every cache is emptied by the next write of any kind:
 * the store's change token (Sql.changeToken) moves with every commit that changed a row, by any
 * code path, triggers included, and with any commit by another connection (such as
 * `engage-desk keys revoke` in another process). Reading the token costs less than the query it
 * saves, and a cached answer can never outlive the data it came from.
 *
 * The audit trail's statements are `uncounted` (sql-port.ts): a recorded read stores an event,
 * which changes no patient, so it must not throw the list caches away. Any other change, in the
 * same transaction or not, still moves the token, and the token never goes back to a value it
 * had: a page cached before a commit can never match it again.
 */

export interface ReadCache<V> {
  /** The cached value for `key`, computing it when missing or when anything was written since. */
  get(key: string, compute: () => Promise<V>): Promise<V>;
}

export function createReadCache<V>(token: () => string, size = 256): ReadCache<V> {
  const entries = new Map<string, V>();
  let seen = '';
  return {
    async get(key, compute) {
      const current = token();
      if (current !== seen) {
        entries.clear();
        seen = current;
      }
      const hit = entries.get(key);
      if (hit !== undefined) return hit;
      const value = await compute();
      // Kept only when nothing was committed while it was computed: reads on either side of a
      // commit may disagree, and the answer must not outlive the older side.
      if (token() !== current) return value;
      if (entries.size >= size) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
      return value;
    },
  };
}
