import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  CallListItem,
  CallStatus,
  CallView,
  InputOf,
  Patient,
} from '../../../../src-preload/contract';
import { asFailure, unwrap, type Bridge, type BridgeFailure } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';
import { dayRange } from './call-format';

export const CALL_PAGE_SIZE = 25;
/** The service's largest page: a refresh reloads what is on screen in one call, up to this. */
const MAX_PAGE = 100;

export type StartCall = InputOf<'calls', 'start'>;

export interface CallFilter {
  patient: Patient | undefined;
  status: CallStatus | '';
  /** Local calendar days (YYYY-MM-DD) as the date inputs hold them; '' for no bound. */
  from: string;
  to: string;
}

export const NO_FILTER: CallFilter = { patient: undefined, status: '', from: '', to: '' };

export interface CallsState {
  filter: CallFilter;
  items: CallListItem[];
  cursor: string;
  hasMore: boolean;
  /** The first page's state; rows stay on screen while a new filter loads. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeFailure | undefined;
  loadingMore: boolean;
  moreError: BridgeFailure | undefined;
  /** The call page's record; answers for another id are dropped. */
  callId: string | undefined;
  call: Async<CallView>;
  /** The first page again (or as many rows as are shown, after a pushed change). */
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  setFilter(patch: Partial<CallFilter>): Promise<void>;
  openCall(id: string): Promise<void>;
  refreshCall(): Promise<void>;
  /** Places a call; throws the BridgeFailure for the dialog to show. */
  start(input: StartCall): Promise<CallView>;
}

export type CallsStore = StoreApi<CallsState>;

/** Whether the date bounds make a range the service accepts (`to` after `from`). */
export function rangeIsValid(filter: Pick<CallFilter, 'from' | 'to'>): boolean {
  return !filter.from || !filter.to || filter.from <= filter.to;
}

function listInput(filter: CallFilter, limit: number, cursor?: string): InputOf<'calls', 'list'> {
  return {
    limit,
    ...(filter.patient ? { patientId: filter.patient.id } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...dayRange(filter.from, filter.to),
    ...(cursor ? { cursor } : {}),
  };
}

export function createCallsStore(bridge: Bridge): CallsStore {
  // A first-page load that is not the latest (the filter changed meanwhile) is dropped.
  let sequence = 0;
  let callSequence = 0;

  return createStore<CallsState>()((set, get) => {
    async function loadCall(id: string): Promise<void> {
      const seq = ++callSequence;
      await load(
        get().call,
        (call) => {
          if (seq === callSequence && get().callId === id) set({ call });
        },
        () => unwrap(bridge.calls.get({ id })),
      );
    }

    return {
      filter: NO_FILTER,
      items: [],
      cursor: '',
      hasMore: false,
      status: 'idle',
      error: undefined,
      loadingMore: false,
      moreError: undefined,
      callId: undefined,
      call: idle,

      async reload() {
        const seq = ++sequence;
        const { filter, items } = get();
        if (!rangeIsValid(filter)) return;
        const limit = Math.min(MAX_PAGE, Math.max(CALL_PAGE_SIZE, items.length));
        set({ status: 'loading', error: undefined, moreError: undefined });
        try {
          const page = await unwrap(bridge.calls.list(listInput(filter, limit)));
          if (seq !== sequence) return;
          set({
            items: page.data,
            cursor: page.pagination.cursor,
            hasMore: page.pagination.hasMore,
            status: 'ready',
            loadingMore: false,
          });
        } catch (error) {
          if (seq !== sequence) return;
          set({ status: 'error', error: asFailure(error), loadingMore: false });
        }
      },

      async loadMore() {
        const state = get();
        if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
        const seq = sequence;
        set({ loadingMore: true, moreError: undefined });
        try {
          const page = await unwrap(
            bridge.calls.list(listInput(state.filter, CALL_PAGE_SIZE, state.cursor)),
          );
          if (seq !== sequence) return;
          const known = new Set(get().items.map((c) => c.id));
          set({
            items: [...get().items, ...page.data.filter((c) => !known.has(c.id))],
            cursor: page.pagination.cursor,
            hasMore: page.pagination.hasMore,
            loadingMore: false,
          });
        } catch (error) {
          if (seq !== sequence) return;
          set({ loadingMore: false, moreError: asFailure(error) });
        }
      },

      async setFilter(patch) {
        // A new filter starts from the first page, not from as many rows as were shown.
        set({ filter: { ...get().filter, ...patch }, items: [], hasMore: false });
        if (!rangeIsValid(get().filter)) {
          sequence++;
          set({ status: 'ready', error: undefined });
          return;
        }
        await get().reload();
      },

      async openCall(id) {
        if (get().callId !== id) {
          callSequence++;
          set({ callId: id, call: idle });
        }
        await loadCall(id);
      },

      async refreshCall() {
        const { callId } = get();
        if (callId) await loadCall(callId);
      },

      async start(input) {
        const call = await unwrap(bridge.calls.start(input));
        callSequence++;
        set({ callId: call.id, call: { status: 'ready', data: call } });
        if (get().status !== 'idle') void get().reload();
        return call;
      },
    };
  });
}
