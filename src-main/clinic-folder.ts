import { join } from 'node:path';
import type { CoreOptions } from './service/core';

/** The command-line flag that opens the demo clinic instead of the clinic's own. */
export const DEMO_FLAG = '--demo';

/** The demo clinic's folder inside the app's own: its own database, never the clinic's. */
export const DEMO_FOLDER = 'Demo clinic';

export interface ClinicChoice {
  demo: boolean;
  dataDir: string;
  options: Pick<CoreOptions, 'seed' | 'sandboxDefault'>;
}

/**
 * Which clinic the desktop app opens. Its own clinic (the app's data folder) starts empty and
 * with sandbox mode off: it holds real patients. The demo clinic, for sales demos and trying
 * things out, lives in a folder of its own, starts seeded and in sandbox mode (clock, reset,
 * outbox), so nothing done there can reach the real clinic.
 */
export function clinicFromArgs(argv: readonly string[], userData: string): ClinicChoice {
  const demo = argv.includes(DEMO_FLAG);
  return demo
    ? {
        demo,
        dataDir: join(userData, DEMO_FOLDER),
        options: { seed: 'demo', sandboxDefault: true },
      }
    : { demo, dataDir: userData, options: { seed: 'empty', sandboxDefault: false } };
}

/** The arguments to relaunch with to open the other clinic (`argv` without the executable). */
export function relaunchArgs(argv: readonly string[], demo: boolean): string[] {
  const rest = argv.filter((a) => a !== DEMO_FLAG);
  return demo ? [...rest, DEMO_FLAG] : rest;
}
