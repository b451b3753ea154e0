import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SandboxClockView } from '../../../../src-preload/contract';
import { asFailure, unwrap, type Bridge, type BridgeFailure } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

export type Seed = 'demo' | 'empty';

export interface SandboxState {
  clock: Async<SandboxClockView>;
  /** The preset being applied (seconds), while the service runs the jobs on the way. */
  advancing: number | null;
  advanced: { seconds: number; jobsRun: number } | null;
  advanceError: BridgeFailure | null;
  resetting: boolean;
  resetDone: { seed: Seed; patients: number } | null;
  resetError: BridgeFailure | null;
  loadClock(): Promise<void>;
  advance(seconds: number): Promise<void>;
  /** Resolves true once the clinic is replaced. */
  reset(seed: Seed): Promise<boolean>;
  clearResetError(): void;
}

export type SandboxStore = StoreApi<SandboxState>;

export function createSandboxStore(bridge: Bridge): SandboxStore {
  const store = createStore<SandboxState>()((set, get) => ({
    clock: idle,
    advancing: null,
    advanced: null,
    advanceError: null,
    resetting: false,
    resetDone: null,
    resetError: null,
    async loadClock() {
      await load(
        get().clock,
        (clock) => set({ clock }),
        () => unwrap(bridge.sandbox.clock()),
      );
    },
    async advance(seconds) {
      if (get().advancing !== null) return;
      set({ advancing: seconds, advanceError: null, advanced: null });
      try {
        const { jobsRun, ...clock } = await unwrap(bridge.sandbox.advance({ seconds }));
        set({ clock: { status: 'ready', data: clock }, advanced: { seconds, jobsRun } });
      } catch (error) {
        set({ advanceError: asFailure(error) });
      } finally {
        set({ advancing: null });
      }
    },
    async reset(seed) {
      if (get().resetting) return false;
      set({ resetting: true, resetError: null, resetDone: null });
      try {
        const done = await unwrap(bridge.sandbox.reset({ seed }));
        set({ resetDone: done });
        return true;
      } catch (error) {
        set({ resetError: asFailure(error) });
        return false;
      } finally {
        set({ resetting: false });
      }
    },
    clearResetError() {
      set({ resetError: null });
    },
  }));
  // The service pushes the clock whenever it moves (here or from the CLI/API).
  bridge.on('clock', (clock) => store.setState({ clock: { status: 'ready', data: clock } }));
  return store;
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
