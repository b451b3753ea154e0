import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutputOf } from '../../src-preload/contract';
import { createMemoryBridge } from '../../src-renderer/src/bridge/memory-bridge';
import { PatientsScreen } from '../../src-renderer/src/features/patients/patients-screen';
import {
  createPatientsStore,
  PAGE_SIZE,
} from '../../src-renderer/src/features/patients/patients-store';
import { ROW_HEIGHT } from '../../src-renderer/src/features/patients/patients-table';
import {
  deferred,
  giveTablesHeight,
  listHandler,
  makePatient,
  makePatients,
} from './patients-fixtures';
import { renderWithApp } from './render-app';

type ListOutput = OutputOf<'patients', 'list'>;

const tags = () => [
  { tag: 'diabetes', count: 12040 },
  { tag: 'hipertensión', count: 87 },
];

function listCalls(log: { name: string; input: unknown }[]) {
  return log
    .filter((c) => c.name === 'patients.list')
    .map((c) => c.input as Record<string, unknown>);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('patients store', () => {
  it('sends one search for fast typing, after the debounce', async () => {
    vi.useFakeTimers();
    const bridge = createMemoryBridge({ patients: { list: listHandler(makePatients(30)) } });
    const store = createPatientsStore(bridge);
    await store.getState().reload();
    for (const text of ['j', 'jo', 'jos', 'jose']) {
      store.getState().typeSearch(text);
      await vi.advanceTimersByTimeAsync(60);
    }
    expect(listCalls(bridge.log)).toHaveLength(1);
    expect(store.getState().searchText).toBe('jose');
    await vi.advanceTimersByTimeAsync(250);
    const calls = listCalls(bridge.log);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({ limit: PAGE_SIZE, search: 'jose' });
    // The server folds accents: "jose" finds every José.
    expect(store.getState().rows.length).toBeGreaterThan(0);
    expect(store.getState().rows.every((p) => p.firstName === 'José')).toBe(true);
  });

  it('never lets an older, slower answer overwrite a newer one', async () => {
    const slow = deferred<ListOutput>();
    const fast = deferred<ListOutput>();
    const answers = [slow.promise, fast.promise];
    const bridge = createMemoryBridge({ patients: { list: () => answers.shift()! } });
    const store = createPatientsStore(bridge);
    const first = store.getState().setQuery({ search: 'an' });
    const second = store.getState().setQuery({ search: 'ana' });
    const page = (name: string, total: number): ListOutput => ({
      data: [makePatient(1, { firstName: name })],
      pagination: { cursor: '', hasMore: false, limit: PAGE_SIZE },
      total,
    });
    fast.resolve(page('Ana', 1));
    await second;
    slow.resolve(page('Andrés', 42));
    await first;
    expect(store.getState().rows.map((p) => p.firstName)).toEqual(['Ana']);
    expect(store.getState().total).toBe(1);
    expect(store.getState().query.search).toBe('ana');
  });

  it('loads the next page with the cursor and appends it; drops a page for an old query', async () => {
    const bridge = createMemoryBridge({ patients: { list: listHandler(makePatients(250)) } });
    const store = createPatientsStore(bridge);
    await store.getState().setQuery({ status: 'active' });
    expect(store.getState().rows).toHaveLength(100);
    await store.getState().loadMore();
    expect(listCalls(bridge.log)[1]).toEqual({ limit: 100, status: 'active', cursor: 'c100' });
    expect(store.getState().rows).toHaveLength(200);
    expect(new Set(store.getState().rows.map((p) => p.id)).size).toBe(200);
    await store.getState().loadMore();
    expect(store.getState().hasMore).toBe(false);
    await store.getState().loadMore();
    expect(listCalls(bridge.log)).toHaveLength(3);

    // A page that answers after the query changed is not appended to the new rows.
    const late = deferred<ListOutput>();
    const answers: (ListOutput | Promise<ListOutput>)[] = [];
    const bridge2 = createMemoryBridge({
      patients: { list: (input) => answers.shift() ?? listHandler(makePatients(250))(input) },
    });
    const store2 = createPatientsStore(bridge2);
    await store2.getState().reload();
    answers.push(late.promise);
    const more = store2.getState().loadMore();
    await store2.getState().setQuery({ tag: 'diabetes' });
    late.resolve(listHandler(makePatients(250))({ limit: 100, cursor: 'c100' }));
    await more;
    expect(store2.getState().rows.every((p) => p.tags.includes('diabetes'))).toBe(true);
    expect(store2.getState().loadingMore).toBe(false);
  });
});

describe('patients list screen', () => {
  beforeEach(() => giveTablesHeight());

  it('shows the localised total, the columns and the rows with links', async () => {
    const all = makePatients(3);
    const { bridge } = renderWithApp(<PatientsScreen />, {
      handlers: {
        patients: {
          list: (input) => ({ ...listHandler(all)(input), total: 12345 }),
          tags,
        },
      },
    });
    expect(await screen.findByText('12.345 pacientes')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lista de pacientes' });
    expect(table).toHaveAttribute('aria-rowcount', '12346');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Nombre',
      'Teléfono',
      'Correo electrónico',
      'Fecha de nacimiento',
      'Etiquetas',
      'Estado',
    ]);
    const link = within(table).getByRole('link', { name: 'García 0, Ana' });
    expect(link).toHaveAttribute('href', `/patients/${all[0]!.id}`);
    const row = link.closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent('+34600000000');
    expect(row).toHaveTextContent('17 mar 1984');
    expect(row).toHaveTextContent(/\d+ años/);
    expect(row).toHaveTextContent('diabetes');
    expect(row).toHaveTextContent('Activo');
    expect(listCalls(bridge.log)).toEqual([{ limit: 100 }]);
    // The tag filter lists the tags with their counts.
    expect(await screen.findByRole('option', { name: 'diabetes (12.040)' })).toBeInTheDocument();
  });

  it('says the total in Catalan too', async () => {
    renderWithApp(<PatientsScreen />, {
      language: 'ca',
      handlers: {
        patients: { list: (i) => ({ ...listHandler(makePatients(2))(i), total: 12345 }), tags },
      },
    });
    expect(await screen.findByText('12.345 pacients')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Data de naixement' })).toBeInTheDocument();
  });

  it('searches as the user types with a single call, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<PatientsScreen />, {
      handlers: { patients: { list: listHandler(makePatients(20)), tags } },
    });
    await screen.findByText('20 pacientes');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'nuria');
    await waitFor(() => expect(listCalls(bridge.log)).toHaveLength(2));
    expect(listCalls(bridge.log)[1]).toEqual({ limit: 100, search: 'nuria' });
    expect(await screen.findByText('3 pacientes')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Núria/ })).toHaveLength(3);

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'zzz');
    expect(await screen.findByText('Sin resultados para «zzz»')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('passes the filters to the bridge and goes back to the first page', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<PatientsScreen />, {
      handlers: { patients: { list: listHandler(makePatients(250)), tags } },
    });
    await screen.findByText('250 pacientes');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'inactive');
    await waitFor(() =>
      expect(listCalls(bridge.log).at(-1)).toEqual({ limit: 100, status: 'inactive' }),
    );
    expect(await screen.findByText('25 pacientes')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Etiqueta' }), 'diabetes');
    await waitFor(() =>
      expect(listCalls(bridge.log).at(-1)).toEqual({
        limit: 100,
        status: 'inactive',
        tag: 'diabetes',
      }),
    );
    expect(listCalls(bridge.log).some((c) => 'cursor' in c)).toBe(false);
  });

  it('loads the next page by cursor when the user scrolls near the end', async () => {
    const { bridge } = renderWithApp(<PatientsScreen />, {
      handlers: { patients: { list: listHandler(makePatients(1000)), tags } },
    });
    await screen.findByText('1000 pacientes');
    const table = screen.getByRole('table');
    // Only what is in view (plus overscan) is in the DOM.
    expect(within(table).getAllByRole('link').length).toBeLessThan(40);
    expect(listCalls(bridge.log)).toHaveLength(1);

    act(() => {
      table.scrollTop = 90 * ROW_HEIGHT;
      fireEvent.scroll(table);
    });
    await waitFor(() => expect(listCalls(bridge.log)).toHaveLength(2));
    expect(listCalls(bridge.log)[1]).toEqual({ limit: 100, cursor: 'c100' });
    await waitFor(() =>
      expect(within(table).getByRole('link', { name: /\b100, / })).toBeInTheDocument(),
    );
    expect(listCalls(bridge.log)).toHaveLength(2);
  });

  it('shows an error with a retry when the list cannot load', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderWithApp(<PatientsScreen />, {
      handlers: {
        patients: {
          list: (input) => {
            if (fail) throw { code: 'internal_error', message: 'boom' };
            return listHandler(makePatients(1))(input);
          },
          tags,
        },
      },
    });
    expect(await screen.findByText('Error interno del servicio.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('1 paciente')).toBeInTheDocument();
  });

  it('shows the empty state and refreshes when a patient is created elsewhere', async () => {
    const all: ReturnType<typeof makePatients> = [];
    const { bridge } = renderWithApp(<PatientsScreen />, {
      handlers: { patients: { list: listHandler(all), tags: () => [] } },
    });
    expect(await screen.findByText('Todavía no hay pacientes.')).toBeInTheDocument();
    all.push(makePatient(7));
    act(() => bridge.emit('changed', { topics: ['patients'] }));
    expect(await screen.findByRole('link', { name: 'Romero 7, Pau' })).toBeInTheDocument();
  });

  it('opens the patient page from a row', async () => {
    const user = userEvent.setup();
    const all = makePatients(2);
    const { location } = renderWithApp(<PatientsScreen />, {
      path: '/patients',
      handlers: { patients: { list: listHandler(all), tags } },
    });
    await user.click(await screen.findByRole('link', { name: 'Martínez 1, José' }));
    expect(location.history.at(-1)).toBe(`/patients/${all[1]!.id}`);
  });
});
