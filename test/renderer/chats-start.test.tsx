import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputOf } from '../../src-preload/contract';
import { ChatsScreen } from '../../src-renderer/src/features/chats/chats-screen';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import {
  conversation,
  conversationList,
  creditsHandlers,
  marc,
  nuria,
  openStartDialog,
  pickPatient,
  recordStarts,
} from './chats-fixtures';
import { listHandler } from './patients-fixtures';
import { renderWithApp } from './render-app';

type StartInput = InputOf<'conversations', 'start'>;

function renderStart(
  options: {
    start?: (input: StartInput) => ReturnType<typeof conversation>;
    balance?: number;
    language?: AppLanguage;
  } = {},
) {
  const { started, start } = recordStarts(
    options.start ?? ((i: StartInput) => conversation('conv_new', { language: i.language })),
  );
  const rendered = renderWithApp(<ChatsScreen />, {
    path: '/chats',
    ...(options.language ? { language: options.language } : {}),
    handlers: {
      conversations: { list: conversationList([]), start, get: () => conversation('conv_new') },
      patients: { list: listHandler([nuria, marc]) },
      credits: creditsHandlers(options.balance),
    },
  });
  return { ...rendered, started };
}

const openDialog = (name = 'Nueva conversación') => openStartDialog(name);

describe('chats: starting a conversation', () => {
  it('shows the cost and the balance before starting, and checks what is missing', async () => {
    const { started } = renderStart();
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleName('Nueva conversación');
    const cost = within(dialog).getByTestId('cost-notice');
    expect(cost).toHaveTextContent('Iniciar la conversación cuesta 10 créditos.');
    expect(cost).toHaveTextContent('Cada mensaje cuesta 1 crédito.');
    expect(await within(cost).findByText('Saldo actual: 1234 créditos.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Iniciar la conversación' }));
    expect(within(dialog).getByText('Elige un paciente.')).toBeInTheDocument();
    expect(within(dialog).getByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(started).toEqual([]);
  });

  it('starts one for the chosen patient, in their preferred language, and opens it', async () => {
    const { started, location } = renderStart();
    const { user, dialog } = await openDialog();
    const language = within(dialog).getByRole('combobox', { name: 'Idioma de la conversación' });
    expect(language).toHaveValue('es');

    await pickPatient(user, dialog, 'Núr', /Núria Puig Soler/);
    expect(within(dialog).getByTestId('picked-patient')).toHaveTextContent('Núria Puig Soler');
    expect(language).toHaveValue('ca');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Contexto para el asistente' }),
      '  Seguimiento tras la cirugía  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar la conversación' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/chats/conv_new'));
    expect(started).toEqual([
      { patientId: nuria.id, context: 'Seguimiento tras la cirugía', language: 'ca' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a language the coordinator chose when the patient changes, and picks by keyboard', async () => {
    const { started } = renderStart();
    const { user, dialog } = await openDialog();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Idioma de la conversación' }),
      'en',
    );
    const picker = within(dialog).getByRole('combobox', { name: 'Paciente' });
    await user.type(picker, 'Núria');
    await within(dialog).findByRole('option', { name: /Núria Puig Soler/ });
    await user.keyboard('{Enter}');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Contexto para el asistente' }),
      'Recordatorio',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar la conversación' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({ patientId: nuria.id, language: 'en' });
  });

  it('warns before starting when the balance does not reach, and explains the refusal', async () => {
    renderStart({
      balance: 4,
      start: () => {
        throw {
          code: 'insufficient_credits',
          message: 'needs 10',
          details: { balance: 4, required: 10 },
        };
      },
    });
    const { user, dialog } = await openDialog();
    expect(
      await within(dialog).findByText('El saldo no alcanza: añade créditos antes de continuar.'),
    ).toBeInTheDocument();
    await pickPatient(user, dialog, 'Marc', /Marc Ferrer/);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Contexto para el asistente' }),
      'Recordatorio',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar la conversación' }));
    expect(
      await within(dialog).findByText('No hay créditos suficientes (saldo 4, se necesitan 10).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the service’s field errors where they belong', async () => {
    renderStart({
      start: () => {
        throw {
          code: 'validation_failed',
          message: 'bad',
          details: { errors: [{ pointer: '/context', code: 'maxLength', detail: 'too long' }] },
        };
      },
    });
    const { user, dialog } = await openDialog();
    await pickPatient(user, dialog, 'Marc', /Marc Ferrer/);
    const context = within(dialog).getByRole('textbox', { name: 'Contexto para el asistente' });
    await user.type(context, 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar la conversación' }));
    expect(await within(dialog).findByText('Es demasiado largo.')).toBeInTheDocument();
    expect(context).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks Catalan', async () => {
    renderStart({ language: 'ca' });
    const { dialog } = await openDialog('Nova conversa');
    const cost = within(dialog).getByTestId('cost-notice');
    expect(cost).toHaveTextContent('Iniciar la conversa costa 10 crèdits.');
    expect(cost).toHaveTextContent('Cada missatge costa 1 crèdit.');
    expect(await within(cost).findByText(/^Saldo actual: 1\.?234 crèdits\.$/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Idioma de la conversa' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Inicia la conversa' })).toBeVisible();
  });
});
