import { describe, expect, it } from 'vitest';
import { resourcesFor } from '../../src-renderer/src/i18n/resources';
import { openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

const suite = webAppSuite();

/** Every screen of the sidebar (and the notification centre): its route and its namespace. */
const SCREENS = [
  ['dashboard', '/', 'dashboard', 'Panel'],
  ['alerts', '/alerts', 'alerts', 'Alertas'],
  ['patients', '/patients', 'patients', 'Pacientes'],
  ['forms', '/forms', 'forms', 'Formularios'],
  ['deliveries', '/deliveries', 'deliveries', 'Envíos'],
  ['chats', '/chats', 'chats', 'Chats'],
  ['calls', '/calls', 'calls', 'Llamadas'],
  ['credits', '/credits', 'credits', 'Créditos'],
  ['webhooks', '/webhooks', 'webhooks', 'Webhooks'],
  ['keys', '/keys', 'keys', 'Claves de API'],
  ['developer', '/developer', 'developer', 'Desarrolladores'],
  ['settings', '/settings', 'settings', 'Configuración'],
  ['notifications', '/notifications', 'notifications', 'Avisos'],
] as const;

/** Opens a screen and waits until it has loaded: its title, the status bar, no spinner left. */
async function openScreen(path: string, title: string) {
  const opened = await openApp(suite.browser, suite.app, path);
  const { page } = opened;
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  // The status bar has the API base URL of this very server.
  await expect.poll(() => page.getByTestId('api-base-url').textContent()).toBe(suite.app.baseUrl);
  await expect.poll(() => page.locator('.state-loading').count(), { timeout: 20_000 }).toBe(0);
  expect(await page.locator('.state-error').count()).toBe(0);
  return opened;
}

describe('every screen renders the demo clinic without errors', () => {
  it.each(SCREENS)('%s', async (name, path, _ns, title) => {
    const { context, page } = await openScreen(path, title);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, `es-${name}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('in Catalan too, with no Spanish or English phrase left on any screen', async () => {
    const catalan = resourcesFor('ca');
    const setup = await openScreen('/settings', 'Configuración');
    await setup.page.getByLabel('Idioma de la aplicación').selectOption('ca');
    await setup.page.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => setup.page.getByRole('heading', { level: 1 }).textContent())
      .toBe(catalan.settings.title);
    await setup.context.close();
    try {
      for (const [name, path, ns] of SCREENS) {
        const { context, page } = await openScreen(path, catalan[ns].title);
        expect(await page.evaluate('document.documentElement.lang')).toBe('ca');
        expect(await uiTextProblems(page, 'ca'), name).toEqual([]);
        await screenshot(page, `ca-${name}`);
        expect(pageErrors(page)).toEqual([]);
        await context.close();
      }
    } finally {
      const back = await openScreen('/settings', catalan.settings.title);
      await back.page.getByLabel("Idioma de l'aplicació").selectOption('es');
      await back.page.getByRole('button', { name: 'Desa' }).click();
      await expect
        .poll(() => back.page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Configuración');
      await back.context.close();
    }
  });
});

describe('the screen text checks', () => {
  it('see the Spanish window as foreign to Catalan and English, so a slip would be caught', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/keys');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Claves de API');
    await expect.poll(() => page.locator('.state-loading').count(), { timeout: 20_000 }).toBe(0);
    const asCatalan = await uiTextProblems(page, 'ca');
    expect(asCatalan.filter((p) => p.kind === 'foreign-string').length).toBeGreaterThan(3);
    expect(asCatalan.map((p) => p.text)).toContain('Claves de API');
    const asEnglish = await uiTextProblems(page, 'en');
    expect(asEnglish.map((p) => p.text)).toContain('Claves de API');

    // A raw id and an ISO timestamp slipped into the page are found; inside <code> they are data.
    await page.evaluate(`(() => {
      const slip = document.createElement('p');
      slip.textContent = 'Paciente pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G el 2026-11-24T10:00:00.000Z';
      const data = document.createElement('code');
      data.textContent = 'GET /patients/pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G';
      document.querySelector('main').append(slip, data);
    })()`);
    const kinds = (await uiTextProblems(page, 'es')).map((p) => p.kind).sort();
    expect(kinds).toEqual(['iso-timestamp', 'raw-id']);
    await context.close();
  });
});
