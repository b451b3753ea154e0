import { describe, expect, it } from 'vitest';
import { openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

const suite = webAppSuite();

describe('every screen renders the demo clinic without errors', () => {
  it.each([
    ['dashboard', '/', 'Panel'],
    ['credits', '/credits', 'Créditos'],
    ['patients', '/patients', 'Pacientes'],
    ['keys', '/keys', 'Claves de API'],
    ['settings', '/settings', 'Configuración'],
  ])('%s', async (name, path, title) => {
    const { context, page } = await openApp(suite.browser, suite.app, path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    // The status bar has the API base URL of this very server.
    await expect.poll(() => page.getByTestId('api-base-url').textContent()).toBe(suite.app.baseUrl);
    await expect.poll(() => page.locator('.state-loading').count(), { timeout: 20_000 }).toBe(0);
    expect(await page.locator('.state-error').count()).toBe(0);
    // No raw ISO timestamps on screen.
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, `es-${name}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
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
