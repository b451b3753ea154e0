import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

const suite = webAppSuite();

/**
 * A clinic's list as Spanish Excel saves it: `;`, CRLF, 1,000 rows of which 20 are bad (ten
 * without a last name, five with a wrong e-mail, five born in the future). Returns the file and
 * the lines the report must name.
 */
function clinicList(): { csv: string; bad: number[] } {
  const lines = ['Nombre;Apellidos;Móvil;Correo electrónico;Fecha de nacimiento;NHC'];
  const bad: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const line = lines.length + 1;
    const phone = `712 ${String(i).padStart(6, '0')}`;
    const email = `importado${i}@e2e.example`;
    let last = `Importado ${i}`;
    let mail = email;
    let born = '15/03/1970';
    if (i % 100 === 7) {
      last = '';
      bad.push(line);
    } else if (i % 200 === 21) {
      mail = `importado${i}-sin-arroba`;
      bad.push(line);
    } else if (i % 200 === 71) {
      born = '01/01/2099';
      bad.push(line);
    }
    lines.push(`Paciente;${last};${phone};${mail};${born};E2E-${i}`);
  }
  return { csv: `${lines.join('\r\n')}\r\n`, bad };
}

describe('patient import and CSV exports in web mode', () => {
  it('imports 1,000 rows with 20 bad ones, reports them by line, and finds them all again as duplicates', async () => {
    const { csv, bad } = clinicList();
    expect(bad).toHaveLength(20);
    const file = { name: 'pacientes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
    const { context, page } = await openApp(suite.browser, suite.app, '/patients');
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByRole('button', { name: 'Importar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar pacientes desde CSV' });
    await dialog.getByLabel('Archivo CSV').setInputFiles(file);
    await dialog.getByText(/Leído como UTF-8.*1000 filas, 980 listas para importar/).waitFor();
    expect(await dialog.getByLabel('NHC').inputValue()).toBe('mrn');
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-patient-import-preview');

    await dialog.getByRole('button', { name: 'Importar 980 pacientes' }).click();
    // One request, one transaction: waited for, not timed.
    await dialog.getByText('Importados 980 pacientes de 1000 filas.').waitFor();
    const report = dialog.getByTestId('import-problems');
    const items = await report.locator('li').allTextContents();
    expect(items).toHaveLength(20);
    expect(items.map((text) => Number(/Línea (\d+)/.exec(text)?.[1]))).toEqual(bad);
    expect(items[0]).toContain('Apellidos: falta');
    expect(items.some((text) => text.includes('Correo electrónico: formato no válido'))).toBe(true);
    expect(items.some((text) => text.includes('Fecha de nacimiento: es una fecha futura'))).toBe(
      true,
    );
    await screenshot(page, 'es-patient-import-report');

    // The 980 are there, as an integrator sees them.
    const listed = await api<{ total: number }>(suite.app, '/patients?search=e2e.example&limit=1');
    expect(listed.body.total).toBe(980);

    // The same file again: every good row is now a duplicate of a patient on file.
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    await dialog.getByLabel('Archivo CSV').setInputFiles(file);
    await dialog.getByText(/1000 filas, 0 listas para importar/).waitFor();
    await expect.poll(() => dialog.getByTestId('import-problems').locator('li').count()).toBe(1000);
    expect(
      await dialog
        .getByTestId('import-problems')
        .getByText(/ya registrado para/)
        .count(),
    ).toBe(980);
    expect(await dialog.getByRole('button', { name: 'Importar 0 pacientes' }).isDisabled()).toBe(
      true,
    );
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('exports the ledger, and the file opens with its header and a translated row', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/credits');
    await page.setViewportSize({ width: 1366, height: 768 });
    const ledger = page.getByRole('region', { name: 'Movimientos' });
    await expect.poll(() => ledger.getByRole('row').count()).toBeGreaterThan(2);
    // Each row names its patient and links it; the balance is explained in one sentence.
    await ledger.locator('a[href*="/patients/pat_"]').first().waitFor();
    expect(await page.getByTestId('credits-explained').textContent()).toMatch(
      /^Saldo [\d.]+: quedan [\d.]+ de los [\d.]+ créditos del plan de este mes/,
    );
    const downloading = page.waitForEvent('download');
    await ledger.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^creditos-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.toString('utf8'), { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'ID',
      'Fecha (UTC)',
      'Tipo',
      'Motivo',
      'Paciente',
      'ID de paciente',
      'Recurso',
      'ID de recurso',
      'Importe',
      'Saldo después',
    ]);
    const chat = rows.find((r) => r[3] === 'Conversación iniciada');
    expect(chat?.[4]).toBeTruthy();
    expect(chat?.[5]).toMatch(/^pat_/);
    expect(chat?.[8]).toBe('-10');
    expect(rows.some((r) => r[3] === 'Recarga de créditos: **** 4242')).toBe(true);
    await screenshot(page, 'es-credits-explained');

    // The same screen in Catalan.
    await page.goto(page.url().replace(/#.*$/, '#/settings'));
    await page.getByLabel('Idioma de la aplicación').selectOption('ca');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Configuració' }).waitFor();
    await page.goto(page.url().replace(/#.*$/, '#/credits'));
    await page.getByText(/^Saldo [\d.]+: queden /).waitFor();
    expect(await uiTextProblems(page, 'ca')).toEqual([]);
    await screenshot(page, 'ca-credits-explained');
    await page.goto(page.url().replace(/#.*$/, '#/patients'));
    await page.getByRole('button', { name: 'Importa CSV' }).click();
    await page.getByLabel('Fitxer CSV').setInputFiles({
      name: 'pacients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Nom;Cognoms;Mòbil\r\nMarta;Riu Soler;612 555 010\r\n', 'latin1'),
    });
    await page.getByText(/Llegit com a WINDOWS-1252.*1 files, 1 a punt per importar/).waitFor();
    await screenshot(page, 'ca-patient-import-preview');
    await page.getByRole('button', { name: 'Tanca' }).click();
    // Back to Spanish for any test after this one.
    await page.goto(page.url().replace(/#.*$/, '#/settings'));
    await page.getByLabel("Idioma de l'aplicació").selectOption('es');
    await page.getByRole('button', { name: 'Desa' }).click();
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('prints a call transcript on a clean page, without the window around it', async () => {
    const calls = await api<{ data: { id: string }[] }>(
      suite.app,
      '/voice/calls?status=completed&limit=1',
    );
    const id = calls.body.data[0]!.id;
    const { context, page } = await openApp(suite.browser, suite.app, `/calls/${id}`);
    await page.setViewportSize({ width: 1366, height: 768 });
    const print = page.getByRole('button', { name: 'Imprimir transcripción' });
    await print.waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.sidebar').isVisible()).toBe(false);
    expect(await print.isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await screenshot(page, 'es-call-print');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
