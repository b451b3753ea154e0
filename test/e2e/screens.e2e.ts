import { describe, expect, it } from 'vitest';
import { openApp, pageErrors, screenshot, webAppSuite } from './harness';

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
    await screenshot(page, `es-${name}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
