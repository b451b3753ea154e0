import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeliveriesScreen } from '../../src-renderer/src/features/deliveries/deliveries-screen';
import { createFormatters } from '../../src-renderer/src/i18n/format';
import { createFakeClinic, JORDI, schedule, SATISFACTION } from './deliveries-fixtures';
import { renderWithApp } from './render-app';

const es = createFormatters('es');

const pending = schedule({ id: 'sch_pending', scheduledAt: '2026-11-23T10:00:00.000Z' });
const sent = schedule({
  id: 'sch_sent',
  formId: SATISFACTION.id,
  formName: SATISFACTION.name,
  patientId: JORDI.id,
  patient: { id: JORDI.id, firstName: JORDI.firstName, lastName: JORDI.lastName },
  channel: 'email',
  status: 'sent',
  creditsConsumed: 1,
  scheduledAt: '2026-11-20T08:00:00.000Z',
  sentAt: '2026-11-20T08:00:00.000Z',
});
const failed = schedule({
  id: 'sch_failed',
  status: 'failed',
  failureReason: 'invalid_number',
  creditsRefunded: 2,
  scheduledAt: '2026-11-19T08:00:00.000Z',
});

function renderList(options: Parameters<typeof createFakeClinic>[0] = {}, language?: 'ca') {
  const clinic = createFakeClinic({ schedules: [pending, sent, failed], balance: 10, ...options });
  const rendered = renderWithApp(<DeliveriesScreen />, {
    handlers: clinic.handlers,
    path: '/deliveries',
    ...(language ? { language } : {}),
  });
  return { clinic, user: userEvent.setup(), ...rendered };
}

describe('the deliveries list', () => {
  it('shows names, forms, channels, local times, status and credits, never ids', async () => {
    const { bridge, clinic } = renderList();
    const table = await screen.findByRole('table', { name: 'Envíos' });
    const row = within(table).getByRole('row', { name: /Núria Puig Soler.*Pendiente/ });
    expect(within(row).getByRole('link', { name: 'Núria Puig Soler' })).toHaveAttribute(
      'href',
      '/patients/pat_nuria',
    );
    expect(within(row).getByText('PHQ-9')).toBeInTheDocument();
    expect(within(row).getByText('WhatsApp')).toBeInTheDocument();
    expect(within(row).getByText(es.dateTime('2026-11-23T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();

    const sentRow = within(table).getByRole('row', { name: /Jordi Vidal Mas/ });
    expect(within(sentRow).getByText('Enviado')).toBeInTheDocument();
    expect(within(sentRow).getByText('Correo electrónico')).toBeInTheDocument();
    // Only pending deliveries can be cancelled.
    expect(within(sentRow).queryByRole('button')).not.toBeInTheDocument();

    const failedRow = within(table).getByRole('row', { name: /Fallido/ });
    expect(within(failedRow).getByText('Número no válido')).toBeInTheDocument();
    expect(within(failedRow).getByText('devueltos: 2')).toBeInTheDocument();

    expect(table.textContent).not.toMatch(/pat_|sch_|form_|\d{4}-\d{2}-\d{2}T/);

    // A delivery that goes out (a job, another window, the API) shows up without asking.
    const lists = bridge.log.filter((c) => c.name === 'schedules.list').length;
    clinic.schedules[0]!.status = 'sent';
    bridge.emit('changed', { topics: ['schedules'] });
    expect(
      await within(table).findByRole('row', { name: /Núria Puig Soler.*Enviado/ }),
    ).toBeTruthy();
    expect(bridge.log.filter((c) => c.name === 'schedules.list').length).toBe(lists + 1);
    expect(screen.getByTestId('deliveries-balance')).toHaveTextContent('Saldo: 10 créditos');
  });

  it('filters by status, channel, form and patient', async () => {
    const { user, bridge } = renderList();
    await screen.findByRole('table', { name: 'Envíos' });
    const lastList = () =>
      bridge.log.filter((c) => c.name === 'schedules.list').at(-1)?.input as Record<
        string,
        unknown
      >;

    await user.selectOptions(screen.getByLabelText('Estado'), 'Pendiente');
    await waitFor(() => expect(lastList()).toMatchObject({ status: 'pending' }));
    await user.selectOptions(screen.getByLabelText('Canal'), 'WhatsApp');
    await waitFor(() =>
      expect(lastList()).toMatchObject({ status: 'pending', channel: 'whatsapp' }),
    );
    const forms = screen.getByLabelText('Formulario');
    // Archived forms stay in the filter: their past deliveries are still listed.
    expect(
      within(forms).getByRole('option', { name: 'Dolor (antiguo) (archivado)' }),
    ).toBeInTheDocument();
    await user.selectOptions(forms, 'PHQ-9');
    await waitFor(() => expect(lastList()).toMatchObject({ formId: 'form_phq9' }));

    const combobox = screen.getByRole('combobox', { name: 'Paciente' });
    await user.type(combobox, 'Jor');
    await user.click(await screen.findByRole('option', { name: /Jordi Vidal Mas/ }));
    await waitFor(() => expect(lastList()).toMatchObject({ patientId: 'pat_jordi' }));
    expect(await screen.findByText('Ningún envío coincide con los filtros.')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Quitar el filtro de paciente Jordi Vidal Mas' }),
    );
    await waitFor(() => expect(lastList()).not.toHaveProperty('patientId'));
    await user.click(screen.getByRole('button', { name: 'Quitar los filtros' }));
    await waitFor(() => expect(lastList()).toEqual({ limit: 25, sort: '-scheduledAt' }));
  });

  it('cancels a pending delivery after confirming, and shows the refund and the new balance', async () => {
    const { user, clinic, bridge } = renderList();
    await screen.findByRole('table', { name: 'Envíos' });
    clinic.balance.value = 8;
    await user.click(
      screen.getByRole('button', {
        name: `Cancelar el envío a Núria Puig Soler del ${es.dateTime(pending.scheduledAt)}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar el envío?' });
    expect(
      within(dialog).getByText(
        `Se cancelará el envío de «PHQ-9» a Núria Puig Soler programado para el ${es.dateTime(pending.scheduledAt)} por WhatsApp.`,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Se devolverán los 2 créditos que costó.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar el envío' }));

    expect(
      await screen.findByText(
        'Se ha cancelado el envío a Núria Puig Soler. Se han devuelto 2 créditos.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(bridge.log.filter((c) => c.name === 'schedules.cancel')).toEqual([
      { name: 'schedules.cancel', input: { id: 'sch_pending' } },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('deliveries-balance')).toHaveTextContent('Saldo: 10 créditos'),
    );
    const row = await screen.findByRole('row', { name: /Núria Puig Soler.*Cancelado/ });
    expect(within(row).getByText('devueltos: 2')).toBeInTheDocument();
  });

  it('explains that a delivery that already left cannot be cancelled', async () => {
    const { user, clinic } = renderList();
    await screen.findByRole('table', { name: 'Envíos' });
    // It leaves while the coordinator looks at the list.
    clinic.schedules.find((s) => s.id === 'sch_pending')!.status = 'sent';
    await user.click(screen.getByRole('button', { name: /^Cancelar el envío a Núria Puig Soler/ }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar el envío?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar el envío' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Este envío ya no está pendiente (ahora está «Enviado»): solo se pueden cancelar los envíos que todavía no han salido.',
    );
    expect(
      within(dialog).queryByRole('button', { name: 'Cancelar el envío' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Catalan, with the refund too', async () => {
    const { user } = renderList({}, 'ca');
    const table = await screen.findByRole('table', { name: 'Enviaments' });
    expect(
      within(table).getByRole('columnheader', { name: 'Programat per a' }),
    ).toBeInTheDocument();
    expect(within(table).getByText('Pendent')).toBeInTheDocument();
    expect(within(table).getByText('Número no vàlid')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: /^Cancel·la l’enviament a Núria Puig Soler/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Vols cancel·lar l’enviament?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel·la l’enviament' }));
    expect(
      await screen.findByText(
        'S’ha cancel·lat l’enviament a Núria Puig Soler. S’han retornat 2 crèdits.',
      ),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list cannot load', async () => {
    let fail = true;
    const clinic = createFakeClinic({ schedules: [pending] });
    const list = clinic.handlers.schedules!.list!;
    const user = userEvent.setup();
    renderWithApp(<DeliveriesScreen />, {
      handlers: {
        ...clinic.handlers,
        schedules: {
          ...clinic.handlers.schedules,
          list: (input) => {
            if (fail) throw Object.assign(new Error('boom'), { code: 'internal_error' });
            return list(input);
          },
        },
      },
    });
    expect(await screen.findByText('Error interno del servicio.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Envíos' })).toBeInTheDocument();
  });
});
