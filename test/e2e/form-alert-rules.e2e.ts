import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { addQuestion, question } from './form-builder-steps';
import { uiTextProblems } from './ui-text-checks';

/*
 * Alert rules in the form builder and validated instruments (issue 16, parts 2 and 3), in the
 * web app against the real service: a coordinator sets "pain 8 or more is urgent" and sees the
 * service refuse a rule no answer could meet, next to its input; the demo PHQ-9 is a validated
 * instrument whose wording cannot be edited, whose item 9 rule cannot be dropped, and which can
 * be copied as a form of the clinic's own; a validated instrument is added from the library.
 */

const suite = webAppSuite();

interface ApiForm {
  id: string;
  name: string;
  description: string;
  instrument?: { key: string; edition: string; language: string };
  fields: { id: string; label: string; alertRules?: unknown[] }[];
  scoreAlerts?: unknown[];
}

async function forms(): Promise<ApiForm[]> {
  const res = await api<{ data: ApiForm[] }>(suite.app, '/clinical-forms?limit=100');
  expect(res.status).toBe(200);
  return res.body.data;
}

async function settled(page: Page) {
  await expect.poll(() => page.locator('.state-loading').count(), { timeout: 20_000 }).toBe(0);
}

describe('alert rules and validated instruments in the form builder', () => {
  it('sets alert rules on a scale and a choice; a rule no answer could meet is refused at its input', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/forms/new');
    const name = 'Control de dolor con alertas e2e';
    await page.getByLabel('Nombre', { exact: true }).fill(name);
    await addQuestion(page, 'Escala', 'Dolor ahora mismo');
    await addQuestion(page, 'Opción única', 'Estado de la herida');
    const wound = question(page, 2);
    await wound.getByLabel('Opción 1', { exact: true }).fill('Limpia');
    await wound.getByLabel('Opción 1', { exact: true }).press('Enter');
    await wound.getByLabel('Opción 2', { exact: true }).fill('Enrojecida');
    await wound.getByLabel('Opción 2', { exact: true }).press('Enter');
    await wound.getByLabel('Opción 3', { exact: true }).fill('Supura');

    // Pain: "at least 11" on a 0–10 scale could never fire; the service says so at the value.
    const pain = question(page, 1);
    await pain.getByRole('button', { name: 'Añadir una alerta a la pregunta 1' }).click();
    const painRules = pain.getByRole('group', { name: 'Alertas' });
    await painRules.getByLabel('Valor', { exact: true }).fill('11');
    await expect
      .poll(() => painRules.getByText('Ese valor queda fuera de las respuestas posibles').count())
      .toBe(1);
    expect(await painRules.getByLabel('Valor', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await painRules.getByLabel('Valor', { exact: true }).fill('8');
    await expect
      .poll(() => painRules.getByText('Ese valor queda fuera de las respuestas posibles').count())
      .toBe(0);

    // The wound: "Enrojecida or a later option" for review.
    await wound.getByRole('button', { name: 'Añadir una alerta a la pregunta 2' }).click();
    const woundRules = wound.getByRole('group', { name: 'Alertas' });
    await woundRules
      .getByLabel('Cuando la respuesta', { exact: true })
      .selectOption({ label: 'es esta opción o una posterior' });
    await woundRules.getByLabel('Opción', { exact: true }).selectOption({ label: 'Enrojecida' });
    await woundRules.getByLabel('Prioridad', { exact: true }).selectOption({ label: 'Revisar' });
    await settled(page);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-form-builder-alert-rules');

    await page.getByRole('button', { name: 'Guardar formulario' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Formularios');
    const saved = (await forms()).find((f) => f.name === name)!;
    expect(saved.fields[0]!.alertRules).toEqual([{ min: 8, priority: 'urgent' }]);
    expect(saved.fields[1]!.alertRules).toEqual([{ min: 1, priority: 'review' }]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('the demo PHQ-9 is validated: wording read-only, item 9 rule kept, notes for the team, a copy is editable', async () => {
    const phq9 = (await forms()).find((f) => f.instrument?.key === 'phq9')!;
    expect(phq9).toBeDefined();
    const { context, page } = await openApp(suite.browser, suite.app, `/forms/${phq9.id}`);
    await settled(page);
    await expect
      .poll(() => page.getByRole('note').filter({ hasText: 'es un instrumento validado' }).count())
      .toBe(1);
    // No input for the wording: the question text is shown, not edited; no questions can be added.
    expect(await page.getByLabel('Pregunta', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Añadir una pregunta' }).count()).toBe(0);
    expect(
      await page.getByLabel('Instrucción para el paciente').getAttribute('readonly'),
    ).not.toBeNull();
    // The team's notes: bands and the item 9 guidance, which the patient page does not carry.
    const notes = page.getByRole('region', { name: 'Sobre el instrumento' });
    await expect.poll(() => notes.getByText('20–27: Grave').count()).toBe(1);
    await expect.poll(() => notes.getByText(/pregunta 9/).count()).toBe(1);
    const item9 = question(page, 9);
    await expect
      .poll(() => item9.getByText('El instrumento exige aquí una alerta urgente').count())
      .toBe(1);
    await settled(page);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-form-builder-validated');

    // Dropping item 9's rule is refused by the service, next to the rules.
    await item9.getByRole('button', { name: 'Quitar la alerta 1 de la pregunta 9' }).click();
    await expect
      .poll(() => item9.getByText('Esta alerta la exige el instrumento validado').count())
      .toBe(1);

    // A copy is a form of the clinic's own: every question editable. Leaving asks first, since
    // the removed rule is an unsaved change.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('link', { name: 'Hacer una copia' }).click();
    await expect.poll(() => asked).toContain('cambios sin guardar');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/forms/new');
    expect(new URL(page.url()).searchParams.get('copy')).toBe(phq9.id);
    await settled(page);
    await expect
      .poll(() => page.getByLabel('Nombre', { exact: true }).inputValue())
      .toBe(`Copia de ${phq9.name}`);
    await expect
      .poll(() => question(page, 1).getByLabel('Pregunta', { exact: true }).count())
      .toBe(1);
    await question(page, 1)
      .getByLabel('Pregunta', { exact: true })
      .fill('Poco interés o placer en hacer las cosas');
    await page.getByRole('button', { name: 'Guardar formulario' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Formularios');
    const copy = (await forms()).find((f) => f.name === `Copia de ${phq9.name}`)!;
    expect(copy.instrument).toBeUndefined();
    expect(copy.fields[0]!.label).toBe('Poco interés o placer en hacer las cosas');
    // The copy keeps the clinical rules.
    expect(copy.fields[8]!.alertRules).toEqual([{ min: 1, priority: 'urgent' }]);
    expect(copy.scoreAlerts).toEqual(phq9.scoreAlerts);
    // The validated form itself is unchanged.
    const again = await api<ApiForm>(suite.app, `/clinical-forms/${phq9.id}`);
    expect(again.body.fields).toEqual(phq9.fields);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('adds a validated instrument from the library and opens it', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/forms');
    await settled(page);
    await page.getByRole('button', { name: 'Añadir instrumento validado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir un instrumento validado' });
    await expect.poll(() => dialog.getByRole('radio').count()).toBe(4);
    await dialog.getByRole('radio', { name: /^GAD-7 · inglés/ }).check();
    await settled(page);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-forms-add-instrument');
    await dialog.getByRole('button', { name: 'Añadir', exact: true }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/forms\/form_/);
    await settled(page);
    await expect
      .poll(() =>
        page.getByRole('note').filter({ hasText: 'GAD-7 es un instrumento validado' }).count(),
      )
      .toBe(1);
    const added = (await forms()).filter((f) => f.instrument?.edition === 'gad7-en-us');
    expect(added).toHaveLength(1);
    expect(added[0]!.description).toBe(
      'Over the last 2 weeks, how often have you been bothered by the following problems?',
    );

    // Its name and alerts are the clinic's: renamed, the severe total made a review, and saved.
    await page.getByLabel('Nombre', { exact: true }).fill('GAD-7 (English-speaking patients)');
    const scores = page.getByRole('group', { name: 'Alertas por puntuación' });
    await scores
      .getByLabel('Prioridad', { exact: true })
      .first()
      .selectOption({ label: 'Revisar' });
    await page.getByRole('button', { name: 'Guardar formulario' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Formularios');
    const saved = await api<ApiForm>(suite.app, `/clinical-forms/${added[0]!.id}`);
    expect(saved.body.name).toBe('GAD-7 (English-speaking patients)');
    expect(saved.body.scoreAlerts).toEqual([
      { instrument: 'gad7', min: 15, priority: 'review' },
      { instrument: 'gad7', min: 10, max: 14, priority: 'review' },
    ]);
    expect(saved.body.fields).toEqual(added[0]!.fields);
    expect(saved.body.instrument).toEqual(added[0]!.instrument);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
