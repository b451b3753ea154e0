import { createStore, type StoreApi } from 'zustand/vanilla';

/** How long typing must pause before the search goes to the service. */
export const SEARCH_DEBOUNCE_MS = 250;

export type StatusFilter = 'all' | 'active' | 'inactive';

export interface PatientQuery {
  search: string;
  status: StatusFilter;
  tag: string;
}

/** The patients screen's search and filters (kept while the app runs); the rows are a query. */
export interface PatientsState {
  /** What the list asks for (the search as sent, the filters). */
  query: PatientQuery;
  /** The search box's text, ahead of `query.search` while the debounce runs. */
  searchText: string;
  /** Types into the search box; the search is asked for once typing pauses. */
  typeSearch(text: string): void;
  /** Changes the filters, and applies any typed search now. */
  setQuery(patch: Partial<PatientQuery>): void;
}

export function createPatientsStore(): StoreApi<PatientsState> {
  let debounce: ReturnType<typeof setTimeout> | undefined;
  return createStore<PatientsState>()((set, get) => ({
    query: { search: '', status: 'all', tag: '' },
    searchText: '',
    typeSearch(text) {
      set({ searchText: text });
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        debounce = undefined;
        set({ query: { ...get().query, search: text } });
      }, SEARCH_DEBOUNCE_MS);
    },
    setQuery(patch) {
      clearTimeout(debounce);
      debounce = undefined;
      const query = { ...get().query, search: get().searchText, ...patch };
      set({ query, searchText: query.search });
    },
  }));
}
