import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe-check';
import {
  api,
  openApp,
  pageErrorsAcrossRestart,
  screenshot,
  watchRestart,
  webAppSuite,
} from './harness';

const suite = webAppSuite();

interface Patient {
  id: string;
  firstName: string;
  lastName: string;
}

describe('backups and restore in web mode', () => {
  it('Settings > Data shows the last backup; a restore brings back a patient edited after it and drops one created after it', async () => {
    const created = await api<Patient>(suite.app, '/patients', {
      method: 'POST',
      body: { firstName: 'Berta', lastName: 'Antes', phone: '+34600123456' },
    });
    expect(created.status).toBe(201);
    const { context, page } = await openApp(suite.browser, suite.app, '/settings/data');
    await expect
      .poll(() => page.getByTestId('last-backup').textContent())
      .toBe('Todavía no hay ninguna copia de seguridad.');
    await page.getByRole('button', { name: 'Hacer copia ahora' }).click();
    await expect
      .poll(() => page.getByTestId('last-backup').textContent())
      .toMatch(/^Última copia correcta: /);
    await expect
      .poll(() => page.getByRole('button', { name: /^Restaurar la copia del / }).count())
      .toBe(1);
    await screenshot(page, 'es-settings-data');
    await expectAccessible(page, 'Settings > Data');

    // After the backup: the patient is edited and another one is created.
    const edited = await api<Patient>(suite.app, `/patients/${created.body.id}`, {
      method: 'PATCH',
      body: { lastName: 'Después' },
    });
    expect(edited.body.lastName).toBe('Después');
    const later = await api<Patient>(suite.app, '/patients', {
      method: 'POST',
      body: { firstName: 'Ciro', lastName: 'Posterior', phone: '+34600654321' },
    });
    expect(later.status).toBe(201);

    // Pick the backup, see what it holds, confirm.
    await page.getByRole('button', { name: /^Restaurar la copia del / }).click();
    const dialog = page.getByRole('dialog', { name: 'Restaurar una copia de seguridad' });
    await expect.poll(() => dialog.getByText('Pacientes').count()).toBeGreaterThan(0);
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Restaurar esta copia' }).isEnabled())
      .toBe(true);
    await screenshot(page, 'es-settings-data-restore');
    const watch = watchRestart(page, suite.app);
    await dialog.getByRole('button', { name: 'Restaurar esta copia' }).click();

    // The app reloads onto the restored clinic and says so, or the dialog says why not; either
    // way a failure says where the window was and what the server logged.
    await watch.restored(
      page.getByText(/^Restaurada el /),
      dialog.getByRole('alert'),
      'es-settings-data-restore-failed',
    );
    const back = await api<Patient>(suite.app, `/patients/${created.body.id}`);
    expect(back.body.lastName).toBe('Antes');
    const gone = await api(suite.app, `/patients/${later.body.id}`);
    expect(gone.status).toBe(404);
    // And the window shows the restored values.
    await page.goto(`${suite.app.appUrl}#/patients/${created.body.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Antes/);
    await screenshot(page, 'es-patient-restored');
    expect(pageErrorsAcrossRestart(page)).toEqual([]);
    await context.close();
  });
});
