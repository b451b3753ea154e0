import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe-check';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';

/*
 * Issue 19 at 1366×768: from the patient list, filter the patients tagged diabetes, tick five of
 * them (one, then Shift for a range), send them a recurring PHQ-9 from the bulk bar, and find a
 * series of seven deliveries for each of the five; then add a tag to them in one step. Spanish,
 * with the Catalan bar in a screenshot.
 */

const suite = webAppSuite();

interface PatientBody {
  id: string;
  firstName: string;
  lastName: string;
  tags: string[];
}

describe('bulk work from the patient list', () => {
  it('selects five patients tagged diabetes and schedules a recurring PHQ-9 for them', async () => {
    const tagged = await api<{ data: PatientBody[]; total: number }>(
      suite.app,
      '/patients?tag=diabetes&status=active&sort=name&limit=100',
    );
    expect(tagged.body.total).toBeGreaterThan(5);
    const forms = await api<{ data: { id: string; name: string }[] }>(
      suite.app,
      '/clinical-forms?limit=100&status=active',
    );
    const phq9 = forms.body.data.find((f) => f.name.includes('PHQ-9'))!;
    const seriesOf = async (patientId: string) =>
      (await api<{ data: unknown[] }>(suite.app, `/form-schedule-series?patientId=${patientId}`))
        .body.data.length;
    const sixth = tagged.body.data[5]!;
    const sixthBefore = await seriesOf(sixth.id);

    const { context, page } = await openApp(suite.browser, suite.app, '/patients');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('Estado').selectOption('active');
    await page.getByLabel('Etiqueta', { exact: true }).selectOption('diabetes');
    await page
      .getByRole('columnheader', { name: /Nombre/ })
      .getByRole('button')
      .click();
    await expect
      .poll(() => page.getByTestId('patients-total').textContent(), { timeout: 20_000 })
      .toBe(`${tagged.body.total} pacientes`);
    await expect
      .poll(() => page.locator('[data-row-link="0"]').textContent(), { timeout: 20_000 })
      .toBe(`${tagged.body.data[0]!.lastName}, ${tagged.body.data[0]!.firstName}`);

    // The first row, then Shift and the fifth: five patients.
    const boxes = page.getByRole('table').getByRole('checkbox', { name: /^Seleccionar a / });
    await boxes.nth(0).click();
    await boxes.nth(4).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Acciones con los pacientes seleccionados' });
    await expect
      .poll(() => bar.getByText('5 pacientes seleccionados').count(), { timeout: 10_000 })
      .toBe(1);
    await expectAccessible(page, 'patients with a selection');
    await screenshot(page, 'es-patients-selection');

    await bar.getByRole('button', { name: 'Enviar formulario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Programar un envío' });
    await expect.poll(() => dialog.getByText('5 pacientes seleccionados').count()).toBe(1);
    await dialog.getByLabel('Formulario').selectOption({ label: phq9.name });
    await dialog.getByRole('radio', { name: /^WhatsApp/ }).check();
    await dialog.getByRole('checkbox', { name: 'Repetir el envío' }).check();
    await expect
      .poll(() => dialog.getByTestId('schedule-cost').textContent())
      .toMatch(/^7 envíos por paciente · Coste: \d+ créditos/);
    await dialog.getByRole('button', { name: 'Revisar 5 envíos' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar el envío' });
    await confirm.getByRole('button', { name: /^Programar/ }).click();
    const done = page.getByRole('dialog', { name: 'Resumen del envío' });
    await expect
      .poll(() => done.getByText('Se han programado 5 envíos.').count(), { timeout: 20_000 })
      .toBe(1);
    await done.getByRole('button', { name: 'Cerrar' }).click();

    // Each of the five has one series of seven PHQ-9 deliveries, every two weeks.
    for (const patient of tagged.body.data.slice(0, 5)) {
      const series = await api<{ data: { occurrences: number; status: string }[] }>(
        suite.app,
        `/form-schedule-series?patientId=${patient.id}`,
      );
      const mine = series.body.data.filter((s) => s.status === 'active' && s.occurrences === 7);
      expect(mine.length, patient.id).toBeGreaterThanOrEqual(1);
    }
    // Nobody else of the list got one.
    expect(await seriesOf(sixth.id)).toBe(sixthBefore);

    // The same five get a tag in one step, and the report says so.
    await bar.getByRole('button', { name: 'Añadir etiqueta' }).click();
    const retag = page.getByRole('dialog', { name: 'Añadir una etiqueta' });
    await retag.getByRole('combobox', { name: 'Etiqueta' }).fill('serie-phq9');
    await retag.getByRole('button', { name: 'Añadir a 5 pacientes' }).click();
    await expect
      .poll(() => page.getByText('Etiqueta «serie-phq9» añadida a 5 pacientes.').count())
      .toBe(1);
    const retagged = await api<{ total: number }>(suite.app, '/patients?tag=serie-phq9');
    expect(retagged.body.total).toBe(5);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the selection bar in Catalan', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/settings');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('Idioma de la aplicación').selectOption('ca');
    await page
      .getByRole('button', { name: /^Desa|^Guardar/ })
      .first()
      .click();
    await page.goto(`${suite.app.appUrl.replace(/\/$/, '')}/#/patients`);
    await expect
      .poll(() => page.getByTestId('patients-total').textContent(), { timeout: 20_000 })
      .toMatch(/pacients$/);
    await page.getByRole('checkbox', { name: /^Selecciona els \d+ pacients carregats/ }).check();
    const bar = page.getByRole('region', { name: 'Accions amb els pacients seleccionats' });
    await expect.poll(() => bar.getByText(/pacients seleccionats$/).count()).toBe(1);
    await screenshot(page, 'ca-patients-selection');
    // Back to Spanish for the rest of the suite's files (each has its own app, but be tidy).
    await page.goto(`${suite.app.appUrl.replace(/\/$/, '')}/#/settings`);
    await page.getByLabel("Idioma de l'aplicació").selectOption('es');
    await page.getByRole('button', { name: /^Desa/ }).first().click();
    await context.close();
  });
});
