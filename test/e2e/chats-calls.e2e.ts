import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

interface Patient {
  id: string;
  firstName: string;
  lastName: string;
  phone?: string;
  metadata: Record<string, unknown>;
}

const suite = webAppSuite();

/** An active demo patient; with `phone`, one whose line answers (not a magic failing number). */
async function demoPatient(options: { phone?: boolean; skip?: string[] } = {}): Promise<Patient> {
  const { body } = await api<{ data: Patient[] }>(suite.app, '/patients?status=active&limit=100');
  const patient = body.data.find(
    (p) =>
      !options.skip?.includes(p.id) &&
      (!options.phone || (p.phone && !/(0000|1111|9999)$/.test(p.phone))),
  );
  if (!patient) throw new Error('the demo clinic has no such patient');
  return patient;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Searches the patient picker in `dialog` by full name and chooses the patient. */
async function pickPatient(dialog: Locator, patient: Patient) {
  const name = `${patient.firstName} ${patient.lastName}`;
  await dialog.getByRole('combobox', { name: 'Paciente' }).fill(name);
  await dialog
    .getByRole('option', { name: new RegExp(escape(name)) })
    .first()
    .click();
  await expect.poll(() => dialog.getByTestId('picked-patient').textContent()).toBe(name);
}

async function settled(page: Page) {
  await expect.poll(() => page.locator('.state-loading').count(), { timeout: 20_000 }).toBe(0);
}

describe('chats in web mode', () => {
  it('starts a chat with a context and language, exchanges two messages, ends it read-only', async () => {
    const patient = await demoPatient();
    const name = `${patient.firstName} ${patient.lastName}`;
    const { context, page } = await openApp(suite.browser, suite.app, '/chats');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chats');

    await page.getByRole('button', { name: 'Nueva conversación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva conversación' });
    await pickPatient(dialog, patient);
    await dialog
      .getByLabel('Contexto para el asistente')
      .fill('Seguimiento tras la cirugía de rodilla. Preguntar por dolor y fiebre.');
    await dialog.getByLabel('Idioma de la conversación').selectOption('ca');
    // The cost and the balance, before anything is spent.
    const cost = dialog.getByTestId('cost-notice');
    await expect.poll(() => cost.textContent()).toMatch(/Saldo actual: [\d.]+ créditos\./);
    expect(await cost.textContent()).toContain('Iniciar la conversación cuesta 10 créditos.');
    expect(await cost.textContent()).toContain('Cada mensaje cuesta 1 crédito.');
    await dialog.getByRole('button', { name: 'Iniciar la conversación' }).click();

    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/chats\/conv_/);
    const id = new URL(page.url()).hash.replace('#/chats/', '');
    const chat = page.getByRole('region', { name: `Conversación con ${name}` });
    const messages = chat.getByTestId('chat-message');
    await expect.poll(() => messages.count()).toBe(1);
    expect(await chat.getByText('Català').count()).toBe(0); // the UI speaks Spanish of it
    expect(await chat.getByText('Catalán').count()).toBe(1);
    expect(await chat.getByText('Cada mensaje cuesta 1 crédito.').count()).toBe(1);

    const box = chat.getByRole('textbox', { name: 'Mensaje del paciente' });
    await box.fill('Em trobo bé, el dolor és de 3 sobre 10.');
    await box.press('Enter');
    await expect.poll(() => messages.count()).toBe(3);
    await box.fill('No tinc febre.');
    await box.press('Enter');
    await expect.poll(() => messages.count()).toBe(5);
    expect(await messages.nth(3).textContent()).toContain('No tinc febre.');
    expect(await messages.nth(4).textContent()).toContain('Asistente');
    // The list shows it among the active ones, under the patient's name.
    const active = page.getByRole('region', { name: 'Activas' });
    await expect
      .poll(() => active.getByTestId('chat-item').first().getAttribute('href'))
      .toBe(`#/chats/${id}`);
    // 10 to start and 1 per exchange, as the service charged them.
    await expect.poll(() => chat.locator('dd').nth(3).textContent()).toBe('12');
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-chat');

    await chat.getByRole('button', { name: 'Finalizar la conversación' }).click();
    await page
      .getByRole('dialog', { name: '¿Finalizar la conversación?' })
      .getByRole('button', { name: 'Finalizar', exact: true })
      .click();
    await expect
      .poll(() => chat.getByTestId('chat-ended').textContent())
      .toMatch(/Conversación finalizada el .+La finalizó el coordinador\./);
    expect(await box.count()).toBe(0);
    expect(await chat.getByRole('button', { name: 'Finalizar la conversación' }).count()).toBe(0);
    const stored = await api<{ status: string; endReason: string }>(
      suite.app,
      `/conversations/${id}`,
    );
    expect(stored.body).toMatchObject({ status: 'ended', endReason: 'closed' });
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Finalizadas' })
          .locator(`a[href="#/chats/${id}"]`)
          .count(),
      )
      .toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('flags escalated demo conversations and shows the red flags in one', async () => {
    const escalated = await api<{ data: { id: string }[] }>(
      suite.app,
      '/conversations?status=ended&escalated=true&limit=1',
    );
    expect(escalated.body.data.length).toBe(1);
    // The demo opens with one escalated chat still going (its patient wrote minutes ago).
    const live = await api<{ data: { id: string }[] }>(
      suite.app,
      '/conversations?status=active&escalated=true&limit=5',
    );
    expect(live.body.data.length).toBe(1);
    const { context, page } = await openApp(suite.browser, suite.app, '/chats');
    await settled(page);
    expect(await uiTextProblems(page, 'es')).toEqual([]);

    await page.getByRole('checkbox', { name: 'Solo las escaladas' }).check();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Activas' })
          .locator(`a[href="#/chats/${live.body.data[0]!.id}"]`)
          .count(),
      )
      .toBe(1);
    const ended = page.getByRole('region', { name: 'Finalizadas' });
    await expect
      .poll(() => ended.getByTestId('chat-item').first().getAttribute('href'))
      .toBe(`#/chats/${escalated.body.data[0]!.id}`);
    const first = ended.getByTestId('chat-item').first();
    expect(await first.textContent()).toMatch(/Escalada.*Escalada el \d/);
    await first.click();
    const chat = page.getByRole('region', { name: /^Conversación con / });
    await expect.poll(() => chat.getByText(/^Escalada el /).count()).toBe(1);
    await expect.poll(() => chat.getByText('Señal de alarma', { exact: true }).count()).toBe(1);
    expect(await chat.getByText('Señal de alarma: se ha escalado').count()).toBe(1);
    // Read-only, with why it ended.
    expect(await chat.getByTestId('chat-ended').textContent()).toMatch(
      /Conversación finalizada el .+(Finalizó por inactividad|La finalizó el coordinador)/,
    );
    expect(await chat.getByRole('textbox').count()).toBe(0);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-chats');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('calls in web mode', () => {
  it('filters by status and opens a completed call with its transcript and summary', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/calls');
    const table = page.getByRole('table', { name: 'Llamadas' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(5);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-calls');

    await page.getByRole('combobox', { name: 'Estado' }).selectOption('failed');
    await expect
      .poll(async () => {
        const statuses = await table.locator('tbody td .badge').allTextContents();
        return statuses.length > 0 && statuses.every((s) => s === 'Fallida');
      })
      .toBe(true);
    expect(await table.locator('.calls-failure').first().textContent()).toMatch(
      /^(No contestó|Comunicaba|El número no existe)$/,
    );

    await page.getByRole('combobox', { name: 'Estado' }).selectOption('completed');
    await expect
      .poll(async () => {
        const statuses = await table.locator('tbody td .badge').allTextContents();
        return statuses.length > 0 && statuses.every((s) => s === 'Completada');
      })
      .toBe(true);
    await table.locator('tbody tr').first().getByRole('link').click();

    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Llamada a .+Completada$/);
    const transcript = page.getByRole('list', { name: 'Transcripción' });
    await expect.poll(() => transcript.getByTestId('transcript-turn').count()).toBeGreaterThan(2);
    expect(await transcript.getByText('Asistente').count()).toBeGreaterThan(0);
    expect(await transcript.getByText('Paciente').count()).toBeGreaterThan(0);
    const summary = await page.getByRole('region', { name: 'Resumen' }).textContent();
    expect(summary!.length).toBeGreaterThan(30);
    const details = page.getByRole('region', { name: 'Detalles' });
    expect(await details.textContent()).toMatch(/Duración\d+ (min|s)/);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-call');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('starts a call with the cost rule shown and watches it progress as the clock advances', async () => {
    const patient = await demoPatient({ phone: true });
    const { context, page } = await openApp(suite.browser, suite.app, '/calls');
    await page.getByRole('button', { name: 'Nueva llamada' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva llamada' });
    await pickPatient(dialog, patient);
    await dialog.getByLabel('Motivo de la llamada').fill('Control tras la cirugía de rodilla');
    const cost = dialog.getByTestId('cost-notice');
    await expect.poll(() => cost.textContent()).toMatch(/Saldo actual: [\d.]+ créditos\./);
    expect(await cost.textContent()).toContain(
      'Cada minuto iniciado cuesta 5 créditos y se cobra al contestar',
    );
    expect(await cost.textContent()).toContain(
      'Al iniciarla se reservan 5 créditos (el primer minuto); se devuelven si no contesta.',
    );
    await dialog.getByRole('button', { name: 'Iniciar la llamada' }).click();

    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/calls\/call_/);
    const progress = page.getByRole('list', { name: 'Progreso de la llamada' });
    const current = progress.locator('[aria-current="step"]');
    await expect.poll(() => current.textContent()).toMatch(/^(En cola|Sonando|En curso)$/);
    expect(
      await page.getByText('La transcripción aparecerá cuando termine la llamada.').count(),
    ).toBe(1);

    const advanced = await api(suite.app, '/sandbox/clock/advance', {
      method: 'POST',
      body: { seconds: 3600 },
    });
    expect(advanced.status).toBe(200);
    await expect.poll(() => current.textContent()).toBe('Completada');
    await expect
      .poll(() =>
        page.getByRole('list', { name: 'Transcripción' }).getByTestId('transcript-turn').count(),
      )
      .toBeGreaterThan(2);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(
      `Llamada a ${patient.firstName} ${patient.lastName}`,
    );
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
