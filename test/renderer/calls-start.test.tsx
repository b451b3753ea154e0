import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallView, InputOf } from '../../src-preload/contract';
import { CallsScreen } from '../../src-renderer/src/features/calls/calls-screen';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { call, callList } from './calls-fixtures';
import {
  ana,
  creditsHandlers,
  marc,
  nuria,
  openStartDialog,
  pickPatient,
  recordStarts,
} from './chats-fixtures';
import { listHandler } from './patients-fixtures';
import { renderWithApp } from './render-app';

type StartInput = InputOf<'calls', 'start'>;

function renderStart(
  options: {
    start?: (input: StartInput) => CallView;
    balance?: number;
    language?: AppLanguage;
  } = {},
) {
  const { started, start } = recordStarts(
    options.start ?? ((i: StartInput) => call('call_new', { language: i.language ?? 'es' })),
  );
  const rendered = renderWithApp(<CallsScreen />, {
    path: '/calls',
    ...(options.language ? { language: options.language } : {}),
    handlers: {
      calls: { list: callList([]), start },
      patients: { list: listHandler([nuria, marc, ana]) },
      credits: creditsHandlers(options.balance),
    },
  });
  return { ...rendered, started };
}

const openDialog = (name = 'Nueva llamada') => openStartDialog(name);

describe('calls: placing a call', () => {
  it('shows the charging rule and the balance before starting, then places it and opens it', async () => {
    const { started, location } = renderStart();
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleName('Nueva llamada');
    const cost = within(dialog).getByTestId('cost-notice');
    expect(cost).toHaveTextContent(
      'Cada minuto iniciado cuesta 5 créditos y se cobra al contestar; una llamada sin contestar no cuesta nada.',
    );
    expect(cost).toHaveTextContent(
      'Al iniciarla se reservan 5 créditos (el primer minuto); se devuelven si no contesta. Si el saldo se agota, la llamada termina.',
    );
    expect(await within(cost).findByText('Saldo actual: 1234 créditos.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Iniciar la llamada' }));
    expect(within(dialog).getByText('Elige un paciente.')).toBeInTheDocument();
    expect(within(dialog).getByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(started).toEqual([]);

    await pickPatient(user, dialog, 'Núria', /Núria Puig Soler/);
    expect(within(dialog).getByRole('combobox', { name: 'Idioma de la llamada' })).toHaveValue(
      'ca',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo de la llamada' }),
      'Control tras la cirugía',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar la llamada' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/calls/call_new'));
    expect(started).toEqual([
      { patientId: nuria.id, purpose: 'Control tras la cirugía', language: 'ca' },
    ]);
  });

  it('does not let a patient without a phone be chosen', async () => {
    renderStart();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('combobox', { name: 'Paciente' }), 'Ana');
    const option = await within(dialog).findByRole('option', { name: /Ana García/ });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(option).toHaveTextContent('Sin teléfono');
    await user.click(option);
    expect(within(dialog).queryByTestId('picked-patient')).toBeNull();
  });

  it('warns when the balance is under the minimum, and explains the refusals', async () => {
    let refusal: { code: string; message: string; details?: unknown } = {
      code: 'insufficient_credits',
      message: 'x',
      details: { balance: 3, required: 5 },
    };
    renderStart({
      balance: 3,
      start: () => {
        throw refusal;
      },
    });
    const { user, dialog } = await openDialog();
    expect(
      await within(dialog).findByText('El saldo no alcanza: añade créditos antes de continuar.'),
    ).toBeInTheDocument();
    await pickPatient(user, dialog, 'Marc', /Marc Ferrer/);
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo de la llamada' }), 'Cita');
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar la llamada' }));
    expect(
      await within(dialog).findByText('No hay créditos suficientes (saldo 3, se necesitan 5).'),
    ).toBeInTheDocument();

    refusal = { code: 'patient_unreachable', message: 'no phone' };
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar la llamada' }));
    expect(
      await within(dialog).findByText(
        'El paciente no tiene teléfono: añádelo en su ficha para poder llamarle.',
      ),
    ).toBeInTheDocument();
  });

  it('speaks Catalan', async () => {
    renderStart({ language: 'ca' });
    const { dialog } = await openDialog('Nova trucada');
    const cost = within(dialog).getByTestId('cost-notice');
    expect(cost).toHaveTextContent('Cada minut iniciat costa 5 crèdits i es cobra en contestar');
    expect(cost).toHaveTextContent(
      "En iniciar-la es reserven 5 crèdits (el primer minut); es retornen si no contesta. Si el saldo s'esgota, la trucada s'acaba.",
    );
    expect(within(dialog).getByRole('textbox', { name: 'Motiu de la trucada' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Inicia la trucada' })).toBeVisible();
  });
});
