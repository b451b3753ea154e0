import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AuditEventView, PatientRef } from '../../../../src-preload/contract';

type Action = AuditEventView['action'];
type Channel = AuditEventView['channel'];

/** The audit log's filters, as the screen holds them (local days as the date inputs give them). */
export interface AuditFilter {
  patient: PatientRef | undefined;
  action: Action | '';
  channel: Channel | '';
  from: string;
  to: string;
}

export const NO_FILTER: AuditFilter = {
  patient: undefined,
  action: '',
  channel: '',
  from: '',
  to: '',
};

/** The audit log's filters (kept while the app runs); the events are queries. */
export interface AuditState {
  filter: AuditFilter;
  setFilter(patch: Partial<AuditFilter>): void;
}

export function createAuditStore(): StoreApi<AuditState> {
  return createStore<AuditState>()((set, get) => ({
    filter: NO_FILTER,
    setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } });
    },
  }));
}
