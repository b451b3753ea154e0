/**
 * Every problem `code` the service sends (api-decisions §2 and docs/api-decisions.md), as values
 * so that tests can check a response's code against the list.
 */
export const PROBLEM_CODES = [
  'invalid_json',
  'invalid_cursor',
  'schedule_not_cancellable',
  'schedule_not_submittable',
  // A delivery that is not failed, or was retried already; a series cancelled already.
  'schedule_not_retriable',
  'series_not_cancellable',
  'conversation_ended',
  'conversation_busy',
  'form_in_use',
  'alert_acknowledged',
  'alert_resolved',
  'webhook_disabled',
  'invalid_token',
  'token_expired',
  'invalid_api_key',
  'insufficient_credits',
  'insufficient_permissions',
  'resource_missing',
  'route_not_found',
  // A known path asked with a method it does not answer (405, with Allow).
  'method_not_allowed',
  'idempotency_key_in_use',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'patient_inactive',
  'patient_unreachable',
  'idempotency_key_reused',
  'rate_limited',
  'bad_request',
  // Headers or body that came too slowly (408, written by the HTTP server's client-error handler).
  'request_timeout',
  'internal_error',
  'sandbox_off',
  'bridge_forbidden',
  'host_not_allowed',
  // An e-mail the SMTP server refused while the caller waited (a chat link sent by e-mail).
  'smtp_error',
  // A backup, its verification or a restore that could not be done (the window's Data page).
  'backup_failed',
  // Backups asked of a service without a database on disk, or a restore where no host can.
  'backups_unavailable',
  // A clinic archive's export, inspection or import refused (docs/data-safety.md).
  'archive_failed',
  // An archive asked of a clinic in memory, or a dialog or an import no host can give.
  'archives_unavailable',
  // PostgreSQL refused a write transaction as not serializable more often than the store runs
  // it again (503, with Retry-After): nothing was written, the request may be sent again.
  'service_busy',
  // The web bridge's event stream asked for while the service stops (503, with Retry-After).
  'service_stopping',
] as const;

/**
 * The one error type the domain throws. The HTTP layer renders it as an RFC 9457 problem, the IPC
 * layer as `{ok: false, error}`; neither has to know which rule was broken.
 */
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** One entry of a 422's `errors[]`: a JSON pointer into the body, or a query parameter name. */
export interface FieldError {
  pointer?: string;
  parameter?: string;
  code: string;
  detail: string;
}

export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
  }
}

export function validationFailed(errors: FieldError[], detail?: string): ProblemError {
  return new ProblemError(
    422,
    'validation_failed',
    detail ?? errors.map((e) => e.detail).join('; '),
    { errors },
  );
}

export function resourceMissing(kind: string, id: string): ProblemError {
  return new ProblemError(404, 'resource_missing', `No ${kind} with id '${id}' exists.`, {
    resource: kind,
    resourceId: id,
  });
}

/**
 * A transaction the store ran again as often as it may and that PostgreSQL still refused as not
 * serializable (or deadlocked): nothing of it was written. `code` is PostgreSQL's (40001,
 * 40P01). The HTTP layer answers 503 `service_busy` with Retry-After, which an integrator's
 * client retries, instead of a 500 that reads as a bug.
 */
export class StoreBusyError extends Error {
  readonly code: string;
  constructor(attempts: number, cause: unknown) {
    super(`The transaction was refused as not serializable ${attempts} times`, { cause });
    this.name = 'StoreBusyError';
    this.code = (cause as { code?: string } | null)?.code ?? '40001';
  }
}
