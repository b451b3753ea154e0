import type { FastifyRequest } from 'fastify';
import { CHAT_PAGE_PREFIX } from '../domain/chat-links';
import { FORM_PAGE_PREFIX } from './form-page-routes';

/** The patient pages whose address carries a personal token. */
const TOKEN_PAGES = [FORM_PAGE_PREFIX, CHAT_PAGE_PREFIX];

/**
 * A patient's form link is a bearer secret (`/f/<token>`): whoever holds it can answer the form;
 * a chat link (`/c/<token>`) can write in the conversation.
 * Request logs show the path with the token cut out, so a log file handed to support never
 * carries a live link. Credentials travel in headers, which pino does not log.
 */
export function redactUrl(url: string): string {
  const prefix = TOKEN_PAGES.find((p) => url.startsWith(`${p}/`));
  return prefix ? `${prefix}/[token]${url.slice(url.search(/[?#]|$/))}` : url;
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
