import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  CallListItem,
  CallStatus,
  CallView,
  InputOf,
  Patient,
} from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';
import { emptyPagedList, pagedLoader, type PagedList } from '../chats/paged-list';
import { dayRange } from './call-format';

export const CALL_PAGE_SIZE = 25;

export type StartCall = InputOf<'calls', 'start'>;

export interface CallFilter {
  patient: Patient | undefined;
  status: CallStatus | '';
  /** Local calendar days (YYYY-MM-DD) as the date inputs hold them; '' for no bound. */
  from: string;
  to: string;
}

export const NO_FILTER: CallFilter = { patient: undefined, status: '', from: '', to: '' };

export interface CallsState extends PagedList<CallListItem> {
  filter: CallFilter;
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
  // A call page answer for a call no longer shown, or older than a newer load, is dropped.
  let callSequence = 0;

  return createStore<CallsState>()((set, get) => {
    const list = pagedLoader({
      read: get,
      write: set,
      fetch: (limit, cursor) => unwrap(bridge.calls.list(listInput(get().filter, limit, cursor))),
      pageSize: CALL_PAGE_SIZE,
    });

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
      ...emptyPagedList,
      filter: NO_FILTER,
      callId: undefined,
      call: idle,

      async reload() {
        if (!rangeIsValid(get().filter)) {
          list.invalidate();
          return;
        }
        await list.reload();
      },

      async loadMore() {
        await list.loadMore();
      },

      async setFilter(patch) {
        // A new filter starts from the first page, not from as many rows as were shown.
        set({ filter: { ...get().filter, ...patch }, items: [], hasMore: false });
        if (!rangeIsValid(get().filter)) {
          list.invalidate();
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
