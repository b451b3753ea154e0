import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConversationListItem } from '../../src-preload/contract';
import { ChatsScreen } from '../../src-renderer/src/features/chats/chats-screen';
import { createFormatters } from '../../src-renderer/src/i18n/format';
import {
  balanceOf,
  conversation,
  conversationList,
  marc,
  nuria,
  PRICES,
  summary,
} from './chats-fixtures';
import { listHandler } from './patients-fixtures';
import { renderWithApp } from './render-app';

const es = createFormatters('es');

const escalated = summary(
  conversation('conv_esc', {
    escalated: true,
    escalatedAt: '2026-11-22T10:15:00.000Z',
    messageCount: 3,
    lastMessageAt: '2026-11-22T10:15:00.000Z',
  }),
);
const quiet = summary(
  conversation('conv_quiet', { language: 'es', context: 'Recordatorio de la cita' }, marc),
);
const ended = Array.from({ length: 25 }, (_, i) =>
  summary(
    conversation(`conv_end${String(i).padStart(2, '0')}`, {
      status: 'ended',
      endReason: 'inactivity',
      endedAt: '2026-11-20T11:00:00.000Z',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastMessageAt: '2026-11-20T10:30:00.000Z',
    }),
  ),
);
const all: ConversationListItem[] = [escalated, quiet, ...ended];

function handlers(list = all) {
  return {
    conversations: { list: conversationList(list) },
    patients: { list: listHandler([nuria, marc]) },
    credits: { prices: () => PRICES, balance: () => balanceOf(1234) },
  };
}

describe('chats: the conversation list', () => {
  it('shows active conversations first, then ended ones, with names and the escalation flagged', async () => {
    const { bridge } = renderWithApp(<ChatsScreen />, { handlers: handlers() });
    const list = await screen.findByRole('complementary', { name: 'Lista de conversaciones' });
    const active = within(list).getByRole('region', { name: 'Activas' });
    const endedSection = within(list).getByRole('region', { name: 'Finalizadas' });
    // Active above ended in the document.
    expect(
      active.compareDocumentPosition(endedSection) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    const activeItems = await within(active).findAllByTestId('chat-item');
    expect(activeItems.map((item) => item.querySelector('.chat-item-name')?.textContent)).toEqual([
      'Núria Puig Soler',
      'Marc Ferrer',
    ]);
    const flagged = activeItems[0]!;
    expect(within(flagged).getByText('Escalada')).toBeInTheDocument();
    expect(
      within(flagged).getByText(`Escalada el ${es.dateTime('2026-11-22T10:15:00.000Z')}`),
    ).toBeInTheDocument();
    expect(flagged.querySelector('svg')).not.toBeNull();
    expect(within(activeItems[1]!).queryByText('Escalada')).not.toBeInTheDocument();
    expect(within(flagged).getByText(/3 mensajes · Catalán · Último mensaje/)).toBeInTheDocument();
    expect(flagged).toHaveAttribute('href', '/chats/conv_esc');

    // No raw ids or ISO timestamps anywhere in the list.
    expect(list.textContent).not.toMatch(/pat_|conv_|\d{4}-\d{2}-\d{2}T/);

    // Each section pages by its own cursor.
    expect(await within(endedSection).findAllByTestId('chat-item')).toHaveLength(20);
    expect(within(endedSection).getAllByText(/· Finalizada /).length).toBeGreaterThan(0);
    await userEvent.setup().click(within(endedSection).getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(within(endedSection).getAllByTestId('chat-item')).toHaveLength(25));
    expect(within(endedSection).queryByRole('button', { name: 'Cargar más' })).toBeNull();
    const calls = bridge.log.filter((c) => c.name === 'conversations.list');
    expect(calls.map((c) => c.input)).toEqual(
      expect.arrayContaining([
        { status: 'active', limit: 20 },
        { status: 'ended', limit: 20 },
        { status: 'ended', limit: 20, cursor: '20' },
      ]),
    );
    expect(within(active).queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('filters by patient (searched by name) and by escalation', async () => {
    const user = userEvent.setup();
    const { bridge } = renderWithApp(<ChatsScreen />, { handlers: handlers() });
    await screen.findAllByTestId('chat-item');
    const filters = screen.getByRole('search', { name: 'Filtrar las conversaciones' });

    await user.type(within(filters).getByRole('combobox', { name: 'Paciente' }), 'Marc');
    await user.click(await screen.findByRole('option', { name: /Marc Ferrer/ }));
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-item').map((i) => i.getAttribute('href'))).toEqual([
        '/chats/conv_quiet',
      ]),
    );
    expect(
      screen.getByText('Ninguna conversación finalizada coincide con el filtro.'),
    ).toBeVisible();
    expect(bridge.log.at(-1)?.input).toMatchObject({ patientId: marc.id });

    await user.click(within(filters).getByRole('button', { name: 'Todos los pacientes' }));
    await user.click(within(filters).getByRole('checkbox', { name: 'Solo las escaladas' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-item').map((i) => i.getAttribute('href'))).toEqual([
        '/chats/conv_esc',
      ]),
    );
    const inputs = bridge.log.filter((c) => c.name === 'conversations.list').map((c) => c.input);
    expect(inputs).toContainEqual({ status: 'active', limit: 20, escalated: true });
  });

  it('says so when there are no conversations, and offers a retry when the list fails', async () => {
    let fail = true;
    const user = userEvent.setup();
    renderWithApp(<ChatsScreen />, {
      handlers: {
        ...handlers([]),
        conversations: {
          list: (input) => {
            if (fail && input.status === 'ended') throw { code: 'internal_error', message: 'x' };
            return conversationList([])(input);
          },
        },
      },
    });
    expect(await screen.findByText('No hay conversaciones activas.')).toBeInTheDocument();
    expect(await screen.findByText('Error interno del servicio.')).toBeInTheDocument();
    expect(screen.getByText('Elige una conversación')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay conversaciones finalizadas.')).toBeInTheDocument();
  });

  it('reloads when the service says conversations changed', async () => {
    let list = [quiet];
    const { bridge } = renderWithApp(<ChatsScreen />, {
      handlers: { ...handlers(), conversations: { list: (i) => conversationList(list)(i) } },
    });
    expect(await screen.findAllByTestId('chat-item')).toHaveLength(1);
    list = [escalated, quiet];
    act(() => bridge.emit('changed', { topics: ['conversations'] }));
    await waitFor(() => expect(screen.getAllByTestId('chat-item')).toHaveLength(2));
  });

  it('speaks Catalan', async () => {
    renderWithApp(<ChatsScreen />, { language: 'ca', handlers: handlers() });
    const list = await screen.findByRole('complementary', { name: 'Llista de converses' });
    expect(within(list).getByRole('region', { name: 'Actives' })).toBeInTheDocument();
    expect(within(list).getByRole('region', { name: 'Finalitzades' })).toBeInTheDocument();
    expect(await within(list).findAllByText('Escalada')).toHaveLength(1);
    expect(within(list).getAllByText(/3 missatges · Català · Últim missatge/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Nova conversa' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Només les escalades' })).toBeInTheDocument();
  });
});
