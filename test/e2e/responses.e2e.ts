import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { api, openApp, pageErrors, screenshot, webAppSuite } from './harness';
import { uiTextProblems } from './ui-text-checks';

interface Form {
  id: string;
  name: string;
}
interface Response {
  id: string;
  patientId: string;
  completedAt: string;
  responses: { fieldId: string; value: unknown }[];
}
interface Patient {
  id: string;
  firstName: string;
  lastName: string;
}

const suite = webAppSuite();

const BAND = /\d+ · (Mínima|Leve|Moderada|Moderadamente grave|Grave)/;

/** The demo clinic's PHQ-9, and the patient with the most answers to it (a trend to draw). */
async function phq9WithPatient(): Promise<{ form: Form; patient: Patient; answered: Response[] }> {
  const forms = await api<{ data: Form[] }>(suite.app, '/clinical-forms?limit=100');
  const form = forms.body.data.find((f) => f.name.includes('PHQ-9'));
  if (!form) throw new Error('the demo clinic has no PHQ-9');
  const all: Response[] = [];
  let cursor = '';
  do {
    const { body } = await api<{
      data: Response[];
      pagination: { cursor: string; hasMore: boolean };
    }>(
      suite.app,
      `/clinical-forms/${form.id}/responses?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    );
    all.push(...body.data);
    cursor = body.pagination.hasMore ? body.pagination.cursor : '';
  } while (cursor);
  const byPatient = new Map<string, Response[]>();
  for (const r of all) byPatient.set(r.patientId, [...(byPatient.get(r.patientId) ?? []), r]);
  const [patientId, answered] = [...byPatient].sort((a, b) => b[1].length - a[1].length)[0]!;
  expect(answered.length).toBeGreaterThan(2);
  const patient = (await api<Patient>(suite.app, `/patients/${patientId}`)).body;
  return { form, patient, answered };
}

describe('responses in web mode', () => {
  it('filters a PHQ-9 by patient, charts the trend and the distribution, opens a response and exports the CSV', async () => {
    const { form, patient, answered } = await phq9WithPatient();
    const name = `${patient.firstName} ${patient.lastName}`;
    const { context, page } = await openApp(
      suite.browser,
      suite.app,
      `/forms/${form.id}/responses`,
    );

    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Respuestas: ${form.name}`);
    const table = page.getByRole('table', { name: `Respuestas a ${form.name}` });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(10);
    await expect.poll(() => table.getByText(BAND).count()).toBeGreaterThan(5);

    // The distribution across patients: a bar per severity band, drawn.
    const distribution = page.getByRole('region', { name: 'Distribución entre pacientes' });
    const spread = distribution.getByRole('figure', { name: 'Puntuación PHQ-9' });
    await expect
      .poll(() =>
        spread.getByTestId('distribution-plot').locator('.recharts-bar-rectangle').count(),
      )
      .toBeGreaterThan(0);
    expect(await spread.getAttribute('aria-describedby')).toBeTruthy();
    await expect
      .poll(() => spread.locator('figcaption').textContent())
      .toMatch(/Último valor de \d+ pacientes\. Intervalo más frecuente: /);

    // Filter by the patient, searching as you type part of the surname.
    const search = page.getByRole('combobox', { name: 'Paciente' });
    await search.fill(patient.lastName.split(' ')[0]!);
    await page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
    await expect
      .poll(() => page.getByRole('button', { name: `Quitar el filtro de ${name}` }).count())
      .toBe(1);
    await expect.poll(() => table.getByRole('row').count()).toBe(answered.length + 1);
    const listName = `${patient.lastName}, ${patient.firstName}`;
    expect(await table.getByRole('rowheader').allTextContents()).toEqual(
      answered.map(() => listName),
    );

    // The trend: the patient's score over time, over the severity bands, and as a table.
    const trend = page.getByRole('region', { name: `Evolución de ${name}` });
    const chart = trend.getByRole('figure', { name: 'Puntuación PHQ-9' });
    const plot = chart.getByTestId('trend-plot');
    await expect.poll(() => plot.locator('.recharts-line-curve').count()).toBe(1);
    await expect.poll(() => plot.locator('.recharts-reference-area').count()).toBe(5);
    await expect
      .poll(() => plot.locator('.recharts-line-dot, .recharts-dot').count())
      .toBeGreaterThan(2);
    const points = chart.getByRole('table', { name: `Puntuación PHQ-9 de ${name} por fecha` });
    // Every answer of the demo PHQ-9 is complete, so each one is a point with its band.
    await expect.poll(() => points.locator('tbody tr').count()).toBe(answered.length);
    expect(await points.locator('tbody tr td:nth-child(3)').allTextContents()).toEqual(
      answered.map(() =>
        expect.stringMatching(/^(Mínima|Leve|Moderada|Moderadamente grave|Grave)$/),
      ),
    );
    expect(await chart.getByRole('list', { name: 'Franjas de gravedad' }).textContent()).toContain(
      'Moderadamente grave: 15–19',
    );
    // The distribution marks where the patient is.
    await expect
      .poll(() => spread.locator('figcaption').textContent())
      .toContain(`${name} está en «`);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-responses');

    // Export what the filter selects: the browser gets a file named by the service.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^cuestionario-sobre-la-salud-del-paciente-phq-9-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]!.slice(0, 5)).toEqual([
      'ID de respuesta',
      'Completada (UTC)',
      'Paciente',
      'ID de paciente',
      'Poco interés o placer en hacer cosas',
    ]);
    expect(rows[0]!.slice(-2)).toEqual(['PHQ-9', 'PHQ-9: gravedad']);
    expect(rows).toHaveLength(answered.length + 1);
    const oldest = [...answered].sort((a, b) => a.completedAt.localeCompare(b.completedAt))[0]!;
    expect(rows[1]!.slice(0, 4)).toEqual([oldest.id, oldest.completedAt, name, patient.id]);
    expect(rows[1]![4]).toBe(oldest.responses[0]!.value);
    expect(rows[1]!.at(-2)).toMatch(/^\d+$/);
    expect(rows[1]!.at(-1)).toMatch(/^(Mínima|Leve|Moderada|Moderadamente grave|Grave)$/);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'exportado' }).textContent())
      .toMatch(/^Se han exportado \d+ respuestas a /);

    // One response in full.
    await table
      .getByRole('link', { name: /^Ver la respuesta de / })
      .first()
      .click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Respuesta de ${name}`);
    const answers = page.getByRole('region', { name: 'Respuestas' });
    await expect.poll(() => answers.locator('dt').count()).toBe(10);
    expect(await answers.locator('dt').first().textContent()).toContain(
      'Poco interés o placer en hacer cosas',
    );
    expect(await answers.locator('dd').first().textContent()).toMatch(
      /^(Ningún día|Varios días|Más de la mitad de los días|Casi todos los días)$/,
    );
    expect(await page.getByText(/^\d+ de 27 · /).count()).toBe(1);
    expect(
      await page.getByRole('link', { name: `Ver la ficha de ${name}` }).getAttribute('href'),
    ).toBe(`#/patients/${patient.id}`);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-response');

    await page.getByRole('link', { name: `Volver a las respuestas de ${form.name}` }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Respuestas: ${form.name}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('charts the slider and number questions of a follow-up form', async () => {
    const forms = await api<{ data: Form[] }>(suite.app, '/clinical-forms?limit=100');
    const form = forms.body.data.find((f) => f.name === 'Seguimiento postoperatorio')!;
    const { body } = await api<{ data: Response[] }>(
      suite.app,
      `/clinical-forms/${form.id}/responses?limit=100`,
    );
    // A trend is a line only from two answers on: the patient who answered most (the newest
    // answer's patient depends on the hour the demo clinic was seeded at).
    const counts = new Map<string, number>();
    for (const r of body.data) counts.set(r.patientId, (counts.get(r.patientId) ?? 0) + 1);
    const [patientId] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const patient = (await api<Patient>(suite.app, `/patients/${patientId}`)).body;
    const name = `${patient.firstName} ${patient.lastName}`;
    const { context, page } = await openApp(
      suite.browser,
      suite.app,
      `/forms/${form.id}/responses`,
    );

    const distribution = page.getByRole('region', { name: 'Distribución entre pacientes' });
    const pain = distribution.getByRole('figure', { name: '¿Cuánto dolor tiene ahora mismo?' });
    await expect.poll(() => pain.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    // A 0–10 slider: one bar slot per value.
    await expect.poll(() => pain.locator('tbody tr').count()).toBe(11);
    const temperature = distribution.getByRole('figure', { name: /temperatura/ });
    await expect.poll(() => temperature.locator('tbody tr').count()).toBeGreaterThan(1);
    // Neither a score nor a band: a follow-up form is not an instrument.
    expect(await page.getByText('Puntuación', { exact: false }).count()).toBe(0);

    await page.getByRole('combobox', { name: 'Paciente' }).fill(patient.lastName.split(' ')[0]!);
    await page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
    const trend = page.getByRole('region', { name: `Evolución de ${name}` });
    const painTrend = trend.getByRole('figure', { name: '¿Cuánto dolor tiene ahora mismo?' });
    await expect.poll(() => painTrend.locator('.recharts-line-curve').count()).toBe(1);
    expect(await painTrend.locator('.recharts-reference-area').count()).toBe(0);
    expect(await uiTextProblems(page, 'es')).toEqual([]);
    await screenshot(page, 'es-responses-follow-up');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
