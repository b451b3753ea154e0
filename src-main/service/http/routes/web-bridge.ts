import { timingSafeEqual, createHash } from 'node:crypto';
import { IMPORT_MAX_BYTES } from '../../domain/csv-read';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PushEvent } from '../../contract';
import type { Core } from '../../core';
import { ProblemError } from '../../errors';
import type { Operations } from '../../operations';

/** Outside /api/v1: this is the window's private channel, not part of the public API. */
export const WEB_BRIDGE_PREFIX = '/__bridge';
export const BRIDGE_TOKEN_META = 'engage-bridge-token';
const HEARTBEAT_MS = 15_000;
/** A stop (a restore's restart, a quit) takes about a second; the window retries sooner anyway. */
const STOPPING_RETRY_AFTER_SECONDS = 1;

export interface WebBridgeOptions {
  /** The per-run secret the web renderer presents (`Authorization: Bearer <token>`). */
  token: string;
  /** The built web renderer (out/web) to serve at `/`, with the token in index.html. */
  appDir?: string;
  operations: Operations;
}

const config = { access: 'public' as const, rateLimitPolicy: 'none' as const };
const hidden = { hide: true };

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

/**
 * Refuses what is not this machine's own window: a client that is not on loopback, a Host that
 * is not a loopback name (a DNS-rebinding page reaches 127.0.0.1 under its own host name) and,
 * for the channel itself, a wrong token. Exported for the static app routes too.
 */
function guardOrigin(request: FastifyRequest): void {
  if (!LOOPBACK_ADDRESS.test(request.socket.remoteAddress ?? '')) {
    throw new ProblemError(403, 'bridge_forbidden', 'The web bridge answers this computer only.');
  }
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) {
    throw new ProblemError(
      403,
      'bridge_forbidden',
      'The web bridge answers only requests addressed to 127.0.0.1 or localhost.',
    );
  }
}

function guardToken(request: FastifyRequest, token: Buffer): void {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  const given = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  if (!match || !timingSafeEqual(given, token)) {
    throw new ProblemError(
      401,
      'invalid_token',
      'Send the bridge token: Authorization: Bearer <token>.',
    );
  }
}

/**
 * Operations whose input is a file (base64 in JSON): the API's 1 MiB would refuse an import the
 * service takes (IMPORT_MAX_BYTES, 5 MiB, is 6.7 MiB as base64); this lets the import's own
 * limit speak (docs/api-decisions.md, "Patient import"). IPC has no body limit.
 */
const FILE_BODY = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024;
const LARGE_BODIES: Partial<Record<string, number>> = {
  'patientImport.preview': FILE_BODY,
  'patientImport.run': FILE_BODY,
};

/**
 * The web renderer's transport (web mode: tests, `npm run dev:web`, `engage-desk web`): one POST
 * route per contract operation, served by the same handler map as IPC, and a Server-Sent Events
 * stream of the change feed. Hidden from the OpenAPI document, outside the API's rate limits and
 * API-key auth: the per-run token is the credential.
 */
export function webBridgeRoutes(app: FastifyInstance, core: Core, options: WebBridgeOptions): void {
  const token = createHash('sha256').update(options.token).digest();
  const streams = new Set<FastifyReply>();

  app.addHook('onRequest', async (request) => {
    guardOrigin(request);
    guardToken(request, token);
  });

  for (const name of options.operations.names) {
    const bodyLimit = LARGE_BODIES[name];
    const limits = bodyLimit ? { bodyLimit } : {};
    app.post(`/ops/${name}`, { config, schema: hidden, ...limits }, async (request, reply) => {
      const result = await options.operations.run(name, request.body);
      return reply.code(200).type('application/json').send(JSON.stringify(result));
    });
  }

  /**
   * Set when the server starts to stop. A stream asked for on a connection still open then (its
   * request arriving, or only its handler running, after the streams below were ended) would be
   * held open by nothing that ends it, and the stop, a restore's restart with it, would wait for
   * ever: it is refused instead, and the window connects again once the service is back.
   */
  let stopping = false;

  app.get('/events', { config, schema: hidden }, (request, reply) => {
    if (stopping)
      throw new ProblemError(
        503,
        'service_stopping',
        'The service is stopping; connect again in a moment.',
        { retryAfterSeconds: STOPPING_RETRY_AFTER_SECONDS },
      );
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-request-id': request.id,
    });
    raw.write(': connected\nretry: 2000\n\n');
    const send = (event: PushEvent) => {
      raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    };
    const unsubscribe = core.changes.subscribe(send);
    const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    streams.add(reply);
    const done = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(reply);
    };
    request.raw.on('close', done);
    raw.on('close', done);
  });

  // An open stream never ends by itself: without this, app.close() would wait for it forever.
  app.addHook('preClose', async () => {
    stopping = true;
    for (const reply of streams) reply.raw.end();
    streams.clear();
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Paths the app routes never answer: the API, the form pages and the bridge have their own. */
const NOT_APP = /^\/(api|f|__bridge)(\/|$)/;

/**
 * Serves the built web renderer: `/` and client-side routes get index.html with the bridge token
 * in a meta tag (never cached, since the token changes every run); other paths are files of
 * `appDir`, never outside it. Same origin checks as the bridge: the page carries the token.
 */
export function webAppRoutes(
  app: FastifyInstance,
  options: { token: string; appDir: string },
): void {
  const root = resolve(options.appDir);
  const meta = `<meta name="${BRIDGE_TOKEN_META}" content="${options.token.replace(/[^A-Za-z0-9_-]/g, '')}">`;

  async function sendIndex(reply: FastifyReply) {
    const html = await readFile(join(root, 'index.html'), 'utf8');
    const withToken = html.includes('</head>')
      ? html.replace('</head>', `  ${meta}\n  </head>`)
      : `${meta}\n${html}`;
    return (
      reply
        .header('cache-control', 'no-store')
        // The page carries the bridge token: no other site may frame it (clickjacking). A meta
        // tag cannot say frame-ancestors, so the header does; the meta CSP still governs the rest.
        .header('content-security-policy', "frame-ancestors 'none'")
        .header('x-frame-options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(withToken)
    );
  }

  app.get('/*', { config, schema: hidden }, async (request, reply) => {
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.callNotFound();
    }
    if (NOT_APP.test(path)) return reply.callNotFound();
    guardOrigin(request);
    if (path === '/' || path === '/index.html') return sendIndex(reply);
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(root + sep)) return reply.callNotFound();
    const type = CONTENT_TYPES[extname(file).toLowerCase()];
    try {
      const body = await readFile(file);
      return reply.type(type ?? 'application/octet-stream').send(body);
    } catch {
      // A client-side route (no extension) is the app itself; a missing asset is a 404.
      if (!extname(path)) return sendIndex(reply);
      return reply.callNotFound();
    }
  });
}
