import { describe, expect, it } from 'vitest';
import { addQuestion, question } from './form-builder-steps';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

/**
 * The coordinator's whole loop across screens, as the issue names it: build a form with every
 * field type, schedule it to a patient, advance the sandbox clock, open the patient's link from
 * the outbox, answer it in the browser as the patient would, and see the response and its trend
 * back in the app. Nothing in between goes around the window but the clock's check.
 */
const suite = webAppSuite();

interface PatientBody {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
  status: string;
  metadata: { preferredLanguage?: string };
}

const FORM = 'Control de recuperación e2e';

describe('the main path through the window', () => {
  it('builds, schedules, delivers, answers and reads back a form', async () => {
    // A demo patient with an e-mail address, a surname nobody else has (found as a person would)
    // and Spanish as their language, so the form page speaks Spanish.
    const listed = await api<{ data: PatientBody[] }>(
      suite.app,
      '/patients?status=active&limit=100',
    );
    const surnames = new Map<string, number>();
    for (const p of listed.body.data) surnames.set(p.lastName, (surnames.get(p.lastName) ?? 0) + 1);
    const patient = listed.body.data.find(
      (p) =>
        p.email &&
        surnames.get(p.lastName) === 1 &&
        (p.metadata.preferredLanguage ?? 'es') === 'es',
    )!;
    const name = `${patient.firstName} ${patient.lastName}`;

    // 1. Build the form: one question of every type.
    const { context, page } = await openApp(suite.browser, suite.app, '/forms/new');
    await page.getByLabel('Nombre', { exact: true }).fill(FORM);
    await page.getByLabel('Tipo', { exact: true }).selectOption({ label: 'Seguimiento' });
    await addQuestion(page, 'Texto', 'Comentarios');
    await addQuestion(page, 'Número', 'Temperatura');
    await addQuestion(page, 'Escala', 'Dolor');
    await addQuestion(page, 'Opción única', 'Herida');
    await addQuestion(page, 'Opción múltiple', 'Síntomas');
    await addQuestion(page, 'Sí / No', 'Medicación tomada');
    await addQuestion(page, 'Fecha', 'Última cura');
    await question(page, 1).getByLabel('Obligatoria', { exact: true }).uncheck();
    await question(page, 2).getByLabel('Mínimo', { exact: true }).fill('35');
    await question(page, 2).getByLabel('Máximo', { exact: true }).fill('42');
    await question(page, 3).getByLabel('Máximo', { exact: true }).fill('10');
    const wound = question(page, 4);
    await wound.getByLabel('Opción 1', { exact: true }).fill('Limpia');
    await wound.getByRole('button', { name: 'Añadir una opción' }).click();
    await wound.getByLabel('Opción 2', { exact: true }).fill('Enrojecida');
    const symptoms = question(page, 5);
    await symptoms.getByLabel('Opción 1', { exact: true }).fill('Fiebre');
    await symptoms.getByRole('button', { name: 'Añadir una opción' }).click();
    await symptoms.getByLabel('Opción 2', { exact: true }).fill('Náuseas');
    await page.getByRole('button', { name: 'Guardar formulario' }).click();
    await expect
      .poll(() => page.getByText(`Se ha guardado el formulario «${FORM}».`).count())
      .toBe(1);

    // 2. Schedule it to the patient by e-mail, now.
    await page.goto(`${suite.app.appUrl}#/deliveries`);
    await page.getByRole('button', { name: 'Programar envío' }).click();
    const dialog = page.getByRole('dialog', { name: 'Programar un envío' });
    await dialog.getByLabel('Buscar pacientes').fill(patient.lastName);
    const box = dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) });
    await expect.poll(() => box.count()).toBe(1);
    await box.check();
    await dialog.getByLabel('Formulario').selectOption({ label: FORM });
    await dialog.getByRole('radio', { name: /^Correo electrónico/ }).check();
    await dialog.getByRole('button', { name: 'Programar envío' }).click();
    await expect.poll(() => page.getByText(`Envío programado para ${name}:`).count()).toBe(1);

    // 3. Advance the sandbox clock from the settings panel: the delivery goes out on the way.
    await page.goto(`${suite.app.appUrl}#/settings/developer`);
    await page.getByRole('button', { name: '+1 hora' }).click();
    await expect
      .poll(() => page.getByText(/Se ha(n)? ejecutado|No había tareas pendientes/).count())
      .toBeGreaterThan(0);

    // 4. The outbox has the e-mail with the patient's link.
    await page.goto(`${suite.app.appUrl}#/deliveries/outbox`);
    await page.getByRole('combobox', { name: 'Paciente' }).fill(patient.lastName);
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    const message = page
      .getByRole('article', { name: `Mensaje a ${name}` })
      .filter({ hasText: FORM })
      .first();
    await expect.poll(() => message.count()).toBe(1);
    const link = message.getByRole('link', {
      name: `Abrir el formulario de ${name} en una ventana nueva`,
    });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/\/f\/[A-Za-z0-9_-]{43}$/);

    // 5. The patient answers in the browser.
    const [form] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await form.waitForLoadState();
    await expect.poll(() => form.getByRole('heading', { name: FORM }).count()).toBe(1);
    await form.getByLabel(/^Comentarios/).fill('Me encuentro mejor cada día.');
    // A number box takes the browser's own digits; the page accepts a decimal comma too.
    await form.getByLabel(/^Temperatura/).fill('37.2');
    await form
      .getByRole('group', { name: /^Dolor/ })
      .getByRole('radio', { name: '3' })
      .check();
    await form.getByRole('radio', { name: 'Limpia' }).check();
    await form.getByRole('checkbox', { name: 'Náuseas' }).check();
    await form
      .getByRole('group', { name: /^Medicación tomada/ })
      .getByRole('radio', { name: 'Sí' })
      .check();
    await form.getByLabel(/^Última cura/).fill('2026-11-20');
    await form.getByRole('button', { name: 'Enviar respuestas' }).click();
    await expect.poll(() => form.getByRole('heading', { name: 'Gracias' }).count()).toBe(1);
    await form.close();

    // 6. Back in the app: the response, in full, and the patient's trend for the numbers.
    await page.goto(`${suite.app.appUrl}#/forms`);
    const row = page.getByRole('row', { name: new RegExp(FORM) });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('link', { name: `Respuestas de «${FORM}»` }).click();
    const table = page.getByRole('table', { name: `Respuestas a ${FORM}` });
    await expect
      .poll(() => table.getByRole('rowheader').allTextContents())
      .toEqual([`${patient.lastName}, ${patient.firstName}`]);

    await page.getByRole('combobox', { name: 'Paciente' }).fill(patient.lastName);
    await page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
    const trend = page.getByRole('region', { name: `Evolución de ${name}` });
    for (const measure of ['Temperatura', 'Dolor']) {
      const chart = trend.getByRole('figure', { name: measure });
      await expect.poll(() => chart.locator('tbody tr').count()).toBe(1);
    }
    expect(
      await trend.getByRole('figure', { name: 'Temperatura' }).locator('tbody tr').textContent(),
    ).toContain('37,2');
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-main-path-trend');

    await page
      .getByRole('link', { name: /^Ver la respuesta de / })
      .first()
      .click();
    const answers = page.getByRole('region', { name: 'Respuestas' });
    await expect.poll(() => answers.getByText('Me encuentro mejor cada día.').count()).toBe(1);
    for (const shown of ['Limpia', 'Náuseas', 'Sí']) {
      expect(await answers.getByText(shown, { exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-main-path-response');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
