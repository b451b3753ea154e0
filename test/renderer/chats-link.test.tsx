import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatLink, ChatLinkOptions, ConversationView } from '../../src-preload/contract';
import { ChatsScreen } from '../../src-renderer/src/features/chats/chats-screen';
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

const T1 = '2026-11-22T10:05:00.000Z';

const OPTIONS: ChatLinkOptions = {
  conversationId: 'conv_1',
  active: true,
  creditsPerLink: 0,
  channels: [
    { channel: 'whatsapp', address: '+34612345678', consent: true, usable: true },
    {
      channel: 'email',
      address: 'nuria@example.com',
      consent: false,
      usable: false,
      reason: 'no_consent',
    },
  ],
  sent: [],
};

const SENT: ChatLink = {
  conversationId: 'conv_1',
  url: 'http://127.0.0.1:4010/c/abc',
  channel: 'whatsapp',
  to: '+34612345678',
  outboxMessageId: 'out_1',
  creditsConsumed: 0,
  createdAt: T1,
};

function renderChat(
  options: {
    sandbox?: boolean;
    language?: AppLanguage;
    get?: () => ConversationView;
    linkOptions?: () => ChatLinkOptions;
  } = {},
) {
  const view = conversation('conv_1');
  let links = OPTIONS;
  const sendLink = (input: { id: string; channel: string }) => {
    links = {
      ...links,
      sent: [
        {
          channel: 'whatsapp',
          to: '+34612345678',
          transport: 'outbox',
          outboxMessageId: 'out_1',
          createdAt: T1,
        },
      ],
    };
    return { ...SENT, channel: input.channel as 'whatsapp' };
  };
  return renderWithApp(<ChatsScreen id={view.id} />, {
    ...(options.language ? { language: options.language } : {}),
    sandbox: options.sandbox ?? false,
    handlers: {
      conversations: {
        list: conversationList([summary(view)]),
        get: options.get ?? (() => view),
        linkOptions: options.linkOptions ?? (() => links),
        sendLink,
      },
      credits: { prices: () => PRICES, balance: () => balanceOf(500) },
    },
  });
}

describe('chats: the patient writes from their link', () => {
  it('outside sandbox mode has no "type as the patient" box, and says how the patient writes', async () => {
    renderChat();
    const chat = await screen.findByRole(
      'region',
      { name: /Conversación con Núria/ },
      { timeout: 5000 },
    );
    expect(within(chat).queryByRole('textbox', { name: 'Mensaje del paciente' })).toBeNull();
    expect(within(chat).getByText(/El paciente escribe desde su enlace/)).toBeTruthy();
  });

  it('in sandbox mode keeps the box, framed and labelled as a sandbox tool', async () => {
    renderChat({ sandbox: true });
    const tool = await screen.findByRole('region', {
      name: 'Herramienta del sandbox: escribir como el paciente',
    });
    expect(within(tool).getByRole('textbox', { name: 'Mensaje del paciente' })).toBeTruthy();
    expect(within(tool).getByText(/solo para probar; consume créditos/)).toBeTruthy();
  });

  it('sends the link on a channel the patient can be reached by, free, and shows the outbox entry', async () => {
    const user = userEvent.setup();
    const { bridge } = renderChat();
    await user.click(
      await screen.findByRole('button', { name: 'Enviar enlace al paciente' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Enviar enlace a Núria Puig Soler' });
    const whatsapp = await within(dialog).findByRole('radio', { name: /WhatsApp/ });
    const email = within(dialog).getByRole('radio', { name: /Correo electrónico/ });
    // Where each would go and what the patient said about it; a refused channel cannot be chosen.
    expect(whatsapp.closest('label')!.textContent).toContain('+34612345678 · Consentimiento: sí');
    expect(email.closest('label')!.textContent).toContain(
      'nuria@example.com · Consentimiento: no · no se puede usar',
    );
    expect((email as HTMLInputElement).disabled).toBe(true);
    expect((whatsapp as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByTestId('link-cost').textContent).toContain(
      'Enviar el enlace no cuesta créditos',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await within(dialog).findByTestId('link-sent')).toBeTruthy();
    expect(within(dialog).getByTestId('link-sent').textContent).toBe(
      'Enlace enviado por WhatsApp a +34612345678. Está en el registro de mensajes enviados.',
    );
    expect(bridge.log.filter((c) => c.name === 'conversations.sendLink')).toEqual([
      { name: 'conversations.sendLink', input: { id: 'conv_1', channel: 'whatsapp' } },
    ]);
    // The write changed the outbox: the list of links sent is read again and shows it.
    await waitFor(() => expect(within(dialog).getAllByTestId('link-outbox-entry')).toHaveLength(1));
    expect(within(dialog).getByTestId('link-outbox-entry').textContent).toContain(
      'en la bandeja de salida',
    );
  });

  it('says so when no channel can be used, and sends nothing', async () => {
    const user = userEvent.setup();
    const { bridge } = renderChat({
      linkOptions: () => ({
        ...OPTIONS,
        channels: [
          { channel: 'whatsapp', consent: null, usable: false, reason: 'no_address' },
          { channel: 'email', consent: null, usable: false, reason: 'no_address' },
        ],
      }),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Enviar enlace al paciente' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Enviar el enlace' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(dialog).getAllByText(/Sin dirección · Consentimiento sin registrar/),
    ).toHaveLength(2);
    expect(bridge.log.some((c) => c.name === 'conversations.sendLink')).toBe(false);
  });

  it('shows the patient’s messages as they arrive, without reloading (the conversations topic)', async () => {
    let view = conversation('conv_1');
    const { bridge } = renderChat({ get: () => view });
    const chat = await screen.findByRole(
      'region',
      { name: /Conversación con Núria/ },
      { timeout: 5000 },
    );
    await waitFor(() => expect(within(chat).getAllByTestId('chat-message')).toHaveLength(1));
    view = {
      ...view,
      messageCount: 3,
      messages: [
        ...view.messages,
        message(2, 'patient', 'Em trobo bé, gràcies', T1),
        message(3, 'assistant', 'Me n’alegro!', T1),
      ],
    };
    // What the service pushes when a message is written from /c/ (test/service/chat-page.test.ts).
    act(() => bridge.emit('changed', { topics: ['conversations', 'credits'] }));
    await waitFor(() => expect(within(chat).getAllByTestId('chat-message')).toHaveLength(3));
    expect(within(chat).getByText('Em trobo bé, gràcies')).toBeTruthy();
  });

  it('speaks Catalan', async () => {
    const user = userEvent.setup();
    renderChat({ language: 'ca', sandbox: true });
    expect(
      await screen.findByRole('region', { name: 'Eina del sandbox: escriure com el pacient' }),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Enviar enllaç al pacient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar enllaç a Núria Puig Soler' });
    expect(await within(dialog).findByText(/Consentiment: sí/)).toBeTruthy();
    expect(within(dialog).getByTestId('link-cost').textContent).toContain(
      "Enviar l'enllaç no costa crèdits",
    );
  });
});
