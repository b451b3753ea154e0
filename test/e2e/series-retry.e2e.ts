import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';

/*
 * Issue 19 in web mode at 1366×768: retry a failed delivery of the demo clinic from the list, and
 * schedule a recurring PHQ-9 for three patients from the schedule dialog (every two weeks, seven
 * times, with a reminder), see the series in the list and cancel it as one; in Spanish, then the
 * same screens in Catalan.
 */

const suite = webAppSuite();

interface PatientBody {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
}
interface ScheduleBody {
  id: string;
  patientId: string;
  status: string;
  channel: string;
  retryOf?: string;
  retriedBy?: string;
  seriesId?: string;
}
interface SeriesBody {
  id: string;
  status: string;
  occurrences: number;
  counts: Record<string, number>;
  creditsRefunded: number;
}

const name = (p: Pick<PatientBody, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function pick(dialog: Locator, patient: PatientBody): Promise<void> {
  await dialog.getByLabel('Buscar pacientes').fill(patient.lastName);
  const box = dialog.getByRole('checkbox', { name: new RegExp(`^${escape(name(patient))}`) });
  await expect.poll(() => box.count()).toBe(1);
  await box.check();
}

/** The control is wholly inside a 1366×768 window. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  return (
    !!box && box.y >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width
  );
}

describe('series and retries in web mode', () => {
  it('retries a failed delivery from the list; the failed one stays, linked to its retry', async () => {
    const failed = (
      await api<{ data: ScheduleBody[] }>(suite.app, '/form-schedules?status=failed&limit=100')
    ).body.data.find((s) => !s.retriedBy)!;
    expect(failed).toBeDefined();
    const patient = (await api<PatientBody>(suite.app, `/patients/${failed.patientId}`)).body;

    const { context, page } = await openApp(suite.browser, suite.app, '/deliveries');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByLabel('Estado').selectOption({ label: 'Fallido' });
    const retry = page
      .getByRole('button', {
        name: new RegExp(`^Reintentar o reprogramar el envío a ${escape(name(patient))}`),
      })
      .first();
    await expect.poll(() => retry.count()).toBeGreaterThan(0);
    await retry.click();
    const dialog = page.getByRole('dialog', { name: 'Reintentar el envío' });
    await expect.poll(() => dialog.getByTestId('retry-cost').textContent()).toMatch(/^Coste: /);
    expect(await inView(page, dialog.getByRole('button', { name: 'Reintentar ahora' }))).toBe(true);
    await screenshot(page, 'es-deliveries-retry');
    await dialog.getByRole('button', { name: 'Reintentar ahora' }).click();
    await expect.poll(() => page.getByText(`Nuevo envío para ${name(patient)}:`).count()).toBe(1);

    const after = (await api<ScheduleBody>(suite.app, `/form-schedules/${failed.id}`)).body;
    expect(after.status).toBe('failed');
    expect(after.retriedBy).toMatch(/^sch_/);
    const retried = (await api<ScheduleBody>(suite.app, `/form-schedules/${after.retriedBy}`)).body;
    expect(retried.retryOf).toBe(failed.id);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('schedules a recurring PHQ-9 for three patients, shows the series and cancels it as one', async () => {
    const forms = await api<{ data: { id: string; name: string; status: string }[] }>(
      suite.app,
      '/clinical-forms?limit=100&status=active',
    );
    const phq9 = forms.body.data.find((f) => f.name.includes('PHQ-9'))!;
    const active = await api<{ data: PatientBody[] }>(
      suite.app,
      '/patients?status=active&limit=100',
    );
    const lastNames = new Map<string, number>();
    for (const p of active.body.data)
      lastNames.set(p.lastName, (lastNames.get(p.lastName) ?? 0) + 1);
    const trio = active.body.data
      .filter(
        (p) => p.email && !p.email.endsWith('bounce.example') && lastNames.get(p.lastName) === 1,
      )
      .slice(5, 8);
    expect(trio).toHaveLength(3);

    const { context, page } = await openApp(suite.browser, suite.app, '/deliveries');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('button', { name: 'Programar envío' }).click();
    const dialog = page.getByRole('dialog', { name: 'Programar un envío' });
    for (const patient of trio) await pick(dialog, patient);
    await dialog.getByLabel('Formulario').selectOption({ label: phq9.name });
    await dialog.getByRole('radio', { name: /^Correo electrónico/ }).check();
    await dialog.getByRole('checkbox', { name: 'Repetir el envío' }).check();
    await dialog.getByRole('checkbox', { name: 'Recordar si no responde' }).check();
    const cost = dialog.getByTestId('schedule-cost');
    await expect
      .poll(() => cost.textContent())
      .toMatch(/^7 envíos por paciente · Coste: 21 créditos · Saldo: /);
    // The cost and the button stay in view at 1366×768.
    const review = dialog.getByRole('button', { name: 'Revisar 3 envíos' });
    expect(await inView(page, cost)).toBe(true);
    expect(await inView(page, review)).toBe(true);
    await screenshot(page, 'es-deliveries-series-dialog');
    await review.click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar el envío' });
    await expect.poll(() => confirm.getByTestId('bulk-total').textContent()).toBe('21 créditos');
    await confirm.getByRole('button', { name: /^Programar/ }).click();
    const done = page.getByRole('dialog', { name: 'Resumen del envío' });
    await expect.poll(() => done.getByText('Se han programado 3 envíos.').count()).toBe(1);
    await done.getByRole('button', { name: 'Cerrar' }).click();

    const first = trio[0]!;
    const series = (
      await api<{ data: SeriesBody[] }>(suite.app, `/form-schedule-series?patientId=${first.id}`)
    ).body.data;
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({ status: 'active', occurrences: 7 });

    // The series in the list: its badge shows it alone, where it is cancelled as one.
    await page.getByRole('combobox', { name: 'Paciente', exact: true }).fill(first.lastName);
    await page.getByRole('option', { name: new RegExp(escape(name(first))) }).click();
    const badge = page
      .getByRole('button', { name: new RegExp(`^Envío \\d de 7 de la serie de`) })
      .first();
    await expect.poll(() => badge.count()).toBe(1);
    await badge.click();
    const bar = page.getByRole('region', { name: 'Serie' });
    await expect
      .poll(() => bar.getByTestId('series-summary').textContent())
      .toMatch(/^cada 2 semanas · \d de 7 envíos hechos · en curso$/);
    await screenshot(page, 'es-deliveries-series');
    await bar.getByRole('button', { name: 'Cancelar la serie' }).click();
    const cancel = page.getByRole('dialog', { name: '¿Cancelar la serie?' });
    await expect
      .poll(() => cancel.getByTestId('series-refund').textContent())
      .toMatch(/^Quedan \d envíos pendientes: se devolverán \d créditos\.$/);
    await cancel.getByRole('button', { name: 'Cancelar la serie' }).click();
    await expect
      .poll(() =>
        page.getByText(new RegExp(`^Se ha cancelado la serie de ${escape(name(first))}`)).count(),
      )
      .toBe(1);
    const cancelled = (await api<SeriesBody>(suite.app, `/form-schedule-series/${series[0]!.id}`))
      .body;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.counts.pending).toBe(0);
    expect(cancelled.creditsRefunded).toBeGreaterThan(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows the series, the dialog and the retry in Catalan', async () => {
    const setup = await openApp(suite.browser, suite.app, '/settings');
    await setup.page.getByLabel('Idioma de la aplicación').selectOption('ca');
    await setup.page.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => setup.page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Configuració');
    await setup.context.close();
    try {
      const { context, page } = await openApp(suite.browser, suite.app, '/deliveries');
      await page.setViewportSize({ width: 1366, height: 768 });
      // The demo's recurring PHQ-9: a badge "n de 7".
      await page.getByLabel('Ordre').selectOption({ label: 'Data: la més propera primer' });
      await page.getByLabel('Estat').selectOption({ label: 'Pendent' });
      const badge = page.getByRole('button', { name: /^Enviament \d de 7 de la sèrie/ }).first();
      await expect.poll(() => badge.count()).toBe(1);
      await badge.click();
      await expect
        .poll(() =>
          page.getByRole('region', { name: 'Sèrie' }).getByTestId('series-summary').textContent(),
        )
        .toMatch(/^cada 2 setmanes · /);
      await screenshot(page, 'ca-deliveries-series');
      await page.getByRole('button', { name: 'Programa un enviament' }).click();
      const dialog = page.getByRole('dialog', { name: 'Programa un enviament' });
      await dialog.getByRole('checkbox', { name: 'Repeteix l’enviament' }).check();
      await dialog.getByRole('checkbox', { name: 'Recorda-ho si no respon' }).check();
      await screenshot(page, 'ca-deliveries-series-dialog');
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    } finally {
      const back = await openApp(suite.browser, suite.app, '/settings');
      await back.page.getByLabel("Idioma de l'aplicació").selectOption('es');
      await back.page.getByRole('button', { name: 'Desa' }).click();
      await expect
        .poll(() => back.page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Configuración');
      await back.context.close();
    }
  });
});
