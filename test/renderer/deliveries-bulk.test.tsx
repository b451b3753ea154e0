import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { DeliveriesScreen } from '../../src-renderer/src/features/deliveries/deliveries-screen';
import { BridgeFailure } from '../../src-renderer/src/bridge/bridge';
import { concernsOnlyThePatient } from '../../src-renderer/src/features/deliveries/bulk-schedule';
import { createFakeClinic, deferred, setServiceNow } from './deliveries-fixtures';
import { renderWithApp } from './render-app';

const TEXT = {
  es: {
    open: 'Programar envío',
    title: 'Programar un envío',
    byTag: 'Añadir los pacientes con la etiqueta',
    add: 'Añadir',
    form: 'Formulario',
    search: 'Buscar pacientes',
  },
  ca: {
    open: 'Programa un enviament',
    title: 'Programa un enviament',
    byTag: "Afegeix els pacients amb l'etiqueta",
    add: 'Afegeix',
    form: 'Formulari',
    search: 'Cerca pacients',
  },
} as const;

/** Opens the dialog and selects the three patients tagged "diabetes" and the PHQ-9. */
async function chooseDiabetesPatients(
  options: Parameters<typeof createFakeClinic>[0] = {},
  language: 'es' | 'ca' = 'es',
) {
  const user = userEvent.setup();
  const clinic = createFakeClinic(options);
  const text = TEXT[language];
  const rendered = renderWithApp(<DeliveriesScreen />, {
    handlers: clinic.handlers,
    language: language as AppLanguage,
  });
  setServiceNow(rendered.appStore, '2026-11-22T09:00:00.000Z');
  await user.click(screen.getByRole('button', { name: text.open }));
  const dialog = await screen.findByRole('dialog', { name: text.title });
  const tags = within(dialog).getByLabelText(text.byTag);
  // The tag by its label in the window's language, its value the tag itself.
  await within(tags).findByRole('option', {
    name: language === 'ca' ? 'Diabetis (3)' : 'Diabetes (3)',
  });
  await user.selectOptions(tags, 'diabetes');
  await user.click(within(dialog).getByRole('button', { name: text.add }));
  await user.selectOptions(within(dialog).getByLabelText(text.form), 'PHQ-9');
  return { user, clinic, dialog, text, ...rendered };
}

describe('scheduling a form for several patients', () => {
  it('confirms the count, price, total and balance, then shows progress and a summary', async () => {
    const second = deferred();
    let calls = 0;
    const { user, dialog, bridge } = await chooseDiabetesPatients({
      balance: 10,
      beforeCreate: async () => {
        if (++calls === 2) await second.promise;
      },
    });
    expect(
      await within(dialog).findByText('Se han añadido 3 pacientes con la etiqueta «Diabetes».'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('3 pacientes seleccionados')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revisar 3 envíos' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirmar el envío' });
    expect(
      within(confirm).getByText(
        'Se programarán 3 envíos de «PHQ-9» por correo electrónico, para enviarse ahora.',
      ),
    ).toBeInTheDocument();
    expect(within(confirm).getByText('Precio por envío').closest('div')).toHaveTextContent(
      '1 crédito',
    );
    expect(within(confirm).getByTestId('bulk-total')).toHaveTextContent('3 créditos');
    expect(within(confirm).getByTestId('bulk-balance')).toHaveTextContent('10 créditos');
    expect(within(confirm).getByText('Saldo después').closest('div')).toHaveTextContent(
      '7 créditos',
    );
    expect(bridge.log.some((c) => c.name === 'schedules.create')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Programar 3 envíos' }));

    const running = await screen.findByRole('dialog', { name: 'Programando envíos' });
    const bar = within(running).getByRole('progressbar', { name: 'Progreso de los envíos' });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    expect(within(running).getByText('1 de 3')).toBeInTheDocument();
    second.resolve();

    const done = await screen.findByRole('dialog', { name: 'Resumen del envío' });
    expect(within(done).getByText('Se han programado 3 envíos.')).toBeInTheDocument();
    expect(within(done).queryByText(/no se han? podido programar/)).not.toBeInTheDocument();
    expect(
      bridge.log
        .filter((c) => c.name === 'schedules.create')
        .map((c) => (c.input as { patientId: string }).patientId),
    ).toEqual(['pat_nuria', 'pat_jordi', 'pat_marta']);
    // "Now" leaves the time to the service, which delivers at once.
    for (const call of bridge.log.filter((c) => c.name === 'schedules.create')) {
      expect(call.input).toEqual({
        formId: 'form_phq9',
        channel: 'email',
        patientId: expect.any(String),
      });
    }
    await user.click(within(done).getByRole('button', { name: 'Cerrar' }));
    expect(await screen.findByText('Se han programado 3 envíos.')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('refuses to start when the balance cannot cover the total', async () => {
    const { user, dialog, bridge } = await chooseDiabetesPatients({ balance: 2 });
    await within(dialog).findByText('3 pacientes seleccionados');
    await user.click(within(dialog).getByRole('button', { name: 'Revisar 3 envíos' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar el envío' });
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'El saldo no cubre el coste total: falta 1 crédito.',
    );
    expect(within(confirm).getByRole('button', { name: 'Programar 3 envíos' })).toBeDisabled();
    // Back keeps the choices, to remove someone.
    await user.click(within(confirm).getByRole('button', { name: 'Volver' }));
    const again = await screen.findByRole('dialog', { name: 'Programar un envío' });
    expect(within(again).getByText('3 pacientes seleccionados')).toBeInTheDocument();
    expect(bridge.log.some((c) => c.name === 'schedules.create')).toBe(false);
  });

  it('goes on past a patient the channel cannot reach and stops when credits run out', async () => {
    // The window read 10, but something else spent meanwhile: the service holds 3.
    const { user, dialog, bridge } = await chooseDiabetesPatients({
      balance: 3,
      reportedBalance: 10,
    });
    await within(dialog).findByText('3 pacientes seleccionados');
    await user.type(within(dialog).getByLabelText('Buscar pacientes'), 'Pau');
    await user.click(await within(dialog).findByRole('checkbox', { name: /^Pau Romero/ }));
    await user.click(within(dialog).getByRole('radio', { name: /WhatsApp/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Revisar 4 envíos' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar el envío' });
    expect(within(confirm).getByTestId('bulk-total')).toHaveTextContent('8 créditos');
    await user.click(within(confirm).getByRole('button', { name: 'Programar 4 envíos' }));

    const done = await screen.findByRole('dialog', { name: 'Resumen del envío' });
    expect(within(done).getByText('Se ha programado 1 envío.')).toBeInTheDocument();
    expect(
      within(done).getByText(
        'Se detuvo el resto tras este error, que afectaría a todos: No hay créditos suficientes (saldo 1, se necesitan 2).',
      ),
    ).toBeInTheDocument();
    const failures = within(done).getByRole('region', { name: 'Envíos no programados' });
    expect(within(failures).getByText('2 no se han podido programar:')).toBeInTheDocument();
    const items = within(failures)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Jordi Vidal Mas: No tiene teléfono para WhatsApp.',
      'Marta Ferrer Roig: No hay créditos suficientes (saldo 1, se necesitan 2).',
      'Pau Romero: No programado: el envío se detuvo antes.',
    ]);
    expect(within(failures).getByText('1 no se ha intentado:')).toBeInTheDocument();
    // Pau was never sent to the service.
    expect(
      bridge.log
        .filter((c) => c.name === 'schedules.create')
        .map((c) => (c.input as { patientId: string }).patientId),
    ).toEqual(['pat_nuria', 'pat_jordi', 'pat_marta']);
  });

  it('tells the summary in Catalan', async () => {
    const { user, dialog } = await chooseDiabetesPatients(
      { balance: 3, reportedBalance: 10 },
      'ca',
    );
    await within(dialog).findByText('3 pacients seleccionats');
    await user.click(within(dialog).getByRole('radio', { name: /WhatsApp/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Revisa 3 enviaments' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirma l’enviament' });
    expect(within(confirm).getByTestId('bulk-total')).toHaveTextContent('6 crèdits');
    expect(
      within(confirm).getByText(
        'Es programaran 3 enviaments de «PHQ-9» per WhatsApp, per enviar-se ara.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Programa 3 enviaments' }));
    const done = await screen.findByRole('dialog', { name: "Resum de l'enviament" });
    expect(within(done).getByText("S'ha programat 1 enviament.")).toBeInTheDocument();
    expect(
      within(done)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Jordi Vidal Mas: No té telèfon per a WhatsApp.',
      'Marta Ferrer Roig: No hi ha prou crèdits (saldo 1, se’n necessiten 2).',
    ]);
  });
});

describe('which refusals stop a bulk delivery', () => {
  const failure = (code: string, pointer?: string) =>
    new BridgeFailure({
      code,
      message: code,
      ...(pointer ? { details: { errors: [{ pointer, code: 'x', detail: 'x' }] } } : {}),
    });

  it('goes on after a refusal about the patient alone', () => {
    expect(concernsOnlyThePatient(failure('patient_unreachable', '/channel'))).toBe(true);
    expect(concernsOnlyThePatient(failure('patient_inactive', '/patientId'))).toBe(true);
    expect(concernsOnlyThePatient(failure('validation_failed', '/patientId'))).toBe(true);
  });

  it('stops on anything every later patient would meet too', () => {
    expect(concernsOnlyThePatient(failure('insufficient_credits'))).toBe(false);
    expect(concernsOnlyThePatient(failure('validation_failed', '/formId'))).toBe(false);
    expect(concernsOnlyThePatient(failure('validation_failed', '/scheduledAt'))).toBe(false);
    expect(concernsOnlyThePatient(failure('internal_error'))).toBe(false);
    expect(concernsOnlyThePatient(failure('network'))).toBe(false);
  });
});
