import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';

const suite = webAppSuite();

describe('settings in web mode', () => {
  it('advances the sandbox clock from the panel; the jobs run and the status bar follows', async () => {
    const before = await api<{ now: string; offsetSeconds: number }>(suite.app, '/sandbox/clock');
    const { context, page } = await openApp(suite.browser, suite.app, '/settings/developer');
    const clock = page.getByTestId('status-clock');
    await expect.poll(() => clock.count()).toBe(1);
    const shownBefore = await clock.textContent();
    await screenshot(page, 'es-settings');

    await page.getByRole('button', { name: '+1 día' }).click();
    await expect
      .poll(() => page.getByText(/Se ha(n)? ejecutado|No había tareas pendientes/).count())
      .toBeGreaterThan(0);
    const after = await api<{ now: string; offsetSeconds: number }>(suite.app, '/sandbox/clock');
    expect(after.body.offsetSeconds - before.body.offsetSeconds).toBeGreaterThanOrEqual(86_400);
    await expect.poll(() => clock.textContent()).not.toBe(shownBefore);
    await screenshot(page, 'es-settings-clock-advanced');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("switches the whole window to Catalan with the General page's Save and keeps it after a reload", async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/settings');
    await page.getByLabel('Idioma de la aplicación').selectOption('ca');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const nav = page.getByRole('navigation', { name: 'Navegació principal' });
    await expect.poll(() => nav.getByRole('link', { name: /Pacients/ }).count()).toBe(1);
    expect(await page.evaluate('document.documentElement.lang')).toBe('ca');
    await screenshot(page, 'ca-settings');

    await page.reload();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Navegació principal' }).count())
      .toBe(1);
    await nav.getByRole('link', { name: /Pacients/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Pacients');
    await screenshot(page, 'ca-patients');

    // Back to Spanish for the rest of the suite.
    await page.goto(`${suite.app.appUrl}#/settings`);
    await page.getByLabel("Idioma de l'aplicació").selectOption('es');
    await page.getByRole('button', { name: 'Desa' }).click();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Navegación principal' }).count())
      .toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
