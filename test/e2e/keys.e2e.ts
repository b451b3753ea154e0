import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';

const suite = webAppSuite();

describe('API keys in web mode', () => {
  it('creates a key shown once that works over real HTTP with exactly its permissions, then revokes it', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/keys');
    await page.getByRole('button', { name: 'Nueva clave' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre').fill('Historia clínica e2e');
    await dialog.getByRole('checkbox', { name: 'Leer pacientes' }).check();
    await screenshot(page, 'es-keys-create');
    await dialog.getByRole('button', { name: 'Crear clave' }).click();

    const keyField = dialog.getByLabel('Clave de API');
    await expect.poll(() => keyField.inputValue()).toMatch(/^sk_[0-9A-Za-z]{43}/);
    const key = await keyField.inputValue();
    await expect.poll(() => dialog.getByText(/no se volverá a mostrar/).count()).toBe(1);
    await screenshot(page, 'es-keys-created');

    // The copy button puts exactly the key on the clipboard.
    await dialog.getByRole('button', { name: 'Copiar la clave' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);

    // A real HTTP call with the new key: its permission works, others are 403.
    const allowed = await api<{ data: unknown[] }>(suite.app, '/patients?limit=1', { key });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data).toHaveLength(1);
    const forbidden = await api<{ code: string }>(suite.app, '/billing/balance', { key });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('insufficient_permissions');

    await dialog.getByRole('button', { name: 'Ya la he guardado' }).click();
    // Once closed, the key is nowhere on the page.
    expect(await page.content()).not.toContain(key);
    const row = page.getByRole('row', { name: /Historia clínica e2e/ });
    await expect.poll(() => row.count()).toBe(1);

    await page.getByRole('button', { name: 'Revocar la clave «Historia clínica e2e»' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revocar la clave' }).click();
    await expect
      .poll(() => page.getByText('Se ha revocado la clave «Historia clínica e2e».').count())
      .toBe(1);
    const revoked = await api<{ code: string }>(suite.app, '/patients?limit=1', { key });
    expect(revoked.status).toBe(401);
    await screenshot(page, 'es-keys');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
