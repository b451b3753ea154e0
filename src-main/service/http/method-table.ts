import type { FastifyInstance } from 'fastify';

/**
 * Which methods a path answers, read from Fastify's own router, so that a known path asked with
 * another method gets 405 and an `Allow` header (RFC 9110 §15.5.6) instead of a 404 that says the
 * path does not exist. No list of paths is kept here: the methods are those the routes were
 * registered with (HEAD included, which Fastify adds beside every GET and really answers), and
 * `findRoute` matches the concrete path exactly as the router does for a request.
 *
 * Must be installed before the routes are registered (it listens to `onRoute`).
 */
export function installMethodTable(
  app: FastifyInstance,
  /** Paths that do not exist right now (the sandbox routes while sandbox mode is off). */
  hidden: (path: string) => boolean,
): (url: string) => string[] {
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) methods.add(method.toUpperCase());
  });
  return (url) => {
    const path = url.split('?')[0] ?? '/';
    if (hidden(path)) return [];
    return [...methods]
      .filter((method) => {
        const found = app.findRoute({ method: method as 'GET', url: path });
        // A catch-all (the web mode's `/*`) answers any path, so it makes none of them known.
        return found !== null && !('*' in found.params);
      })
      .sort();
  };
}
