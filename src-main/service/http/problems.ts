import { STATUS_CODES } from 'node:http';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError, StoreBusyError, type ProblemCode } from '../errors';
import { fieldErrors } from '../validation/field-errors';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Problem types are URNs: stable identifiers that are not meant to be fetched. */
export const problemType = (code: string) => `urn:engage-desk:problem:${code}`;

/**
 * Renders every failure as an RFC 9457 problem document. Fastify's own errors (bad JSON, wrong
 * content type, oversized body, schema failures) are translated to the codes of api-decisions §2;
 * anything unexpected becomes a 500 without internals in the body.
 */
export function installProblemHandlers(
  app: FastifyInstance,
  options: {
    /** The methods a path answers (method-table.ts); without it every miss is a 404. */
    allowedMethods?: (url: string) => string[];
  } = {},
): void {
  app.setErrorHandler((error: FastifyError | ProblemError, request, reply) => {
    const problem = toProblemError(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, problem);
  });

  // No route for this method and path. Like the 404, this is decided before any credential is
  // looked at (docs/api-decisions.md, "Errors"): which methods a path has is public (the OpenAPI
  // document), and a path that does not exist right now has none.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allow = options.allowedMethods?.(request.url) ?? [];
    // A route that handed its request over (reply.callNotFound) does answer its own method.
    if (allow.length > 0 && !allow.includes(request.method)) {
      reply.header('allow', allow.join(', '));
      return sendProblem(
        request,
        reply,
        new ProblemError(
          405,
          'method_not_allowed',
          `${path} does not answer ${request.method}; it answers ${allow.join(', ')}.`,
        ),
      );
    }
    return sendProblem(
      request,
      reply,
      new ProblemError(404, 'route_not_found', `No route matches ${request.method} ${path}.`),
    );
  });
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemError) {
  if (problem.status === 401) {
    reply.header(
      'www-authenticate',
      `Bearer realm="engage-desk", error="invalid_token", error_description="${problem.detail.replace(/"/g, "'")}"`,
    );
  } else if (problem.status === 503 && problem.extensions.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(problem.extensions.retryAfterSeconds));
  } else if (problem.status === 403 && problem.extensions.requiredPermission) {
    reply.header(
      'www-authenticate',
      `Bearer realm="engage-desk", error="insufficient_scope", scope="${String(problem.extensions.requiredPermission)}"`,
    );
  }
  // Extensions come first: they add members, and can never replace the standard ones.
  const body = {
    ...problem.extensions,
    type: problemType(problem.code),
    title: STATUS_CODES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    instance: request.url.split('?')[0],
    code: problem.code,
    requestId: request.id,
  };
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

const FASTIFY_CODES: Record<string, [number, ProblemCode, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'unsupported_media_type',
    'Request bodies must be JSON (Content-Type: application/json).',
  ],
  FST_ERR_CTP_INVALID_TYPE: [
    415,
    'unsupported_media_type',
    'Request bodies must be JSON (Content-Type: application/json).',
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is larger than 1 MiB.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [
    400,
    'invalid_json',
    'The body is empty but Content-Type says JSON; send a JSON document or no Content-Type.',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    'invalid_json',
    'The body does not match its Content-Length.',
  ],
};

/** How long a client should wait before sending again a request the store was too busy for. */
const BUSY_RETRY_AFTER_SECONDS = 1;

export function toProblemError(error: FastifyError | ProblemError | Error): ProblemError {
  if (error instanceof ProblemError) return error;
  if (error instanceof StoreBusyError)
    return new ProblemError(
      503,
      'service_busy',
      'Other requests were writing the same records at the same moment; nothing was written. Send the request again.',
      { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
    );
  const fe = error as FastifyError;
  if (fe.validation) {
    const tooLong = overLongId(fe.validation as never, fe.validationContext);
    if (tooLong) return tooLong;
    const errors = fieldErrors(fe.validation as never, fe.validationContext);
    return new ProblemError(
      422,
      'validation_failed',
      errors.map((e) => e.detail).join(' ') || 'The request is not valid.',
      { errors },
    );
  }
  const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (known) return new ProblemError(known[0], known[1], known[2]);
  if (
    fe.statusCode === 400 &&
    (error instanceof SyntaxError || fe.code?.startsWith('FST_ERR_CTP'))
  ) {
    return new ProblemError(400, 'invalid_json', `The body is not valid JSON: ${error.message}`);
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new ProblemError(fe.statusCode, 'bad_request', error.message);
  }
  return new ProblemError(
    500,
    'internal_error',
    'Something went wrong on our side; the request id helps us find it.',
  );
}

/**
 * A path parameter over its `maxLength` (an id longer than any id: 64 characters) names nothing,
 * so it is answered as an id that does not exist, 404 `resource_missing`, not as a 422 about
 * its length: the id is where the resource is, not a value the client sent to be stored (a
 * reference in a body or a query filter stays 422). Validation runs after authentication and
 * permissions, so a caller without a credential still gets 401 and one without the permission
 * 403, whatever the id. A parameter that is also wrong in another way (a control character) is
 * a 422 as before.
 */
function overLongId(errors: ErrorObject[], part: string | undefined): ProblemError | undefined {
  if (part !== 'params' || errors.length === 0) return undefined;
  if (!errors.every((e) => e.keyword === 'maxLength')) return undefined;
  const names = [...new Set(errors.map((e) => e.instancePath.split('/')[1] ?? 'id'))];
  const limit = Math.max(...errors.map((e) => Number((e.params as { limit?: number }).limit)));
  return new ProblemError(
    404,
    'resource_missing',
    `No resource has this ${names.join(' and ')}: ids are at most ${limit} characters.`,
  );
}
