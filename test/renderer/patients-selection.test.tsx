import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputOf, Patient } from '../../src-preload/contract';
import { PatientsScreen } from '../../src-renderer/src/features/patients/patients-screen';
import { createFakeClinic } from './deliveries-fixtures';
import { giveTablesHeight, listHandler, makePatients } from './patients-fixtures';
import { renderWithApp } from './render-app';

type Log = { name: string; input: unknown }[];
const calls = (log: Log, name: string) =>
  log.filter((c) => c.name === name).map((c) => c.input as Record<string, any>);

const tags = () => [{ tag: 'diabetes', count: 23 }];

/** A clinic of `count` patients answering the list, select-all, by-ids and re-tag like the service. */
function clinic(all: Patient[], options: { listTotal?: number; limit?: number } = {}) {
  const paged = listHandler(all);
  const list = (input: InputOf<'patients', 'list'>) => {
    const page = paged(input);
    return options.listTotal ? { ...page, total: options.listTotal } : page;
  };
  const retagged: InputOf<'patients', 'retag'>[] = [];
  return {
    retagged,
    handlers: {
      ...createFakeClinic().handlers,
      patients: {
        list,
        tags,
        matching: (input: InputOf<'patients', 'matching'>) => {
          const found = list({ ...input, limit: 100_000 });
          // A list bigger than the patients here answers the first `limit` of what there is.
          const limit = options.limit ?? 10_000;
          return {
            ids: found.data.slice(0, limit).map((p) => p.id),
            total: found.total,
            limit,
          };
        },
        byIds: ({ ids }: { ids: string[] }) =>
          ids.map((id) => all.find((p) => p.id === id)).filter((p) => p !== undefined),
        retag: (input: InputOf<'patients', 'retag'>) => {
          retagged.push(input);
          return { updated: input.ids.length - 1, unchanged: 1, refused: [] };
        },
      },
    },
  };
}

const rowBox = (name: RegExp | string) => screen.getByRole('checkbox', { name });

beforeEach(() => giveTablesHeight());
afterEach(() => vi.restoreAllMocks());

describe('selecting patients in the list', () => {
  it('ticks rows, ticks a range with Shift, and says how many are selected', async () => {
    const user = userEvent.setup();
    renderWithApp(<PatientsScreen />, { handlers: clinic(makePatients(8)).handlers });
    await screen.findByText('8 pacientes');
    const boxes = within(screen.getByRole('table')).getAllByRole('checkbox').slice(1); // the header's box first
    await user.click(boxes[1]!);
    expect(await screen.findByText('1 paciente seleccionado')).toBeInTheDocument();
    // Shift-click: every row from the last ticked one to this one.
    await user.keyboard('{Shift>}');
    await user.click(boxes[4]!);
    await user.keyboard('{/Shift}');
    expect(screen.getByText('4 pacientes seleccionados')).toBeInTheDocument();
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    // The selected rows say so to assistive technology.
    expect(boxes[2]!.closest('[role="row"]')).toHaveAttribute('aria-selected', 'true');
    // Unticking one leaves the rest.
    await user.click(boxes[2]!);
    expect(screen.getByText('3 pacientes seleccionados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deseleccionar' }));
    expect(screen.queryByText(/seleccionad/)).toBeNull();
  });

  it('widens a page to every matching patient, and states a limit before anything is done', async () => {
    const user = userEvent.setup();
    const all = makePatients(150);
    const { handlers } = clinic(all, { listTotal: 12_500, limit: 120 });
    const { bridge } = renderWithApp(<PatientsScreen />, { handlers });
    await screen.findByText('12.500 pacientes');
    await user.click(
      screen.getByRole('checkbox', { name: /Seleccionar los 100 pacientes cargados/ }),
    );
    expect(await screen.findByText('100 pacientes seleccionados')).toBeInTheDocument();
    // The offer names the limit and the total before it is taken.
    const widen = screen.getByRole('button', {
      name: 'Seleccionar los primeros 10.000 de 12.500 que coinciden',
    });
    await user.click(widen);
    await waitFor(() => expect(calls(bridge.log, 'patients.matching')).toHaveLength(1));
    expect(calls(bridge.log, 'patients.matching')[0]).toEqual({});
    // The service kept the first 120 (its limit here) and said how many matched.
    expect(await screen.findByText('120 pacientes seleccionados')).toBeInTheDocument();
    expect(
      screen.getByText(/los primeros 120 de 12\.500 que coinciden: cada acción admite 120/),
    ).toBeInTheDocument();
  });

  it('drops the selection when the filters change (a hidden selection would act on unseen rows)', async () => {
    const user = userEvent.setup();
    renderWithApp(<PatientsScreen />, { handlers: clinic(makePatients(8)).handlers });
    await screen.findByText('8 pacientes');
    await user.click(rowBox(/ 0, Ana/));
    expect(await screen.findByText('1 paciente seleccionado')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'active');
    await waitFor(() => expect(screen.queryByText('1 paciente seleccionado')).toBeNull());
  });
});

describe('sorting and filtering the list', () => {
  it('sorts by a column, turns the direction round on a second click, and says so', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<PatientsScreen />, {
      handlers: clinic(makePatients(5)).handlers,
    });
    await screen.findByText('5 pacientes');
    const name = () => screen.getByRole('columnheader', { name: /Nombre/ });
    expect(name()).not.toHaveAttribute('aria-sort');
    await user.click(within(name()).getByRole('button'));
    await waitFor(() =>
      expect(calls(bridge.log, 'patients.list').at(-1)).toEqual({
        limit: 100,
        sort: 'name',
        direction: 'asc',
      }),
    );
    expect(name()).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(name()).getByRole('button'));
    await waitFor(() =>
      expect(calls(bridge.log, 'patients.list').at(-1)).toMatchObject({ direction: 'desc' }),
    );
    expect(name()).toHaveAttribute('aria-sort', 'descending');
    const born = screen.getByRole('columnheader', { name: /Fecha de nacimiento/ });
    await user.click(within(born).getByRole('button'));
    await waitFor(() =>
      expect(calls(bridge.log, 'patients.list').at(-1)).toMatchObject({
        sort: 'dateOfBirth',
        direction: 'asc',
      }),
    );
  });

  it('sends the age and response filters as the service reads them, and clears them', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<PatientsScreen />, {
      handlers: {
        ...clinic(makePatients(5)).handlers,
        forms: {
          list: () => ({
            data: [{ id: 'form_phq9', name: 'PHQ-9' }] as never,
            pagination: { cursor: '', hasMore: false, limit: 100 },
          }),
        },
      },
    });
    await screen.findByText('5 pacientes');
    await user.type(screen.getByRole('spinbutton', { name: 'Desde (años)' }), '65');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Respuestas' }),
      'Sin responder en los últimos…',
    );
    const days = screen.getByRole('spinbutton', { name: 'Días' });
    await user.clear(days);
    await user.type(days, '14');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Formulario' }), 'PHQ-9');
    await waitFor(() =>
      expect(calls(bridge.log, 'patients.list').at(-1)).toEqual({
        limit: 100,
        minAge: 65,
        notRespondedWithinDays: 14,
        responseFormId: 'form_phq9',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(calls(bridge.log, 'patients.list').at(-1)).toEqual({ limit: 100 }));
    expect(screen.queryByRole('spinbutton', { name: 'Días' })).toBeNull();
  });
});

describe('bulk actions on the selection', () => {
  it('adds a tag to the selected patients after saying how many, then reports what changed', async () => {
    const user = userEvent.setup();
    const fake = clinic(makePatients(6));
    renderWithApp(<PatientsScreen />, { handlers: fake.handlers });
    await screen.findByText('6 pacientes');
    await user.click(rowBox(/ 0, Ana/));
    await user.click(rowBox(/ 1, /));
    await user.click(rowBox(/ 2, /));
    await user.click(screen.getByRole('button', { name: 'Añadir etiqueta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir una etiqueta' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Etiqueta' }), 'control-mensual');
    expect(
      within(dialog).getByText('Se añadirá «control-mensual» a los 3 pacientes seleccionados.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Añadir a 3 pacientes' }));
    await waitFor(() => expect(fake.retagged).toHaveLength(1));
    expect(fake.retagged[0]!.add).toEqual(['control-mensual']);
    expect(fake.retagged[0]!.ids).toHaveLength(3);
    expect(
      await screen.findByText('Etiqueta «control-mensual» añadida a 2 pacientes. 1 ya la tenía.'),
    ).toBeInTheDocument();
  });

  it('opens the schedule dialog with the selection as it is', async () => {
    const user = userEvent.setup();
    const all = makePatients(6);
    const { bridge } = renderWithApp(<PatientsScreen />, { handlers: clinic(all).handlers });
    await screen.findByText('6 pacientes');
    for (const i of [0, 2, 4]) await user.click(rowBox(new RegExp(` ${i}, `)));
    await user.click(screen.getByRole('button', { name: 'Enviar formulario' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls(bridge.log, 'patients.byIds')[0]!.ids).toEqual([
      all[0]!.id,
      all[2]!.id,
      all[4]!.id,
    ]);
    const recipients = within(dialog).getByRole('list', { name: /Destinatarios/i });
    expect(within(recipients).getAllByRole('listitem')).toHaveLength(3);
  });

  it('speaks Catalan', async () => {
    const user = userEvent.setup();
    renderWithApp(<PatientsScreen />, {
      language: 'ca',
      handlers: clinic(makePatients(4)).handlers,
    });
    await screen.findByText('4 pacients');
    await user.click(screen.getByRole('checkbox', { name: /Selecciona els 4 pacients carregats/ }));
    expect(await screen.findByText('4 pacients seleccionats')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afegeix una etiqueta' })).toBeInTheDocument();
  });
});
