import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  Channel,
  ClinicalForm,
  PatientRef,
  PriceList,
  ScheduleStatus,
} from '../../../../src-preload/contract';
import type { MonthRef } from './calendar-model';

export interface DeliveryFilters {
  status: ScheduleStatus | '';
  channel: Channel | '';
  formId: string;
  /** The patient filter keeps the name to show, not only the id. */
  patient: PatientRef | undefined;
  /** One series' deliveries (chosen from a row's series badge), with what to call it. */
  series: { id: string; formName: string; patient: PatientRef } | undefined;
  /** By delivery time: the latest first (default) or the soonest first. */
  sort: '-scheduledAt' | 'scheduledAt';
}

export const NO_FILTERS: DeliveryFilters = {
  status: '',
  channel: '',
  formId: '',
  patient: undefined,
  series: undefined,
  sort: '-scheduledAt',
};

export interface OutboxFilters {
  channel: Channel | '';
  patient: PatientRef | undefined;
}

/**
 * The Deliveries screen's own choices, kept while the app runs: the list's and the outbox's
 * filters, and the calendar's month and day. The deliveries themselves are queries.
 */
export interface DeliveriesState {
  filters: DeliveryFilters;
  outboxFilters: OutboxFilters;
  /** The month on screen; undefined until the calendar knows the service's today. */
  month: MonthRef | undefined;
  /** The chosen day (YYYY-MM-DD, local). */
  day: string | undefined;
  setFilters(patch: Partial<DeliveryFilters>): void;
  setOutboxFilters(patch: Partial<OutboxFilters>): void;
  showMonth(month: MonthRef): void;
  selectDay(day: string): void;
}

export function createDeliveriesStore(): StoreApi<DeliveriesState> {
  return createStore<DeliveriesState>()((set, get) => ({
    filters: NO_FILTERS,
    outboxFilters: { channel: '', patient: undefined },
    month: undefined,
    day: undefined,
    setFilters(patch) {
      set({ filters: { ...get().filters, ...patch } });
    },
    setOutboxFilters(patch) {
      set({ outboxFilters: { ...get().outboxFilters, ...patch } });
    },
    showMonth(month) {
      set({ month });
    },
    selectDay(day) {
      set({ day });
    },
  }));
}

export function activeForms(forms: readonly ClinicalForm[]): ClinicalForm[] {
  return forms.filter((form) => form.status === 'active');
}

/** The price of one delivery on `channel`. */
export function priceOf(prices: PriceList, channel: Channel): number {
  return channel === 'whatsapp' ? prices.deliveryWhatsapp : prices.deliveryEmail;
}
