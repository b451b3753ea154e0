import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

const run = promisify(execFile);
const suite = webAppSuite();

/** The name the harness's API key has (`engage-desk web` creates it). */
const HARNESS_KEY_NAME = 'Key for engage-desk web';

/** Records the page's Content-Security-Policy violations from now on (read with cspViolations). */
const WATCH_CSP = `window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber));`;

describe('Developer screen in web mode', () => {
  it('shows the reference from the service, a curl that runs as copied, and the live log', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/');
    await page.getByRole('link', { name: 'Panel' }).waitFor();
    await page.evaluate(WATCH_CSP);
    await page.getByRole('link', { name: 'Desarrolladores' }).click();

    // The reference is Scalar, bundled, rendering the service's own document under the strict CSP.
    const reference = page.getByRole('region', { name: 'Referencia de la API' });
    await expect
      .poll(() => reference.innerText(), { timeout: 30_000 })
      .toContain('Healthcare Engagement Service (Engage Desk)');
    await expect.poll(() => reference.innerText()).toContain(suite.app.baseUrl);
    // Opening a section of the reference shows its operations and keeps the window here.
    await reference.getByRole('button', { name: 'Patients' }).first().click();
    await expect.poll(() => reference.innerText()).toMatch(/GET\s+\/patients\b/);
    await expect.poll(() => reference.innerText()).toMatch(/List patients/);
    expect(page.url()).toMatch(/#\/developer/);
    expect(await page.getByTestId('developer-base-url').innerText()).toBe(suite.app.baseUrl);
    await screenshot(page, 'es-developer');

    // The curl for GET /patients, copied, runs as is with the key in ENGAGE_API_KEY.
    await page.getByRole('tab', { name: 'Ejemplos curl' }).click();
    await page.getByLabel('Filtrar operaciones').fill('GET /patients');
    await page.getByRole('button', { name: 'Copiar curl de GET /patients', exact: true }).click();
    const curl = String(await page.evaluate('navigator.clipboard.readText()'));
    expect(curl).toBe(
      `curl '${suite.app.baseUrl}/patients' \\\n  -H "Authorization: Bearer $ENGAGE_API_KEY"`,
    );
    const ran = await run('bash', ['-c', curl], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ENGAGE_API_KEY: suite.app.apiKey },
    });
    expect(JSON.parse(ran.stdout).data.length).toBeGreaterThan(0);
    // POST /patients carries an example body the service accepts.
    await page.getByLabel('Filtrar operaciones').fill('POST /patients');
    await page.getByRole('button', { name: 'Copiar curl de POST /patients', exact: true }).click();
    const post = String(await page.evaluate('navigator.clipboard.readText()'));
    expect(post).toContain("-H 'Content-Type: application/json'");
    const created = await run('bash', ['-c', post], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ENGAGE_API_KEY: suite.app.apiKey },
    });
    expect(JSON.parse(created.stdout).id).toMatch(/^pat_/);

    // The live log: the curl calls are there, and an API call shows up as it happens.
    await page.getByRole('tab', { name: 'Peticiones en directo' }).click();
    const table = page.getByRole('table', { name: 'Peticiones recibidas' });
    const row = (path: string) => table.getByRole('row').filter({ hasText: path });
    await expect.poll(() => row('/api/v1/patients').count()).toBeGreaterThanOrEqual(2);
    const call = await api(suite.app, '/patients?limit=3&search=Garc');
    expect(call.status).toBe(200);
    await expect.poll(() => row('/api/v1/patients?limit=3&search=Garc').count()).toBe(1);
    const text = await row('/api/v1/patients?limit=3&search=Garc').innerText();
    expect(text).toContain('200');
    expect(text).toContain(HARNESS_KEY_NAME);
    expect(text).toMatch(/\d ms/);
    expect((await api(suite.app, '/patients/pat_missing')).status).toBe(404);
    await expect.poll(() => row('/api/v1/patients/pat_missing').innerText()).toContain('404');
    // Newest first.
    expect(await table.getByRole('row').nth(1).innerText()).toContain(
      '/api/v1/patients/pat_missing',
    );

    // Paused, the table stands still and says what it let pass; resumed, it catches up.
    await page.getByRole('button', { name: 'Pausar' }).click();
    await api(suite.app, '/billing/balance');
    await expect
      .poll(() => page.getByText('En pausa: 1 petición nueva sin mostrar.').count())
      .toBe(1);
    expect(await row('/api/v1/billing/balance').count()).toBe(0);
    await page.getByRole('button', { name: 'Reanudar' }).click();
    await expect.poll(() => row('/api/v1/billing/balance').count()).toBe(1);
    await screenshot(page, 'es-developer-log');
    expect(await uiTextProblems(page, 'es')).toEqual([]);

    await page.getByRole('button', { name: 'Vaciar' }).click();
    await expect
      .poll(() => page.getByText('Todavía no ha llegado ninguna petición').count())
      .toBe(1);

    expect(await page.evaluate('window.__csp')).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('Notifications in web mode', () => {
  it('counts an escalated chat on the bell, links to it and marks everything read', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/');
    const bell = page.getByRole('button', { name: /\bavisos?\b/i }).first();
    const unread = async () => {
      const label = (await bell.getAttribute('aria-label')) ?? '';
      return label === 'Avisos: ninguno sin leer'
        ? 0
        : Number(/^Avisos: (\d+) sin leer$/.exec(label)?.[1]);
    };
    // The demo clinic opens with its last day's escalations unread (a demo needs a live bell).
    await expect.poll(unread).toBeGreaterThan(0);
    const before = await unread();

    // Two patients write something alarming in a chat started through the API.
    const patients = await api<{ data: { id: string; firstName: string; lastName: string }[] }>(
      suite.app,
      '/patients?limit=2&status=active',
    );
    const chats: { id: string; name: string }[] = [];
    for (const [i, patient] of patients.body.data.entries()) {
      const started = await api<{ id: string }>(suite.app, '/conversations', {
        method: 'POST',
        body: { patientId: patient.id, context: 'Seguimiento tras la cirugía', language: 'es' },
      });
      expect(started.status).toBe(201);
      const sent = await api<{ patientMessage: { escalated: boolean } }>(
        suite.app,
        `/conversations/${started.body.id}/messages`,
        {
          method: 'POST',
          body: {
            content:
              i === 0 ? 'Tengo dolor en el pecho desde esta mañana' : 'No puedo respirar bien',
          },
        },
      );
      expect(sent.body.patientMessage.escalated).toBe(true);
      chats.push({ id: started.body.id, name: `${patient.firstName} ${patient.lastName}` });
      await expect.poll(unread).toBe(before + i + 1);
    }

    // The panel: newest first, in Spanish with the patient's name, linking to the chat.
    await bell.click();
    const dialog = page.getByRole('dialog', { name: 'Avisos recientes' });
    const items = dialog.getByRole('article');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(2);
    const first = items.filter({ hasText: chats[0]!.name });
    expect(await first.innerText()).toContain('dolor en el pecho');
    expect(await items.first().innerText()).toContain(chats[1]!.name);
    await screenshot(page, 'es-notifications-panel');
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await first.getByRole('link', { name: 'Abrir el chat' }).click();
    await expect.poll(() => page.url()).toMatch(new RegExp(`#/chats/${chats[0]!.id}$`));
    expect(await dialog.count()).toBe(0);
    // Following the link read it.
    await expect.poll(unread).toBe(before + 1);

    // The centre lists them all; the unread filter; mark all read.
    await page.getByRole('link', { name: 'Desarrolladores' }).waitFor();
    await page.goto(`${suite.app.appUrl.replace(/\/$/, '')}/#/notifications`);
    const list = page.getByRole('list', { name: 'Avisos' });
    await expect.poll(() => list.getByRole('article').count()).toBe(before + 2);
    await page.getByLabel('Mostrar solo los no leídos').check();
    await expect.poll(() => list.getByRole('article').count()).toBe(before + 1);
    expect(await list.innerText()).toContain(chats[1]!.name);
    expect(await list.innerText()).not.toContain(chats[0]!.name);
    await page.getByLabel('Mostrar solo los no leídos').uncheck();
    await expect.poll(() => list.getByRole('article').count()).toBe(before + 2);
    await screenshot(page, 'es-notifications');
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await page.getByRole('button', { name: 'Marcar todos como leídos' }).click();
    await expect
      .poll(() => page.getByText(`Se han marcado ${before + 1} avisos como leídos.`).count())
      .toBe(1);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Avisos: ninguno sin leer');
    expect(await page.getByRole('button', { name: /^Marcar como leído/ }).count()).toBe(0);

    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
