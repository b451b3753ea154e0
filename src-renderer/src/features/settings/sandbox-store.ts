import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BridgeFailure } from '../../bridge/bridge';

export type Seed = 'demo' | 'empty';

/**
 * What the sandbox tools said last (kept while the app runs): the clock's move and the reset,
 * each under way, done or refused. The clock itself is a query.
 */
export interface SandboxState {
  /** The preset being applied (seconds), while the service runs the jobs on the way. */
  advancing: number | null;
  advanced: { seconds: number; jobsRun: number } | null;
  advanceError: BridgeFailure | null;
  resetting: boolean;
  resetDone: { seed: Seed; patients: number } | null;
  resetError: BridgeFailure | null;
  clearResetError(): void;
}

export function createSandboxStore(): StoreApi<SandboxState> {
  return createStore<SandboxState>()((set) => ({
    advancing: null,
    advanced: null,
    advanceError: null,
    resetting: false,
    resetDone: null,
    resetError: null,
    clearResetError() {
      set({ resetError: null });
    },
  }));
}

/** The offset's parts for "+3 días 4 h": days and hours, with minutes only under a day. */
export function offsetParts(offsetSeconds: number): {
  sign: 1 | -1 | 0;
  days: number;
  hours: number;
  minutes: number;
} {
  const abs = Math.abs(offsetSeconds);
  if (abs < 60) return { sign: 0, days: 0, hours: 0, minutes: 0 };
  const days = Math.floor(abs / 86_400);
  const hours = Math.floor((abs % 86_400) / 3_600);
  const minutes = days === 0 ? Math.floor((abs % 3_600) / 60) : 0;
  return { sign: offsetSeconds > 0 ? 1 : -1, days, hours, minutes };
}
