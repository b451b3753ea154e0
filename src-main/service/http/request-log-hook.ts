import type { FastifyInstance } from 'fastify';
import type { RequestLog } from '../developer/request-log';
import { redactUrl } from './log-redaction';

/** The paths the log shows: the public API and the patients' form pages, never /__bridge. */
const LOGGED = /^\/(api\/v1|f)(\/|\?|$)/;

/**
 * Records every answered request to the API and the form pages: method, path (form tokens cut
 * out, like the server log), status, time taken, and the name of the API key that authenticated
 * it, directly or through an access token made from it. Credentials and bodies are never kept.
 */
export function installRequestLog(app: FastifyInstance, log: RequestLog): void {
  app.addHook('onResponse', async (request, reply) => {
    if (!LOGGED.test(request.url)) return;
    const credential = request.credential;
    log.record({
      requestId: request.id,
      method: request.method,
      path: redactUrl(request.url),
      status: reply.statusCode,
      durationMs: Math.max(0, Math.round(reply.elapsedTime * 10) / 10),
      ...(credential
        ? {
            credential: {
              keyId: credential.keyId,
              keyName: credential.keyName,
              kind: credential.kind,
            },
          }
        : {}),
    });
  });
}
