import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

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
  scheduledAt: string;
}

const ZONE = 'Europe/Madrid';
const DAY = 86_400_000;
const FORM = 'Encuesta de satisfacción';
const name = (p: PatientBody) => `${p.firstName} ${p.lastName}`;

/** The Madrid calendar day of an instant, YYYY-MM-DD (the browser runs in Europe/Madrid). */
function madridDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, dateStyle: 'short' }).format(ms);
}

/** "sábado, 28 de noviembre de 2026": how the calendar names a day. */
function spokenDay(day: string): string {
  return new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

async function balance(): Promise<number> {
  return (await api<{ balance: number }>(suite.app, '/billing/balance')).body.balance;
}

/** Ticks a patient in the schedule dialog's picker, found by searching their last name. */
async function pick(dialog: Locator, patient: PatientBody): Promise<void> {
  await dialog.getByLabel('Buscar pacientes').fill(patient.lastName);
  const box = dialog.getByRole('checkbox', { name: new RegExp(`^${name(patient)}`) });
  await expect.poll(() => box.count()).toBe(1);
  await box.check();
}

async function expectCleanSpanish(page: Page): Promise<void> {
  expect(await uiTextProblems(page, 'es')).toEqual([]);
}

describe('deliveries in web mode', () => {
  it('schedules one and three, sees them in the list and the calendar, cancels with a refund and reads the outbox', async () => {
    const clock = await api<{ now: string }>(suite.app, '/sandbox/clock');
    const now = Date.parse(clock.body.now);
    const active = await api<{ data: PatientBody[] }>(
      suite.app,
      '/patients?status=active&limit=100',
    );
    // Distinct last names, so a search finds exactly the one meant.
    const lastNames = new Map<string, number>();
    for (const p of active.body.data)
      lastNames.set(p.lastName, (lastNames.get(p.lastName) ?? 0) + 1);
    const reachable = active.body.data.filter(
      (p) => p.email && p.phone && lastNames.get(p.lastName) === 1,
    );
    const [single, ...rest] = reachable;
    const trio = rest.slice(0, 3);
    expect(trio).toHaveLength(3);

    const { context, page } = await openApp(suite.browser, suite.app, '/deliveries');
    const header = page.getByTestId('deliveries-balance');
    await expect.poll(() => header.textContent()).toMatch(/^Saldo: [\d.]+ créditos$/);
    const before = await balance();

    // One patient, by WhatsApp, the day after tomorrow at 10:00 Madrid time.
    const singleDay = madridDay(now + 2 * DAY);
    await page.getByRole('button', { name: 'Programar envío' }).click();
    let dialog = page.getByRole('dialog', { name: 'Programar un envío' });
    await pick(dialog, single!);
    await dialog.getByLabel('Formulario').selectOption({ label: FORM });
    await dialog.getByRole('radio', { name: /^WhatsApp/ }).check();
    await dialog.getByRole('radio', { name: 'En una fecha y hora' }).check();
    await dialog.getByLabel('Fecha y hora', { exact: true }).fill(`${singleDay}T10:00`);
    await dialog.getByLabel('Mensaje (opcional)').fill('Gracias por venir a la consulta.');
    await dialog.getByRole('button', { name: 'Programar envío' }).click();
    await expect
      .poll(() => page.getByText(`Envío programado para ${name(single!)}:`).count())
      .toBe(1);
    const singleSchedules = await api<{ data: ScheduleBody[] }>(
      suite.app,
      `/form-schedules?patientId=${single!.id}&status=pending`,
    );
    const singleSchedule = singleSchedules.body.data[0]!;
    expect(singleSchedule.channel).toBe('whatsapp');
    // 10:00 in Madrid, stored in UTC.
    expect(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: ZONE,
        dateStyle: 'short',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(Date.parse(singleSchedule.scheduledAt)),
    ).toBe(`${singleDay}, 10:00`);

    // Three patients by e-mail, in three days at 09:30: the confirmation, the progress, a summary.
    const trioDay = madridDay(now + 3 * DAY);
    await page.getByRole('button', { name: 'Programar envío' }).click();
    dialog = page.getByRole('dialog', { name: 'Programar un envío' });
    for (const patient of trio) await pick(dialog, patient);
    await expect.poll(() => dialog.getByText('3 pacientes seleccionados').count()).toBe(1);
    await dialog.getByLabel('Formulario').selectOption({ label: FORM });
    await dialog.getByRole('radio', { name: /^Correo electrónico/ }).check();
    await dialog.getByRole('radio', { name: 'En una fecha y hora' }).check();
    await dialog.getByLabel('Fecha y hora', { exact: true }).fill(`${trioDay}T09:30`);
    await screenshot(page, 'es-deliveries-schedule');
    await dialog.getByRole('button', { name: 'Revisar 3 envíos' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar el envío' });
    await expect.poll(() => confirm.getByTestId('bulk-total').textContent()).toBe('3 créditos');
    const current = await balance();
    await expect
      .poll(() => confirm.getByTestId('bulk-balance').textContent())
      .toBe(`${new Intl.NumberFormat('es-ES').format(current)} créditos`);
    await screenshot(page, 'es-deliveries-confirm');
    await confirm.getByRole('button', { name: 'Programar 3 envíos' }).click();
    const done = page.getByRole('dialog', { name: 'Resumen del envío' });
    await expect.poll(() => done.getByText('Se han programado 3 envíos.').count()).toBe(1);
    expect(
      await done
        .getByRole('progressbar', { name: 'Progreso de los envíos' })
        .getAttribute('aria-valuenow'),
    ).toBe('3');
    await done.getByRole('button', { name: 'Cerrar' }).click();
    expect(await balance()).toBe(before - 2 - 3);

    // The list, by delivery time (latest first): the demo's PHQ-9 series run weeks ahead, so it
    // is narrowed to the form sent here. Names, form, channel, status, never an id.
    await page.getByLabel('Formulario').selectOption({ label: FORM });
    const table = page.getByRole('table', { name: 'Envíos' });
    for (const patient of trio) {
      await expect
        .poll(() =>
          table
            .getByRole('row', { name: new RegExp(`${name(patient)}.*${FORM}.*Correo electrónico`) })
            .count(),
        )
        .toBe(1);
    }
    await expectCleanSpanish(page);
    await screenshot(page, 'es-deliveries');

    // The calendar: the trio's day counts them, and lists them when chosen.
    await page
      .getByRole('navigation', { name: 'Vistas de envíos' })
      .getByRole('link', { name: 'Calendario' })
      .click();
    const grid = page.getByRole('grid');
    await expect.poll(() => grid.count()).toBe(1);
    if (trioDay.slice(0, 7) !== madridDay(now).slice(0, 7)) {
      await page.getByRole('button', { name: 'Mes siguiente' }).click();
    }
    const trioButton = grid.getByRole('button', { name: new RegExp(`^${spokenDay(trioDay)}, `) });
    await expect
      .poll(async () =>
        Number(
          /(\d+) envíos?$/.exec((await trioButton.getAttribute('aria-label')) ?? '')?.[1] ?? 0,
        ),
      )
      .toBeGreaterThanOrEqual(3);
    await trioButton.focus();
    await page.keyboard.press('Enter');
    const dayPanel = page.getByRole('region', { name: `Envíos del ${spokenDay(trioDay)}` });
    for (const patient of trio) {
      await expect.poll(() => dayPanel.getByRole('link', { name: name(patient) }).count()).toBe(1);
    }
    await expectCleanSpanish(page);
    await screenshot(page, 'es-deliveries-calendar');

    // Cancel the WhatsApp delivery: 2 credits back, and the balance follows.
    await page
      .getByRole('navigation', { name: 'Vistas de envíos' })
      .getByRole('link', { name: 'Lista' })
      .click();
    await page
      .getByRole('button', { name: new RegExp(`^Cancelar el envío a ${name(single!)} del `) })
      .click();
    const cancel = page.getByRole('dialog', { name: '¿Cancelar el envío?' });
    await cancel.getByRole('button', { name: 'Cancelar el envío' }).click();
    await expect
      .poll(() =>
        page
          .getByText(`Se ha cancelado el envío a ${name(single!)}. Se han devuelto 2 créditos.`)
          .count(),
      )
      .toBe(1);
    const afterCancel = await balance();
    expect(afterCancel).toBe(before - 3);
    await expect
      .poll(() => header.textContent())
      .toBe(`Saldo: ${new Intl.NumberFormat('es-ES').format(afterCancel)} créditos`);
    const refunds = await api<{ data: { amount: number; resourceId?: string }[] }>(
      suite.app,
      '/billing/ledger?kind=refund&limit=1',
    );
    expect(refunds.body.data[0]).toMatchObject({ amount: 2, resourceId: singleSchedule.id });

    // Four days on, the trio's messages went out: the outbox shows each with its form link.
    await page
      .getByRole('navigation', { name: 'Vistas de envíos' })
      .getByRole('link', { name: 'Bandeja de salida' })
      .click();
    const advanced = await api(suite.app, '/sandbox/clock/advance', {
      method: 'POST',
      body: { seconds: 4 * 86_400 },
    });
    expect(advanced.status).toBe(200);
    const first = trio[0]!;
    // Filtered to the patient, as a coordinator answering "what did she get?" would.
    await page.getByRole('combobox', { name: 'Paciente' }).fill(first.lastName);
    await page.getByRole('option', { name: new RegExp(`^${name(first)}`) }).click();
    await expect
      .poll(() =>
        page.getByRole('button', { name: `Quitar el filtro de paciente ${name(first)}` }).count(),
      )
      .toBe(1);
    const message = page.getByRole('article', { name: `Mensaje a ${name(first)}` }).first();
    await expect.poll(() => message.count()).toBe(1);
    await expect.poll(() => message.getByText(FORM).count()).toBeGreaterThan(0);
    expect(await message.getByText(first.email!).count()).toBe(1);
    const link = message.getByRole('link', {
      name: `Abrir el formulario de ${name(first)} en una ventana nueva`,
    });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/\/f\/[A-Za-z0-9_-]{43}$/);
    expect(await link.getAttribute('target')).toBe('_blank');
    // The body is the text the patient received, the link in it.
    expect(await message.locator('pre').textContent()).toContain(href);
    await message.getByRole('button', { name: `Copiar el enlace de ${name(first)}` }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(href);
    await expectCleanSpanish(page);
    await screenshot(page, 'es-outbox');

    // The link opens the patient's form page in a new tab.
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(href);
    await expect.poll(() => popup.getByRole('heading', { name: FORM }).count()).toBeGreaterThan(0);
    await popup.close();

    // The cancelled one never went out; the three are sent.
    const sent = await api<{ data: ScheduleBody[] }>(
      suite.app,
      '/form-schedules?status=sent&limit=100',
    );
    for (const patient of trio) {
      expect(sent.body.data.some((s) => s.patientId === patient.id)).toBe(true);
    }
    const cancelled = await api<ScheduleBody>(suite.app, `/form-schedules/${singleSchedule.id}`);
    expect(cancelled.body.status).toBe('cancelled');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
