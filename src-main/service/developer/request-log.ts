import type { RequestLogEntry } from '../contract';
import type { ChangeFeed } from '../changes/change-feed';
import type { Clock } from '../jobs/clock';

/** How many requests the log keeps; older ones fall off (it is a live view, not an audit log). */
export const REQUEST_LOG_CAPACITY = 500;

/**
 * The Developer screen's live request log: the last requests the HTTP interface answered, in a
 * fixed-size ring in memory (nothing is written to disk, and a restart starts empty). New entries
 * reach the window as one `request.logged` event per tick, so a burst of requests is a handful of
 * messages, not one per request; with nobody listening nothing is scheduled at all.
 */
export function createRequestLog(deps: { clock: Clock; changes: ChangeFeed; capacity?: number }) {
  const capacity = deps.capacity ?? REQUEST_LOG_CAPACITY;
  const ring: (RequestLogEntry | undefined)[] = new Array<RequestLogEntry | undefined>(capacity);
  let next = 0;
  let seq = 0;
  let pending: RequestLogEntry[] | undefined;

  function flush(): void {
    const entries = pending;
    pending = undefined;
    // Newest first, like the list the window shows.
    if (entries?.length)
      deps.changes.emit({ type: 'request.logged', data: { entries: entries.reverse() } });
  }

  /** The newest `limit` entries, newest first. */
  function list(limit = capacity): RequestLogEntry[] {
    const out: RequestLogEntry[] = [];
    for (let i = 1; i <= capacity && out.length < limit; i++) {
      const entry = ring[(next - i + capacity) % capacity];
      if (!entry) break;
      out.push(entry);
    }
    return out;
  }

  return {
    capacity,
    list,
    record(entry: Omit<RequestLogEntry, 'seq' | 'at'>): RequestLogEntry {
      const logged: RequestLogEntry = { seq: ++seq, at: deps.clock.nowIso(), ...entry };
      ring[next] = logged;
      next = (next + 1) % capacity;
      if (deps.changes.size) {
        if (!pending) {
          pending = [];
          setImmediate(flush);
        }
        pending.push(logged);
      }
      return logged;
    },
    /** Empties the log; entries recorded later carry on the sequence. */
    clear(): number {
      const cleared = list().length;
      ring.fill(undefined);
      next = 0;
      pending = undefined;
      return cleared;
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
