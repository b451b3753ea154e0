import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';

interface Patient {
  id: string;
  firstName: string;
  lastName: string;
}

const suite = webAppSuite();
const LAPTOP = { width: 1366, height: 768 };

describe('the command palette and the settings pages in web mode, at 1366×768', () => {
  it('Ctrl+K finds a patient and Enter opens the patient page; Escape closes it', async () => {
    const { body } = await api<{ data: Patient[] }>(suite.app, '/patients?limit=5');
    const patient = body.data[0]!;
    const { context, page } = await openApp(suite.browser, suite.app, '/');
    await page.setViewportSize(LAPTOP);
    await expect.poll(() => page.getByRole('navigation').first().count()).toBe(1);

    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Buscar en Engage Desk' });
    const input = dialog.getByRole('combobox', {
      name: 'Buscar pacientes, formularios y pantallas',
    });
    await expect
      .poll(() => page.evaluate("document.activeElement?.getAttribute('role')"))
      .toBe('combobox');
    await input.fill(`${patient.firstName} ${patient.lastName}`);
    const patients = dialog.getByRole('group', { name: 'Pacientes' });
    const option = patients.getByRole('option', {
      name: new RegExp(`${patient.firstName} ${patient.lastName}`),
    });
    await expect.poll(() => option.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The dialog fits a 1366×768 window.
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(LAPTOP.height);
    // The arrows reach the patient (the only match is the first option, but walk to it).
    for (let i = 0; i < 10; i += 1) {
      if ((await option.first().getAttribute('aria-selected')) === 'true') break;
      await page.keyboard.press('ArrowDown');
    }
    expect(await option.first().getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'es-command-palette');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain(`#/patients/${patient.id}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(patient.lastName);
    expect(await dialog.count()).toBe(0);
    await screenshot(page, 'es-command-palette-patient');

    // Escape closes it and gives the focus back; g then p goes to the patients.
    await page.keyboard.press('Control+k');
    await expect.poll(() => dialog.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect.poll(() => page.url()).toMatch(/#\/patients\??$/);
    await page.keyboard.press('?');
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Atajos de teclado' }).count())
      .toBe(1);
    await screenshot(page, 'es-shortcuts-help');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('saves a settings page with one Save, shows a field error from the service, in es and ca', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/settings');
    await page.setViewportSize(LAPTOP);
    const general = page.getByRole('region', { name: 'General' });
    await expect.poll(() => general.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Guardar' }).count()).toBe(1);
    const name = general.getByLabel('Nombre de la clínica');
    const before = await name.inputValue();

    const email = general.getByLabel('Correo para avisos');
    const emailBefore = await email.inputValue();
    await email.fill('avisos@');
    await name.fill('Clínica Dental Norte');
    await general.getByRole('button', { name: 'Guardar' }).click();
    // The service's 422 sits next to its field, and nothing was saved (one bad value, nothing).
    await expect
      .poll(() => general.getByText('Introduce un correo electrónico válido.').count())
      .toBe(1);
    await email.fill(emailBefore);
    await general.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => general.getByText('Cambios guardados.').count()).toBe(1);
    await screenshot(page, 'es-settings-general');

    await page.getByRole('link', { name: 'Servidor' }).click();
    const server = page.getByRole('region', { name: 'Servidor local' });
    await expect
      .poll(() => server.getByTestId('settings-api-url').textContent())
      .toBe(suite.app.baseUrl);
    await screenshot(page, 'es-settings-server');

    await page.getByRole('link', { name: 'General' }).click();
    await page.getByLabel('Idioma de la aplicación').selectOption('ca');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Navegació principal' }).count())
      .toBe(1);
    await screenshot(page, 'ca-settings-general');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Cerca a Engage Desk' });
    await dialog.getByRole('combobox').fill('pac');
    await expect.poll(() => dialog.getByRole('option', { name: 'Pacients' }).count()).toBe(1);
    await screenshot(page, 'ca-command-palette');
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Servidor' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Servidor local' }).count()).toBe(1);
    await screenshot(page, 'ca-settings-server');

    // Back to Spanish and the clinic's name for the rest of the suite.
    await page.getByRole('link', { name: 'General' }).click();
    await page.getByLabel("Idioma de l'aplicació").selectOption('es');
    await page.getByLabel('Nom de la clínica').fill(before);
    await page.getByRole('button', { name: 'Desa' }).click();
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Navegación principal' }).count())
      .toBe(1);
    expect(pageErrors(page).filter((e) => !e.startsWith('HTTP 422'))).toEqual([]);
    await context.close();
  });
});
