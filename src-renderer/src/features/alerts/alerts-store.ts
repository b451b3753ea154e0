import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  AlertPriority,
  AlertSource,
  AlertState,
  PatientRef,
} from '../../../../src-preload/contract';

export const ALERT_PRIORITIES: readonly AlertPriority[] = ['urgent', 'review'];
export const ALERT_STATES: readonly AlertState[] = ['open', 'acknowledged', 'resolved'];
export const ALERT_SOURCES: readonly AlertSource[] = [
  'conversation',
  'call',
  'form_response',
  'form_schedule',
];

export interface AlertFilter {
  /** From the screen's `?patientId=` (the name unknown then: empty) or the patient picker. */
  patient: PatientRef | undefined;
  priority: AlertPriority | '';
  source: AlertSource | '';
  state: AlertState | '';
}

export const NO_FILTER: AlertFilter = { patient: undefined, priority: '', source: '', state: '' };

export type AlertAction = 'acknowledge' | 'resolve';

/** The Alerts screen's filters (kept while the app runs); the alerts are queries. */
export interface AlertsState {
  filter: AlertFilter;
  setFilter(patch: Partial<AlertFilter>): void;
  /** The screen's `?patientId=` (undefined: every patient); a no-op when it is already set. */
  showPatient(patientId: string | undefined): void;
}

export function createAlertsStore(): StoreApi<AlertsState> {
  return createStore<AlertsState>()((set, get) => ({
    filter: NO_FILTER,
    setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } });
    },
    showPatient(patientId) {
      if (get().filter.patient?.id === patientId) return;
      get().setFilter({
        patient: patientId ? { id: patientId, firstName: '', lastName: '' } : undefined,
      });
    },
  }));
}
