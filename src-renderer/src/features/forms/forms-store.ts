import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BridgeFailure } from '../../bridge/bridge';

export type FormFilter = 'active' | 'archived' | 'all';

/** What the list says after an action, possibly from another screen (the builder's save). */
export type FormNotice =
  | { kind: 'saved' | 'restored' | 'removed'; name: string }
  | { kind: 'archived'; name: string; id: string };

/**
 * The forms list's own state, kept while the app runs: its filter, the forms with an action
 * under way, and what the last action says. The forms themselves are queries.
 */
export interface FormsState {
  filter: FormFilter;
  /** Forms with an action under way (their buttons show it). */
  busy: ReadonlySet<string>;
  notice: FormNotice | undefined;
  /** An action that failed, with the form it concerned. */
  actionError: { name: string; error: BridgeFailure } | undefined;
  setFilter(filter: FormFilter): void;
  /** An action on `id` starts (its buttons show it; the last outcome is forgotten). */
  begin(id: string): void;
  /** The action on `id` ended: with what the list says, or why it failed. */
  end(
    id: string,
    outcome: { notice: FormNotice | undefined } | { error: BridgeFailure; name: string },
  ): void;
  clearNotice(): void;
  /**
   * The list was left: its notice goes with it, once the leaving is real (a remount right after,
   * as React's StrictMode does in development, keeps it).
   */
  leave(): void;
  enter(): void;
}

export function createFormsStore(): StoreApi<FormsState> {
  let clearing: ReturnType<typeof setTimeout> | undefined;
  return createStore<FormsState>()((set, get) => ({
    filter: 'active',
    busy: new Set(),
    notice: undefined,
    actionError: undefined,

    setFilter(filter) {
      set({ filter });
    },

    begin(id) {
      set({ busy: new Set([...get().busy, id]), actionError: undefined });
    },

    end(id, outcome) {
      const busy = new Set(get().busy);
      busy.delete(id);
      set(
        'error' in outcome
          ? { busy, actionError: { name: outcome.name, error: outcome.error }, notice: undefined }
          : { busy, notice: outcome.notice, actionError: undefined },
      );
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
  }));
}
