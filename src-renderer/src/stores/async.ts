import { asFailure, type BridgeFailure } from '../bridge/bridge';

/** The four states every view that loads something renders: loading, error, empty or the data. */
export type Async<T> =
  | { status: 'idle' }
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: BridgeFailure; data?: T };

export const idle = { status: 'idle' } as const;

/**
 * Runs a load and reports each state to `set`. Keeps the previous data while reloading, so a
 * refresh after a change does not blank the screen.
 */
export async function load<T>(
  previous: Async<T>,
  set: (next: Async<T>) => void,
  run: () => Promise<T>,
): Promise<T | undefined> {
  const data = 'data' in previous ? previous.data : undefined;
  set(data === undefined ? { status: 'loading' } : { status: 'loading', data });
  try {
    const value = await run();
    set({ status: 'ready', data: value });
    return value;
  } catch (error) {
    set(
      data === undefined
        ? { status: 'error', error: asFailure(error) }
        : { status: 'error', error: asFailure(error), data },
    );
    return undefined;
  }
}
