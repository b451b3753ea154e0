import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutputOf } from '../../src-preload/contract';
import { PatientsScreen } from '../../src-renderer/src/features/patients/patients-screen';
import { listName } from '../../src-renderer/src/features/patients/patient-format';
import { PAGE_SIZE } from '../../src-renderer/src/features/patients/patients-queries';
import {
  createPatientsStore,
  DEFAULT_QUERY,
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

const beforeEachTable = () => giveTablesHeight();
const listNameOf = (p: ReturnType<typeof makePatient>) => listName(p);

describe('patients search and paging', () => {
  it('sends the typed search once typing pauses', async () => {
    vi.useFakeTimers();
    const store = createPatientsStore();
    for (const text of ['j', 'jo', 'jos', 'jose']) {
      store.getState().typeSearch(text);
      await vi.advanceTimersByTimeAsync(60);
    }
    // The box follows every key; the query (what the list asks for) waits for the pause.
    expect(store.getState().searchText).toBe('jose');
    expect(store.getState().query.search).toBe('');
    await vi.advanceTimersByTimeAsync(250);
    expect(store.getState().query.search).toBe('jose');
    // Enter, or a filter, applies what is typed at once.
    store.getState().typeSearch('ana');
    store.getState().setQuery({ status: 'active' });
    expect(store.getState().query).toEqual({
      ...DEFAULT_QUERY,
      search: 'ana',
      status: 'active',
    });
  });

  it('never lets an older, slower answer overwrite a newer one', async () => {
    beforeEachTable();
    const slow = deferred<ListOutput>();
    const fast = deferred<ListOutput>();
    const answers: (ListOutput | Promise<ListOutput>)[] = [
      listHandler(makePatients(5))({ limit: PAGE_SIZE }),
      slow.promise,
      fast.promise,
    ];
    const { bridge } = renderWithApp(<PatientsScreen />, {
      handlers: { patients: { list: () => answers.shift()!, tags } },
    });
    await screen.findByText('5 pacientes');
    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    await user.type(box, 'an');
    await waitFor(() => expect(listCalls(bridge.log)).toHaveLength(2));
    await user.type(box, 'a');
    await waitFor(() => expect(listCalls(bridge.log)).toHaveLength(3));
    const page = (name: string, total: number): ListOutput => ({
      data: [makePatient(1, { firstName: name })],
      pagination: { cursor: '', hasMore: false, limit: PAGE_SIZE },
      total,
    });
    await act(async () => fast.resolve(page('Ana', 1)));
    expect(await screen.findByText('1 paciente')).toBeInTheDocument();
    await act(async () => slow.resolve(page('Andrés', 42)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('1 paciente')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Andrés/ })).toBeNull();
  });

  it('does not append a page that answers after the query changed', async () => {
    beforeEachTable();
    const late = deferred<ListOutput>();
    const all = makePatients(250);
    const answers: (ListOutput | Promise<ListOutput>)[] = [];
    const { bridge } = renderWithApp(<PatientsScreen />, {
      handlers: {
        patients: { list: (input) => answers.shift() ?? listHandler(all)(input), tags },
      },
    });
    await screen.findByText('250 pacientes');
    answers.push(late.promise);
    const table = screen.getByRole('table');
    act(() => {
      table.scrollTop = 90 * ROW_HEIGHT;
      fireEvent.scroll(table);
    });
    await waitFor(() => expect(listCalls(bridge.log)).toHaveLength(2));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Etiqueta' }), 'diabetes');
    await screen.findByText('84 pacientes');
    await act(async () => late.resolve(listHandler(all)({ limit: 100, cursor: 'c100' })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const names = within(screen.getByRole('table'))
      .getAllByRole('link')
      .map((link) => link.textContent);
    const diabetic = new Set(all.filter((p) => p.tags.includes('diabetes')).map(listNameOf));
    expect(names.every((name) => diabetic.has(name ?? ''))).toBe(true);
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
      '', // the box that ticks every loaded row
      'Nombre↕',
      'Teléfono',
      'Correo electrónico',
      'Fecha de nacimiento↕',
      'Etiquetas',
      'Estado',
    ]);
    const link = within(table).getByRole('link', { name: 'García 0, Ana' });
    expect(link).toHaveAttribute('href', `/patients/${all[0]!.id}`);
    const row = link.closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent('+34600000000');
    expect(row).toHaveTextContent('17 mar 1984');
    expect(row).toHaveTextContent(/\d+ años/);
    // A well-known tag shows by its label in the window's language.
    expect(row).toHaveTextContent('Diabetes');
    expect(row).toHaveTextContent('Activo');
    expect(listCalls(bridge.log)).toEqual([{ limit: 100 }]);
    // The tag filter lists the tags with their counts.
    expect(await screen.findByRole('option', { name: 'Diabetes (12.040)' })).toBeInTheDocument();
  });

  it('says the total in Catalan too', async () => {
    renderWithApp(<PatientsScreen />, {
      language: 'ca',
      handlers: {
        patients: { list: (i) => ({ ...listHandler(makePatients(2))(i), total: 12345 }), tags },
      },
    });
    expect(await screen.findByText('12.345 pacients')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Data de naixement/ })).toBeInTheDocument();
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
