import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { api, ARTIFACTS, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

/**
 * The patient chats from their own phone (issue 19): the coordinator starts a chat from the
 * patient's page and sends the link by WhatsApp; the patient answers on /c/{token} in another
 * browser (a phone-sized one, no shared session); the coordinator's Chats view shows the
 * messages as they arrive, without reloading.
 */

interface Patient {
  id: string;
  firstName: string;
  lastName: string;
  phone?: string;
  metadata: Record<string, unknown>;
}

const suite = webAppSuite();

/** An active demo patient who agreed to WhatsApp and has a working number. */
async function whatsappPatient(): Promise<Patient> {
  const { body } = await api<{ data: Patient[] }>(suite.app, '/patients?status=active&limit=100');
  const patient = body.data.find(
    (p) => p.phone && !/(0000|1111|9999)$/.test(p.phone) && p.metadata.whatsappConsent === true,
  );
  if (!patient) throw new Error('the demo clinic has no such patient');
  return patient;
}

describe('a chat the patient answers from their link', () => {
  it('is sent from the patient page, answered on a phone, and watched live in Chats', async () => {
    const patient = await whatsappPatient();
    const name = `${patient.firstName} ${patient.lastName}`;
    const { context, page } = await openApp(suite.browser, suite.app, `/patients/${patient.id}`);
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByRole('button', { name: 'Iniciar chat' }).click();
    const start = page.getByRole('dialog', { name: 'Nueva conversación' });
    await start
      .getByLabel('Contexto para el asistente')
      .fill('Seguimiento tras la cirugía de rodilla. Preguntar por dolor y fiebre.');
    await start.getByLabel('Idioma de la conversación').selectOption('es');
    await start.getByRole('button', { name: 'Iniciar la conversación' }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/chats\/conv_/);
    const id = new URL(page.url()).hash.replace('#/chats/', '');
    const chat = page.getByRole('region', { name: `Conversación con ${name}` });
    const messages = chat.getByTestId('chat-message');
    await expect.poll(() => messages.count()).toBe(1);
    // The demo clinic is a sandbox: typing as the patient is there, labelled as a testing tool.
    expect(
      await chat
        .getByRole('region', { name: 'Herramienta del sandbox: escribir como el paciente' })
        .count(),
    ).toBe(1);

    await chat.getByRole('button', { name: 'Enviar enlace al paciente' }).click();
    const send = page.getByRole('dialog', { name: `Enviar enlace a ${name}` });
    const whatsapp = send.getByRole('radio', { name: /WhatsApp/ });
    await expect.poll(() => whatsapp.isChecked()).toBe(true);
    expect(await whatsapp.locator('xpath=..').textContent()).toContain(
      `${patient.phone} · Consentimiento: sí`,
    );
    expect(await send.getByTestId('link-cost').textContent()).toContain(
      'Enviar el enlace no cuesta créditos',
    );
    const balance = await api<{ balance: number }>(suite.app, '/billing/credits');
    await send.getByRole('button', { name: 'Enviar el enlace' }).click();
    await expect
      .poll(() => send.getByTestId('link-sent').textContent())
      .toBe(
        `Enlace enviado por WhatsApp a ${patient.phone}. Está en el registro de mensajes enviados.`,
      );
    await expect.poll(() => send.getByTestId('link-outbox-entry').count()).toBe(1);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-chat-send-link');
    await send.getByRole('button', { name: 'Hecho' }).click();
    expect((await api<{ balance: number }>(suite.app, '/billing/credits')).body.balance).toBe(
      balance.body.balance,
    );

    // The WhatsApp message in the outbox carries the link, at the address the server runs on.
    const outbox = await api<{ data: { link?: string; body: string; channel: string }[] }>(
      suite.app,
      `/sandbox/outbox?patientId=${patient.id}&channel=whatsapp&limit=1`,
    );
    const link = new URL(outbox.body.data[0]!.link!);
    expect(link.origin).toBe(new URL(suite.app.baseUrl).origin);
    expect(link.pathname).toMatch(/^\/c\/[A-Za-z0-9_-]{43}$/);
    expect(outbox.body.data[0]!.body).toContain(link.href);

    // The patient, on their phone: a browser of their own.
    const phone = await suite.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
    });
    const mobile = await phone.newPage();
    const violations: string[] = [];
    mobile.on('console', (m) => {
      if (m.type() === 'error') violations.push(m.text());
    });
    const opened = await mobile.goto(link.href);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['cache-control']).toBe('no-store');
    await expect.poll(() => mobile.locator('.message').count()).toBe(1);
    expect(await mobile.textContent('body')).not.toContain(patient.lastName);
    await mobile
      .getByLabel('Su mensaje')
      .fill('Me encuentro bien. El dolor es de 3 sobre 10 y no tengo fiebre.');
    await mobile.getByRole('button', { name: 'Enviar' }).tap();
    await expect.poll(() => mobile.locator('.message').count()).toBe(3);
    expect(new URL(mobile.url()).hash).toBe('#latest');
    await mobile.evaluate('window.scrollTo(0, 0)');
    await mobile.screenshot({ path: join(ARTIFACTS, 'mobile-chat-page.png'), fullPage: true });

    // The coordinator never reloaded: the patient's words and the reply arrive by themselves.
    await expect.poll(() => messages.count(), { timeout: 20_000 }).toBe(3);
    expect(await messages.nth(1).textContent()).toContain('El dolor es de 3 sobre 10');
    expect(await messages.nth(1).textContent()).toContain('Paciente');
    await expect.poll(() => chat.locator('dd').nth(3).textContent()).toBe('11');
    await screenshot(page, 'es-chat-live');

    // A second message, with a warning sign: 112 on the phone at once, flagged for the coordinator.
    await mobile
      .getByLabel('Su mensaje')
      .fill('Ahora me duele mucho el pecho y me cuesta respirar');
    await mobile.getByRole('button', { name: 'Enviar' }).tap();
    await expect.poll(() => mobile.locator('.message').count()).toBe(5);
    expect(await mobile.locator('#latest').textContent()).toContain('112');
    expect(await mobile.locator('#latest.message--escalated').count()).toBe(1);
    await mobile.screenshot({
      path: join(ARTIFACTS, 'mobile-chat-page-112.png'),
      fullPage: true,
    });
    await expect.poll(() => messages.count(), { timeout: 20_000 }).toBe(5);
    await expect.poll(() => chat.getByText('Señal de alarma', { exact: true }).count()).toBe(1);
    expect(violations).toEqual([]);

    // The coordinator ends it: the patient's link stops working, calmly.
    await chat.getByRole('button', { name: 'Finalizar la conversación' }).click();
    await page
      .getByRole('dialog', { name: '¿Finalizar la conversación?' })
      .getByRole('button', { name: 'Finalizar', exact: true })
      .click();
    await expect.poll(() => chat.getByTestId('chat-ended').count()).toBe(1);
    const gone = await mobile.reload();
    expect(gone?.status()).toBe(410);
    expect(await mobile.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Esta conversación ha terminado',
    );
    await mobile.screenshot({ path: join(ARTIFACTS, 'mobile-chat-page-ended.png') });
    await phone.close();
    expect(pageErrors(page)).toEqual([]);

    // The coordinator's view in Catalan.
    await page.goto(`${suite.app.appUrl.replace(/\/$/, '')}/#/settings`);
    await page.getByLabel('Idioma de la aplicación').selectOption('ca');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.evaluate('document.documentElement.lang')).toBe('ca');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Configuració');
    await context.close();
    const again = await openApp(suite.browser, suite.app, `/chats/${id}`);
    await again.page.setViewportSize({ width: 1366, height: 768 });
    const xat = again.page.getByRole('region', { name: `Conversa amb ${name}` });
    await expect.poll(() => xat.getByTestId('chat-message').count()).toBe(5);
    expect(await uiTextProblems(again.page, 'ca')).toEqual([]);
    await screenshot(again.page, 'ca-chat-live');
    expect(pageErrors(again.page)).toEqual([]);
    await again.context.close();
  });
});
