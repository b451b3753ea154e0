import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  Channel,
  ClinicalForm,
  CreditBalance,
  InputOf,
  OutputOf,
  PatientRef,
  PriceList,
  ScheduleListItem,
  ScheduleStatus,
} from '../../../../src-preload/contract';
import { asFailure, unwrap, type Bridge, type BridgeFailure } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

export const PAGE_SIZE = 25;
/** The service's largest page: a refresh reloads what is on screen in one call, up to this. */
const MAX_PAGE = 100;
/** Forms are few; this many pages of 100 is far beyond any clinic's catalogue. */
const MAX_FORM_PAGES = 20;

export interface DeliveryFilters {
  status: ScheduleStatus | '';
  channel: Channel | '';
  formId: string;
  /** The patient filter keeps the name to show, not only the id. */
  patient: PatientRef | undefined;
}

export const NO_FILTERS: DeliveryFilters = {
  status: '',
  channel: '',
  formId: '',
  patient: undefined,
};

export interface DeliveryRows {
  items: ScheduleListItem[];
  cursor: string;
  hasMore: boolean;
}

export interface DeliveriesState {
  filters: DeliveryFilters;
  rows: Async<DeliveryRows>;
  loadingMore: boolean;
  moreError: BridgeFailure | undefined;
  /** Every form, archived ones included (the filter names them; only active ones can be sent). */
  forms: Async<ClinicalForm[]>;
  balance: Async<CreditBalance>;
  prices: Async<PriceList>;
  loadRows(): Promise<void>;
  loadMore(): Promise<void>;
  setFilters(patch: Partial<DeliveryFilters>): Promise<void>;
  loadForms(): Promise<void>;
  loadBalance(): Promise<void>;
  loadPrices(): Promise<void>;
  /** Cancels a pending delivery; throws the BridgeFailure (a 400 when it had already left). */
  cancel(id: string): Promise<CancelledSchedule>;
}

export type DeliveriesStore = StoreApi<DeliveriesState>;

type ListInput = InputOf<'schedules', 'list'>;
export type CancelledSchedule = OutputOf<'schedules', 'cancel'>;

export function listInput(filters: DeliveryFilters, limit: number, cursor?: string): ListInput {
  const input: ListInput = { limit };
  if (filters.status) input.status = filters.status;
  if (filters.channel) input.channel = filters.channel;
  if (filters.formId) input.formId = filters.formId;
  if (filters.patient) input.patientId = filters.patient.id;
  if (cursor) input.cursor = cursor;
  return input;
}

export function activeForms(forms: readonly ClinicalForm[]): ClinicalForm[] {
  return forms.filter((form) => form.status === 'active');
}

export function createDeliveriesStore(bridge: Bridge): DeliveriesStore {
  // A filter change while a page is loading: only the latest request may land.
  let rowsRequest = 0;

  return createStore<DeliveriesState>()((set, get) => ({
    filters: NO_FILTERS,
    rows: idle,
    loadingMore: false,
    moreError: undefined,
    forms: idle,
    balance: idle,
    prices: idle,

    async loadRows() {
      const request = ++rowsRequest;
      const { filters, rows } = get();
      const shown = 'data' in rows && rows.data ? rows.data.items.length : 0;
      const limit = Math.min(MAX_PAGE, Math.max(PAGE_SIZE, shown));
      set({ moreError: undefined, loadingMore: false });
      await load(
        rows,
        (next) => {
          if (request === rowsRequest) set({ rows: next });
        },
        async () => {
          const page = await unwrap(bridge.schedules.list(listInput(filters, limit)));
          return {
            items: page.data,
            cursor: page.pagination.cursor,
            hasMore: page.pagination.hasMore,
          };
        },
      );
    },

    async loadMore() {
      const { rows, filters, loadingMore } = get();
      if (loadingMore || rows.status !== 'ready' || !rows.data.hasMore) return;
      const request = rowsRequest;
      set({ loadingMore: true, moreError: undefined });
      try {
        const page = await unwrap(
          bridge.schedules.list(listInput(filters, PAGE_SIZE, rows.data.cursor)),
        );
        if (request !== rowsRequest) return;
        const current = get().rows;
        const items = 'data' in current && current.data ? current.data.items : [];
        const seen = new Set(items.map((item) => item.id));
        set({
          rows: {
            status: 'ready',
            data: {
              items: [...items, ...page.data.filter((item) => !seen.has(item.id))],
              cursor: page.pagination.cursor,
              hasMore: page.pagination.hasMore,
            },
          },
          loadingMore: false,
        });
      } catch (error) {
        if (request !== rowsRequest) return;
        set({ loadingMore: false, moreError: asFailure(error) });
      }
    },

    async setFilters(patch) {
      // New filters answer a different question: the old rows must not stay as if they did.
      set({ filters: { ...get().filters, ...patch }, rows: idle });
      await get().loadRows();
    },

    async loadForms() {
      await load(
        get().forms,
        (forms) => set({ forms }),
        async () => {
          const forms: ClinicalForm[] = [];
          let cursor: string | undefined;
          for (let pages = 0; pages < MAX_FORM_PAGES; pages++) {
            const page = await unwrap(
              bridge.forms.list({ limit: MAX_PAGE, ...(cursor ? { cursor } : {}) }),
            );
            forms.push(...page.data);
            if (!page.pagination.hasMore) break;
            cursor = page.pagination.cursor;
          }
          return forms.sort((a, b) => a.name.localeCompare(b.name));
        },
      );
    },

    async loadBalance() {
      await load(
        get().balance,
        (balance) => set({ balance }),
        () => unwrap(bridge.credits.balance()),
      );
    },

    async loadPrices() {
      await load(
        get().prices,
        (prices) => set({ prices }),
        () => unwrap(bridge.credits.prices()),
      );
    },

    async cancel(id) {
      const cancelled = await unwrap(bridge.schedules.cancel({ id }));
      void get().loadRows();
      void get().loadBalance();
      return cancelled;
    },
  }));
}

/** The price of one delivery on `channel`. */
export function priceOf(prices: PriceList, channel: Channel): number {
  return channel === 'whatsapp' ? prices.deliveryWhatsapp : prices.deliveryEmail;
}
