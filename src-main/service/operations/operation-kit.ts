import type { TSchema } from 'typebox';
import type {
  AppInfo,
  PatientRef,
  Group,
  InputOf,
  MethodOf,
  OutputOf,
  Page,
  Topic,
} from '../../../src-preload/contract';
import type { Core } from '../core';
import { validationFailed } from '../errors';
import { compileBodyValidator, fieldErrors } from '../http/validation';
import { listItems, type ListPage } from '../store/keyset-list';

export interface OperationDeps {
  core: Core;
  /** What `app.info` answers; the adapter knows its URL, version and mode. */
  info: () => AppInfo;
}

/** One operation: how its input is read and what it does. */
export interface OperationDef<I, O> {
  /** Checks and returns the input (with schema defaults applied), or throws a 422. */
  parse(input: unknown): I;
  run(input: I): O | Promise<O>;
  /** What a successful run changed, for the window's change feed (writes only). */
  topics?: readonly Topic[];
}

export type GroupHandlers<G extends Group> = {
  [M in MethodOf<G>]: OperationDef<InputOf<G, M>, OutputOf<G, M>>;
};

/** The handler map every transport serves: one definition per operation of the contract. */
export type OperationHandlers = { [G in Group]: GroupHandlers<G> };

/**
 * An input checked by a TypeBox schema with the service's strict body validator: the same
 * rules, defaults and 422 `validation_failed` (pointers into the input) as the HTTP API. The
 * input is copied first, since the validator fills in defaults in place.
 */
export function schemaInput<I>(schema: TSchema): (input: unknown) => I {
  const validate = compileBodyValidator(schema);
  return (input) => {
    const value = input === undefined || input === null ? {} : structuredClone(input);
    if (!validate(value)) throw validationFailed(fieldErrors(validate.errors ?? [], 'body'));
    return value as I;
  };
}

/** Operations without input accept nothing (or an empty object, as a form may send). */
export function noInput(input: unknown): void {
  const empty =
    input === undefined ||
    input === null ||
    (typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0);
  if (!empty) {
    throw validationFailed([
      { pointer: '/', code: 'type', detail: 'This operation takes no input.' },
    ]);
  }
}

/** Shorthand for a definition whose types come from the contract. */
export function op<I, O>(def: OperationDef<I, O>): OperationDef<I, O> {
  return def;
}

/** A list page from the domain (rows rendered as JSON by SQLite) as `{data, pagination}`. */
export function pageOf<T>(page: ListPage): Page<T> {
  return { data: listItems<T>(page), pagination: page.pagination };
}

/**
 * Adds `patient: {id, firstName, lastName}` to records that hold only a `patientId`, with one
 * query per page, so the window never shows a raw id where a name exists. A record whose patient
 * is gone (never, since patients are not deleted) gets an empty name rather than failing the page.
 */
export function withPatients<T extends { patientId?: string }>(
  core: Core,
  items: readonly T[],
): (T & { patient: PatientRef })[] {
  const ids = items.flatMap((item) => (item.patientId ? [item.patientId] : []));
  const names = new Map(
    core.q.patients
      .names(ids)
      .map((row) => [row.id, { id: row.id, firstName: row.first_name, lastName: row.last_name }]),
  );
  return items.map((item) => ({
    ...item,
    patient: names.get(item.patientId ?? '') ?? {
      id: item.patientId ?? '',
      firstName: '',
      lastName: '',
    },
  }));
}

/** One record with its patient's name (see withPatients). */
export function withPatient<T extends { patientId?: string }>(core: Core, item: T) {
  return withPatients(core, [item])[0]!;
}

/** A list page whose items carry their patients' names, looked up once for the page. */
export function pageWithPatients<T extends { patientId?: string }>(core: Core, page: Page<T>) {
  return { ...page, data: withPatients(core, page.data) };
}
