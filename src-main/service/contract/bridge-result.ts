import type { Topic } from './topics';

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

/**
 * A success says which topics the operation changed (sorted; absent or empty for a read), so the
 * window refreshes what its own write changed from the service's one declaration of it
 * (changes/domain-topics.ts), whether or not it hears the pushed `changed` event.
 */
export type BridgeResult<T> =
  { ok: true; value: T; changed?: Topic[] } | { ok: false; error: BridgeError };
