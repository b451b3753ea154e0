import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotificationBell } from '../../src-renderer/src/features/notifications/notification-bell';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import {
  creditsLow,
  escalated,
  notificationsFake,
  webhookDisabled,
} from './notifications-fixtures';
import { renderWithApp } from './render-app';

async function setup(
  language: AppLanguage = 'es',
  initial = [escalated, creditsLow, webhookDisabled],
) {
  const fake = notificationsFake(initial);
  const rendered = renderWithApp(<NotificationBell />, { language, handlers: fake.handlers });
  await act(() => rendered.appStore.getState().start());
  // The sandbox clock the times are relative to.
  act(() => rendered.bridge.emit('clock', { now: '2026-11-24T10:30:00.000Z', offsetSeconds: 0 }));
  return { ...rendered, fake };
}

describe('notification bell', () => {
  it('says how many are unread in its name', async () => {
    await setup();
    expect(await screen.findByRole('button', { name: 'Avisos: 3 sin leer' })).toBeInTheDocument();
  });

  it('counts one in the singular and none in words', async () => {
    await setup('es', [escalated]);
    expect(await screen.findByRole('button', { name: 'Avisos: 1 sin leer' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Avisos: 1 sin leer' }));
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Marcar todos como leídos' }));
    expect(
      await screen.findByRole('button', { name: 'Avisos: ninguno sin leer' }),
    ).toBeInTheDocument();
  });

  it('does not say "none unread" when the count could not be loaded', async () => {
    const fake = notificationsFake([escalated]);
    renderWithApp(<NotificationBell />, {
      handlers: {
        ...fake.handlers,
        notifications: {
          ...fake.handlers.notifications,
          unreadCount: () => {
            throw { code: 'internal_error', message: 'boom' };
          },
        },
      },
    });
    expect(
      await screen.findByRole('button', {
        name: 'Avisos: no se ha podido saber cuántos hay sin leer',
      }),
    ).toBeInTheDocument();
  });

  it('opens the latest in a dialog, in Spanish, with names and links instead of ids', async () => {
    await setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avisos: 3 sin leer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avisos recientes' });
    const items = await within(dialog).findAllByRole('article');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Conversación escaladaSin leer',
      'Quedan pocos créditosSin leer',
      'Webhook desactivadoSin leer',
    ]);
    const [chat, credits, webhook] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(chat).toHaveTextContent(
      'Marta Vidal Puig ha escrito en el chat algo que requiere atención urgente (dolor en el pecho).',
    );
    expect(within(chat).getByRole('link', { name: 'Abrir el chat' })).toHaveAttribute(
      'href',
      '/chats/conv_01JCHAT',
    );
    expect(credits).toHaveTextContent('Quedan 180 créditos de los 2000 del plan mensual');
    expect(credits).toHaveTextContent('El saldo se renueva el 1 dic 2026.');
    expect(within(credits).getByRole('link', { name: 'Ver los créditos' })).toHaveAttribute(
      'href',
      '/credits',
    );
    expect(webhook).toHaveTextContent(
      'https://crm.example.org/hooks/engage ha dejado de recibir eventos: fallaron 19 de 20 intentos',
    );
    expect(within(webhook).getByRole('link', { name: 'Ver el webhook' })).toHaveAttribute(
      'href',
      '/webhooks/wh_01JHOOK',
    );
    // Times relative to the service clock, the exact one on hover; never an id or an ISO stamp.
    expect(within(chat).getByText('hace 30 minutos')).toHaveAttribute(
      'title',
      expect.stringMatching(/24 nov 2026/),
    );
    expect(dialog.textContent).not.toMatch(/ntf_|pat_|conv_|\d{4}-\d{2}-\d{2}T/);
  });

  it('marks one read, and follows a link (which reads it) closing the dialog', async () => {
    const { bridge, location } = await setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avisos: 3 sin leer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avisos recientes' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Marcar como leído: Webhook desactivado' }),
    );
    expect(await screen.findByRole('button', { name: 'Avisos: 2 sin leer' })).toBeInTheDocument();
    expect(bridge.log).toContainEqual({
      name: 'notifications.markRead',
      input: { id: webhookDisabled.id },
    });
    await waitFor(() =>
      expect(
        within(dialog).queryByRole('button', { name: /Webhook desactivado/ }),
      ).not.toBeInTheDocument(),
    );

    await user.click(within(dialog).getByRole('link', { name: 'Abrir el chat' }));
    expect(location.history.at(-1)).toBe('/chats/conv_01JCHAT');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Avisos: 1 sin leer' })).toBeInTheDocument();
    expect(bridge.log).toContainEqual({
      name: 'notifications.markRead',
      input: { id: escalated.id },
    });
  });

  it('follows the pushed notification event and the notifications topic', async () => {
    const { bridge, fake } = await setup('es', []);
    expect(
      await screen.findByRole('button', { name: 'Avisos: ninguno sin leer' }),
    ).toBeInTheDocument();
    fake.add(escalated);
    act(() => bridge.emit('notification', { id: escalated.id, kind: 'conversation.escalated' }));
    expect(await screen.findByRole('button', { name: 'Avisos: 1 sin leer' })).toBeInTheDocument();
    // Screen readers hear it too.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Avisos: 1 sin leer'));
    fake.add(creditsLow);
    act(() => bridge.emit('changed', { topics: ['notifications'] }));
    expect(await screen.findByRole('button', { name: 'Avisos: 2 sin leer' })).toBeInTheDocument();
  });

  it('shows an empty panel and errors with a retry', async () => {
    const { fake } = await setup('es', []);
    const user = userEvent.setup();
    let failing = true;
    const list = fake.handlers.notifications!.list!;
    fake.handlers.notifications!.list = (input) => {
      if (failing) throw { code: 'internal_error', message: 'boom' };
      return list(input);
    };
    await user.click(await screen.findByRole('button', { name: 'Avisos: ninguno sin leer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avisos recientes' });
    const alert = await within(dialog).findByRole('alert');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByText('No hay ningún aviso')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Marcar todos como leídos' })).toBeDisabled();
  });

  it('speaks Catalan', async () => {
    await setup('ca');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avisos: 3 sense llegir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avisos recents' });
    const items = await within(dialog).findAllByRole('article');
    expect(items[0]).toHaveTextContent(
      'Marta Vidal Puig ha escrit al xat alguna cosa que requereix atenció urgent (dolor al pit).',
    );
    expect(items[1]).toHaveTextContent('El saldo es renova el 1 de des. 2026.');
    expect(within(dialog).getByRole('button', { name: 'Marca-ho tot com a llegit' })).toBeEnabled();
    expect(within(items[2]!).getByRole('link', { name: 'Mostra el webhook' })).toBeInTheDocument();
  });
});
