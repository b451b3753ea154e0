/**
 * At most `max` tasks at once; the rest wait their turn in arrival order. The global cap on
 * webhook requests in flight, so a burst of events cannot open a socket per delivery.
 */
export function createConcurrencyLimit(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task, so `active` never dips under a queue.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** One task at a time per key (a webhook): the rule of at most one delivery in flight each. */
export function createKeyedSerial() {
  const tails = new Map<string, Promise<unknown>>();
  return function serial<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
