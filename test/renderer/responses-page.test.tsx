import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResponseDetail } from '../../src-preload/contract';
import { ResponsePage } from '../../src-renderer/src/features/responses/response-page';
import { createFormatters } from '../../src-renderer/src/i18n/format';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { ana, detail, FREQUENCY, phqForm } from './responses-fixtures';
import { renderWithApp } from './render-app';

function show(response: ResponseDetail | (() => ResponseDetail), language: AppLanguage = 'es') {
  return renderWithApp(<ResponsePage id={'id' in response ? response.id : 'resp_x'} />, {
    language,
    path: '/responses/x',
    handlers: { responses: { get: typeof response === 'function' ? response : () => response } },
  });
}

/** Each question of the answers list with its answer, as the page reads. */
function answers(region: HTMLElement): [string, string][] {
  return [...region.querySelectorAll('dl.responses-answers > div')].map((item) => [
    item.querySelector('dt')!.textContent!.replace(/^\d+\.\s*/, ''),
    item.querySelector('dd')!.textContent!,
  ]);
}

describe('one response in full', () => {
  it('shows every question with its answer formatted for Spanish', async () => {
    show(detail);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Respuesta de Ana García López' }),
    ).toBeInTheDocument();
    const format = createFormatters('es');
    const region = screen.getByRole('region', { name: 'Respuestas' });
    expect(answers(region)).toEqual([
      ['¿En qué fecha le operaron?', format.plainDate('2026-10-30')],
      ['¿Cómo ve la herida?', 'Enrojecimiento'],
      ['¿Ha tenido fiebre?', 'Sí'],
      ['¿Cuál ha sido la temperatura más alta? (°C)', '38,5'],
      ['¿Cuánto dolor tiene ahora mismo?', '7 (de 0 a 10)'],
      ['¿Toma la medicación?', 'No'],
      ['¿Ha notado alguno de estos síntomas?', 'NáuseasEstreñimiento'],
      ['¿Tiene alguna pregunta?', 'Sin respuesta'],
    ]);
    expect(format.plainDate('2026-10-30')).toBe('30 oct 2026');
    // A multiselect reads as a list.
    const symptoms = within(region).getByRole('list');
    expect(
      within(symptoms)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Náuseas', 'Estreñimiento']);

    const removed = screen.getByRole('region', {
      name: 'Preguntas que ya no están en el formulario',
    });
    expect(answers(removed)).toEqual([['old_question', 'respuesta antigua']]);
    expect(document.body.textContent).not.toMatch(/2026-\d\d-\d\dT|true|false/);
  });

  it('names the form, the patient and when it was completed, with links back and to the patient', async () => {
    const { location } = show(detail);
    await screen.findByRole('heading', { level: 1 });
    const format = createFormatters('es');
    expect(screen.getByText(format.dateTime(detail.completedAt))).toBeInTheDocument();
    const back = screen.getByRole('link', {
      name: 'Volver a las respuestas de Seguimiento postoperatorio',
    });
    expect(back).toHaveAttribute('href', '/forms/form_postop/responses');
    expect(screen.getByRole('link', { name: 'Seguimiento postoperatorio' })).toHaveAttribute(
      'href',
      '/forms/form_postop/responses',
    );
    const toPatient = screen.getByRole('link', { name: 'Ver la ficha de Ana García López' });
    expect(toPatient).toHaveAttribute('href', `/patients/${ana.id}`);
    expect(screen.getByRole('link', { name: 'Ana García López' })).toHaveAttribute(
      'href',
      `/patients/${ana.id}`,
    );
    await userEvent.setup().click(back);
    expect(location.history.at(-1)).toBe('/forms/form_postop/responses');
  });

  it('shows the score with its band, or why there is none', async () => {
    const scored: ResponseDetail = {
      ...detail,
      formId: phqForm.id,
      formName: phqForm.name,
      fields: phqForm.fields,
      responses: phqForm.fields.map((f) => ({ fieldId: f.id, value: FREQUENCY[2]! })),
      removedFields: [],
      scores: [
        {
          instrument: 'phq9',
          total: 18,
          band: 'moderately_severe',
          answered: 9,
          items: 9,
          max: 27,
        },
      ],
    };
    show(scored);
    expect(await screen.findByText('18 de 27 · Moderadamente grave')).toBeInTheDocument();
    expect(screen.getByText('Puntuación PHQ-9')).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Preguntas que ya no están en el formulario' }),
    ).not.toBeInTheDocument();
  });

  it('says an incomplete instrument was not scored', async () => {
    show({
      ...detail,
      scores: [{ instrument: 'gad7', answered: 6, items: 7, max: 21 }],
    });
    expect(
      await screen.findByText('Sin puntuar: 6 de 7 preguntas respondidas.'),
    ).toBeInTheDocument();
  });

  it('says so when the response does not exist', async () => {
    show(() => {
      throw { code: 'resource_missing', message: 'No form response' };
    });
    expect(
      await screen.findByRole('heading', { name: 'Esta respuesta no existe.' }),
    ).toBeInTheDocument();
  });

  it('reads in Catalan', async () => {
    show(detail, 'ca');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resposta de Ana García López' }),
    ).toBeInTheDocument();
    const format = createFormatters('ca');
    const rows = answers(screen.getByRole('region', { name: 'Respostes' }));
    expect(rows[0]![1]).toBe(format.plainDate('2026-10-30'));
    expect(rows[0]![1]).toMatch(/^30 .*oct.* 2026$/);
    expect(rows[2]![1]).toBe('Sí');
    expect(rows[3]![1]).toBe('38,5');
    expect(rows[4]![1]).toBe('7 (de 0 a 10)');
    expect(rows[5]![1]).toBe('No');
    expect(rows[7]![1]).toBe('Sense resposta');
    expect(screen.getByRole('link', { name: 'Mostra la fitxa de Ana García López' })).toBeVisible();
    expect(
      screen.getByRole('region', { name: 'Preguntes que ja no són al formulari' }),
    ).toBeInTheDocument();
  });

  it('reads in English', async () => {
    show(detail, 'en');
    await screen.findByRole('heading', { level: 1, name: 'Response from Ana García López' });
    const rows = answers(screen.getByRole('region', { name: 'Answers' }));
    expect(rows[2]![1]).toBe('Yes');
    expect(rows[3]![1]).toBe('38.5');
    expect(rows[4]![1]).toBe('7 (from 0 to 10)');
    expect(rows[5]![1]).toBe('No');
    expect(rows[7]![1]).toBe('No answer');
  });
});
