import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { monthGrid, weekStartFor } from '../../src-renderer/src/features/deliveries/calendar-model';
import { DeliveriesScreen } from '../../src-renderer/src/features/deliveries/deliveries-screen';
import { createFormatters } from '../../src-renderer/src/i18n/format';
import {
  createFakeClinic,
  JORDI,
  MARTA,
  SATISFACTION,
  schedule,
  setServiceNow,
} from './deliveries-fixtures';
import { renderWithApp } from './render-app';

const es = createFormatters('es');
// Local times, so the days are the same whatever zone the tests run in.
const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
const nuria23 = schedule({ id: 'sch_1', scheduledAt: at(23, 10) });
const jordi23 = schedule({
  id: 'sch_2',
  scheduledAt: at(23, 12),
  patientId: JORDI.id,
  patient: { id: JORDI.id, firstName: JORDI.firstName, lastName: JORDI.lastName },
  formId: SATISFACTION.id,
  formName: SATISFACTION.name,
  channel: 'email',
  creditsConsumed: 1,
});
const marta25 = schedule({
  id: 'sch_3',
  scheduledAt: at(25, 8),
  patientId: MARTA.id,
  patient: { id: MARTA.id, firstName: MARTA.firstName, lastName: MARTA.lastName },
});

function renderCalendar(language?: 'ca') {
  const clinic = createFakeClinic({ schedules: [marta25, jordi23, nuria23] });
  const rendered = renderWithApp(<DeliveriesScreen view="calendar" />, {
    handlers: clinic.handlers,
    ...(language ? { language } : {}),
  });
  // Sunday 22 November 2026, 09:00 local.
  setServiceNow(rendered.appStore, new Date(2026, 10, 22, 9).toISOString());
  return { clinic, user: userEvent.setup(), ...rendered };
}

describe('the calendar of pending deliveries', () => {
  it('shows the service month from Monday with the count per day, today marked', async () => {
    const { bridge } = renderCalendar();
    const grid = await screen.findByRole('grid', { name: 'Noviembre de 2026' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[0]).toBe('lun');
    expect(headers[6]).toBe('dom');
    // The grid shows at once; the counts when the service answers.
    expect(
      await within(grid).findByRole('button', { name: 'lunes, 23 de noviembre de 2026, 2 envíos' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: 'miércoles, 25 de noviembre de 2026, 1 envío' }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: 'martes, 24 de noviembre de 2026, sin envíos' }),
    ).toBeInTheDocument();
    const today = within(grid).getByRole('button', { name: /^domingo, 22 de noviembre/ });
    expect(today).toHaveAttribute('aria-current', 'date');
    // One day is in the tab order (roving focus): today.
    expect(grid.querySelectorAll('button[tabindex="0"]')).toEqual(
      expect.objectContaining({ length: 1 }),
    );
    expect(today).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('calendar-total')).toHaveTextContent(
      '3 envíos pendientes en la vista.',
    );

    const asked = bridge.log.find((c) => c.name === 'schedules.calendar')!.input as {
      from: string;
      to: string;
      timeZone: string;
    };
    expect(asked.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(asked.from).toBe(new Date(2026, 9, 26).toISOString());
    expect(asked.to).toBe(new Date(2026, 11, 7).toISOString());
  });

  it('moves with the keyboard and lists the chosen day', async () => {
    const { user, bridge } = renderCalendar();
    const grid = await screen.findByRole('grid', { name: 'Noviembre de 2026' });
    within(grid)
      .getByRole('button', { name: /^domingo, 22 de noviembre/ })
      .focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('lunes, 23 de noviembre de 2026, 2 envíos');
    await user.keyboard('{Enter}');

    const panel = await screen.findByRole('region', {
      name: 'Envíos del lunes, 23 de noviembre de 2026',
    });
    const list = await within(panel).findByRole('list', { name: 'Envíos pendientes del día' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Núria Puig Soler',
      'Jordi Vidal Mas',
    ]);
    expect(within(items[0]!).getByText(es.time(nuria23.scheduledAt))).toBeInTheDocument();
    expect(within(items[1]!).getByText('Satisfacción')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Correo electrónico')).toBeInTheDocument();
    expect(bridge.log.find((c) => c.name === 'schedules.upcoming')!.input).toEqual({
      from: new Date(2026, 10, 23).toISOString(),
      to: new Date(2026, 10, 24).toISOString(),
      limit: 100,
    });
    expect(within(grid).getByRole('gridcell', { selected: true })).toContainElement(
      document.activeElement as HTMLElement,
    );

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/^lunes, 30 de noviembre/);
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName(/^lunes, 30 de noviembre/);
    await user.keyboard('{End}');
    expect(document.activeElement).toHaveAccessibleName(/^domingo, 6 de diciembre/);
    // Moving past the month's edge turns the page.
    expect(await screen.findByRole('grid', { name: 'Diciembre de 2026' })).toBeInTheDocument();
    await user.keyboard('{PageUp}');
    expect(await screen.findByRole('grid', { name: 'Noviembre de 2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toHaveAccessibleName(/^viernes, 6 de noviembre/),
    );
  });

  it('turns months with the buttons and comes back to today', async () => {
    const { user } = renderCalendar();
    await screen.findByRole('grid', { name: 'Noviembre de 2026' });
    await user.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    const december = await screen.findByRole('grid', { name: 'Diciembre de 2026' });
    expect(screen.getByTestId('calendar-total')).toHaveTextContent(
      'No hay envíos pendientes este mes.',
    );
    expect(within(december).getAllByRole('columnheader')[0]).toHaveTextContent('lun');
    await user.click(screen.getByRole('button', { name: 'Hoy' }));
    expect(await screen.findByRole('grid', { name: 'Noviembre de 2026' })).toBeInTheDocument();
  });

  it('cancels from the chosen day and the counts follow', async () => {
    const { user } = renderCalendar();
    const grid = await screen.findByRole('grid', { name: 'Noviembre de 2026' });
    await user.click(within(grid).getByRole('button', { name: /^lunes, 23 de noviembre/ }));
    const panel = await screen.findByRole('region', { name: /^Envíos del lunes, 23/ });
    await user.click(
      await within(panel).findByRole('button', { name: /^Cancelar el envío a Núria Puig Soler/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar el envío?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar el envío' }));
    expect(
      await screen.findByText(
        'Se ha cancelado el envío a Núria Puig Soler. Se han devuelto 2 créditos.',
      ),
    ).toBeInTheDocument();
    expect(
      await within(grid).findByRole('button', { name: 'lunes, 23 de noviembre de 2026, 1 envío' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('Jordi Vidal Mas')]),
    );
  });

  it('speaks Catalan and starts its weeks on Monday', async () => {
    renderCalendar('ca');
    const grid = await screen.findByRole('grid', { name: 'Novembre del 2026' });
    expect(within(grid).getAllByRole('columnheader')[0]).toHaveTextContent('dl.');
    // The grid shows at once; the counts when the service answers.
    expect(
      await within(grid).findByRole('button', {
        name: 'dilluns, 23 de novembre del 2026, 2 enviaments',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calendari' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('the month grid', () => {
  it('starts weeks on Monday in Spanish, Catalan and British English', () => {
    expect(weekStartFor('es-ES')).toBe(1);
    expect(weekStartFor('ca-ES')).toBe(1);
    expect(weekStartFor('en-GB')).toBe(1);
  });

  it('covers the month in whole weeks', () => {
    const weeks = monthGrid({ year: 2026, month: 10 }, 1);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]!.key).toBe('2026-10-26');
    expect(weeks[5]![6]!.key).toBe('2026-12-06');
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(30);
    // February 2027 starts on a Monday and fits four weeks exactly.
    expect(monthGrid({ year: 2027, month: 1 }, 1)).toHaveLength(4);
  });
});
