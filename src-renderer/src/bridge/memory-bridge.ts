import {
  buildBridgeApi,
  type BridgeResult,
  type Group,
  type InputOf,
  type MethodOf,
  type OperationName,
  type OutputOf,
  type PushEventName,
  type PushEvents,
  type Topic,
} from '../../../src-preload/contract';
import type { Bridge } from './bridge';

/** Handlers for the operations a test needs; return a value, or throw `{code, message}`. */
export type MemoryHandlers = {
  [G in Group]?: {
    [M in MethodOf<G>]?: (input: InputOf<G, M>) => OutputOf<G, M> | Promise<OutputOf<G, M>>;
  };
};

export interface MemoryBridge extends Bridge {
  /** Every call made, in order: what a test asserts on. */
  log: { name: OperationName; input: unknown }[];
  /** Pushes an event to the subscribers, as main would. */
  emit<K extends PushEventName>(event: K, data: PushEvents[K]): void;
}

function copy<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

/**
 * The in-memory Bridge for unit tests: the same named functions as `window.engage` (built from
 * the contract), answering from the handlers a test gives. An operation without a handler fails
 * with `not_implemented_in_test`, so a screen calling something unexpected is visible. A write
 * that succeeds answers the topics `changes` gives for it, as the service says what it changed.
 */
export function createMemoryBridge(
  handlers: MemoryHandlers = {},
  changes: Partial<Record<OperationName, readonly Topic[]>> = {},
): MemoryBridge {
  const log: { name: OperationName; input: unknown }[] = [];
  const listeners = new Map<PushEventName, Set<(data: unknown) => void>>();
  const api = buildBridgeApi(async (name, input): Promise<BridgeResult<unknown>> => {
    log.push({ name, input });
    const [group, method] = name.split('.') as [Group, string];
    const handler = (handlers[group] as Record<string, ((i: unknown) => unknown) | undefined>)?.[
      method
    ];
    if (!handler) {
      return { ok: false, error: { code: 'not_implemented_in_test', message: name } };
    }
    try {
      // A copy, as every real transport (IPC, HTTP) hands the window: an answer never shares
      // objects with the handler's data, which a test may change afterwards.
      const value = copy(await handler(input));
      const changed = changes[name];
      return changed?.length ? { ok: true, value, changed: [...changed] } : { ok: true, value };
    } catch (error) {
      const e = error as { code?: string; message?: string; details?: Record<string, unknown> };
      return {
        ok: false,
        error: {
          code: e.code ?? 'internal_error',
          message: e.message ?? String(error),
          ...(e.details ? { details: e.details } : {}),
        },
      };
    }
  });
  return {
    ...api,
    log,
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (data: unknown) => void);
      return () => set.delete(listener as (data: unknown) => void);
    },
    emit(event, data) {
      for (const listener of listeners.get(event) ?? []) listener(data);
    },
  };
}
