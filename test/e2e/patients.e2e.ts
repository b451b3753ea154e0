import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';

interface Patient {
  id: string;
  firstName: string;
  lastName: string;
}

const suite = webAppSuite();

/**
 * A demo patient whose surname has an accent and who has some history (so the page shows a
 * timeline), and a partial, accented piece of the surname.
 */
async function accentedPatient(): Promise<{ patient: Patient; partial: string }> {
  const { body } = await api<{ data: Patient[] }>(suite.app, '/patients?limit=100');
  for (const patient of body.data) {
    const surname = patient.lastName.split(' ')[0]!;
    const at = surname.search(/[áéíóúàèòïüñç]/i);
    if (at < 0 || surname.length < 5) continue;
    const history = await api<{ data: unknown[] }>(
      suite.app,
      `/form-schedules?patientId=${patient.id}&limit=1`,
    );
    if (history.body.data.length === 0) continue;
    // E.g. "Núñez" -> "úñez": a middle piece, so the match is a substring, not a prefix.
    return { patient, partial: surname.slice(Math.max(0, at - 1), at + 3) };
  }
  throw new Error('the demo clinic has no patient with an accented surname and a history');
}

describe('patients in web mode', () => {
  it('finds a patient by an accented partial name, with or without the accent', async () => {
    const { patient, partial } = await accentedPatient();
    const { context, page } = await openApp(suite.browser, suite.app, '/patients');
    const table = page.getByRole('table', { name: 'Lista de pacientes' });
    await expect.poll(() => page.getByTestId('patients-total').textContent()).toMatch(/240/);
    await screenshot(page, 'es-patients');

    const search = page.getByRole('searchbox', { name: 'Buscar' }).or(page.getByLabel('Buscar'));
    const fullName = `${patient.lastName}, ${patient.firstName}`;
    await search.first().fill(partial.toLowerCase());
    // The list narrows to the matches (the demo clinic has 240 patients)…
    const total = async () =>
      Number((await page.getByTestId('patients-total').textContent())!.match(/\d+/)![0]);
    await expect.poll(total, { timeout: 15_000 }).toBeLessThan(240);
    // …and the patient is among them.
    await expect.poll(() => table.getByRole('link', { name: fullName }).count()).toBeGreaterThan(0);
    const narrowed = await total();

    // The same piece without its accents finds the same patient (the service folds both).
    const plain = partial.normalize('NFD').replace(/\p{M}/gu, '');
    await search.first().fill('');
    await expect.poll(total, { timeout: 15_000 }).toBe(240);
    await search.first().fill(plain);
    await expect.poll(total, { timeout: 15_000 }).toBe(narrowed);
    await expect.poll(() => table.getByRole('link', { name: fullName }).count()).toBeGreaterThan(0);
    await screenshot(page, 'es-patients-search');

    await table.getByRole('link', { name: fullName }).first().click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(patient.firstName);
    await expect.poll(() => page.getByTestId('timeline-item').count()).toBeGreaterThan(0);
    await screenshot(page, 'es-patient-page');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the service validation errors next to the fields, then creates the patient', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/patients');
    await page.getByRole('button', { name: 'Nuevo paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo paciente' });
    await dialog.getByLabel('Nombre', { exact: true }).fill('Montserrat');
    await dialog.getByLabel('Apellidos').fill('Vilaró Puig');
    await dialog.getByLabel('Correo electrónico', { exact: true }).fill('no-es-un-correo');
    await dialog.getByLabel('Teléfono').fill('612 34');
    await dialog.getByRole('button', { name: 'Crear paciente' }).click();

    await expect
      .poll(() => dialog.getByText('Introduce un correo electrónico válido.').count())
      .toBe(1);
    await expect
      .poll(() => dialog.getByText('Usa el formato internacional, p. ej. +34612345678.').count())
      .toBe(1);
    await expect
      .poll(() =>
        dialog.getByLabel('Correo electrónico', { exact: true }).getAttribute('aria-invalid'),
      )
      .toBe('true');
    await screenshot(page, 'es-patient-create-errors');
    // Nothing was created by the refused request.
    const refused = await api<{ total: number }>(suite.app, '/patients?search=vilaro%20puig');
    expect(refused.body.total).toBe(0);

    await dialog
      .getByLabel('Correo electrónico', { exact: true })
      .fill('montse.vilaro@example.org');
    await dialog.getByLabel('Teléfono').fill('+34612998877');
    await dialog.getByRole('button', { name: 'Crear paciente' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Montserrat');
    const created = await api<{ total: number; data: Patient[] }>(
      suite.app,
      '/patients?search=vilaro%20puig',
    );
    expect(created.body.total).toBe(1);
    expect(page.url()).toContain(created.body.data[0]!.id);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('works from the patient page: a note, then a form sent to that patient', async () => {
    const { body } = await api<{ data: (Patient & { email?: string })[] }>(
      suite.app,
      '/patients?limit=100&status=active',
    );
    const patient = body.data.find((p) => p.email)!;
    const { context, page } = await openApp(suite.browser, suite.app, `/patients/${patient.id}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(patient.firstName);
    const actions = page.getByRole('group', { name: 'Acciones' });

    // A note, signed, kept in the record and shown at the top of the timeline.
    await actions.getByRole('button', { name: 'Añadir nota' }).click();
    const noteDialog = page.getByRole('dialog', { name: /Nueva nota/ });
    await noteDialog
      .getByLabel('Nota', { exact: true })
      .fill('Ha llamado: prefiere las tardes.\nConfirmar cita.');
    await noteDialog.getByLabel('Firmada por').fill('Marta Gil');
    await screenshot(page, 'es-patient-note');
    await noteDialog.getByRole('button', { name: 'Guardar nota' }).click();
    await expect.poll(() => noteDialog.count()).toBe(0);
    await expect
      .poll(() =>
        page.getByTestId('timeline-item').filter({ hasText: 'Nota de Marta Gil' }).count(),
      )
      .toBe(1);
    const notes = await api<{ data: { text: string; author: string }[] }>(
      suite.app,
      `/patients/${patient.id}/notes?limit=1`,
    );
    expect(notes.body.data[0]).toMatchObject({
      text: 'Ha llamado: prefiere las tardes.\nConfirmar cita.',
      author: 'Marta Gil',
    });

    // A form to this patient, without looking for them again: the dialog starts with them.
    await actions.getByRole('button', { name: 'Enviar formulario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Programar un envío' });
    await expect.poll(() => dialog.textContent()).toContain(patient.lastName);
    const form = dialog.getByLabel('Formulario');
    await form.selectOption({ index: 1 });
    // The primary action is in view at 1366×768 without scrolling the dialog.
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Programar envío' }).isVisible())
      .toBe(true);
    await screenshot(page, 'es-patient-send-form');
    await dialog.getByRole('button', { name: 'Programar envío' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const sent = await api<{ data: { patientId: string }[] }>(
      suite.app,
      `/form-schedules?patientId=${patient.id}&limit=5`,
    );
    expect(sent.body.data.length).toBeGreaterThan(0);
    // Said where a screen reader hears it.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Envío programado' }).count())
      .toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
