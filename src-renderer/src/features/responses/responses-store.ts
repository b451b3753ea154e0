import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PatientRef } from '../../../../src-preload/contract';

export interface ResponseFilters {
  patient: PatientRef | undefined;
  /** YYYY-MM-DD, inclusive, in the user's time zone; '' for open. */
  from: string;
  /** YYYY-MM-DD, inclusive, in the user's time zone; '' for open. */
  to: string;
}

export const NO_FILTERS: ResponseFilters = { patient: undefined, from: '', to: '' };

/** Whether `to` comes before `from` (both set): the filter is not applied then. */
export function rangeInvalid(filters: Pick<ResponseFilters, 'from' | 'to'>): boolean {
  return filters.from !== '' && filters.to !== '' && filters.to < filters.from;
}

/**
 * A form's responses screen's filters (kept while the app runs, cleared for another form); the
 * responses and the charts are queries.
 */
export interface ResponsesState {
  /** The form the filters belong to. */
  formId: string | undefined;
  /** As the user set them, a half-typed range (to before from) included. */
  filters: ResponseFilters;
  /** What the table and the charts show: the latest filters with a range that makes sense. */
  applied: ResponseFilters;
  /** Shows form `formId`: its filters start cleared when it is another form. */
  open(formId: string): void;
  setFilters(patch: Partial<ResponseFilters>): void;
}

export function createResponsesStore(): StoreApi<ResponsesState> {
  return createStore<ResponsesState>()((set, get) => ({
    formId: undefined,
    filters: NO_FILTERS,
    applied: NO_FILTERS,
    open(formId) {
      if (get().formId !== formId) set({ formId, filters: NO_FILTERS, applied: NO_FILTERS });
    },
    setFilters(patch) {
      const filters = { ...get().filters, ...patch };
      // A half-typed range waits for the user instead of answering nothing.
      set(rangeInvalid(filters) ? { filters } : { filters, applied: filters });
    },
  }));
}
