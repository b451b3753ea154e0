import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
const folder = mkdtempSync(join(tmpdir(), 'engage-desk-e2e-archive-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Patient {
  id: string;
  firstName: string;
  lastName: string;
}
interface Page<T> {
  data: T[];
  pagination: { hasMore: boolean; cursor: string };
}

const PASSPHRASE = 'tres tristes tigres comen trigo';

async function patientIds(): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  for (;;) {
    const { body } = await api<Page<Patient>>(
      suite.app,
      `/patients?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    ids.push(...body.data.map((p) => p.id));
    if (!body.pagination.hasMore) break;
    cursor = body.pagination.cursor;
  }
  return ids.sort();
}

describe('moving a clinic in web mode', () => {
  it('exports from Settings > Data; importing the archive drops a patient created after it', async () => {
    const before = await patientIds();
    const file = join(folder, 'Clinica-Demo.engagedesk');
    const { context, page } = await openApp(suite.browser, suite.app, '/settings/data');

    // Export: where to write it, the passphrase twice.
    await page.getByRole('button', { name: 'Exportar la clínica…' }).click();
    const exporting = page.getByRole('dialog', { name: 'Exportar la clínica' });
    await exporting.getByLabel('Archivo que se creará').fill(file);
    await exporting.getByLabel('Frase de paso', { exact: true }).fill(PASSPHRASE);
    await exporting.getByLabel('Repite la frase de paso').fill(PASSPHRASE);
    await screenshot(page, 'es-settings-data-export');
    await exporting.getByRole('button', { name: 'Exportar', exact: true }).click();
    await expect
      .poll(() => exporting.getByRole('status').textContent(), { timeout: 30_000 })
      .toBe(`Clínica exportada y comprobada en ${file}.`);
    await expectAccessible(page, 'Export the clinic');
    await exporting.getByRole('button', { name: 'Cerrar' }).click();

    // After the export: a new patient.
    const later = await api<Patient>(suite.app, '/patients', {
      method: 'POST',
      body: { firstName: 'Ciro', lastName: 'Posterior', phone: '+34600654321' },
    });
    expect(later.status).toBe(201);

    // Import: the file, a wrong passphrase first, then the right one, what it holds, confirm.
    await page.getByRole('button', { name: 'Importar una clínica…' }).click();
    const importing = page.getByRole('dialog', { name: 'Importar una clínica' });
    await importing.getByLabel('Archivo de la clínica').fill(file);
    await importing.getByLabel('Frase de paso').fill('una frase equivocada');
    await importing.getByRole('button', { name: 'Ver qué contiene' }).click();
    await expect
      .poll(() => importing.getByRole('alert').textContent(), { timeout: 30_000 })
      .toMatch(/La frase de paso no abre este archivo/);
    await importing.getByLabel('Frase de paso').fill(PASSPHRASE);
    await importing.getByRole('button', { name: 'Ver qué contiene' }).click();
    await expect
      .poll(() => importing.getByRole('button', { name: 'Importar esta clínica' }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await importing.getByText(String(before.length), { exact: true }).count()).toBe(1);
    await screenshot(page, 'es-settings-data-import');
    await expectAccessible(page, 'Import a clinic');
    const watch = watchRestart(page, suite.app);
    await importing.getByRole('button', { name: 'Importar esta clínica' }).click();

    // The app reloads onto the imported clinic and says so, or the dialog says why nothing was
    // imported; either way a failure says where the window was and what the server logged.
    await watch.restored(
      page.getByText(/^Restaurada el .*Clinica-Demo\.engagedesk/),
      importing.getByRole('alert'),
      'es-settings-data-import-failed',
    );
    const gone = await api(suite.app, `/patients/${later.body.id}`);
    expect(gone.status).toBe(404);
    expect(await patientIds()).toEqual(before);
    expect(pageErrorsAcrossRestart(page)).toEqual([]);
    await context.close();
  });
});
