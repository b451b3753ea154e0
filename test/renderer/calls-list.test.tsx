import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallListItem } from '../../src-preload/contract';
import { dayRange } from '../../src-renderer/src/features/calls/call-format';
import { CallsScreen } from '../../src-renderer/src/features/calls/calls-screen';
import { createFormatters } from '../../src-renderer/src/i18n/format';
import { call, callList, completed, listItem } from './calls-fixtures';
import { balanceOf, marc, nuria, PRICES } from './chats-fixtures';
import { listHandler } from './patients-fixtures';
import { renderWithApp } from './render-app';

const es = createFormatters('es');

const done = listItem(completed('call_done'));
const busy = listItem(
  call(
    'call_busy',
    {
      status: 'failed',
      failureReason: 'busy',
      failedAt: '2026-11-21T09:00:09.000Z',
      createdAt: '2026-11-21T09:00:00.000Z',
      language: 'es',
      purpose: 'Recordatorio de la cita del jueves',
    },
    marc,
  ),
);
const older = Array.from({ length: 30 }, (_, i) =>
  listItem(
    completed(`call_old${String(i).padStart(2, '0')}`, {
      createdAt: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00.000Z`,
    }),
  ),
);

function handlers(list: CallListItem[] = [done, busy, ...older]) {
  return {
    calls: { list: callList(list) },
    patients: { list: listHandler([nuria, marc]) },
    credits: { prices: () => PRICES, balance: () => balanceOf(1234) },
  };
}

function rows() {
  const table = screen.getByRole('table', { name: 'Llamadas' });
  return within(table).getAllByRole('row').slice(1);
}

describe('calls: the list', () => {
  it('shows date, patient name, purpose, translated status and failure, duration and credits', async () => {
    renderWithApp(<CallsScreen />, { handlers: handlers() });
    const table = await screen.findByRole('table', { name: 'Llamadas' });
    const first = within(table).getByRole('row', { name: new RegExp(es.dateTime(done.createdAt)) });
    expect(within(first).getByText('Núria Puig Soler')).toBeInTheDocument();
    expect(within(first).getByText('Completada')).toBeInTheDocument();
    expect(within(first).getByText('2 min 5 s')).toBeInTheDocument();
    expect(within(first).getByText('15')).toBeInTheDocument();
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/calls/call_done');

    const failed = within(table).getByRole('row', {
      name: new RegExp(es.dateTime(busy.createdAt)),
    });
    expect(within(failed).getByText('Marc Ferrer')).toBeInTheDocument();
    expect(within(failed).getByText('Fallida')).toBeInTheDocument();
    expect(within(failed).getByText('Comunicaba')).toBeInTheDocument();
    expect(within(failed).getByText('—')).toBeInTheDocument();
    expect(table.textContent).not.toMatch(/pat_|call_|\d{4}-\d{2}-\d{2}T|busy|completed/);
  });

  it('pages with “Cargar más”', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<CallsScreen />, { handlers: handlers() });
    await screen.findByRole('table', { name: 'Llamadas' });
    expect(rows()).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(rows()).toHaveLength(32));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(bridge.log.filter((c) => c.name === 'calls.list').map((c) => c.input)).toEqual([
      { limit: 25 },
      { limit: 25, cursor: '25' },
    ]);
  });

  it('filters by status, patient and a range of days (whole local days)', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<CallsScreen />, { handlers: handlers() });
    await screen.findByRole('table', { name: 'Llamadas' });
    const filters = screen.getByRole('search', { name: 'Filtrar las llamadas' });

    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Estado' }), 'failed');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Marc Ferrer')).toBeInTheDocument();
    expect(bridge.log.at(-1)?.input).toEqual({ limit: 25, status: 'failed' });

    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Estado' }), '');
    await user.type(within(filters).getByRole('combobox', { name: 'Paciente' }), 'Núria');
    await user.click(await screen.findByRole('option', { name: /Núria Puig Soler/ }));
    await waitFor(() =>
      expect(bridge.log.at(-1)?.input).toEqual({ limit: 25, patientId: nuria.id }),
    );

    const from = within(filters).getByLabelText('Desde');
    const to = within(filters).getByLabelText('Hasta');
    await user.type(from, '2026-11-22');
    await user.type(to, '2026-11-22');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(bridge.log.at(-1)?.input).toEqual({
      limit: 25,
      patientId: nuria.id,
      ...dayRange('2026-11-22', '2026-11-22'),
    });
    expect(dayRange('2026-11-22', '2026-11-22')).toEqual({
      from: new Date(2026, 10, 22).toISOString(),
      to: new Date(2026, 10, 23).toISOString(),
    });

    // A range that ends before it starts is not sent; it is explained.
    await user.clear(to);
    await user.type(to, '2026-11-01');
    expect(await screen.findAllByText('La fecha final es anterior a la inicial.')).not.toHaveLength(
      0,
    );
    expect(bridge.log.at(-1)?.input).not.toMatchObject({ to: dayRange('', '2026-11-01').to });

    await user.click(within(filters).getByRole('button', { name: 'Quitar los filtros' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(bridge.log.at(-1)?.input).toEqual({ limit: 25 });
  });

  it('explains an empty clinic, no matches, and a failed load with a retry', async () => {
    let fail = true;
    const user = userEvent.setup();
    renderWithApp(<CallsScreen />, {
      handlers: {
        ...handlers([]),
        calls: {
          list: (input) => {
            if (fail) throw { code: 'internal_error', message: 'x' };
            return callList([])(input);
          },
        },
      },
    });
    expect(await screen.findByText('Error interno del servicio.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no hay llamadas.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'ringing');
    expect(
      await screen.findByText('Ninguna llamada coincide con los filtros.'),
    ).toBeInTheDocument();
  });

  it('follows the lifecycle as the service reports changes to calls', async () => {
    let list = [listItem(call('call_new'))];
    const { bridge } = renderWithApp(<CallsScreen />, {
      handlers: { ...handlers(), calls: { list: (i) => callList(list)(i) } },
    });
    expect(await screen.findByText('En cola')).toBeInTheDocument();
    list = [listItem(call('call_new', { status: 'ringing' }))];
    act(() => bridge.emit('changed', { topics: ['calls'] }));
    expect(await screen.findByText('Sonando')).toBeInTheDocument();
  });

  it('speaks Catalan', async () => {
    renderWithApp(<CallsScreen />, { language: 'ca', handlers: handlers([done, busy]) });
    const table = await screen.findByRole('table', { name: 'Trucades' });
    expect(within(table).getByText('Comunicava')).toBeInTheDocument();
    expect(within(table).getByText('Completada')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Durada' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova trucada' })).toBeInTheDocument();
  });
});
