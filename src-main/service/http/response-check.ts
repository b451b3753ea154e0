import { appendFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problem } from '../schemas/common';
import { PROBLEM_CONTENT_TYPE } from './problems';
import { API_PREFIX } from './api-prefix';

/**
 * The response contract check (issue 8): an opt-in hook that validates every /api/v1 JSON response
 * body against the schema its route declares for that status (problem documents against Problem),
 * so the e2e suite and the service tests notice when a handler sends what the OpenAPI document
 * does not promise. Many handlers send rows rendered by SQLite as text (json-text.ts), which no
 * serializer checks; this is where they are checked.
 *
 * Off unless ENGAGE_DESK_CHECK_RESPONSES is set: `1` reports each violation on stderr with the
 * prefix below; any other value is a file that gets one JSON line per violation.
 */
export const RESPONSE_CHECK_ENV = 'ENGAGE_DESK_CHECK_RESPONSES';
export const RESPONSE_CHECK_PREFIX = '[response-check]';

export interface ResponseViolation {
  method: string;
  url: string;
  route: string;
  status: number;
  problem: string;
  errors?: unknown;
}

/**
 * Answers of the guards in front of every route rather than of the route: a /sandbox route while
 * sandbox mode is off answers like a route that does not exist (and the document then leaves it
 * out), and a foreign Host header is refused before routing matters. Checked as problems only.
 */
const GUARD_CODES = new Set(['route_not_found', 'host_not_allowed']);

// One validator per schema object, shared by every app in the process (the schemas are module
// constants, so a test run that starts many servers compiles each of them once).
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
addFormats.default(ajv, ['date', 'date-time', 'email', 'uri']);
const compiled = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The schema a route declares for `status`: a schema, or `{content: {type: {schema}}}`. */
function declaredSchema(
  response: Record<string, unknown> | undefined,
  status: number,
  contentType: string,
): object | null | undefined {
  const entry = (response?.[String(status)] ?? response?.[`${String(status)[0]}xx`]) as
    Record<string, unknown> | null | undefined;
  if (entry === undefined) return undefined;
  if (entry === null) return null;
  const content = entry.content as Record<string, { schema?: object }> | undefined;
  if (content) {
    const media = contentType.split(';')[0]!.trim();
    return content[media]?.schema ?? Object.values(content)[0]?.schema ?? null;
  }
  return entry;
}

export function reporterFor(target: string): (violation: ResponseViolation) => void {
  if (target === '1' || target === 'true') {
    return (violation) =>
      process.stderr.write(`${RESPONSE_CHECK_PREFIX} ${JSON.stringify(violation)}\n`);
  }
  return (violation) => appendFileSync(target, `${JSON.stringify(violation)}\n`);
}

/**
 * Installs the check when `target` (normally the environment variable) is set. Must be installed
 * before the routes are registered, so that their scopes inherit the hook.
 */
export function installResponseCheck(
  app: FastifyInstance,
  target: string | undefined = process.env[RESPONSE_CHECK_ENV],
  report: (violation: ResponseViolation) => void = target ? reporterFor(target) : () => {},
): void {
  if (!target) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(API_PREFIX)) return payload;
    const status = reply.statusCode;
    const contentType = String(reply.getHeader('content-type') ?? '');
    const violation = check(request, status, contentType, payload);
    if (violation) report(violation);
    return payload;
  });
}

function check(
  request: FastifyRequest,
  status: number,
  contentType: string,
  payload: unknown,
): ResponseViolation | undefined {
  const route = request.routeOptions.url ?? '(no route)';
  const base = { method: request.method, url: request.url.split('?')[0]!, route, status };
  const text =
    typeof payload === 'string'
      ? payload
      : Buffer.isBuffer(payload)
        ? payload.toString('utf8')
        : payload === null || payload === undefined
          ? ''
          : undefined;
  if (text === undefined) return undefined; // a stream: not a JSON document we can check here
  // HEAD: Node drops the body it is given, so there is nothing on the wire to check.
  if (request.method === 'HEAD') return undefined;
  if (status === 204) {
    return text === '' ? undefined : { ...base, problem: 'a body on a response without one' };
  }
  const isProblem = status >= 400;
  if (isProblem && !contentType.startsWith(PROBLEM_CONTENT_TYPE)) {
    return { ...base, problem: `an error with content type '${contentType}'` };
  }
  if (!isProblem && !contentType.startsWith('application/json')) {
    return { ...base, problem: `a success with content type '${contentType}'` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ...base, problem: 'a body that is not JSON' };
  }
  const response = (request.routeOptions.schema as { response?: Record<string, unknown> })
    ?.response;
  const declared = request.routeOptions.url ? declaredSchema(response, status, contentType) : null;
  const guard = isProblem && GUARD_CODES.has((body as { code?: string } | null)?.code ?? '');
  if (request.routeOptions.url && declared === undefined && !guard) {
    return { ...base, problem: `status ${status} is not declared by the route` };
  }
  const schema = isProblem ? Problem : declared;
  if (!schema) return undefined;
  const validate = validatorFor(schema);
  if (validate(body)) return undefined;
  return {
    ...base,
    problem: 'the body does not match the declared schema',
    errors: validate.errors,
  };
}
