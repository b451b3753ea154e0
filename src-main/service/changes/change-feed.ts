import { AsyncLocalStorage } from 'node:async_hooks';
import type { PushEvent, Topic } from '../contract';

export type ChangeListener = (event: PushEvent) => void;

/**
 * What the window hears about: one stream of the contract's PushEvents, whatever made the change
 * (the window's own operations, the HTTP API, a job, a sandbox clock advance). `changed` topics
 * are coalesced per tick, so a thousand deliveries in one clock advance become a few refreshes,
 * not a thousand; the other events are sent one by one, as they happen.
 *
 * Everything is sent after the current synchronous work (a microtask or the next tick), so a
 * listener never runs inside a database transaction and sees what that transaction committed.
 */
export function createChangeFeed(options: { onListenerError?: (error: unknown) => void } = {}) {
  const listeners = new Set<ChangeListener>();
  let pending: Set<Topic> | undefined;
  // The writes under way that want to know what they changed (`collect`). A timer or job started
  // inside one inherits its scope; once the write answered, the scope is closed and ignores it.
  const scopes = new AsyncLocalStorage<{ open: boolean; topics: Set<Topic> }>();

  function send(event: PushEvent): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One broken subscriber (a closed window) must not keep the others from hearing.
        options.onListenerError?.(error);
      }
    }
  }

  function flush(): void {
    const topics = pending;
    pending = undefined;
    if (topics?.size) send({ type: 'changed', data: { topics: [...topics].sort() } });
  }

  return {
    subscribe(listener: ChangeListener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Data under these topics changed; told once per tick with every topic of that tick. */
    changed(...topics: Topic[]): void {
      const scope = scopes.getStore();
      if (scope?.open) for (const topic of topics) scope.topics.add(topic);
      // Nobody listening (the CLI, benchmarks): no timers at all.
      if (!listeners.size || !topics.length) return;
      if (!pending) {
        pending = new Set();
        setImmediate(flush);
      }
      for (const topic of topics) pending.add(topic);
    },
    /**
     * Runs `work` and answers with what it changed: every topic announced while it ran (by the
     * domain's writes, the jobs a clock advance ran, …). The window's operations use it so the
     * window refreshes exactly what its own write changed, without saying it again.
     */
    async collect<T>(work: () => T | Promise<T>): Promise<{ value: T; changed: Topic[] }> {
      const scope = { open: true, topics: new Set<Topic>() };
      try {
        const value = await scopes.run(scope, work);
        return { value, changed: [...scope.topics].sort() };
      } finally {
        scope.open = false;
      }
    },
    /** Sends one event (not coalesced) once the current synchronous work is done. */
    emit(event: PushEvent): void {
      if (!listeners.size) return;
      queueMicrotask(() => send(event));
    },
    /** Number of subscribers (tests, the web bridge's heartbeat). */
    get size(): number {
      return listeners.size;
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
