import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

/**
 * Alerts end to end: a red flag written in the chat screen escalates the chat, raises an urgent
 * alert that the navigation and the dashboard count, and that Alertas lists in words and lets the
 * coordinator acknowledge with a note; the patient page shows it until it is resolved.
 */
const suite = webAppSuite();

interface Patient {
  id: string;
  firstName: string;
  lastName: string;
}

interface AlertBody {
  id: string;
  state: string;
  priority: string;
  reasonCode: string;
  signs: string[];
  acknowledgeNote?: string;
  acknowledgedBy?: { type: string; name: string };
  source: { type: string; id: string };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function settled(page: Page) {
  await expect.poll(() => page.locator('.state-loading').count(), { timeout: 20_000 }).toBe(0);
}

async function openUrgent(): Promise<number> {
  const { body } = await api<{ data: unknown[] }>(
    suite.app,
    '/alerts?state=open&priority=urgent&limit=100',
  );
  return body.data.length;
}

describe('alerts in web mode', () => {
  it('raises an alert from a red flag in a chat, counts it, and acknowledges it with a note', async () => {
    const { body } = await api<{ data: Patient[] }>(suite.app, '/patients?status=active&limit=5');
    const patient = body.data[0]!;
    const name = `${patient.firstName} ${patient.lastName}`;
    const before = await openUrgent();

    // 1. A chat in which the patient writes a red flag: the chat shows the escalation.
    const { context, page } = await openApp(suite.browser, suite.app, '/chats');
    await page.getByRole('button', { name: 'Nueva conversación' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva conversación' });
    await dialog.getByRole('combobox', { name: 'Paciente' }).fill(name);
    await dialog
      .getByRole('option', { name: new RegExp(escape(name)) })
      .first()
      .click();
    await dialog
      .getByLabel('Contexto para el asistente')
      .fill('Seguimiento tras la cirugía. Preguntar cómo se encuentra.');
    await dialog.getByLabel('Idioma de la conversación').selectOption('es');
    await dialog.getByRole('button', { name: 'Iniciar la conversación' }).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/chats\/conv_/);
    const conversationId = new URL(page.url()).hash.replace('#/chats/', '');
    const chat = page.getByRole('region', { name: `Conversación con ${name}` });
    const box = chat.getByRole('textbox', { name: 'Mensaje del paciente' });
    await box.fill('Tengo un dolor muy fuerte en el pecho y me cuesta respirar.');
    await box.press('Enter');
    await expect.poll(() => chat.getByText('Señal de alarma', { exact: true }).count()).toBe(1);
    expect(await chat.getByText('Señal de alarma: se ha escalado').count()).toBe(1);
    await expect.poll(() => chat.getByText(/^Escalada el /).count()).toBeGreaterThan(0);
    await expect.poll(openUrgent).toBe(before + 1);

    // 2. The navigation and the dashboard count it.
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect
      .poll(() => nav.getByRole('link', { name: /^Alertas \(\d+ urgentes?/ }).count())
      .toBe(1);
    await expect
      .poll(() => nav.getByTestId('alerts-nav-urgent').textContent())
      .toBe(`! ${before + 1}`);
    await page.goto(`${suite.app.appUrl}#/`);
    const card = page.getByRole('region', { name: 'Alertas abiertas' });
    await expect
      .poll(() => card.getByTestId('alerts-card-counts').textContent())
      .toMatch(new RegExp(`^${before + 1} urgentes?`));
    await settled(page);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await card.getByRole('link', { name: 'Ver las alertas' }).click();

    // 3. Alertas lists it at the top, in words, with its links.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Alertas');
    const item = page.getByTestId('alert-item').filter({ hasText: name }).first();
    await expect
      .poll(() => item.textContent())
      .toContain('Urgencia vital en un chat: dolor en el pecho y dificultad para respirar.');
    expect(await item.getByRole('link', { name: 'Abrir el chat' }).getAttribute('href')).toBe(
      `#/chats/${conversationId}`,
    );
    expect(await item.getByRole('link', { name }).getAttribute('href')).toBe(
      `#/patients/${patient.id}`,
    );
    expect(await item.textContent()).toMatch(/Creada el \d{1,2} \w+ \d{4}, \d{1,2}:\d{2}/);
    await settled(page);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-alerts-open');

    // 4. Acknowledged with a note, in a dialog.
    await item.getByRole('button', { name: `Marcar como vista la alerta de ${name}` }).click();
    const ack = page.getByRole('dialog', { name: 'Marcar la alerta como vista' });
    await ack.getByLabel('Nota (opcional)').fill('Llamada hecha: va de camino a urgencias.');
    await ack.getByRole('button', { name: 'Marcar como vista' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'se ha marcado como vista' }).count())
      .toBe(1);
    const seen = page.getByTestId('alert-item').filter({ hasText: name }).first();
    await expect
      .poll(() => seen.getByTestId('alert-acknowledged').textContent())
      .toMatch(/^Vista el .+ desde Engage Desk\.Nota: Llamada hecha: va de camino a urgencias\.$/);
    const { body: listed } = await api<{ data: AlertBody[] }>(
      suite.app,
      `/alerts?patientId=${patient.id}&sourceType=conversation&limit=5`,
    );
    const alert = listed.data.find((a) => a.source.id === conversationId)!;
    expect(alert).toMatchObject({
      state: 'acknowledged',
      priority: 'urgent',
      reasonCode: 'chat_emergency',
      acknowledgeNote: 'Llamada hecha: va de camino a urgencias.',
      acknowledgedBy: { type: 'desk' },
    });
    expect(alert.signs).toContain('chest_pain');
    await expect.poll(openUrgent).toBe(before);
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Navegación principal' })
          .getByTestId('alerts-nav-urgent')
          .count(),
      )
      .toBe(before > 0 ? 1 : 0);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-alerts-acknowledged');

    // 5. Unresolved, it stays on the patient's page, with a link to Alertas showing only theirs.
    await page.goto(`${suite.app.appUrl}#/patients/${patient.id}`);
    const header = page.getByRole('region', { name: 'Alertas sin resolver' });
    await expect.poll(() => header.textContent()).toContain('Urgencia vital en un chat');
    expect(await header.textContent()).toContain('Vista');
    await settled(page);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await header.getByRole('link', { name: 'Ver sus alertas' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Alertas');
    await expect.poll(() => page.getByTestId('picked-patient').textContent()).toBe(name);
    await expect
      .poll(async () => {
        const names = await page
          .getByTestId('alert-item')
          .getByRole('heading')
          .getByRole('link')
          .allTextContents();
        return names.length > 0 && names.every((n) => n === name);
      })
      .toBe(true);
    // Another screen and back: the patient filter stays with the link that set it.
    await page.getByRole('link', { name: /^Pacientes/ }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Pacientes');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('link', { name: /^Alertas/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Alertas');
    await expect.poll(() => page.getByTestId('picked-patient').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('a PHQ-9 answered on the patient page with item 9 above 0 raises an urgent alert', async () => {
    // The demo clinic's PHQ-9 carries the clinical rule on item 9 (docs/clinical-safety.md).
    const forms = await api<{ data: { id: string; name: string }[] }>(
      suite.app,
      '/clinical-forms?limit=100',
    );
    const phq9 = forms.body.data.find((f) => f.name.includes('PHQ-9'))!;
    const form = await api<{ fields: { id: string; label: string; options?: string[] }[] }>(
      suite.app,
      `/clinical-forms/${phq9.id}`,
    );
    const created = await api<{ id: string; name: string }>(suite.app, '/patients', {
      method: 'POST',
      body: { firstName: 'Remei', lastName: 'Alerta Prova', email: 'remei.prova@example.com' },
    });
    const patientId = created.body.id;
    const schedule = await api<{ id: string }>(suite.app, '/form-schedules', {
      method: 'POST',
      body: { formId: phq9.id, patientId, channel: 'email' },
    });
    expect(schedule.status).toBe(201);
    await api(suite.app, '/sandbox/clock/advance', { method: 'POST', body: { seconds: 60 } });
    const outbox = await api<{ data: { scheduleId?: string; link?: string }[] }>(
      suite.app,
      `/sandbox/outbox?scheduleId=${schedule.body.id}`,
    );
    const link = outbox.body.data.find((m) => m.scheduleId === schedule.body.id)!.link!;

    // The patient answers in the browser: "Ningún día" everywhere but item 9.
    const { context, page } = await openApp(suite.browser, suite.app, '/alerts');
    const patientPage = await context.newPage();
    await patientPage.goto(link);
    for (const field of form.body.fields.filter((f) => /^phq9_\d$/.test(f.id))) {
      const choice = field.id === 'phq9_9' ? field.options![1]! : field.options![0]!;
      await patientPage
        .getByRole('group', { name: new RegExp(`^${escape(field.label)}`) })
        .getByRole('radio', { name: choice })
        .check();
    }
    await patientPage.getByRole('button', { name: 'Enviar respuestas' }).click();
    await expect.poll(() => patientPage.getByRole('heading', { name: 'Gracias' }).count()).toBe(1);
    await patientPage.close();

    // The alert exists (raised with the response) and the coordinator sees it in Alertas.
    const alerts = await api<{ data: AlertBody[] }>(suite.app, `/alerts?patientId=${patientId}`);
    expect(alerts.body.data).toHaveLength(1);
    expect(alerts.body.data[0]).toMatchObject({ priority: 'urgent', reasonCode: 'response_rule' });
    await page.reload();
    await settled(page);
    await expect
      .poll(() => page.getByTestId('alert-item').filter({ hasText: 'Remei Alerta Prova' }).count())
      .toBe(1);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
