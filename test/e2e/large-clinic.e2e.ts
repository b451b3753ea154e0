import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUT, api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { recordTiming, timeClick } from './timings';

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
      .poll(() => page.getByTestId('patients-total').textContent(), { timeout: 20_000 })
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

describe('the patient list on 100,000 patients: sorting, filters and selection', () => {
  it('sorts, filters and selects all matching, each measured from the click to the first rows', async () => {
    const { context, page } = await openApp(suite.browser, suite.app, '/patients');
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect
      .poll(() => page.getByTestId('patients-total').textContent(), { timeout: 20_000 })
      .toBe('100.000 pacientes');
    const firstRow = () => page.locator('[data-row-link="0"]').textContent({ timeout: 20_000 });
    const before = await firstRow();

    // Sort by name: the first row is a patient whose last name folds to the start of the alphabet.
    const byName = await timeClick(
      page,
      '[role="columnheader"] .patients-sort',
      `document.querySelector('[role="columnheader"][aria-sort="ascending"]') !== null && document.querySelector('[data-row-link="0"]')?.textContent !== ${JSON.stringify(before)}`,
    );
    recordTiming('patients-100k: sort by name, first page on screen', byName);
    const sortedFirst = await firstRow();
    expect(sortedFirst!.normalize('NFD')).toMatch(/^A/);

    // The other way round.
    const reversed = await timeClick(
      page,
      '[role="columnheader"] .patients-sort',
      `document.querySelector('[role="columnheader"][aria-sort="descending"]') !== null && document.querySelector('[data-row-link="0"]')?.textContent !== ${JSON.stringify(sortedFirst)}`,
    );
    recordTiming('patients-100k: sort by name descending, first page on screen', reversed);

    // A tag and an age: the total follows the service's count.
    await page.getByLabel('Etiqueta', { exact: true }).selectOption({ index: 1 });
    await expect
      .poll(
        async () =>
          Number((await page.getByTestId('patients-total').textContent())!.replace(/\D/g, '')),
        { timeout: 20_000 },
      )
      .toBeLessThan(PATIENTS);
    const tagged = Number(
      (await page.getByTestId('patients-total').textContent())!.replace(/\D/g, ''),
    );
    await page.getByLabel('Desde (años)').fill('65');
    await expect
      .poll(
        async () =>
          Number((await page.getByTestId('patients-total').textContent())!.replace(/\D/g, '')),
        { timeout: 20_000 },
      )
      .toBeLessThan(tagged);

    // Select the loaded rows, then every matching patient (fewer than the limit here).
    await page.getByRole('checkbox', { name: /Seleccionar los 100 pacientes cargados/ }).check();
    const matching = Number(
      (await page.getByTestId('patients-total').textContent())!.replace(/\D/g, ''),
    );
    const formatted = matching.toLocaleString('es-ES');
    const selectAll = await timeClick(
      page,
      '.patients-bulk-count button',
      `document.querySelector('.patients-bulk-count strong')?.textContent === ${JSON.stringify(`${formatted} pacientes seleccionados`)}`,
    );
    recordTiming(`patients-100k: select all ${matching} matching`, selectAll);
    await screenshot(page, 'es-patients-100k-selected');

    // Without filters, "select all" states the limit before it acts.
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect
      .poll(() => page.getByTestId('patients-total').textContent(), { timeout: 20_000 })
      .toBe('100.000 pacientes');
    await page.getByRole('checkbox', { name: /Seleccionar los 100 pacientes cargados/ }).check();
    expect(
      await page
        .getByRole('button', { name: 'Seleccionar los primeros 10.000 de 100.000 que coinciden' })
        .isVisible(),
    ).toBe(true);
    const limited = await timeClick(
      page,
      '.patients-bulk-count button',
      `document.querySelector('.patients-bulk-count strong')?.textContent === '10.000 pacientes seleccionados'`,
    );
    recordTiming('patients-100k: select the first 10,000 of 100,000', limited);
    expect(await page.getByText(/los primeros 10\.000 de 100\.000 que coinciden/).isVisible()).toBe(
      true,
    );
    await screenshot(page, 'es-patients-100k-limit');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
