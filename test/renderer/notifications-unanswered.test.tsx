import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../src-preload/contract';
import { NotificationsScreen } from '../../src-renderer/src/features/notifications/notifications-screen';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { notificationsFake } from './notifications-fixtures';
import { renderWithApp } from './render-app';

/** A patient wrote on their chat page (/c/) and the balance could not pay the answer. */
const unanswered = (signs: string[]): Notification =>
  ({
    id: 'ntf_un',
    kind: 'conversation.unanswered',
    data: {
      conversationId: 'conv_9',
      patient: { id: 'pat_9', firstName: 'Núria', lastName: 'Puig' },
      reason: 'insufficient_credits',
      content: 'Me duele mucho el pecho',
      signs,
      at: '2026-11-24T09:00:00.000Z',
    },
    createdAt: '2026-11-24T09:00:00.000Z',
  }) as Notification;

async function show(notification: Notification, language: AppLanguage = 'es') {
  const fake = notificationsFake([notification]);
  const rendered = renderWithApp(<NotificationsScreen />, {
    language,
    path: '/notifications',
    handlers: fake.handlers,
  });
  await act(() => rendered.appStore.getState().start());
  await waitFor(() =>
    expect(within(screen.getByRole('list')).getAllByRole('article')).toHaveLength(1),
  );
  return within(screen.getByRole('list')).getByRole('article');
}

describe('notification: a chat message nobody could answer', () => {
  it('says who wrote what, the warning signs, and links to the chat', async () => {
    const article = await show(unanswered(['chest_pain']));
    expect(article).toHaveTextContent(
      'Núria Puig ha escrito desde su enlace de chat y no hay créditos para responder: «Me duele mucho el pecho». Llámele.',
    );
    expect(article).toHaveTextContent('Señales de alarma: dolor en el pecho.');
    expect(
      within(article)
        .getByRole('link', { name: /Abrir el chat/ })
        .getAttribute('href'),
    ).toBe('/chats/conv_9');
  });

  it('leaves the signs out when there are none, and speaks Catalan', async () => {
    const article = await show(unanswered([]), 'ca');
    expect(article).toHaveTextContent('no hi ha crèdits per respondre: «Me duele mucho el pecho»');
    expect(article).not.toHaveTextContent("Senyals d'alarma");
  });
});
