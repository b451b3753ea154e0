import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, type WebApp } from './harness';

/**
 * The window's screens and dialogs as the accessibility and layout checks visit them (in Spanish,
 * on the demo clinic): one list, so a new dialog added here is checked by both.
 */

/** Every screen of the sidebar (and the notification centre): its route and its title. */
export const SIDEBAR_SCREENS = [
  ['dashboard', '/', 'Panel'],
  ['alerts', '/alerts', 'Alertas'],
  ['patients', '/patients', 'Pacientes'],
  ['forms', '/forms', 'Formularios'],
  ['responses', '/responses', 'Respuestas recibidas'],
  ['deliveries', '/deliveries', 'Envíos'],
  ['chats', '/chats', 'Chats'],
  ['calls', '/calls', 'Llamadas'],
  ['credits', '/credits', 'Créditos'],
  ['webhooks', '/webhooks', 'Webhooks'],
  ['keys', '/keys', 'Claves de API'],
  ['developer', '/developer', 'Desarrolladores'],
  ['settings', '/settings', 'Configuración'],
  // Not in the sidebar itself: the audit log is a page of the settings (its own link there).
  ['audit-log', '/settings/audit', 'Configuración'],
  ['notifications', '/notifications', 'Avisos'],
] as const;

/** Waits until a screen has loaded: a level-1 heading and no spinner left. */
export async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator('.state-loading').count(), { timeout: 20_000 }).toBe(0);
}

/** Follows the first link in <main> whose address contains `fragment` (a record's own page). */
export async function openFirst(page: Page, fragment: string): Promise<void> {
  await settled(page);
  await page.locator(`main a[href*="${fragment}"]`).first().click();
  await settled(page);
}

/** What the patient writes in the prepared chat: ordinary words, then a warning sign. */
const CHAT_LINES = [
  'Hola, ya estoy en casa desde el martes.',
  'Camino un poco cada día con el andador.',
  'La herida está limpia y no supura.',
  'Duermo regular por las noches.',
  'Tengo un dolor muy fuerte en el pecho y me cuesta respirar.',
];

/**
 * The demo clinic's chats have all ended and its alerts are settled, so the checks make their
 * own: an active chat with a few messages, whose last one raises an urgent alert (the triage's
 * own path, as a patient would write it). Answers the chat's route.
 */
export async function prepareChatAndAlert(app: WebApp): Promise<string> {
  const { body: patients } = await api<{ data: { id: string }[] }>(
    app,
    '/patients?status=active&limit=1',
  );
  const { status, body: chat } = await api<{ id: string }>(app, '/conversations', {
    method: 'POST',
    body: {
      patientId: patients.data[0]!.id,
      context: 'Seguimiento tras la cirugía.',
      language: 'es',
    },
  });
  expect(status).toBe(201);
  for (const content of CHAT_LINES) {
    const sent = await api(app, `/conversations/${chat.id}/messages`, {
      method: 'POST',
      body: { content },
    });
    expect(sent.status).toBe(200);
  }
  return `/chats/${chat.id}`;
}

export interface DialogCase {
  name: string;
  /** Where the dialog is opened from. */
  path: string;
  /** Opens it from that screen (already loaded) and answers the open dialog. */
  open: (page: Page) => Promise<Locator>;
  /** The dialog's primary action, which must stay in view. */
  primary: string | RegExp;
}

function byButton(
  opener: string | RegExp,
  title: string | RegExp,
  before?: (page: Page) => Promise<void>,
  ready?: (dialog: Locator) => Promise<void>,
) {
  return async (page: Page) => {
    if (before) await before(page);
    await page
      .getByRole('button', { name: opener, exact: typeof opener === 'string' })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    if (ready) await ready(dialog);
    return dialog;
  };
}

export const DIALOGS: readonly DialogCase[] = [
  {
    name: 'new-patient',
    path: '/patients',
    open: byButton('Nuevo paciente', 'Nuevo paciente'),
    primary: 'Crear paciente',
  },
  {
    name: 'edit-patient',
    path: '/patients',
    open: byButton('Editar', 'Editar paciente', (page) => openFirst(page, '/patients/pat_')),
    primary: 'Guardar cambios',
  },
  {
    name: 'patient-note',
    path: '/patients',
    open: byButton('Añadir nota', /Nueva nota/, (page) => openFirst(page, '/patients/pat_')),
    primary: 'Guardar nota',
  },
  {
    name: 'schedule',
    path: '/deliveries',
    open: byButton('Programar envío', 'Programar un envío'),
    primary: 'Programar envío',
  },
  {
    name: 'start-chat',
    path: '/chats',
    open: byButton('Nueva conversación', 'Nueva conversación'),
    primary: 'Iniciar la conversación',
  },
  {
    name: 'end-chat',
    path: '/chats',
    open: byButton('Finalizar la conversación', '¿Finalizar la conversación?', (page) =>
      openFirst(page, '/chats/conv_'),
    ),
    primary: 'Finalizar',
  },
  {
    name: 'start-call',
    path: '/calls',
    open: byButton('Nueva llamada', 'Nueva llamada'),
    primary: 'Iniciar la llamada',
  },
  {
    name: 'top-up',
    path: '/credits',
    open: byButton('Añadir créditos', 'Añadir créditos'),
    primary: 'Añadir',
  },
  {
    name: 'new-key',
    path: '/keys',
    open: byButton('Nueva clave', 'Nueva clave de API'),
    primary: 'Crear clave',
  },
  {
    name: 'new-webhook',
    path: '/webhooks',
    open: byButton('Registrar webhook', 'Registrar un webhook'),
    primary: 'Registrar',
  },
  {
    name: 'validated-instrument',
    path: '/forms',
    open: byButton('Añadir instrumento validado', 'Añadir un instrumento validado'),
    primary: 'Añadir',
  },
  {
    name: 'alert-acknowledge',
    path: '/alerts',
    open: byButton(/^Marcar como vista la alerta de /, 'Marcar la alerta como vista'),
    primary: 'Marcar como vista',
  },
  {
    name: 'alert-resolve',
    path: '/alerts',
    open: byButton(/^Resolver la alerta de /, 'Resolver la alerta'),
    primary: 'Resolver',
  },
  {
    name: 'notification-bell',
    path: '/',
    open: byButton(/\bavisos?\b/i, 'Avisos recientes'),
    primary: /Ver todos/,
  },
  {
    // Settings > Data: a backup made first, then what it holds before restoring it.
    name: 'restore-backup',
    path: '/settings/data',
    open: byButton(
      /^Restaurar la copia del /,
      'Restaurar una copia de seguridad',
      async (page) => {
        const restore = page.getByRole('button', { name: /^Restaurar la copia del / });
        await page
          .getByText(/^(Última copia correcta|Todavía no hay ninguna copia)/)
          .first()
          .waitFor();
        // One backup, made once: a second one in the same hour replaces the first (rotation), and
        // a listed button whose file was just rotated away would open a dialog that cannot read it.
        if ((await restore.count()) === 0) {
          await page.getByRole('button', { name: 'Hacer copia ahora' }).click();
          await page.getByText('Copia hecha y comprobada.').waitFor();
        }
        await restore.first().waitFor();
      },
      // What the backup holds arrives after the dialog opens and pushes its buttons down: it is
      // measured once that is on screen, not while it is still being checked.
      async (dialog) => {
        await dialog.getByLabel('Lo que contiene la copia').waitFor();
        await expect
          .poll(() => dialog.getByRole('button', { name: 'Restaurar esta copia' }).isEnabled())
          .toBe(true);
      },
    ),
    primary: 'Restaurar esta copia',
  },
  {
    // Settings > Data: the clinic as one archive (the passphrase twice, where to write it).
    name: 'export-clinic',
    path: '/settings/data',
    open: byButton('Exportar la clínica…', 'Exportar la clínica'),
    primary: 'Exportar',
  },
  {
    // Settings > Data: an archive, its passphrase, then what it holds before importing it.
    name: 'import-clinic',
    path: '/settings/data',
    open: byButton('Importar una clínica…', 'Importar una clínica'),
    primary: 'Ver qué contiene',
  },
];
