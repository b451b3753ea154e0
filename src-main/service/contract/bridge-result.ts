/**
 * The result envelope of every window operation: errors cross the process boundary as data,
 * never as thrown objects (Electron flattens thrown errors into a string).
 */
export interface BridgeError {
  /** The service's stable problem code (`validation_failed`, `insufficient_credits`, …). */
  code: string;
  /** A sentence for people (English; the window translates by `code` where it can). */
  message: string;
  /** The problem's extensions, e.g. `{errors: [{pointer, code, detail}]}` for a 422. */
  details?: Record<string, unknown>;
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };
