import { createStore, type StoreApi } from 'zustand/vanilla';
import type { InputOf, Patient } from '../../../../src-preload/contract';
import { asFailure, unwrap, type Bridge, type BridgeFailure } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

/** Rows per request: the service's maximum page size. */
export const PAGE_SIZE = 100;
/** How long typing must pause before the search goes to the service. */
export const SEARCH_DEBOUNCE_MS = 250;

type ListInput = InputOf<'patients', 'list'>;
export type CreatePatient = InputOf<'patients', 'create'>;
export type UpdatePatient = InputOf<'patients', 'update'>['patch'];

export type StatusFilter = 'all' | 'active' | 'inactive';

export interface PatientQuery {
  search: string;
  status: StatusFilter;
  tag: string;
}

export interface TagCount {
  tag: string;
  count: number;
}

export interface PatientsState {
  /** What the shown rows answer (search as sent, filters). */
  query: PatientQuery;
  /** The search box's text, ahead of `query.search` while the debounce runs. */
  searchText: string;
  rows: Patient[];
  total: number | undefined;
  cursor: string;
  hasMore: boolean;
  /** The first page's state; rows stay on screen while a new query loads. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeFailure | undefined;
  loadingMore: boolean;
  moreError: BridgeFailure | undefined;
  tags: Async<TagCount[]>;
  /** Types into the search box; the search runs once typing pauses. */
  typeSearch(text: string): void;
  /** Changes the filters (and applies any typed search now); back to the first page. */
  setQuery(patch: Partial<PatientQuery>): Promise<void>;
  /** Loads the first page of the current query. */
  reload(): Promise<void>;
  /** Appends the next page (the table calls it when the user scrolls near the end). */
  loadMore(): Promise<void>;
  /** After a pushed change: the first page again, and the tag counts. */
  refresh(): Promise<void>;
  loadTags(): Promise<void>;
  /** Throws the BridgeFailure (validation errors included) for the form to show. */
  create(input: CreatePatient): Promise<Patient>;
  update(id: string, patch: UpdatePatient): Promise<Patient>;
}

export type PatientsStore = StoreApi<PatientsState>;

export function listInput(query: PatientQuery, cursor?: string): ListInput {
  const input: ListInput = { limit: PAGE_SIZE };
  const search = query.search.trim();
  if (search) input.search = search;
  if (query.status !== 'all') input.status = query.status;
  if (query.tag) input.tag = query.tag;
  if (cursor) input.cursor = cursor;
  return input;
}

export function createPatientsStore(bridge: Bridge): PatientsStore {
  // Every first-page request takes a new number; an answer whose number is not the latest is
  // stale (an older search answered late) and is dropped, as is a page appended to old rows.
  let sequence = 0;
  let debounce: ReturnType<typeof setTimeout> | undefined;

  const store = createStore<PatientsState>()((set, get) => ({
    query: { search: '', status: 'all', tag: '' },
    searchText: '',
    rows: [],
    total: undefined,
    cursor: '',
    hasMore: false,
    status: 'idle',
    error: undefined,
    loadingMore: false,
    moreError: undefined,
    tags: idle,

    typeSearch(text) {
      set({ searchText: text });
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        debounce = undefined;
        if (text.trim() !== get().query.search.trim() || get().status === 'idle') {
          void get().setQuery({ search: text });
        } else {
          set({ query: { ...get().query, search: text } });
        }
      }, SEARCH_DEBOUNCE_MS);
    },

    async setQuery(patch) {
      clearTimeout(debounce);
      debounce = undefined;
      const query = { ...get().query, search: get().searchText, ...patch };
      set({ query, searchText: query.search });
      await get().reload();
    },

    async reload() {
      const seq = ++sequence;
      const { query } = get();
      set({ status: 'loading', error: undefined, loadingMore: false, moreError: undefined });
      try {
        const page = await unwrap(bridge.patients.list(listInput(query)));
        if (seq !== sequence) return;
        set({
          rows: page.data,
          total: page.total,
          cursor: page.pagination.cursor,
          hasMore: page.pagination.hasMore,
          status: 'ready',
        });
      } catch (error) {
        if (seq !== sequence) return;
        set({ status: 'error', error: asFailure(error) });
      }
    },

    async loadMore() {
      const state = get();
      if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
      const seq = sequence;
      set({ loadingMore: true, moreError: undefined });
      try {
        const page = await unwrap(bridge.patients.list(listInput(state.query, state.cursor)));
        if (seq !== sequence) return;
        set({
          rows: [...get().rows, ...page.data],
          total: page.total,
          cursor: page.pagination.cursor,
          hasMore: page.pagination.hasMore,
          loadingMore: false,
        });
      } catch (error) {
        if (seq !== sequence) return;
        set({ loadingMore: false, moreError: asFailure(error) });
      }
    },

    async refresh() {
      await Promise.all([get().reload(), get().loadTags()]);
    },

    async loadTags() {
      await load(
        get().tags,
        (tags) => set({ tags }),
        () => unwrap(bridge.patients.tags()),
      );
    },

    async create(input) {
      const patient = await unwrap(bridge.patients.create(input));
      if (get().status !== 'idle') void get().refresh();
      return patient;
    },

    async update(id, patch) {
      const patient = await unwrap(bridge.patients.update({ id, patch }));
      if (get().status !== 'idle') void get().refresh();
      return patient;
    },
  }));
  return store;
}
