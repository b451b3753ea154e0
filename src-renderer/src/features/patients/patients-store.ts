import { createStore, type StoreApi } from 'zustand/vanilla';

/** How long typing must pause before the search goes to the service. */
export const SEARCH_DEBOUNCE_MS = 250;

export type StatusFilter = 'all' | 'active' | 'inactive';
export type PatientSort = 'created' | 'name' | 'dateOfBirth';
export type SortDirection = 'asc' | 'desc';
/** Whether the patient answered lately: any, answered in the last N days, or not in N days. */
export type ResponseFilter = 'any' | 'responded' | 'silent';

export interface PatientQuery {
  search: string;
  status: StatusFilter;
  tag: string;
  /** Whole years; '' when not filtered (the field's own text, checked when sent). */
  minAge: string;
  maxAge: string;
  response: ResponseFilter;
  /** Days for the response filter. */
  days: string;
  /** A form the response filter counts ("no answer to PHQ-9 in 30 days"); '' for any form. */
  formId: string;
  sort: PatientSort;
  direction: SortDirection;
}

export const DEFAULT_QUERY: PatientQuery = {
  search: '',
  status: 'all',
  tag: '',
  minAge: '',
  maxAge: '',
  response: 'any',
  days: '30',
  formId: '',
  sort: 'created',
  direction: 'desc',
};

/**
 * The ticked patients, in the order they were ticked. `matching` says the selection came from
 * "select all N matching": how many matched, and the limit that kept the rest out.
 */
export interface Selection {
  ids: string[];
  matching?: { total: number; limit: number };
}

/** The patients screen's search, filters and selection (kept while the app runs); the rows are a query. */
export interface PatientsState {
  /** What the list asks for (the search as sent, the filters, the order). */
  query: PatientQuery;
  /** The search box's text, ahead of `query.search` while the debounce runs. */
  searchText: string;
  selection: Selection;
  /** The last row ticked without Shift: where a Shift-click range starts. */
  anchor: string | undefined;
  /** Types into the search box; the search is asked for once typing pauses. */
  typeSearch(text: string): void;
  /** Changes the filters, and applies any typed search now. A new list drops the selection. */
  setQuery(patch: Partial<PatientQuery>): void;
  /** Back to every patient (the search text too), in the same order. */
  resetFilters(): void;
  /** Sorts by a column: a second click on the same column turns the direction round. */
  sortBy(sort: PatientSort): void;
  /**
   * Ticks or unticks one row; with `range` (Shift held) every row between the anchor and this one
   * in `order` takes this row's new state, as in a file manager.
   */
  toggle(id: string, options?: { range?: boolean; order?: readonly string[] }): void;
  /** Ticks or unticks all of these rows (the header's box: the rows loaded). */
  setMany(ids: readonly string[], on: boolean): void;
  /** Replaces the selection with every patient the filters match, as the service answered. */
  selectMatching(ids: string[], total: number, limit: number): void;
  clearSelection(): void;
}

const EMPTY: Selection = { ids: [] };

export function createPatientsStore(): StoreApi<PatientsState> {
  let debounce: ReturnType<typeof setTimeout> | undefined;
  return createStore<PatientsState>()((set, get) => ({
    query: DEFAULT_QUERY,
    searchText: '',
    selection: EMPTY,
    anchor: undefined,
    typeSearch(text) {
      set({ searchText: text });
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        debounce = undefined;
        set({ query: { ...get().query, search: text }, selection: EMPTY, anchor: undefined });
      }, SEARCH_DEBOUNCE_MS);
    },
    setQuery(patch) {
      clearTimeout(debounce);
      debounce = undefined;
      const query = { ...get().query, search: get().searchText, ...patch };
      set({ query, searchText: query.search, selection: EMPTY, anchor: undefined });
    },
    resetFilters() {
      const { sort, direction } = get().query;
      get().setQuery({ ...DEFAULT_QUERY, sort, direction });
    },
    sortBy(sort) {
      const { query } = get();
      const direction: SortDirection =
        query.sort === sort
          ? query.direction === 'asc'
            ? 'desc'
            : 'asc'
          : sort === 'created'
            ? 'desc'
            : 'asc';
      // The same patients in another order: the selection stays.
      set({ query: { ...query, sort, direction } });
    },
    toggle(id, options = {}) {
      const { selection, anchor } = get();
      const had = new Set(selection.ids);
      const chosen = new Set(had);
      const on = !chosen.has(id);
      const order = options.order ?? [];
      const from = anchor === undefined ? -1 : order.indexOf(anchor);
      const to = order.indexOf(id);
      const range =
        options.range && from >= 0 && to >= 0
          ? order.slice(Math.min(from, to), Math.max(from, to) + 1)
          : [id];
      for (const each of range) {
        if (on) chosen.add(each);
        else chosen.delete(each);
      }
      const ids = on
        ? [...selection.ids, ...range.filter((x) => !had.has(x))]
        : selection.ids.filter((x) => chosen.has(x));
      set({ selection: { ids }, anchor: options.range ? anchor : id });
    },
    setMany(ids, on) {
      const { selection } = get();
      const had = new Set(selection.ids);
      const these = new Set(ids);
      const next = on
        ? [...selection.ids, ...ids.filter((x) => !had.has(x))]
        : selection.ids.filter((x) => !these.has(x));
      set({ selection: { ids: next } });
    },
    selectMatching(ids, total, limit) {
      set({ selection: { ids, matching: { total, limit } }, anchor: undefined });
    },
    clearSelection() {
      set({ selection: EMPTY, anchor: undefined });
    },
  }));
}
