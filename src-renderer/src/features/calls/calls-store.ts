import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CallStatus, Patient } from '../../../../src-preload/contract';

export interface CallFilter {
  patient: Patient | undefined;
  status: CallStatus | '';
  /** Local calendar days (YYYY-MM-DD) as the date inputs hold them; '' for no bound. */
  from: string;
  to: string;
}

export const NO_FILTER: CallFilter = { patient: undefined, status: '', from: '', to: '' };

/** Whether the date bounds make a range the service accepts (`to` after `from`). */
export function rangeIsValid(filter: Pick<CallFilter, 'from' | 'to'>): boolean {
  return !filter.from || !filter.to || filter.from <= filter.to;
}

/** The Calls screen's filters (kept while the app runs); the calls are queries. */
export interface CallsState {
  filter: CallFilter;
  setFilter(patch: Partial<CallFilter>): void;
}

export function createCallsStore(): StoreApi<CallsState> {
  return createStore<CallsState>()((set, get) => ({
    filter: NO_FILTER,
    setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } });
    },
  }));
}
