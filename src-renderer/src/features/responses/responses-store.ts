import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ClinicalForm,
  InputOf,
  Language,
  PatientRef,
  ResponseAnalysis,
  ResponseExport,
  ResponseListItem,
} from '../../../../src-preload/contract';
import { asFailure, unwrap, type Bridge, type BridgeFailure } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

/** Rows per page of the responses table. */
export const PAGE_SIZE = 25;
/** The service's largest page: a refresh reloads what is on screen in one call, up to this. */
const MAX_PAGE = 100;

export interface ResponseFilters {
  patient: PatientRef | undefined;
  /** YYYY-MM-DD, inclusive, in the user's time zone; '' for open. */
  from: string;
  /** YYYY-MM-DD, inclusive, in the user's time zone; '' for open. */
  to: string;
}

export const NO_FILTERS: ResponseFilters = { patient: undefined, from: '', to: '' };

export interface ResponsesList {
  rows: ResponseListItem[];
  cursor: string;
  hasMore: boolean;
}

export interface ResponsesState {
  /** The form shown; answers for another form (the user moved on) are dropped. */
  formId: string | undefined;
  form: Async<ClinicalForm>;
  filters: ResponseFilters;
  list: Async<ResponsesList>;
  loadingMore: boolean;
  moreError: BridgeFailure | undefined;
  /** The selected patient's measures over time; idle without a patient. */
  trend: Async<ResponseAnalysis>;
  /** Every patient's latest values (the patient filter does not apply). */
  distribution: Async<ResponseAnalysis>;
  /** Shows form `formId` (from scratch, filters cleared, when it is another form). */
  open(formId: string): Promise<void>;
  setFilters(patch: Partial<ResponseFilters>): Promise<void>;
  loadMore(): Promise<void>;
  /** Reloads everything for the current filters, keeping what is on screen while it loads. */
  refresh(): Promise<void>;
  /** The CSV of the form's responses under the current filters. */
  exportCsv(language: Language): Promise<ResponseExport>;
}

export type ResponsesStore = StoreApi<ResponsesState>;

/** Whether `to` comes before `from` (both set): the filter is not applied then. */
export function rangeInvalid(filters: Pick<ResponseFilters, 'from' | 'to'>): boolean {
  return filters.from !== '' && filters.to !== '' && filters.to < filters.from;
}

/** The instant a local calendar day starts, as ISO (the service compares instants). */
export function localDayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/**
 * The service's scope for the filters: the days are the user's, so `from` is the start of that
 * local day and the inclusive `to` day becomes the start of the next one (the service's `to` is
 * exclusive).
 */
export function scopeInput(
  formId: string,
  filters: ResponseFilters,
  withPatient = true,
): InputOf<'responses', 'analysis'> {
  const input: InputOf<'responses', 'analysis'> = { formId };
  if (withPatient && filters.patient) input.patientId = filters.patient.id;
  if (!rangeInvalid(filters)) {
    if (filters.from) input.from = localDayStart(filters.from);
    if (filters.to) input.to = localDayStart(filters.to, 1);
  }
  return input;
}

export function createResponsesStore(bridge: Bridge): ResponsesStore {
  // Every reload of the list takes a number; a page answering an older one is stale.
  let listRequest = 0;

  return createStore<ResponsesState>()((set, get) => {
    /** A setter that only writes while the same form is shown. */
    const forForm =
      <K extends 'form' | 'trend' | 'distribution'>(formId: string, key: K) =>
      (value: ResponsesState[K]) => {
        if (get().formId === formId) set({ [key]: value } as Pick<ResponsesState, K>);
      };

    async function loadList(formId: string): Promise<void> {
      const request = ++listRequest;
      const scope = scopeInput(formId, get().filters);
      const { list } = get();
      const shown = 'data' in list && list.data ? list.data.rows.length : 0;
      const limit = Math.min(MAX_PAGE, Math.max(PAGE_SIZE, shown));
      set({ moreError: undefined, loadingMore: false });
      await load(
        get().list,
        (list) => {
          if (request === listRequest && get().formId === formId) set({ list });
        },
        async () => {
          const page = await unwrap(bridge.responses.list({ ...scope, limit }));
          return {
            rows: page.data,
            cursor: page.pagination.cursor,
            hasMore: page.pagination.hasMore,
          };
        },
      );
    }

    async function loadCharts(formId: string): Promise<void> {
      const { filters } = get();
      const trend = filters.patient
        ? load(get().trend, forForm(formId, 'trend'), () =>
            unwrap(bridge.responses.analysis(scopeInput(formId, filters))),
          )
        : (set({ trend: idle }), undefined);
      await Promise.all([
        trend,
        load(get().distribution, forForm(formId, 'distribution'), () =>
          unwrap(bridge.responses.analysis(scopeInput(formId, filters, false))),
        ),
      ]);
    }

    async function loadForm(formId: string): Promise<void> {
      await load(get().form, forForm(formId, 'form'), () =>
        unwrap(bridge.forms.get({ id: formId })),
      );
    }

    return {
      formId: undefined,
      form: idle,
      filters: NO_FILTERS,
      list: idle,
      loadingMore: false,
      moreError: undefined,
      trend: idle,
      distribution: idle,

      async open(formId) {
        if (get().formId !== formId) {
          set({
            formId,
            form: idle,
            filters: NO_FILTERS,
            list: idle,
            trend: idle,
            distribution: idle,
          });
        }
        await Promise.all([loadForm(formId), loadList(formId), loadCharts(formId)]);
      },

      async setFilters(patch) {
        const { formId } = get();
        const filters = { ...get().filters, ...patch };
        const patientChanged = filters.patient?.id !== get().filters.patient?.id;
        // Another patient's trend is another chart: never show the previous one meanwhile.
        set({ filters, ...(patientChanged ? { trend: idle } : {}) });
        if (!formId) return;
        // A half-typed range (to before from) waits for the user instead of answering nothing.
        if (rangeInvalid(filters)) return;
        // Rows of another filter would be misleading: the table shows the spinner instead.
        set({ list: idle });
        await Promise.all([loadList(formId), loadCharts(formId)]);
      },

      async loadMore() {
        const { formId, list, loadingMore, filters } = get();
        if (!formId || loadingMore || list.status !== 'ready' || !list.data.hasMore) return;
        const request = listRequest;
        set({ loadingMore: true, moreError: undefined });
        try {
          const page = await unwrap(
            bridge.responses.list({
              ...scopeInput(formId, filters),
              limit: PAGE_SIZE,
              cursor: list.data.cursor,
            }),
          );
          if (request !== listRequest || get().formId !== formId) return;
          const current = get().list;
          const rows = 'data' in current && current.data ? current.data.rows : [];
          const seen = new Set(rows.map((r) => r.id));
          set({
            list: {
              status: 'ready',
              data: {
                rows: [...rows, ...page.data.filter((r) => !seen.has(r.id))],
                cursor: page.pagination.cursor,
                hasMore: page.pagination.hasMore,
              },
            },
          });
        } catch (error) {
          if (request === listRequest) set({ moreError: asFailure(error) });
        } finally {
          if (request === listRequest) set({ loadingMore: false });
        }
      },

      async refresh() {
        const { formId } = get();
        if (!formId || rangeInvalid(get().filters)) return;
        await Promise.all([loadForm(formId), loadList(formId), loadCharts(formId)]);
      },

      async exportCsv(language) {
        const { formId, filters } = get();
        if (!formId) throw new Error('No form is shown.');
        return unwrap(bridge.responses.exportCsv({ ...scopeInput(formId, filters), language }));
      },
    };
  });
}
