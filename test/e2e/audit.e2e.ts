import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { settled } from './screen-catalogue';

interface AuditEvent {
  actor: { type: string; name: string };
  channel: string;
  action: string;
  patientId: string;
}

const suite = webAppSuite();

describe('the audit trail in web mode', () => {
  it("lists on the patient page's access log the views just made, from the window and the API", async () => {
    const { body: patients } = await api<{ data: { id: string; lastName: string }[] }>(
      suite.app,
      '/patients?status=active&limit=1',
    );
    const patient = patients.data[0]!;
    // One read over the API first (as the web app's own key), then the window's.
    expect((await api(suite.app, `/patients/${patient.id}`)).status).toBe(200);

    const { context, page } = await openApp(suite.browser, suite.app, `/patients/${patient.id}`);
    await settled(page);
    await page.getByRole('tab', { name: 'Registro de accesos' }).click();
    const list = page.getByRole('list', { name: 'Quién ha visto o cambiado este paciente' });
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    const items = await list.getByRole('listitem').allTextContents();
    // Newest first: the window's view of the page, then the API's read before it.
    expect(items[0]).toMatch(/Abrió la ficha.*Este escritorio · Ventana/);
    expect(items.some((text) => /Abrió la ficha.*Clave de API «.+» · API/.test(text))).toBe(true);
    await screenshot(page, 'es-patient-access-log');

    // The trail over the API says the same, for this patient only, with no clinical content.
    const { status, body } = await api<{ data: AuditEvent[] }>(
      suite.app,
      `/audit-events?patientId=${patient.id}`,
    );
    expect(status).toBe(200);
    expect(body.data.map((e) => [e.channel, e.action])).toContainEqual([
      'window',
      'patient.viewed',
    ]);
    expect(JSON.stringify(body)).not.toContain(patient.lastName);

    // The audit log under Settings shows the same views, with the patient's name beside them.
    await page.goto(`${suite.app.appUrl}#/settings/audit`);
    const table = page.getByRole('table', { name: 'Registro de accesos' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(2);
    await expect.poll(() => table.getByText(patient.lastName).count()).toBeGreaterThan(0);
    await screenshot(page, 'es-settings-audit-log');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shortens how long the log is kept after saying what the next purge deletes, and logs the change', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/settings/audit');
    await settled(page);
    const card = page.getByRole('region', { name: 'Conservación del registro' });
    const field = card.getByRole('combobox', { name: 'Conservar el registro de accesos durante' });
    expect(await field.inputValue()).toBe('6');
    await field.selectOption({ label: '2 años' });
    await card.getByRole('button', { name: 'Guardar' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Conservar el registro solo 2 años?' });
    // The demo clinic's trail is all from today: nothing is two years old yet.
    await expect.poll(() => dialog.textContent()).toMatch(/la próxima purga no borrará nada/);
    await screenshot(page, 'es-settings-audit-retention-confirm');
    await dialog.getByRole('button', { name: 'Acortar y borrar al purgar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const table = page.getByRole('table', { name: 'Registro de accesos' });
    await expect
      .poll(() => table.getByText('Cambió la conservación del registro').count())
      .toBeGreaterThan(0);
    const { body } = await api<{ data: AuditEvent[] }>(
      suite.app,
      '/audit-events?action=retention.changed',
    );
    expect(body.data.map((e) => [e.action, e.patientId])).toEqual([['retention.changed', '']]);
    await screenshot(page, 'es-settings-audit-retention');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
