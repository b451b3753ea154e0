import { operationNames, type BridgeResult, type Topic } from '../../../src-preload/contract';
import type { Bridge } from '../bridge/bridge';

type Operation = (input?: unknown) => Promise<BridgeResult<unknown>>;

/**
 * The bridge the window's screens use: every operation as the given bridge answers it, and when
 * the answer says what the write changed (`changed`, from the service's one declaration of each
 * write's topics), `refresh` hears those topics. So no screen says again what its write changes;
 * and the window stays right when it does not hear the pushed `changed` event (the web bridge
 * between reconnections, tests).
 */
export function refreshingWrites(bridge: Bridge, refresh: (topics: Topic[]) => void): Bridge {
  const source = bridge as unknown as Record<string, Record<string, Operation>>;
  const groups: Record<string, Record<string, Operation>> = {};
  for (const name of operationNames()) {
    const [group, method] = name.split('.') as [string, string];
    const call = source[group]![method]!;
    (groups[group] ??= {})[method] = async (input) => {
      const result = await call(input);
      const changed = result.ok ? result.changed : undefined;
      // After the caller has placed the answer where it shows (a write's onSuccess runs in the
      // microtasks that follow), so the fresh read comes last and nothing is placed twice.
      if (changed?.length) setTimeout(() => refresh(changed), 0);
      return result;
    };
  }
  return { ...bridge, ...groups } as Bridge;
}
