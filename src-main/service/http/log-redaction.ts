import type { FastifyRequest } from 'fastify';
import { FORM_PAGE_PREFIX } from './form-page-routes';

/**
 * A patient's form link is a bearer secret (`/f/<token>`): whoever holds it can answer the form.
 * Request logs show the path with the token cut out, so a log file handed to support never
 * carries a live link. Credentials travel in headers, which pino does not log.
 */
export function redactUrl(url: string): string {
  return url.startsWith(`${FORM_PAGE_PREFIX}/`)
    ? `${FORM_PAGE_PREFIX}/[token]${url.slice(url.search(/[?#]|$/))}`
    : url;
}

/** Fastify's logger options with the request serializer that redacts form tokens. */
export function loggerOptions(
  logger: boolean | { level: string; stream?: NodeJS.WritableStream } | undefined,
) {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
