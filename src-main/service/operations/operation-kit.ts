import type { AppInfo, Group, InputOf, MethodOf, OutputOf, Page } from '../contract';
import type { Core } from '../core';
import { listItems, type ListPage } from '../domain/list-page';

export interface OperationDeps {
  core: Core;
  /** What `app.info` answers; the adapter knows its URL, version and mode. */
  info: () => AppInfo;
  /** What only the process hosting the service can do (the desktop app, `engage-desk web`). */
  host?: OperationHost;
}

/** Which restore this is (a fresh id the operation answers with) and, for an import, from what. */
export interface RestoreRequest {
  attempt: string;
  archive?: string;
}

/** The host's part of Settings > Data. */
export interface OperationHost {
  /** The system's folder dialog; null when cancelled (the desktop app only). */
  chooseFolder?: () => Promise<string | null>;
  /** The system's save or open dialog for a clinic archive (the desktop app only). */
  chooseArchive?: (
    dialog: { save: true; name: string } | { save: false },
  ) => Promise<string | null>;
  /**
   * Closes the service, restores `file` (already verified) and opens it again; started after the
   * operation has answered, since the answer travels through the service being closed. The
   * outcome is recorded under `attempt` (backup/restore-in-place.ts), which the window waits
   * for. An import hands its staged copy with `archive`: the restore is recorded as from the
   * archive, and the staged copy is removed afterwards, whether it went in or not.
   */
  restore?: (file: string, how: RestoreRequest) => void;
}

/**
 * One operation: what it does with its input, already checked by the schema its contract entry
 * declares (operation-inputs.ts). What a write changed is declared by the domain function it
 * calls (changes/domain-topics.ts), never here.
 */
export interface OperationDef<I, O> {
  run(input: I): O | Promise<O>;
}

export type GroupHandlers<G extends Group> = {
  [M in MethodOf<G>]: OperationDef<InputOf<G, M>, OutputOf<G, M>>;
};

/** The handler map every transport serves: one definition per operation of the contract. */
export type OperationHandlers = { [G in Group]: GroupHandlers<G> };

/** Shorthand for a definition whose types come from the contract. */
export function op<I, O>(def: OperationDef<I, O>): OperationDef<I, O> {
  return def;
}

/** A list page from the domain (rows rendered as JSON by SQLite) as `{data, pagination}`. */
export function pageOf<T>(page: ListPage): Page<T> {
  return { data: listItems<T>(page), pagination: page.pagination };
}
