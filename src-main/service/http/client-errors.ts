import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ProblemCode } from '../errors';
import { problemType, PROBLEM_CONTENT_TYPE } from './problems';

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (an unknown method, a request line
 * or headers over the size limit) still get a problem document with a request id, written straight
 * to the socket, which is then closed.
 */
export function clientErrorHandler(newRequestId: () => string) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    // The headers or the body did not arrive within the server limits (server-limits.ts).
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = tooLarge ? 431 : timedOut ? 408 : 400;
    const code: ProblemCode = timedOut ? 'request_timeout' : 'bad_request';
    const requestId = newRequestId();
    const body = JSON.stringify({
      type: problemType(code),
      title: STATUS_CODES[status],
      status,
      detail: tooLarge
        ? 'The request line and headers are larger than the server accepts (16 KiB); send long values in a JSON body.'
        : timedOut
          ? 'The request did not arrive in time: its headers or body came too slowly.'
          : 'The request could not be parsed as HTTP (unknown method or malformed request line).',
      instance: '',
      code,
      requestId,
    });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  };
}
