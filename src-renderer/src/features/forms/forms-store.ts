import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ClinicalForm,
  FormDefinition,
  FormSummary,
  FormUpdate,
  InputOf,
} from '../../../../src-preload/contract';
import { asFailure, unwrap, type Bridge, type BridgeFailure } from '../../bridge/bridge';

/** Forms per request: the service's maximum page size (a clinic has tens of forms, not more). */
export const PAGE_SIZE = 100;

export type FormFilter = 'active' | 'archived' | 'all';

/** What the list says after an action, possibly from another screen (the builder's save). */
export type FormNotice =
  | { kind: 'saved' | 'restored' | 'removed'; name: string }
  | { kind: 'archived'; name: string; id: string };

export interface FormsState {
  filter: FormFilter;
  rows: FormSummary[];
  cursor: string;
  hasMore: boolean;
  /** The first page's state; rows stay on screen while a refresh runs. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeFailure | undefined;
  loadingMore: boolean;
  /** Forms with an action under way (their buttons show it). */
  busy: ReadonlySet<string>;
  notice: FormNotice | undefined;
  /** An action that failed, with the form it concerned. */
  actionError: { name: string; error: BridgeFailure } | undefined;
  setFilter(filter: FormFilter): Promise<void>;
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  archive(form: FormSummary): Promise<void>;
  restore(form: Pick<FormSummary, 'id' | 'name'>): Promise<ClinicalForm | undefined>;
  /** Resolves true when deleted; a refusal is kept in `actionError`. */
  remove(form: FormSummary): Promise<boolean>;
  /** Throw the BridgeFailure (validation errors included) for the builder to show. */
  create(definition: FormDefinition): Promise<ClinicalForm>;
  update(id: string, patch: FormUpdate): Promise<ClinicalForm>;
  clearNotice(): void;
  /**
   * The list was left: its notice goes with it, once the leaving is real (a remount right after,
   * as React's StrictMode does in development, keeps it).
   */
  leave(): void;
  enter(): void;
}

export type FormsStore = StoreApi<FormsState>;

export function createFormsStore(bridge: Bridge): FormsStore {
  // A first page answered after a newer one was asked for (filter changed) is dropped.
  let sequence = 0;
  let clearing: ReturnType<typeof setTimeout> | undefined;

  const store = createStore<FormsState>()((set, get) => {
    const input = (cursor?: string): InputOf<'forms', 'list'> => {
      const { filter } = get();
      return {
        limit: PAGE_SIZE,
        ...(filter === 'all' ? {} : { status: filter }),
        ...(cursor ? { cursor } : {}),
      };
    };

    async function act<T>(
      form: { id: string; name: string },
      run: () => Promise<T>,
      notice: (value: T) => FormNotice | undefined,
    ): Promise<T | undefined> {
      set({ busy: new Set([...get().busy, form.id]), actionError: undefined });
      try {
        const value = await run();
        set({ notice: notice(value) });
        await get().reload();
        return value;
      } catch (error) {
        set({ actionError: { name: form.name, error: asFailure(error) }, notice: undefined });
        return undefined;
      } finally {
        const busy = new Set(get().busy);
        busy.delete(form.id);
        set({ busy });
      }
    }

    return {
      filter: 'active',
      rows: [],
      cursor: '',
      hasMore: false,
      status: 'idle',
      error: undefined,
      loadingMore: false,
      busy: new Set(),
      notice: undefined,
      actionError: undefined,

      async setFilter(filter) {
        set({ filter, rows: [], status: 'idle', hasMore: false, cursor: '' });
        await get().reload();
      },

      async reload() {
        const mine = ++sequence;
        set({ status: 'loading', error: undefined });
        try {
          const page = await unwrap(bridge.forms.list(input()));
          if (mine !== sequence) return;
          set({
            rows: page.data,
            cursor: page.pagination.cursor,
            hasMore: page.pagination.hasMore,
            status: 'ready',
          });
        } catch (error) {
          if (mine !== sequence) return;
          set({ status: 'error', error: asFailure(error) });
        }
      },

      async loadMore() {
        const { hasMore, loadingMore, cursor } = get();
        if (!hasMore || loadingMore) return;
        const mine = sequence;
        set({ loadingMore: true });
        try {
          const page = await unwrap(bridge.forms.list(input(cursor)));
          if (mine !== sequence) return;
          set({
            rows: [...get().rows, ...page.data],
            cursor: page.pagination.cursor,
            hasMore: page.pagination.hasMore,
          });
        } catch (error) {
          set({ error: asFailure(error) });
        } finally {
          set({ loadingMore: false });
        }
      },

      async archive(form) {
        await act(
          form,
          () => unwrap(bridge.forms.archive({ id: form.id })),
          (f) => ({ kind: 'archived', name: f.name, id: f.id }),
        );
      },

      async restore(form) {
        return act(
          form,
          () => unwrap(bridge.forms.restore({ id: form.id })),
          (f) => ({ kind: 'restored', name: f.name }),
        );
      },

      async remove(form) {
        const done = await act(
          form,
          () => unwrap(bridge.forms.remove({ id: form.id })),
          () => ({ kind: 'removed', name: form.name }),
        );
        return done !== undefined;
      },

      async create(definition) {
        const form = await unwrap(bridge.forms.create(definition));
        set({ notice: { kind: 'saved', name: form.name }, actionError: undefined });
        return form;
      },

      async update(id, patch) {
        const form = await unwrap(bridge.forms.update({ id, patch }));
        set({ notice: { kind: 'saved', name: form.name }, actionError: undefined });
        return form;
      },

      clearNotice() {
        set({ notice: undefined, actionError: undefined });
      },

      leave() {
        clearTimeout(clearing);
        clearing = setTimeout(() => get().clearNotice(), 0);
      },

      enter() {
        clearTimeout(clearing);
        clearing = undefined;
      },
    };
  });
  return store;
}
