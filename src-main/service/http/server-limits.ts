import type { Server } from 'node:http';

/**
 * What one client may hold of the HTTP server (api-decisions, "Authentication and limits"). The
 * defaults suit both the desktop app on loopback and `serve` for a clinic behind a reverse proxy;
 * see the decisions for why each is what it is.
 */
export interface ServerLimits {
  /**
   * From the first byte of a request (or the connection's start) to the end of its headers.
   * A client's headers are a few hundred bytes sent at once; 15 s allows for a patient's phone on
   * a poor mobile link and refuses a client that drips them (Node's own default is 60 s, checked
   * only every 30 s).
   */
  headersTimeoutMs: number;
  /**
   * To receive the whole request, body included: a 1 MiB body (the body limit) at 17 KiB/s.
   * Only the receiving is timed; a long answer (a year's clock advance) is not cut.
   */
  requestTimeoutMs: number;
  /**
   * How long an idle connection is kept between requests. Above the usual clients' own idle
   * limit (undici and Node's fetch: 4 s) so the client closes first; far under Fastify's 72 s,
   * which kept every idle socket (a file descriptor) for more than a minute. Behind a reverse
   * proxy that pools upstream connections, set it above the proxy's idle timeout.
   */
  keepAliveTimeoutMs: number;
  /**
   * Open connections at most; past it new ones are closed at once (one log line a minute says
   * so). Half of the 1,024 file descriptors a desktop session commonly allows, leaving the rest
   * to the database, webhook and SMTP connections, logs and the app itself.
   */
  maxConnections: number;
}

export const DEFAULT_SERVER_LIMITS: Readonly<ServerLimits> = Object.freeze({
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 10_000,
  maxConnections: 512,
});

/** The defaults with `given` over them, checked: positive whole numbers, headers within request. */
export function resolveServerLimits(given: Partial<ServerLimits> = {}): ServerLimits {
  const limits: ServerLimits = { ...DEFAULT_SERVER_LIMITS };
  for (const [name, value] of Object.entries(given) as [keyof ServerLimits, unknown][]) {
    if (value === undefined) continue;
    if (!(name in DEFAULT_SERVER_LIMITS)) throw new Error(`Unknown server limit '${name}'`);
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw new Error(`Server limit ${name} must be a positive whole number, not ${String(value)}`);
    }
    limits[name] = value;
  }
  if (limits.requestTimeoutMs < limits.headersTimeoutMs) {
    throw new Error(
      `Server limit requestTimeoutMs (${limits.requestTimeoutMs}) must not be under headersTimeoutMs (${limits.headersTimeoutMs})`,
    );
  }
  return limits;
}

/**
 * Fastify's server options for these limits. Node checks the header and request deadlines on a
 * timer (30 s by default), so it is set to a fraction of the header timeout: a deadline is met
 * within a quarter of it, or a second at most.
 */
export function fastifyServerOptions(limits: ServerLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4)),
      ),
    },
  };
}

/** One line about refused connections at most this often. */
export const WARN_EVERY_MS = 60_000;

/**
 * Caps open connections: Node closes each one past `maxConnections` on accept and emits 'drop'.
 * The first refusal is told at once and later ones at most once a minute, with how many there
 * were, so a flood of connections cannot flood the log too.
 */
export function capConnections(
  server: Server,
  maxConnections: number,
  warn: (line: string) => void,
  now: () => number = Date.now,
): void {
  server.maxConnections = maxConnections;
  let lastWarned = -Infinity;
  let unreported = 0;
  server.on('drop', () => {
    unreported++;
    const t = now();
    if (t - lastWarned < WARN_EVERY_MS) return;
    const first = lastWarned === -Infinity;
    lastWarned = t;
    warn(
      first
        ? `Engage Desk: connection limit reached (${maxConnections} open connections): new connections are being refused until some close.`
        : `Engage Desk: connection limit (${maxConnections} open connections) still reached: ${unreported} more connections refused since the last report.`,
    );
    unreported = 0;
  });
}

/** "1 connection", "3 connections": how the stop's log lines count them. */
export const connections = (open: number): string => `${open} connection${open === 1 ? '' : 's'}`;

/** How often a closing server looks for connections that have just fallen idle. */
const IDLE_SWEEP_MS = 25;

/**
 * How long a stop lets the requests in flight finish before it closes their connections. Every
 * answer but a long clock advance takes far less; a stop must end (a restore's restart, a quit),
 * and a request cut then was never acknowledged: what it committed stays, and an advance ends
 * after its slice once the jobs stop.
 */
export const STOP_GRACE_MS = 10_000;

/**
 * Closes the HTTP side of `app` and lets requests in flight finish. Fastify closes the
 * connections that are idle when the close begins; one still answering a request (a window's
 * status poll, the very request that asked for a restore) is kept alive after its answer, and
 * the close then waits out its keep-alive timeout. A restore's restart, the desktop app's quit
 * and `serve`'s stop waited that long. Each such connection is closed as soon as it falls idle,
 * and any still busy after `graceMs` are closed then (said with `warn`): nothing can hold a stop
 * for ever.
 */
export async function closeLettingRequestsFinish(
  app: { server: Server; close(): Promise<void> },
  options: { graceMs?: number; warn?: (line: string) => void } = {},
): Promise<void> {
  const graceMs = options.graceMs ?? STOP_GRACE_MS;
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const grace = setTimeout(() => {
    app.server.getConnections((error, open) => {
      if (!error && open > 0)
        options.warn?.(
          `Engage Desk: ${connections(open)} still busy ${Math.round(graceMs / 1000)} s after stopping began: closed.`,
        );
      app.server.closeAllConnections();
    });
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(grace);
  }
}
