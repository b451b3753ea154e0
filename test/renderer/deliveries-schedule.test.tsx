import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeliveriesScreen } from '../../src-renderer/src/features/deliveries/deliveries-screen';
import { localInputToIso } from '../../src-renderer/src/features/deliveries/service-time';
import { createFakeClinic, setServiceNow } from './deliveries-fixtures';
import { renderWithApp } from './render-app';

async function openScheduleDialog(options: Parameters<typeof createFakeClinic>[0] = {}) {
  const user = userEvent.setup();
  const clinic = createFakeClinic(options);
  const rendered = renderWithApp(<DeliveriesScreen />, {
    handlers: clinic.handlers,
    path: '/deliveries',
  });
  setServiceNow(rendered.appStore, '2026-11-22T09:00:00.000Z');
  await user.click(screen.getByRole('button', { name: 'Programar envío' }));
  const dialog = await screen.findByRole('dialog', { name: 'Programar un envío' });
  return { user, clinic, dialog, ...rendered };
}

describe('scheduling a form for one patient', () => {
  it('sends the chosen form, channel, local time as UTC and message, then says so', async () => {
    const { user, dialog, bridge } = await openScheduleDialog({ balance: 10 });
    await user.type(within(dialog).getByLabelText('Buscar pacientes'), 'Núria');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Núria Puig Soler' }));
    expect(within(dialog).getByText('1 paciente seleccionado')).toBeInTheDocument();

    const form = within(dialog).getByLabelText('Formulario');
    // Archived forms cannot be sent, so they are not offered.
    expect(within(form).queryByRole('option', { name: /antiguo/ })).not.toBeInTheDocument();
    await user.selectOptions(form, 'PHQ-9');
    await user.click(within(dialog).getByRole('radio', { name: 'WhatsApp · 2 créditos' }));
    expect(within(dialog).getByTestId('schedule-cost')).toHaveTextContent(
      'Coste: 2 créditos · Saldo: 10',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'En una fecha y hora' }));
    const when = within(dialog).getByLabelText('Fecha y hora');
    fireEvent.change(when, { target: { value: '2026-11-24T10:30' } });
    await user.type(within(dialog).getByLabelText('Mensaje (opcional)'), 'Hola, Núria');
    await user.click(within(dialog).getByRole('button', { name: 'Programar envío' }));

    const notice = await screen.findByText(
      'Envío programado para Núria Puig Soler: 24 nov 2026, 10:30.',
    );
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const created = bridge.log.filter((c) => c.name === 'schedules.create');
    expect(created).toEqual([
      {
        name: 'schedules.create',
        input: {
          formId: 'form_phq9',
          patientId: 'pat_nuria',
          channel: 'whatsapp',
          scheduledAt: localInputToIso('2026-11-24T10:30'),
          message: 'Hola, Núria',
        },
      },
    ]);
    expect(localInputToIso('2026-11-24T10:30')).toBe(new Date(2026, 10, 24, 10, 30).toISOString());
  });

  it('refuses a past time or a missing form before asking the service', async () => {
    const { user, dialog, bridge } = await openScheduleDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Programar envío' }));
    expect(within(dialog).getByText('Elige al menos un paciente.')).toBeInTheDocument();
    expect(within(dialog).getByText('Elige un formulario.')).toBeInTheDocument();

    await user.click(await within(dialog).findByRole('checkbox', { name: 'Núria Puig Soler' }));
    await user.selectOptions(within(dialog).getByLabelText('Formulario'), 'PHQ-9');
    await user.click(within(dialog).getByRole('radio', { name: 'En una fecha y hora' }));
    // 08:00 UTC is before the service's 09:00, whatever the local zone adds to both.
    const past = new Date(Date.parse('2026-11-22T08:00:00.000Z'));
    const pad = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(within(dialog).getByLabelText('Fecha y hora'), {
      target: {
        value: `${past.getFullYear()}-${pad(past.getMonth() + 1)}-${pad(past.getDate())}T${pad(past.getHours())}:00`,
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Programar envío' }));
    expect(
      within(dialog).getByText('Esa hora ya ha pasado: elige una hora futura o «Ahora».'),
    ).toBeInTheDocument();
    expect(bridge.log.some((c) => c.name === 'schedules.create')).toBe(false);
  });

  it('warns about patients the channel cannot reach and removes them on request', async () => {
    const { user, dialog } = await openScheduleDialog();
    await user.click(within(dialog).getByRole('radio', { name: /WhatsApp/ }));
    const jordi = await within(dialog).findByRole('checkbox', {
      name: /^Jordi Vidal Mas\s*Sin teléfono$/,
    });
    await user.click(jordi);
    expect(
      within(dialog).getByText(
        'Jordi Vidal Mas no tiene teléfono: el servicio no acepta el envío por WhatsApp.',
      ),
    ).toBeInTheDocument();
    // By e-mail he is reachable: the warning goes.
    await user.click(within(dialog).getByRole('radio', { name: /Correo electrónico/ }));
    expect(within(dialog).queryByText(/no tiene teléfono/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /WhatsApp/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Quitarlos de la selección' }));
    expect(within(dialog).getByText('Ningún paciente seleccionado')).toBeInTheDocument();
  });

  it("shows the service's refusal in Spanish when it still refuses the delivery", async () => {
    const { user, dialog } = await openScheduleDialog();
    await user.click(within(dialog).getByRole('radio', { name: /WhatsApp/ }));
    await user.click(
      await within(dialog).findByRole('checkbox', { name: /^Jordi Vidal Mas\s*Sin teléfono$/ }),
    );
    await user.selectOptions(within(dialog).getByLabelText('Formulario'), 'Satisfacción');
    await user.click(within(dialog).getByRole('button', { name: 'Programar envío' }));
    expect(await within(dialog).findByText('No tiene teléfono para WhatsApp.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('speaks Catalan', async () => {
    const user = userEvent.setup();
    const clinic = createFakeClinic();
    renderWithApp(<DeliveriesScreen />, { handlers: clinic.handlers, language: 'ca' });
    await user.click(screen.getByRole('button', { name: 'Programa un enviament' }));
    const dialog = await screen.findByRole('dialog', { name: 'Programa un enviament' });
    expect(
      await within(dialog).findByRole('radio', { name: 'WhatsApp · 2 crèdits' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('radio', { name: 'Correu electrònic · 1 crèdit' }),
    ).toBeChecked();
    expect(within(dialog).getByText('Cap pacient seleccionat')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Cerca pacients')).toBeInTheDocument();
  });
});
