import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

const suite = webAppSuite();

interface Delivery {
  eventId: string;
  status: string;
  payload: unknown;
  attempts: {
    trigger: string;
    succeeded: boolean;
    statusCode?: number;
    requestHeaders: Record<string, string>;
  }[];
}

describe('webhooks in web mode', () => {
  it('registers a webhook to the built-in receiver, watches signed deliveries arrive, fails, retries', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/webhooks');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Webhooks');
    const panel = page.getByRole('region', { name: 'Receptor de pruebas' });
    const urlShown = panel.getByTestId('receiver-url');
    await expect.poll(() => urlShown.count()).toBe(1);
    const receiverUrl = (await urlShown.textContent())!;
    // The service's own address, outside the authenticated API.
    expect(receiverUrl).toBe(`${new URL(suite.app.baseUrl).origin}/sandbox-receiver/inbox`);

    // Register from the UI, to the receiver, for two events.
    await page.getByRole('button', { name: 'Registrar webhook' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Usar el receptor de pruebas' }).click();
    await dialog.getByRole('checkbox', { name: 'Paciente creado' }).check();
    await dialog.getByRole('checkbox', { name: 'Formulario completado' }).check();
    await screenshot(page, 'es-webhooks-register');
    await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();

    // The secret, once.
    const secretField = dialog.getByLabel('Secreto de firma');
    await expect.poll(() => secretField.count()).toBe(1);
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect.poll(() => dialog.getByText(/no se volverá a mostrar/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Copiar el secreto' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await screenshot(page, 'es-webhooks-created');
    await dialog.getByRole('button', { name: 'Ya lo he guardado' }).click();
    expect(await page.content()).not.toContain(secret);
    const listed = await api<{ data: { id: string; url: string }[] }>(suite.app, '/webhooks');
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const webhook = listed.body.data.find((w) => w.url === receiverUrl)!;
    expect(webhook).toBeDefined();
    const row = page.getByRole('row', { name: new RegExp(receiverUrl.replace(/[.]/g, '\\.')) });
    await expect.poll(() => row.count()).toBe(1);

    // An event: the signed delivery arrives in the receiver panel, verified.
    const first = await api<{ id: string; webhookIds: string[] }>(suite.app, '/sandbox/events', {
      method: 'POST',
      body: { event: 'patient.created' },
    });
    expect(first.status).toBe(201);
    expect(first.body.webhookIds).toEqual([webhook.id]);
    const received = panel.getByTestId('received-request');
    await expect.poll(() => received.filter({ hasText: 'Firma verificada' }).count()).toBe(1);
    const arrived = received.first();
    expect(await arrived.textContent()).toContain('Paciente creado');
    expect(await arrived.textContent()).toContain('Respondió 200');
    await arrived.getByRole('button', { name: /^Detalle de la petición del / }).click();
    await expect.poll(() => arrived.getByText(first.body.id, { exact: true }).count()).toBe(1);
    await expect
      .poll(() => arrived.getByTestId('received-body').textContent())
      .toContain(`"id": "${first.body.id}"`);

    // The signature really is the HMAC of the body with the secret shown once.
    const log = await api<{ data: Delivery[] }>(suite.app, `/webhooks/${webhook.id}/deliveries`);
    const sent = log.body.data.find((d) => d.eventId === first.body.id)!;
    expect(sent.status).toBe('delivered');
    const body = JSON.stringify(sent.payload);
    expect(sent.attempts[0]!.requestHeaders['x-service-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    );
    await expect.poll(() => row.getByText('Correcto', { exact: true }).count()).toBe(1);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-webhooks');

    // Make the receiver fail: the next delivery fails and is retried on the service clock.
    const failSwitch = panel.getByRole('switch', { name: 'Responder con error 500' });
    await failSwitch.click();
    await expect.poll(() => failSwitch.getAttribute('aria-checked')).toBe('true');
    const second = await api<{ id: string }>(suite.app, '/sandbox/events', {
      method: 'POST',
      body: { event: 'form.completed' },
    });
    expect(second.status).toBe(201);
    await expect.poll(() => received.filter({ hasText: 'Respondió 500' }).count()).toBe(1);
    for (const seconds of [60, 600, 3600]) {
      const advanced = await api(suite.app, '/sandbox/clock/advance', {
        method: 'POST',
        body: { seconds },
      });
      expect(advanced.status).toBe(200);
    }
    await expect.poll(() => received.filter({ hasText: 'Respondió 500' }).count()).toBe(4);
    // Failed attempts still carry a valid signature.
    expect(await received.filter({ hasText: 'Firma no verificada' }).count()).toBe(0);

    // The log shows the failed delivery with its four attempts.
    await page.getByRole('link', { name: `Ver el registro de entregas de ${receiverUrl}` }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(receiverUrl);
    await page.getByLabel('Estado').selectOption({ label: 'Fallida' });
    const deliveries = page.getByTestId('delivery');
    await expect.poll(() => deliveries.count()).toBe(1);
    const failed = deliveries.first();
    expect(await failed.textContent()).toContain('Formulario completado');
    expect(await failed.textContent()).toContain('Se agotaron los reintentos automáticos.');
    await failed
      .getByRole('button', { name: /^Intentos de la entrega Formulario completado/ })
      .click();
    const attempts = failed.getByTestId('attempt');
    await expect.poll(() => attempts.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      const text = (await attempts.nth(i).textContent()) ?? '';
      expect(text).toContain(`Intento ${i + 1}`);
      expect(text).toContain('Respondió 500');
      expect(text).toContain('x-service-signature');
      expect(text).toMatch(/\d+ ms/);
      // The built-in receiver is on this machine: only its status is kept, never its body.
      expect(text).toContain('solo se guarda el estado');
    }
    expect(await uiTextProblems(page, 'es')).toEqual([]);

    // Switch the receiver back, then retry by hand: delivered.
    await page.getByRole('link', { name: /Todos los webhooks/ }).click();
    await expect.poll(() => failSwitch.getAttribute('aria-checked')).toBe('true');
    await failSwitch.click();
    await expect.poll(() => failSwitch.getAttribute('aria-checked')).toBe('false');
    await page.getByRole('link', { name: `Ver el registro de entregas de ${receiverUrl}` }).click();
    await page.getByLabel('Estado').selectOption({ label: 'Todas' });
    const again = deliveries.filter({ hasText: 'Formulario completado' });
    await expect.poll(() => again.count()).toBe(1);
    await again
      .getByRole('button', { name: /^Reintentar la entrega Formulario completado/ })
      .click();
    await expect
      .poll(() => again.getByText('Reintento correcto: se ha entregado (Respondió 200).').count())
      .toBe(1);
    await expect.poll(() => again.getByText('Entregada', { exact: true }).count()).toBe(1);
    const toggle = again.getByRole('button', { name: /^Intentos de la entrega|^Ocultar/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect.poll(() => again.getByTestId('attempt').count()).toBe(5);
    expect(await again.getByTestId('attempt').last().textContent()).toContain('Reintento manual');
    const settled = await api<{ data: Delivery[] }>(
      suite.app,
      `/webhooks/${webhook.id}/deliveries?status=delivered`,
    );
    expect(settled.body.data.map((d) => d.eventId).sort()).toEqual(
      [first.body.id, second.body.id].sort(),
    );
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-webhook');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
