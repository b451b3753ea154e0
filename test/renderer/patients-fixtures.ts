import { vi } from 'vitest';
import type { InputOf, OutputOf, Patient } from '../../src-preload/contract';

const FIRST = ['Ana', 'José', 'Núria', 'Marc', 'Lucía', 'Jordi', 'María', 'Pau'];
const LAST = ['García', 'Martínez', 'Puig', 'Sánchez', 'Ferrer', 'López', 'Vidal', 'Romero'];

/** A patient shaped exactly as the service returns it. */
export function makePatient(i: number, over: Partial<Patient> = {}): Patient {
  const n = String(i).padStart(6, '0');
  return {
    id: `pat_01JD8X3V6Q9R2T5W7Y${n}`,
    firstName: FIRST[i % FIRST.length]!,
    lastName: `${LAST[i % LAST.length]!} ${i}`,
    email: `paciente${i}@example.org`,
    phone: `+34600${n}`,
    dateOfBirth: '1984-03-17',
    status: i % 10 === 9 ? 'inactive' : 'active',
    tags: i % 3 === 0 ? ['diabetes'] : [],
    metadata: {},
    createdAt: '2026-01-10T09:00:00.000Z',
    updatedAt: '2026-01-10T09:00:00.000Z',
    ...over,
  };
}

export function makePatients(count: number): Patient[] {
  return Array.from({ length: count }, (_, i) => makePatient(i));
}

type ListInput = InputOf<'patients', 'list'>;
type ListOutput = OutputOf<'patients', 'list'>;

/**
 * A `patients.list` handler over an array, paginated like the service (opaque cursor, hasMore,
 * total of the matches), with a simple accent-insensitive search and the filters.
 */
export function listHandler(all: Patient[]): (input: ListInput) => ListOutput {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return (input) => {
    const search = input.search ? fold(input.search) : undefined;
    const matches = all.filter(
      (p) =>
        (!search || fold(`${p.firstName} ${p.lastName}`).includes(search)) &&
        (!input.status || p.status === input.status) &&
        (!input.tag || p.tags.includes(input.tag)),
    );
    const limit = input.limit ?? 20;
    const offset = input.cursor ? Number(input.cursor.replace('c', '')) : 0;
    const data = matches.slice(offset, offset + limit);
    const next = offset + data.length;
    const hasMore = next < matches.length;
    return {
      data,
      pagination: { cursor: hasMore ? `c${next}` : '', hasMore, limit },
      total: matches.length,
    };
  };
}

/** A promise the test settles by hand: for answers that arrive out of order. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * jsdom has no layout, so the virtualised table would think nothing is in view: give elements
 * with role="table" a height (restored by vi.restoreAllMocks).
 */
export function giveTablesHeight(height = 520): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.getAttribute('role') === 'table' ? height : 0;
  });
}
