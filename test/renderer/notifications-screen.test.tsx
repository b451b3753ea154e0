import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../src-preload/contract';
import { NotificationsScreen } from '../../src-renderer/src/features/notifications/notifications-screen';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import {
  creditsLow,
  escalated,
  notificationsFake,
  webhookDisabled,
} from './notifications-fixtures';
import { renderWithApp } from './render-app';

/** `n` escalations, newest first, of patients 1..n. */
function many(n: number): Notification[] {
  return Array.from({ length: n }, (_, i) => ({
    ...escalated,
    id: `ntf_${String(n - i).padStart(3, '0')}`,
    data: {
      ...(escalated.data as Extract<Notification, { kind: 'conversation.escalated' }>['data']),
      patient: { id: `pat_${n - i}`, firstName: `Paciente${n - i}`, lastName: 'Prueba' },
    },
  })) as Notification[];
}

async function setup(initial: Notification[], language: AppLanguage = 'es') {
  const fake = notificationsFake(initial);
  const rendered = renderWithApp(<NotificationsScreen />, {
    language,
    path: '/notifications',
    handlers: fake.handlers,
  });
  await act(() => rendered.appStore.getState().start());
  return { ...rendered, fake };
}

const articles = () => within(screen.getByRole('list', { name: 'Avisos' })).getAllByRole('article');

describe('notifications screen', () => {
  it('lists every notification a page at a time', async () => {
    const { bridge } = await setup(many(25));
    await waitFor(() => expect(articles()).toHaveLength(20));
    expect(articles()[0]).toHaveTextContent('Paciente25 Prueba');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cargar más avisos' }));
    await waitFor(() => expect(articles()).toHaveLength(25));
    expect(articles()[24]).toHaveTextContent('Paciente1 Prueba');
    expect(screen.queryByRole('button', { name: 'Cargar más avisos' })).not.toBeInTheDocument();
    expect(bridge.log.filter((c) => c.name === 'notifications.list').map((c) => c.input)).toEqual([
      { limit: 20 },
      { limit: 20, cursor: '20' },
    ]);
  });

  it('filters the unread ones and says when there are none', async () => {
    const { fake } = await setup([escalated, creditsLow, webhookDisabled]);
    fake.items[1]!.readAt = '2026-11-24T09:30:00.000Z';
    const user = userEvent.setup();
    await waitFor(() => expect(articles()).toHaveLength(3));
    await user.click(screen.getByLabelText('Mostrar solo los no leídos'));
    await waitFor(() => expect(articles()).toHaveLength(2));
    expect(screen.queryByText('Quedan pocos créditos')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar todos como leídos' }));
    expect(await screen.findByText('Se han marcado 2 avisos como leídos.')).toBeInTheDocument();
    expect(await screen.findByText('No hay avisos sin leer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar todos como leídos' })).toBeDisabled();
    await user.click(screen.getByLabelText('Mostrar solo los no leídos'));
    await waitFor(() => expect(articles()).toHaveLength(3));
    expect(screen.queryByText('Sin leer')).not.toBeInTheDocument();
  });

  it('keeps what it shows current when something new is pushed', async () => {
    const { bridge, fake } = await setup([creditsLow]);
    await waitFor(() => expect(articles()).toHaveLength(1));
    fake.add(escalated);
    act(() => bridge.emit('changed', { topics: ['notifications'] }));
    await waitFor(() => expect(articles()).toHaveLength(2));
    expect(articles()[0]).toHaveTextContent('Conversación escalada');
  });

  it('says when there is nothing yet, and retries after an error', async () => {
    const { fake } = await setup([]);
    let failing = true;
    const list = fake.handlers.notifications!.list!;
    fake.handlers.notifications!.list = (input) => {
      if (failing) throw { code: 'internal_error', message: 'boom' };
      return list(input);
    };
    const user = userEvent.setup();
    // The first load may already have answered before the handler failed: force one more.
    await user.click(screen.getByLabelText('Mostrar solo los no leídos'));
    const alert = await screen.findByRole('alert');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay avisos sin leer')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Mostrar solo los no leídos'));
    expect(await screen.findByText('No hay ningún aviso')).toBeInTheDocument();
  });

  it('speaks Catalan', async () => {
    await setup([escalated, webhookDisabled], 'ca');
    expect(await screen.findByRole('heading', { name: 'Avisos', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Avisos' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(within(list).getByText('Conversa escalada')).toBeInTheDocument();
    expect(list).toHaveTextContent(
      'https://crm.example.org/hooks/engage ha deixat de rebre esdeveniments: han fallat 19 de 20 intents',
    );
    expect(screen.getByLabelText('Mostra només els no llegits')).not.toBeChecked();
    expect(
      within(list).getByRole('button', { name: 'Marca com a llegit: Webhook desactivat' }),
    ).toBeInTheDocument();
  });
});
