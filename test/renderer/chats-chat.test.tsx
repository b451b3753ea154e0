import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConversationView, MessageExchange } from '../../src-preload/contract';
import { ChatsScreen } from '../../src-renderer/src/features/chats/chats-screen';
import { createFormatters } from '../../src-renderer/src/i18n/format';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import {
  balanceOf,
  conversation,
  conversationList,
  message,
  PRICES,
  summary,
} from './chats-fixtures';
import { renderWithApp } from './render-app';

const es = createFormatters('es');
const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T10:05:00.000Z';

function exchange(content: string, reply: string, escalated = false): MessageExchange {
  return {
    patientMessage: message(2, 'patient', content, T1, { escalated, metadata: {} }),
    assistantMessage: message(3, 'assistant', reply, T1, { escalated }),
    creditsConsumed: 1,
  };
}

/** A deferred answer: the test decides when the service replies. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderChat(
  view: ConversationView,
  more: {
    send?: (input: { id: string; content: string }) => MessageExchange | Promise<MessageExchange>;
    end?: () => ConversationView;
    get?: () => ConversationView;
    balance?: number;
    language?: AppLanguage;
  } = {},
) {
  return renderWithApp(<ChatsScreen id={view.id} />, {
    ...(more.language ? { language: more.language } : {}),
    // Typing as the patient is a sandbox tool.
    sandbox: true,
    handlers: {
      conversations: {
        list: conversationList([summary(view)]),
        get: more.get ?? (() => view),
        ...(more.send ? { send: more.send } : {}),
        ...(more.end ? { end: more.end } : {}),
      },
      credits: { prices: () => PRICES, balance: () => balanceOf(more.balance ?? 1234) },
    },
  });
}

describe('chats: one conversation', () => {
  it('shows who, the context, the language, the messages with roles and times, and the costs', async () => {
    const view = conversation('conv_1', {
      escalated: true,
      escalatedAt: T1,
      messageCount: 3,
      creditsConsumed: 11,
      messages: [
        message(1, 'assistant', 'Hola Núria! Com et trobes avui?', T0),
        message(2, 'patient', "Tinc dolor al pit des d'aquest matí", T1, { escalated: true }),
        message(3, 'assistant', 'Truca al 112 ara mateix.', T1, {
          escalated: true,
          metadata: {
            provider: 'builtin',
            fallback: { from: 'openai', reason: 'timeout', detail: 'x' },
          },
        }),
      ],
    });
    renderChat(view);
    const chat = await screen.findByRole('region', { name: 'Conversación con Núria Puig Soler' });
    expect(within(chat).getByRole('heading', { name: 'Núria Puig Soler' })).toBeInTheDocument();
    expect(within(chat).getByText('Activa')).toBeInTheDocument();
    expect(within(chat).getByText(`Escalada el ${es.dateTime(T1)}`)).toBeInTheDocument();
    expect(within(chat).getByText(view.context)).toBeInTheDocument();
    expect(within(chat).getByText('Catalán')).toBeInTheDocument();
    expect(within(chat).getByText('11')).toBeInTheDocument();

    const log = within(chat).getByRole('log', { name: 'Mensajes de la conversación' });
    const messages = within(log).getAllByTestId('chat-message');
    expect(messages).toHaveLength(3);
    expect(within(messages[0]!).getByText('Asistente')).toBeInTheDocument();
    expect(within(messages[0]!).getByText(es.time(T0))).toBeInTheDocument();
    expect(within(messages[1]!).getByText('Paciente')).toBeInTheDocument();
    expect(within(messages[1]!).getByText('Señal de alarma')).toBeInTheDocument();
    expect(within(messages[2]!).getByText('Señal de alarma: se ha escalado')).toBeInTheDocument();
    expect(within(messages[2]!).getByText(/el modelo de lenguaje no contestó/)).toBeInTheDocument();
    expect(within(messages[0]!).queryByText(/Señal de alarma/)).toBeNull();

    // The cost of a message and the balance, before sending anything.
    expect(within(chat).getByText('Cada mensaje cuesta 1 crédito.')).toBeInTheDocument();
    expect(await within(chat).findByText('Saldo actual: 1234 créditos.')).toBeInTheDocument();
    expect(chat.textContent).not.toMatch(/pat_|conv_|msg_|\d{4}-\d{2}-\d{2}T/);
  });

  it('sends with Enter, shows the message pending, then the reply; Shift+Enter adds a line', async () => {
    const user = userEvent.setup();
    const answer = deferred<void>();
    const sent: string[] = [];
    let view = conversation('conv_1');
    const { bridge } = renderChat(view, {
      get: () => view,
      send: async ({ content }) => {
        sent.push(content);
        await answer.promise;
        const done = exchange(content, 'Me n’alegro!');
        view = {
          ...view,
          messageCount: 3,
          creditsConsumed: 11,
          messages: [...view.messages, done.patientMessage, done.assistantMessage],
        };
        return done;
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Mensaje del paciente' });
    expect(screen.getByText('Intro envía; Mayús+Intro añade una línea.')).toBeInTheDocument();
    await user.type(box, 'Em trobo bé,{Shift>}{Enter}{/Shift}gràcies');
    expect(box).toHaveValue('Em trobo bé,\ngràcies');
    expect(sent).toEqual([]);
    await user.keyboard('{Enter}');

    expect(sent).toEqual(['Em trobo bé,\ngràcies']);
    expect(box).toHaveValue('');
    expect(await screen.findByText('Enviando…')).toBeInTheDocument();
    expect(screen.getByText('El asistente está escribiendo…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();

    await act(async () => answer.resolve());
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(3));
    expect(within(log).getByText('Me n’alegro!')).toBeInTheDocument();
    expect(screen.queryByText('Enviando…')).toBeNull();
    expect(bridge.log.filter((c) => c.name === 'conversations.send')).toEqual([
      { name: 'conversations.send', input: { id: 'conv_1', content: 'Em trobo bé,\ngràcies' } },
    ]);
    // The counts and credits are read again from the service.
    await waitFor(() => expect(screen.getByText('11')).toBeInTheDocument());
    expect(within(log).getAllByTestId('chat-message')).toHaveLength(3);
  });

  it('explains a refusal for lack of credits and gives the words back', async () => {
    const user = userEvent.setup();
    renderChat(conversation('conv_1'), {
      balance: 0,
      send: () => {
        throw {
          code: 'insufficient_credits',
          message: 'needs 1',
          details: { balance: 0, required: 1 },
        };
      },
    });
    expect(
      await screen.findByText('El saldo no alcanza: añade créditos antes de continuar.'),
    ).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Mensaje del paciente' });
    await user.type(box, 'Hola{Enter}');
    expect(
      await screen.findByText(
        'No se ha enviado el mensaje. No hay créditos suficientes (saldo 0, se necesitan 1).',
      ),
    ).toBeInTheDocument();
    expect(box).toHaveValue('Hola');
  });

  it('a message to a chat that closed meanwhile says why, and the chat turns read-only', async () => {
    const user = userEvent.setup();
    let view = conversation('conv_1');
    renderChat(view, {
      get: () => view,
      send: () => {
        view = conversation('conv_1', {
          status: 'ended',
          endReason: 'inactivity',
          endedAt: '2026-11-22T10:30:00.000Z',
        });
        throw {
          code: 'conversation_ended',
          message: 'ended',
          details: { conversationStatus: 'ended', endReason: 'inactivity' },
        };
      },
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Mensaje del paciente' }),
      'Hola{Enter}',
    );
    expect(
      await screen.findByText(
        'No se ha enviado el mensaje. La conversación finalizó por inactividad (30 minutos sin mensajes). Inicia una nueva para seguir.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Mensaje del paciente' })).toBeNull(),
    );
    expect(
      screen.getByText('Finalizó por inactividad: 30 minutos sin mensajes.'),
    ).toBeInTheDocument();
  });

  it('an ended conversation is read-only and says why and when it ended', async () => {
    const endedAt = '2026-11-22T10:40:00.000Z';
    renderChat(conversation('conv_1', { status: 'ended', endReason: 'closed', endedAt }));
    const chat = await screen.findByRole('region', { name: 'Conversación con Núria Puig Soler' });
    const notice = within(chat).getByTestId('chat-ended');
    expect(notice).toHaveTextContent(`Conversación finalizada el ${es.dateTime(endedAt)}`);
    expect(notice).toHaveTextContent('La finalizó el coordinador.');
    expect(notice).toHaveTextContent('Es de solo lectura');
    expect(within(chat).getByText('Finalizada')).toBeInTheDocument();
    expect(within(chat).queryByRole('textbox')).toBeNull();
    expect(within(chat).queryByRole('button', { name: 'Enviar' })).toBeNull();
    expect(within(chat).queryByRole('button', { name: 'Finalizar la conversación' })).toBeNull();
  });

  it('ends the conversation after a confirmation', async () => {
    const user = userEvent.setup();
    const endedAt = '2026-11-22T10:45:00.000Z';
    let ends = 0;
    // The service answers the conversation as ended from then on.
    let current = conversation('conv_1');
    renderChat(current, {
      get: () => current,
      end: () => {
        ends++;
        current = conversation('conv_1', { status: 'ended', endReason: 'closed', endedAt });
        return current;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Finalizar la conversación' }));
    const dialog = screen.getByRole('dialog', { name: '¿Finalizar la conversación?' });
    expect(dialog).toHaveTextContent('Para seguir hablando con Núria Puig Soler');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(ends).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Finalizar la conversación' }));
    await user.click(
      within(screen.getByRole('dialog', { name: '¿Finalizar la conversación?' })).getByRole(
        'button',
        { name: 'Finalizar' },
      ),
    );
    expect(await screen.findByText('La finalizó el coordinador.')).toBeInTheDocument();
    expect(ends).toBe(1);
    expect(screen.queryByRole('textbox', { name: 'Mensaje del paciente' })).toBeNull();
  });

  it('says when a conversation does not exist', async () => {
    renderWithApp(<ChatsScreen id="conv_gone" />, {
      handlers: {
        conversations: {
          list: conversationList([]),
          get: () => {
            throw { code: 'resource_missing', message: 'gone' };
          },
        },
      },
    });
    expect(await screen.findByText('Esta conversación no existe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la lista' })).toHaveAttribute(
      'href',
      '/chats',
    );
  });

  it('follows pushed changes to the open conversation', async () => {
    let view = conversation('conv_1');
    const { bridge } = renderChat(view, { get: () => view });
    await screen.findByRole('textbox', { name: 'Mensaje del paciente' });
    view = conversation('conv_1', {
      messageCount: 3,
      messages: [
        ...view.messages,
        message(2, 'patient', 'Escrit per la API', T1),
        message(3, 'assistant', 'Entesos.', T1),
      ],
    });
    act(() => bridge.emit('changed', { topics: ['conversations'] }));
    expect(await screen.findByText('Escrit per la API')).toBeInTheDocument();
  });

  it('speaks Catalan, the ended reason included', async () => {
    renderChat(
      conversation('conv_1', {
        status: 'ended',
        endReason: 'inactivity',
        endedAt: '2026-11-22T10:30:00.000Z',
      }),
      { language: 'ca' },
    );
    const chat = await screen.findByRole('region', { name: 'Conversa amb Núria Puig Soler' });
    expect(
      within(chat).getByText('Va finalitzar per inactivitat: 30 minuts sense missatges.'),
    ).toBeVisible();
    expect(within(chat).getByText('Català')).toBeInTheDocument();
    expect(within(chat).getByText('Assistent')).toBeInTheDocument();
    expect(within(chat).getByText("Context per a l'assistent")).toBeInTheDocument();
  });
});
