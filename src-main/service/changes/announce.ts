import type { Topic } from '../contract/topics';

/**
 * Every method of a domain service and the topics a successful call changes (`[]` for a read).
 * A mapped type over the service itself: a new method that does not say what it changes, or a
 * declaration for a method that is gone, fails the type-check.
 */
export type TopicsOf<S> = {
  readonly [
    K in keyof S as S[K] extends (...args: never[]) => unknown ? K : never
  ]-?: readonly Topic[];
};

/**
 * The service with each write announcing its topics to the change feed once it succeeded (for an
 * asynchronous write, once its promise resolved); a write that throws announces nothing. Every
 * transport (the window's operations, the HTTP API, the CLI) calls the same announced service, so
 * what a write changes is said once, here, whoever asked for it. The feed coalesces per tick and
 * sends after the current synchronous work, so a write inside a transaction is told after it.
 */
export function announce<S extends object>(
  service: S,
  topics: TopicsOf<S>,
  changed: (...topics: Topic[]) => void,
): S {
  const announced: Record<string, unknown> = { ...(service as Record<string, unknown>) };
  for (const [name, touched] of Object.entries(topics) as [string, readonly Topic[]][]) {
    const method = (service as Record<string, unknown>)[name];
    if (!touched.length || typeof method !== 'function') continue;
    announced[name] = function (this: unknown, ...args: unknown[]) {
      const result: unknown = method.apply(service, args);
      if (result instanceof Promise) {
        return result.then((value: unknown) => {
          changed(...touched);
          return value;
        });
      }
      changed(...touched);
      return result;
    };
  }
  return announced as S;
}
