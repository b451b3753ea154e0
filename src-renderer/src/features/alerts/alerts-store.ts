import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  AlertPriority,
  AlertSource,
  AlertState,
  AlertView,
  InputOf,
  OutputOf,
  Page,
  PatientRef,
} from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';
import { emptyPagedList, pagedLoader, type PagedList } from '../chats/paged-list';

export const ALERT_PAGE_SIZE = 20;
/** The service's largest page. */
const MAX_PAGE = 100;

export const ALERT_PRIORITIES: readonly AlertPriority[] = ['urgent', 'review'];
export const ALERT_STATES: readonly AlertState[] = ['open', 'acknowledged', 'resolved'];
export const ALERT_SOURCES: readonly AlertSource[] = [
  'conversation',
  'call',
  'form_response',
  'form_schedule',
];

export interface AlertFilter {
  /** From the screen's `?patientId=`; the name comes with it once known. */
  patient: PatientRef | undefined;
  priority: AlertPriority | '';
  source: AlertSource | '';
  state: AlertState | '';
}

export const NO_FILTER: AlertFilter = { patient: undefined, priority: '', source: '', state: '' };

export type AlertCounts = OutputOf<'alerts', 'counts'>;

export type AlertAction = 'acknowledge' | 'resolve';

export interface AlertsState extends PagedList<AlertView> {
  filter: AlertFilter;
  /** Open alerts by priority (the navigation and the dashboard). */
  counts: Async<AlertCounts>;
  /** The patient page's unresolved alerts; answers for another patient are dropped. */
  patientId: string | undefined;
  patientAlerts: Async<AlertView[]>;
  /** The list from the top again (or as many rows as are shown, after a pushed change). */
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  setFilter(patch: Partial<AlertFilter>): Promise<void>;
  /** The screen's `?patientId=` (undefined: every patient); a no-op when it is already set. */
  showPatient(patientId: string | undefined): Promise<void>;
  loadCounts(): Promise<void>;
  openPatient(id: string): Promise<void>;
  /** After a pushed change: what has been loaded is loaded again. */
  refresh(): Promise<void>;
  /** Acknowledges or resolves; throws the BridgeFailure for the dialog to show. */
  act(action: AlertAction, id: string, note: string): Promise<AlertView>;
}

export type AlertsStore = StoreApi<AlertsState>;

type ListQuery = InputOf<'alerts', 'list'>;

/**
 * The service lists alerts newest first; the screen shows open ones first, urgent at the top. So
 * the list is read as consecutive segments: open urgent, open for review, acknowledged urgent,
 * acknowledged for review, then resolved ones (newest first), each narrowed by the filters.
 */
export function segmentsOf(filter: AlertFilter): ListQuery[] {
  const base: ListQuery = {
    ...(filter.patient ? { patientId: filter.patient.id } : {}),
    ...(filter.source ? { sourceType: filter.source } : {}),
  };
  const states = filter.state ? [filter.state] : ALERT_STATES;
  return states.flatMap((state): ListQuery[] => {
    if (filter.priority) return [{ ...base, state, priority: filter.priority }];
    if (state === 'resolved') return [{ ...base, state }];
    return ALERT_PRIORITIES.map((priority) => ({ ...base, state, priority }));
  });
}

/** The list's cursor: which segment, and the service's cursor inside it. */
function encodeCursor(segment: number, cursor: string): string {
  return `${segment}:${cursor}`;
}

function decodeCursor(cursor: string | undefined): { segment: number; cursor: string } {
  if (!cursor) return { segment: 0, cursor: '' };
  const at = cursor.indexOf(':');
  return { segment: Number(cursor.slice(0, at)) || 0, cursor: cursor.slice(at + 1) };
}

/** Reads `limit` alerts across the segments from `cursor` on, as one page of the whole list. */
async function readAcross(
  bridge: Bridge,
  segments: ListQuery[],
  limit: number,
  from: string | undefined,
): Promise<Page<AlertView>> {
  let { segment, cursor } = decodeCursor(from);
  const data: AlertView[] = [];
  while (segment < segments.length && data.length < limit) {
    const page = await unwrap(
      bridge.alerts.list({
        ...segments[segment],
        limit: Math.min(MAX_PAGE, limit - data.length),
        ...(cursor ? { cursor } : {}),
      }),
    );
    data.push(...page.data);
    if (page.pagination.hasMore) {
      cursor = page.pagination.cursor;
    } else {
      segment += 1;
      cursor = '';
    }
  }
  const hasMore = segment < segments.length;
  return {
    data,
    pagination: { cursor: hasMore ? encodeCursor(segment, cursor) : '', hasMore, limit },
  };
}

export function createAlertsStore(bridge: Bridge): AlertsStore {
  let patientSequence = 0;
  return createStore<AlertsState>()((set, get) => {
    const list = pagedLoader({
      read: get,
      write: set,
      fetch: (limit, cursor) => readAcross(bridge, segmentsOf(get().filter), limit, cursor),
      pageSize: ALERT_PAGE_SIZE,
    });

    /** The filter's patient by name: from a row of theirs if one is shown, else the service. */
    async function nameFilterPatient(id: string): Promise<void> {
      const named = (patient: PatientRef) => {
        const current = get().filter.patient;
        if (current?.id === id && !current.firstName && !current.lastName)
          set({ filter: { ...get().filter, patient } });
      };
      const row = get().items.find((alert) => alert.patientId === id);
      if (row) return named(row.patient);
      try {
        const patient = await unwrap(bridge.patients.get({ id }));
        named({ id, firstName: patient.firstName, lastName: patient.lastName });
      } catch {
        // The list still filters by the id; the picker stays empty.
      }
    }

    async function loadPatientAlerts(id: string): Promise<void> {
      const seq = ++patientSequence;
      await load(
        get().patientAlerts,
        (patientAlerts) => {
          if (seq === patientSequence && get().patientId === id) set({ patientAlerts });
        },
        () => unwrap(bridge.alerts.ofPatient({ id })),
      );
    }

    return {
      ...emptyPagedList,
      filter: NO_FILTER,
      counts: idle,
      patientId: undefined,
      patientAlerts: idle,

      async reload() {
        await list.reload();
        const patient = get().filter.patient;
        if (patient && !patient.firstName && !patient.lastName) await nameFilterPatient(patient.id);
      },

      async loadMore() {
        await list.loadMore();
      },

      async setFilter(patch) {
        // A new filter starts from the first page, not from as many rows as were shown.
        set({ filter: { ...get().filter, ...patch }, items: [], hasMore: false, cursor: '' });
        await get().reload();
      },

      async showPatient(patientId) {
        if (get().filter.patient?.id === patientId) return;
        await get().setFilter({
          patient: patientId ? { id: patientId, firstName: '', lastName: '' } : undefined,
        });
      },

      async loadCounts() {
        await load(
          get().counts,
          (counts) => set({ counts }),
          () => unwrap(bridge.alerts.counts()),
        );
      },

      async openPatient(id) {
        if (get().patientId !== id) {
          patientSequence++;
          set({ patientId: id, patientAlerts: idle });
        }
        await loadPatientAlerts(id);
      },

      async refresh() {
        const { status, counts, patientId } = get();
        await Promise.all([
          status === 'idle' ? undefined : get().reload(),
          counts.status === 'idle' ? undefined : get().loadCounts(),
          patientId ? loadPatientAlerts(patientId) : undefined,
        ]);
      },

      async act(action, id, note) {
        const input = { id, ...(note.trim() ? { note: note.trim() } : {}) };
        const alert = await unwrap(
          action === 'acknowledge'
            ? bridge.alerts.acknowledge(input)
            : bridge.alerts.resolve(input),
        );
        // Shown changed at once; then everything is read again (its place in the list moved).
        set({ items: get().items.map((item) => (item.id === alert.id ? alert : item)) });
        void get().refresh();
        return alert;
      },
    };
  });
}
