import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeliveriesScreen } from '../../src-renderer/src/features/deliveries/deliveries-screen';
import {
  checkRepeat,
  DEFAULT_REPEAT,
} from '../../src-renderer/src/features/deliveries/series-plan';
import { createFakeClinic, schedule, seriesOf, setServiceNow } from './deliveries-fixtures';
import { renderWithApp } from './render-app';

/*
 * Series, reminders, retries and the list by date in the Deliveries screen (issue 19): the
 * schedule dialog's repeat and reminder with the series' total before confirming, the series
 * badge and its bar with "Cancel series" and the refund stated, "Retry" on a failed delivery.
 */

const NOW = '2026-11-22T09:00:00.000Z';
const DAY = 86_400_000;

function renderScreen(options: Parameters<typeof createFakeClinic>[0] = {}) {
  const user = userEvent.setup();
  const clinic = createFakeClinic(options);
  const rendered = renderWithApp(<DeliveriesScreen />, {
    handlers: clinic.handlers,
    path: '/deliveries',
  });
  setServiceNow(rendered.appStore, NOW);
  return { user, clinic, ...rendered };
}

describe('the repeat rules of the dialog', () => {
  const now = Date.parse(NOW);
  it('counts the deliveries of a count or of an end date, as the service will', () => {
    const every2w = { ...DEFAULT_REPEAT, repeat: true };
    expect(checkRepeat(every2w, now, now)).toMatchObject({
      occurrences: 7,
      recurrence: { interval: 'week', intervalCount: 2, count: 7 },
      errors: {},
    });
    const until = new Date(now + 28 * DAY);
    const day = `${until.getFullYear()}-${String(until.getMonth() + 1).padStart(2, '0')}-${String(until.getDate()).padStart(2, '0')}`;
    const checked = checkRepeat({ ...every2w, end: 'until', until: day }, now, now);
    expect(checked.occurrences).toBe(3);
    expect(checked.recurrence?.until).toBeDefined();
  });

  it('refuses what the service would refuse', () => {
    const base = { ...DEFAULT_REPEAT, repeat: true };
    expect(checkRepeat({ ...base, count: '1' }, now, now).errors.end).toBe('count');
    expect(checkRepeat({ ...base, count: '53' }, now, now).errors.end).toBe('count');
    expect(checkRepeat({ ...base, every: '0' }, now, now).errors.every).toBe('every');
    expect(checkRepeat({ ...base, every: '10', count: '8' }, now, now).errors.end).toBe('tooFar');
    expect(checkRepeat({ ...base, remind: true, remindDays: '14' }, now, now).errors.remind).toBe(
      'remindAfterNext',
    );
    expect(
      checkRepeat({ ...DEFAULT_REPEAT, remind: true, remindDays: '31' }, now, now).errors.remind,
    ).toBe('remindDays');
    const bad = checkRepeat({ ...base, count: 'x' }, now, now);
    expect(bad.recurrence).toBeUndefined();
  });
});

describe('scheduling a series', () => {
  it('shows the series total before confirming and creates it with its reminder', async () => {
    const { user, bridge } = renderScreen({ balance: 100 });
    await user.click(screen.getByRole('button', { name: 'Programar envío' }));
    const dialog = await screen.findByRole('dialog', { name: 'Programar un envío' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Núria Puig Soler' }));
    await user.selectOptions(within(dialog).getByLabelText('Formulario'), 'PHQ-9');
    await user.click(within(dialog).getByRole('radio', { name: 'WhatsApp · 2 créditos' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Repetir el envío' }));
    // PHQ-9 every two weeks for three months is what the dialog offers first.
    expect(within(dialog).getByLabelText('Cada')).toHaveValue(2);
    expect(within(dialog).getByLabelText('Envíos en total')).toHaveValue(7);
    expect(within(dialog).getByTestId('schedule-cost')).toHaveTextContent(
      '7 envíos por paciente · Coste: 14 créditos · Saldo: 100',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Recordar si no responde' }));
    await user.click(within(dialog).getByRole('button', { name: 'Programar la serie' }));

    await screen.findByText(/Serie programada para Núria Puig Soler: 7 envíos/);
    expect(bridge.log.filter((c) => c.name === 'series.create')).toEqual([
      {
        name: 'series.create',
        input: {
          formId: 'form_phq9',
          patientId: 'pat_nuria',
          channel: 'whatsapp',
          remindAfterDays: 3,
          recurrence: { interval: 'week', intervalCount: 2, count: 7 },
        },
      },
    ]);
    expect(bridge.log.some((c) => c.name === 'schedules.create')).toBe(false);
  });

  it('says what is wrong with the repeat and asks the service nothing', async () => {
    const { user, bridge } = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Programar envío' }));
    const dialog = await screen.findByRole('dialog', { name: 'Programar un envío' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Núria Puig Soler' }));
    await user.selectOptions(within(dialog).getByLabelText('Formulario'), 'PHQ-9');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Repetir el envío' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Recordar si no responde' }));
    const days = within(dialog).getByLabelText('Días sin respuesta');
    await user.clear(days);
    await user.type(days, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Programar la serie' }));
    expect(
      within(dialog).getByText(
        'El recordatorio debe llegar antes del siguiente envío de la serie.',
      ),
    ).toBeInTheDocument();
    expect(
      bridge.log.some((c) => c.name === 'schedules.create' || c.name === 'series.create'),
    ).toBe(false);
  });
});

describe('series and retries in the list', () => {
  const occurrences = [1, 2, 3, 4, 5, 6, 7].map((i) =>
    schedule({
      id: `sch_s${i}`,
      seriesId: 'ser_1',
      seriesIndex: i,
      seriesOccurrences: 7,
      status: i <= 2 ? 'completed' : i === 3 ? 'sent' : 'pending',
      scheduledAt: new Date(
        Date.parse('2026-10-11T09:00:00.000Z') + (i - 1) * 14 * DAY,
      ).toISOString(),
    }),
  );

  it('shows a series by its badge and cancels it as one, stating the refund', async () => {
    const { user, bridge, clinic } = renderScreen({
      schedules: occurrences,
      series: [seriesOf({ id: 'ser_1' })],
    });
    const badge = await screen.findByRole('button', {
      name: 'Envío 3 de 7 de la serie de «PHQ-9» para Núria Puig Soler: ver la serie',
    });
    expect(badge).toHaveTextContent('3 de 7');
    await user.click(badge);
    const bar = await screen.findByRole('region', { name: 'Serie' });
    expect(await within(bar).findByTestId('series-summary')).toHaveTextContent(
      'cada 2 semanas · 3 de 7 envíos hechos · en curso',
    );
    expect(bridge.log.filter((c) => c.name === 'schedules.list').at(-1)?.input).toMatchObject({
      seriesId: 'ser_1',
    });

    await user.click(within(bar).getByRole('button', { name: 'Cancelar la serie' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar la serie?' });
    expect(await within(dialog).findByTestId('series-refund')).toHaveTextContent(
      'Quedan 4 envíos pendientes: se devolverán 8 créditos.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar la serie' }));
    await screen.findByText(
      'Se ha cancelado la serie de Núria Puig Soler: 4 envíos, 8 créditos devueltos.',
    );
    expect(clinic.schedules.map((s) => s.status)).toEqual([
      'completed',
      'completed',
      'sent',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('retries a failed delivery by another channel and marks it retried', async () => {
    const failed = schedule({
      id: 'sch_failed',
      status: 'failed',
      failureReason: 'invalid_number',
      creditsRefunded: 2,
    });
    const { user, bridge } = renderScreen({ schedules: [failed] });
    await user.click(
      await screen.findByRole('button', { name: /^Reintentar o reprogramar el envío a Núria/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reintentar el envío' });
    expect(within(dialog).getByTestId('retry-cost')).toHaveTextContent('Coste: 2 créditos');
    await user.click(within(dialog).getByRole('radio', { name: 'Correo electrónico' }));
    expect(within(dialog).getByTestId('retry-cost')).toHaveTextContent('Coste: 1 crédito');
    await user.click(within(dialog).getByRole('button', { name: 'Reintentar ahora' }));
    await screen.findByText('Nuevo envío para Núria Puig Soler: ahora mismo.');
    expect(bridge.log.filter((c) => c.name === 'schedules.retry')).toEqual([
      { name: 'schedules.retry', input: { id: 'sch_failed', channel: 'email' } },
    ]);
    expect(await screen.findByText('Reintentado')).toBeInTheDocument();
    expect(await screen.findByText('reintento de un envío fallido')).toBeInTheDocument();
  });

  it('lists by delivery time, latest first, and soonest first on request', async () => {
    const { user, bridge } = renderScreen({ schedules: occurrences });
    await screen.findAllByRole('button', { name: /ver la serie/ });
    expect(bridge.log.filter((c) => c.name === 'schedules.list').at(-1)?.input).toMatchObject({
      sort: '-scheduledAt',
    });
    await user.selectOptions(screen.getByLabelText('Orden'), 'Fecha: la más próxima primero');
    await screen.findAllByRole('button', { name: /ver la serie/ });
    expect(bridge.log.filter((c) => c.name === 'schedules.list').at(-1)?.input).toMatchObject({
      sort: 'scheduledAt',
    });
  });
});
