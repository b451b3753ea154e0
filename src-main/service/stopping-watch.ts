import type { Server } from 'node:http';
import { connections } from './http/server-limits';

/** How long a step of stopping may take before the log says what it is waiting for. */
export const STOPPING_REPORT_MS = 10_000;

/**
 * Says in the log what a stop that is taking long is waiting for, every `everyMs`: the step under
 * way, and how many connections are still open while it is the HTTP side. A stop that never ends
 * (a restore's restart, the app's quit) would otherwise be silent. The timer is kept referenced on
 * purpose: a stop waiting on a promise that nothing will settle would let the process end without
 * a word once the server stops listening; this way it stays and keeps saying where it waits.
 */
export function watchStopping(
  server: Server,
  warn: (line: string) => void,
  everyMs: number = STOPPING_REPORT_MS,
) {
  const started = Date.now();
  let current = 'nothing yet';
  const timer = setInterval(() => {
    const waited = Math.round((Date.now() - started) / 1000);
    const step = current;
    server.getConnections((error, open) => {
      const stillOpen = !error && open > 0 ? ` (${connections(open)} still open)` : '';
      warn(`Engage Desk: stopping has waited ${waited} s, now for ${step}${stillOpen}.`);
    });
  }, everyMs);
  return {
    /** The step that starts now. */
    step(name: string): void {
      current = name;
    },
    done(): void {
      clearInterval(timer);
    },
  };
}
