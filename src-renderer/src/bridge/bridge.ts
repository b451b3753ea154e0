import type { BridgeError, BridgeResult, EngageBridge } from '../../../src-preload/contract';

/**
 * What the window talks to. In Electron it is `window.engage` (the preload); in web mode an HTTP
 * client of the service's internal bridge route; in unit tests an in-memory fake. Screens and
 * stores depend on this interface only.
 */
export type Bridge = EngageBridge;

/** A failed operation, thrown by `unwrap` so stores can use try/catch and keep the error data. */
export class BridgeFailure extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(error: BridgeError) {
    super(error.message);
    this.name = 'BridgeFailure';
    this.code = error.code;
    this.details = error.details;
  }

  /** The 422's field errors, keyed by JSON pointer (`/firstName`). */
  fieldErrors(): Record<string, { code: string; detail: string }> {
    const list = (this.details?.errors ?? []) as {
      pointer?: string;
      parameter?: string;
      code: string;
      detail: string;
    }[];
    const out: Record<string, { code: string; detail: string }> = {};
    for (const e of list) {
      const key = e.pointer ?? (e.parameter ? `/${e.parameter}` : '/');
      out[key] ??= { code: e.code, detail: e.detail };
    }
    return out;
  }
}

export async function unwrap<T>(result: Promise<BridgeResult<T>>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new BridgeFailure(settled.error);
  return settled.value;
}

/** Turns anything thrown into a BridgeFailure, so the error states have one shape to render. */
export function asFailure(error: unknown): BridgeFailure {
  if (error instanceof BridgeFailure) return error;
  return new BridgeFailure({
    code: 'internal_error',
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Failures of the way to the service, not answers from it: the HTTP bridge could not reach it, or
 * something other than the bridge answered (a proxy, a restart). Worth trying again.
 */
const UNREACHABLE = new Set(['service_unreachable', 'bridge_error']);

/** Whether a failure is the way to the service, not an answer from it. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof BridgeFailure && UNREACHABLE.has(error.code);
}
