import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUT, api, openApp, pageErrors, screenshot, webAppSuite } from './harness';

const PATIENTS = 100_000;

// The benchmark's fixture writer: 100,000 patients through the service's own query module.
const suite = webAppSuite({
  prepare: (dataDir) =>
    execFileSync(process.execPath, [
      join(OUT, 'bench', 'bench-fixture.js'),
      dataDir,
      String(PATIENTS),
    ]),
});

describe('a clinic with 100,000 patients', () => {
  it('lists them in a virtualised table that loads pages as it scrolls and keeps few rows in the page', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/patients');
    await expect
      .poll(() => page.getByTestId('patients-total').textContent())
      .toBe('100.000 pacientes');
    const table = page.getByRole('table', { name: 'Lista de pacientes' });
    expect(await table.getAttribute('aria-rowcount')).toBe(String(PATIENTS + 1));

    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/__bridge/ops/patients.list'))
        listCalls.push(request.postData() ?? '');
    });
    const scroller = page.getByTestId('patients-scroll');
    const rowsInPage = () => table.locator('[role="row"][aria-rowindex]').count();
    // Five trips to the end of what is loaded: each asks for the next page by its cursor.
    for (let trip = 1; trip <= 5; trip++) {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect.poll(() => listCalls.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(trip);
      await expect
        .poll(() => page.locator('.patients-more-row').count(), { timeout: 20_000 })
        .toBe(0);
      // Only the rows in view (and a few around them) exist, however many are loaded.
      expect(await rowsInPage()).toBeLessThan(60);
    }
    for (const body of listCalls)
      expect(JSON.parse(body)).toMatchObject({ limit: 100, cursor: expect.any(String) });
    const lastIndex = Number(
      await table.locator('[role="row"][aria-rowindex]').last().getAttribute('aria-rowindex'),
    );
    expect(lastIndex).toBeGreaterThan(500);
    await screenshot(page, 'es-patients-100k-scrolled');

    // A server-side search over all of them.
    const { body } = await api<{ data: { lastName: string }[] }>(
      suite.app,
      '/patients?limit=1&search=n%C3%BA%C3%B1ez',
    );
    expect(body.data.length).toBe(1);
    await page.getByLabel('Buscar').fill('núñez');
    await expect
      .poll(
        async () =>
          Number((await page.getByTestId('patients-total').textContent())!.replace(/\D/g, '')),
        {
          timeout: 20_000,
        },
      )
      .toBeLessThan(PATIENTS);
    await expect.poll(() => table.getByRole('link', { name: /Núñez/ }).count()).toBeGreaterThan(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
