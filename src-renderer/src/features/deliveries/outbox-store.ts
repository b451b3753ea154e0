import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  Channel,
  InputOf,
  OutboxListItem,
  PatientRef,
} from '../../../../src-preload/contract';
import { asFailure, unwrap, type Bridge, type BridgeFailure } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

export const OUTBOX_PAGE_SIZE = 20;
const MAX_PAGE = 100;

export interface OutboxFilters {
  channel: Channel | '';
  patient: PatientRef | undefined;
}

export interface OutboxPage {
  items: OutboxListItem[];
  cursor: string;
  hasMore: boolean;
}

export interface OutboxState {
  filters: OutboxFilters;
  messages: Async<OutboxPage>;
  loadingMore: boolean;
  moreError: BridgeFailure | undefined;
  load(): Promise<void>;
  loadMore(): Promise<void>;
  setFilters(patch: Partial<OutboxFilters>): Promise<void>;
}

export type OutboxStore = StoreApi<OutboxState>;

type ListInput = InputOf<'outbox', 'list'>;

function listInput(filters: OutboxFilters, limit: number, cursor?: string): ListInput {
  const input: ListInput = { limit };
  if (filters.channel) input.channel = filters.channel;
  if (filters.patient) input.patientId = filters.patient.id;
  if (cursor) input.cursor = cursor;
  return input;
}

/** The messages the service sent, newest first, with the channel and patient filters. */
export function createOutboxStore(bridge: Bridge): OutboxStore {
  let request = 0;
  return createStore<OutboxState>()((set, get) => ({
    filters: { channel: '', patient: undefined },
    messages: idle,
    loadingMore: false,
    moreError: undefined,

    async load() {
      const mine = ++request;
      const { filters, messages } = get();
      const shown = 'data' in messages && messages.data ? messages.data.items.length : 0;
      const limit = Math.min(MAX_PAGE, Math.max(OUTBOX_PAGE_SIZE, shown));
      set({ moreError: undefined, loadingMore: false });
      await load(
        messages,
        (next) => {
          if (mine === request) set({ messages: next });
        },
        async () => {
          const page = await unwrap(bridge.outbox.list(listInput(filters, limit)));
          return {
            items: page.data,
            cursor: page.pagination.cursor,
            hasMore: page.pagination.hasMore,
          };
        },
      );
    },

    async loadMore() {
      const { messages, filters, loadingMore } = get();
      if (loadingMore || messages.status !== 'ready' || !messages.data.hasMore) return;
      const mine = request;
      set({ loadingMore: true, moreError: undefined });
      try {
        const page = await unwrap(
          bridge.outbox.list(listInput(filters, OUTBOX_PAGE_SIZE, messages.data.cursor)),
        );
        if (mine !== request) return;
        const current = get().messages;
        const items = 'data' in current && current.data ? current.data.items : [];
        const seen = new Set(items.map((m) => m.id));
        set({
          messages: {
            status: 'ready',
            data: {
              items: [...items, ...page.data.filter((m) => !seen.has(m.id))],
              cursor: page.pagination.cursor,
              hasMore: page.pagination.hasMore,
            },
          },
          loadingMore: false,
        });
      } catch (error) {
        if (mine !== request) return;
        set({ loadingMore: false, moreError: asFailure(error) });
      }
    },

    async setFilters(patch) {
      set({ filters: { ...get().filters, ...patch }, messages: idle });
      await get().load();
    },
  }));
}
