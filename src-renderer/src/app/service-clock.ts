import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useApp } from './app-context';

/** How often the times on screen move on by themselves. */
const TICK_MS = 30_000;

/**
 * The service's "now" in milliseconds. In sandbox mode the service clock may run ahead of the
 * computer's (the clock was advanced), and "later", "today" or "5 minutes ago" must be measured
 * from the service's now: the last clock the service told, moved on by the time since it was
 * heard. Outside sandbox mode the two clocks are one.
 */
export function useServiceNowMs(): () => number {
  const clock = useApp((s) => s.clock?.now);
  const heardAt = useApp((s) => s.clockAt);
  return useCallback(
    () => (clock ? Date.parse(clock) + (heardAt ? Date.now() - heardAt : 0) : Date.now()),
    [clock, heardAt],
  );
}

// One timer for every clock on screen (a list of a hundred relative times has one, not a
// hundred), running only while something shows a time.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let tick = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    tick += 1;
    for (const notify of [...listeners]) notify();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The service's now as a Date that moves on by itself (every 30 s), so a clock on screen and
 * every "in 6 minutes" or "5 minutes ago" stays true while a screen stays open; read again at
 * once when the service's clock is moved.
 */
export function useServiceNow(): Date {
  const nowMs = useServiceNowMs();
  const ticked = useSyncExternalStore(subscribe, () => tick);
  // `ticked` is why it is read again: the time moved on.
  return useMemo(() => new Date(nowMs()), [nowMs, ticked]);
}
