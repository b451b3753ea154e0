import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';
import { addQuestion, question } from './form-builder-steps';

const suite = webAppSuite();

interface ApiForm {
  id: string;
  name: string;
  status: string;
  fields: { id: string; type: string; label: string; min?: number; max?: number; step?: number }[];
}

async function formsNamed(name: string): Promise<ApiForm[]> {
  const res = await api<{ data: ApiForm[] }>(suite.app, '/clinical-forms?limit=100');
  expect(res.status).toBe(200);
  return res.body.data.filter((f) => f.name === name);
}

describe('forms in web mode', () => {
  it('builds a form with every field type, sees the service refuse a bad slider, previews and saves it', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/forms/new');
    const name = 'Control posquirúrgico e2e';
    await page.getByLabel('Nombre', { exact: true }).fill(name);
    await page.getByLabel('Tipo', { exact: true }).selectOption({ label: 'Seguimiento' });
    await page.getByLabel('Descripción').fill('Responda tras la visita de control.');
    await addQuestion(page, 'Texto', '¿Algo más que quiera contarnos?');
    await addQuestion(page, 'Número', 'Temperatura (°C)');
    await addQuestion(page, 'Escala', 'Dolor al caminar');
    await addQuestion(page, 'Opción única', 'Estado de la herida');
    await addQuestion(page, 'Opción múltiple', 'Síntomas');
    await addQuestion(page, 'Sí / No', '¿Ha tomado la medicación?');
    await addQuestion(page, 'Fecha', 'Fecha de la última cura');

    await question(page, 2).getByLabel('Mínimo', { exact: true }).fill('35');
    await question(page, 2).getByLabel('Máximo', { exact: true }).fill('42');
    const wound = question(page, 4);
    await wound.getByLabel('Opción 1', { exact: true }).fill('Limpia');
    await wound.getByLabel('Opción 1', { exact: true }).press('Enter');
    await wound.getByLabel('Opción 2', { exact: true }).fill('Enrojecida');
    await wound.getByRole('button', { name: 'Añadir una opción' }).click();
    await wound.getByLabel('Opción 3', { exact: true }).fill('Supura');
    const symptoms = question(page, 5);
    await symptoms.getByLabel('Opción 1', { exact: true }).fill('Fiebre');
    await symptoms.getByRole('button', { name: 'Añadir una opción' }).click();
    await symptoms.getByLabel('Opción 2', { exact: true }).fill('Náuseas');
    await question(page, 7).getByLabel('Obligatoria', { exact: true }).uncheck();

    // The slider's max at or below its min: the service's own check says so, next to max.
    const slider = question(page, 3);
    await slider.getByLabel('Máximo', { exact: true }).fill('0');
    const sliderError = slider.getByText('El máximo debe ser mayor que el mínimo.');
    await expect.poll(() => sliderError.count()).toBe(1);
    expect(await slider.getByLabel('Máximo', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Guardar formulario' }).click();
    await expect
      .poll(() => page.getByText('No se ha guardado: hay 1 problema que corregir.').count())
      .toBe(1);
    expect(page.url()).toMatch(/#\/forms\/new$/);
    expect(await formsNamed(name)).toEqual([]);

    await slider.getByLabel('Máximo', { exact: true }).fill('10');
    await slider.getByLabel('Paso', { exact: true }).fill('2');
    await expect.poll(() => sliderError.count()).toBe(0);

    // The preview is the patient page itself, in a sandboxed srcdoc frame the window's CSP allows.
    const frameElement = page.getByTitle('Vista previa del formulario para el paciente');
    expect(await frameElement.getAttribute('sandbox')).toBe('');
    const frame = page.frameLocator('iframe[title="Vista previa del formulario para el paciente"]');
    await expect.poll(() => frame.locator('h1').textContent()).toBe(name);
    await expect
      .poll(() => frame.getByText('Dolor al caminar').count(), { timeout: 10_000 })
      .toBe(1);
    for (const label of ['Temperatura (°C)', 'Estado de la herida', 'Fecha de la última cura']) {
      expect(await frame.getByText(label).count()).toBe(1);
    }
    expect(await frame.getByRole('radio', { name: 'Enrojecida' }).count()).toBe(1);
    expect(await frame.getByRole('checkbox', { name: 'Náuseas' }).count()).toBe(1);
    // 0, 2, …, 10: the slider as the patient gets it, a row of choices.
    expect(await frame.getByRole('radio', { name: '6' }).count()).toBe(1);
    expect(await frame.getByRole('button', { name: 'Enviar respuestas' }).count()).toBe(1);
    await page.getByLabel('Idioma del paciente').selectOption({ label: 'Català' });
    await expect.poll(() => frame.locator('html').getAttribute('lang')).toBe('ca');
    await page.getByLabel('Idioma del paciente').selectOption({ label: 'Español' });
    await expect.poll(() => frame.locator('html').getAttribute('lang')).toBe('es');

    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-form-builder');

    await page.getByRole('button', { name: 'Guardar formulario' }).click();
    await expect
      .poll(() => page.getByText(`Se ha guardado el formulario «${name}».`).count())
      .toBe(1);
    expect(page.url()).toMatch(/#\/forms$/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect.poll(() => row.count()).toBe(1);
    const [saved] = await formsNamed(name);
    expect(saved!.fields.map((f) => f.type)).toEqual([
      'text',
      'number',
      'slider',
      'select',
      'multiselect',
      'boolean',
      'date',
    ]);
    expect(saved!.fields[2]).toMatchObject({ id: 'dolor_al_caminar', min: 0, max: 10, step: 2 });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('archives a demo form that has responses (no delete offered), restores it, and deletes an unused one', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/forms');
    const phq = 'Cuestionario sobre la salud del paciente (PHQ-9)';
    const row = page.getByRole('row', { name: new RegExp(phq.replace(/[()]/g, '\\$&')) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('button', { name: `Eliminar «${phq}»` }).count()).toBe(0);
    expect(
      Number((await row.locator('.forms-count').textContent())?.replace(/\D/g, '')),
    ).toBeGreaterThan(0);
    expect(
      await row.getByRole('link', { name: `Respuestas de «${phq}»` }).getAttribute('href'),
    ).toMatch(/\/forms\/form_[0-9A-Z]{26}\/responses$/);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-forms');

    await row.getByRole('button', { name: `Archivar «${phq}»` }).click();
    await expect
      .poll(() => page.getByText(`Se ha archivado «${phq}»`, { exact: false }).count())
      .toBe(1);
    await expect.poll(() => row.count()).toBe(0);
    const [archived] = await formsNamed(phq);
    expect(archived!.status).toBe('archived');

    await page.getByLabel('Mostrar').selectOption({ label: 'Archivados' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('Archivado', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: `Restaurar «${phq}»` }).click();
    await expect.poll(() => page.getByText(`Se ha restaurado «${phq}».`).count()).toBe(1);
    await expect.poll(() => row.count()).toBe(0);
    expect((await formsNamed(phq))[0]!.status).toBe('active');

    // A form made by mistake, never sent: it can go.
    await page.getByLabel('Mostrar').selectOption({ label: 'Activos' });
    await page.getByRole('link', { name: 'Nuevo formulario' }).click();
    const draft = 'Borrador e2e para borrar';
    await page.getByLabel('Nombre', { exact: true }).fill(draft);
    await addQuestion(page, 'Texto', 'Comentarios');
    await page.getByRole('button', { name: 'Guardar formulario' }).click();
    const draftRow = page.getByRole('row', { name: new RegExp(draft) });
    await expect.poll(() => draftRow.count()).toBe(1);
    const [created] = await formsNamed(draft);
    await draftRow.getByRole('button', { name: `Eliminar «${draft}»` }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByText('Esta acción no se puede deshacer', { exact: false }).count())
      .toBe(1);
    await dialog.getByRole('button', { name: 'Eliminar el formulario' }).click();
    await expect.poll(() => page.getByText(`Se ha eliminado «${draft}».`).count()).toBe(1);
    await expect.poll(() => draftRow.count()).toBe(0);
    expect((await api(suite.app, `/clinical-forms/${created!.id}`)).status).toBe(404);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
