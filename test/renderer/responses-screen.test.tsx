import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InputOf, ResponseExport } from '../../src-preload/contract';
import type { MemoryHandlers } from '../../src-renderer/src/bridge/memory-bridge';
import { ResponsesScreen } from '../../src-renderer/src/features/responses/responses-screen';
import { localDayStart } from '../../src-renderer/src/features/responses/responses-queries';
import { createFormatters } from '../../src-renderer/src/i18n/format';
import type { AppLanguage } from '../../src-renderer/src/i18n/messages';
import { ana, analysis, joan, page, patient, phqForm, row, rows } from './responses-fixtures';
import { renderWithApp } from './render-app';

type ListInput = InputOf<'responses', 'list'>;
type AnalysisInput = InputOf<'responses', 'analysis'>;

function handlers(overrides: MemoryHandlers['responses'] = {}): MemoryHandlers {
  return {
    forms: {
      get: () => ({
        ...phqForm,
        responseCount: 2,
        deliveryCount: 2,
        pendingDeliveries: 0,
        deletable: false,
      }),
    },
    patients: {
      list: ({ search }) => ({
        data: [ana, joan]
          .filter((p) =>
            `${p.firstName} ${p.lastName}`.toLowerCase().includes((search ?? '').toLowerCase()),
          )
          .map((p) => patient(p, p === ana ? { dateOfBirth: '1980-03-14' } : {})),
        pagination: { cursor: '', hasMore: false, limit: 8 },
        total: 2,
      }),
    },
    responses: {
      list: () => page(rows),
      analysis: (input) => analysis(input.patientId === ana.id ? ana : undefined),
      ...overrides,
    },
  };
}

function show(options: { handlers?: MemoryHandlers; language?: AppLanguage } = {}) {
  return renderWithApp(<ResponsesScreen formId={phqForm.id} />, {
    handlers: options.handlers ?? handlers(),
    language: options.language ?? 'es',
    path: `/forms/${phqForm.id}/responses`,
  });
}

/** The responses table (the charts hold tables for screen readers too). */
const responsesTable = () => screen.findByRole('table', { name: /^Respuestas a / });

const calls = (bridge: { log: { name: string; input: unknown }[] }, name: string) =>
  bridge.log.filter((c) => c.name === name).map((c) => c.input);

afterEach(() => vi.restoreAllMocks());

describe('responses screen: the table', () => {
  it('lists each response with the patient’s name, the date and the score with its band', async () => {
    show();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Respuestas: Cuestionario de salud del paciente (PHQ-9)',
      }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', {
      name: 'Respuestas a Cuestionario de salud del paciente (PHQ-9)',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Paciente', 'Completada', 'Puntuación', 'Detalle']);
    const format = createFormatters('es');
    const first = within(table).getByRole('row', { name: /García López, Ana.*6 · Leve/ });
    expect(within(first).getByText(format.dateTime('2026-11-20T10:30:00.000Z'))).toBeVisible();
    expect(within(table).getByRole('row', { name: /Puig, Joan.*21 · Grave/ })).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: /García López, Ana.*12 · Moderada/ }),
    ).toBeInTheDocument();
    const incomplete = within(table).getByRole('row', { name: /Vidal, Marta/ });
    expect(within(incomplete).getByText('Incompleto')).toBeInTheDocument();
    expect(incomplete).toHaveTextContent('PHQ-9 sin puntuar: 8 de 9 preguntas respondidas');

    const link = within(first).getByRole('link', {
      name: `Ver la respuesta de Ana García López del ${format.dateTime('2026-11-20T10:30:00.000Z')}`,
    });
    expect(link).toHaveAttribute('href', '/responses/resp_003');
    expect(screen.getByTestId('responses-count')).toHaveTextContent('4 respuestas');
    // No raw timestamps or ids on screen.
    expect(document.body.textContent).not.toMatch(/2026-\d\d-\d\dT|pat_|resp_/);
  });

  it('says there are no responses yet, and retries after an error', async () => {
    let fail = true;
    show({
      handlers: handlers({
        list: () => {
          if (fail) throw { code: 'internal_error', message: 'boom' };
          return page([]);
        },
      }),
    });
    const table = await screen.findByRole('region', { name: 'Respuestas' });
    expect(await within(table).findByText('Error interno del servicio.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Reintentar' }));
    expect(
      await within(table).findByText('Todavía no hay respuestas a este formulario.'),
    ).toBeInTheDocument();
  });

  it('loads the next page by its cursor with “Cargar más”', async () => {
    const user = userEvent.setup();
    const { bridge } = show({
      handlers: handlers({
        list: ({ cursor }) =>
          cursor === 'next'
            ? page([row(9, joan, 3, '2026-09-01T10:00:00.000Z')])
            : page(rows, true, 'next'),
      }),
    });
    const table = await responsesTable();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByTestId('responses-count')).toHaveTextContent(
      '4 respuestas cargadas; hay más',
    );
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(within(table).getByRole('row', { name: /Puig, Joan.*3 · Mínima/ })).toBeInTheDocument();
    expect(calls(bridge, 'responses.list').at(-1)).toEqual({
      formId: phqForm.id,
      limit: 25,
      cursor: 'next',
    });
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it('says so when the form does not exist', async () => {
    show({
      handlers: {
        ...handlers(),
        forms: {
          get: () => {
            throw { code: 'resource_missing', message: 'No clinical form' };
          },
        },
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Este formulario no existe.' }),
    ).toBeInTheDocument();
  });
});

describe('responses screen: filters', () => {
  it('searches patients as you type, filters everything by the one chosen, and clears', async () => {
    const user = userEvent.setup();
    const { bridge } = show();
    await responsesTable();
    const search = screen.getByRole('combobox', { name: 'Paciente' });
    await user.type(search, 'garc');
    const option = await screen.findByRole('option', { name: /Ana García López/ });
    // The date of birth tells two patients of the same name apart.
    expect(option).toHaveTextContent(createFormatters('es').plainDate('1980-03-14'));
    expect(screen.queryByRole('option', { name: /Joan/ })).not.toBeInTheDocument();
    expect(calls(bridge, 'patients.list').at(-1)).toEqual({ search: 'garc', limit: 8 });
    await user.keyboard('{ArrowDown}{Enter}');

    const chip = await screen.findByRole('button', {
      name: 'Quitar el filtro de Ana García López',
    });
    await waitFor(() =>
      expect(calls(bridge, 'responses.list').at(-1)).toEqual({
        formId: phqForm.id,
        patientId: ana.id,
        limit: 25,
      }),
    );
    const analyses = calls(bridge, 'responses.analysis') as AnalysisInput[];
    // The trend is the patient's; the distribution stays across every patient.
    expect(analyses.slice(-2)).toEqual(
      expect.arrayContaining([{ formId: phqForm.id, patientId: ana.id }, { formId: phqForm.id }]),
    );
    expect(
      await screen.findByRole('region', { name: 'Evolución de Ana García López' }),
    ).toBeInTheDocument();

    await user.click(chip);
    await waitFor(() =>
      expect(calls(bridge, 'responses.list').at(-1)).toEqual({ formId: phqForm.id, limit: 25 }),
    );
    expect(screen.getByRole('combobox', { name: 'Paciente' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Evolución por paciente' })).toHaveTextContent(
      'Elige un paciente en el filtro',
    );
  });

  it('says when no patient matches the search', async () => {
    const user = userEvent.setup();
    show();
    await responsesTable();
    await user.type(screen.getByRole('combobox', { name: 'Paciente' }), 'zzz');
    expect(await screen.findByText('Ningún paciente coincide con «zzz».')).toBeInTheDocument();
  });

  it('filters by the local days of a date range, to inclusive, and refuses an inverted one', async () => {
    const user = userEvent.setup();
    const { bridge } = show();
    await responsesTable();
    const from = screen.getByLabelText('Desde');
    const to = screen.getByLabelText('Hasta');
    await user.type(from, '2026-11-01');
    await user.type(to, '2026-11-15');
    await waitFor(() =>
      expect(calls(bridge, 'responses.list').at(-1)).toEqual({
        formId: phqForm.id,
        from: localDayStart('2026-11-01'),
        to: localDayStart('2026-11-16'),
        limit: 25,
      }),
    );
    expect(localDayStart('2026-11-01')).toBe(new Date(2026, 10, 1).toISOString());

    const before = bridge.log.length;
    await user.clear(to);
    await user.type(to, '2026-10-01');
    expect(
      await screen.findByText('La fecha final no puede ser anterior a la inicial.'),
    ).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    const after = bridge.log.slice(before).map((c) => c.input as ListInput);
    // Only complete, valid ranges went to the service.
    expect(after.every((input) => !input.to || !input.from || input.to > input.from)).toBe(true);
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() =>
      expect(calls(bridge, 'responses.list').at(-1)).toEqual({ formId: phqForm.id, limit: 25 }),
    );
    expect(screen.getByLabelText('Desde')).toHaveValue('');
  });
});

describe('responses screen: charts', () => {
  it('shows the distribution of every patient’s latest score by severity band', async () => {
    show();
    const region = await screen.findByRole('region', { name: 'Distribución entre pacientes' });
    const figure = await within(region).findByRole('figure', { name: 'Puntuación PHQ-9' });
    expect(figure).toHaveAccessibleDescription(
      'Último valor de 2 pacientes. Intervalo más frecuente: Leve (1 paciente).',
    );
    const table = within(figure).getByRole('table', {
      name: 'Puntuación PHQ-9: pacientes por intervalo',
    });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['Mínima', '0'],
      ['Leve', '1'],
      ['Moderada', '0'],
      ['Moderadamente grave', '0'],
      ['Grave', '1'],
    ]);
  });

  it('draws the chosen patient’s score over time with the severity bands, and marks them in the distribution', async () => {
    const user = userEvent.setup();
    show();
    await responsesTable();
    await user.type(screen.getByRole('combobox', { name: 'Paciente' }), 'ana');
    await user.click(await screen.findByRole('option', { name: /Ana García López/ }));

    const region = await screen.findByRole('region', { name: 'Evolución de Ana García López' });
    const figure = await within(region).findByRole('figure', { name: 'Puntuación PHQ-9' });
    const format = createFormatters('es');
    expect(figure).toHaveAccessibleDescription(
      `2 valores entre el ${format.date('2026-10-22T09:15:00.000Z')} y el ${format.date('2026-11-20T10:30:00.000Z')}; el primero, 12 · Moderada; el último, 6 · Leve.`,
    );
    expect(within(figure).getByRole('list', { name: 'Franjas de gravedad' })).toHaveTextContent(
      'Mínima: 0–4Leve: 5–9Moderada: 10–14Moderadamente grave: 15–19Grave: 20–27',
    );
    const table = within(figure).getByRole('table', {
      name: 'Puntuación PHQ-9 de Ana García López por fecha',
    });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent));
    expect(cells).toEqual([
      [format.dateTime('2026-10-22T09:15:00.000Z'), '12', 'Moderada'],
      [format.dateTime('2026-11-20T10:30:00.000Z'), '6', 'Leve'],
    ]);

    const distribution = screen.getByRole('region', { name: 'Distribución entre pacientes' });
    const spread = within(distribution).getByRole('figure', { name: 'Puntuación PHQ-9' });
    expect(spread).toHaveAccessibleDescription(/Ana García López está en «Leve»\.$/);
    expect(within(spread).getByRole('row', { name: /Leve/ })).toHaveTextContent(
      '1 (incluye a Ana García López)',
    );
  });

  it('says when a form has nothing to chart', async () => {
    show({
      handlers: handlers({
        list: () => page([]),
        analysis: () => ({ ...analysis(), measures: [], points: [], latest: [] }),
      }),
    });
    expect(
      await screen.findByText(/no tiene preguntas numéricas ni una escala puntuada/),
    ).toBeInTheDocument();
  });
});

describe('responses screen: export', () => {
  it('downloads the CSV the service makes, named as it says, and tells how many rows', async () => {
    const user = userEvent.setup();
    const made: ResponseExport = {
      filename: 'cuestionario-phq-9-2026-11-24.csv',
      csv: '\uFEFFID de respuesta,Paciente\r\nresp_003,Ana García López\r\n',
      rows: 1,
    };
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:engage/1';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const { bridge } = show({ handlers: handlers({ exportCsv: () => made }) });
    await responsesTable();
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    expect(
      await screen.findByText('Se ha exportado 1 respuesta a cuestionario-phq-9-2026-11-24.csv.'),
    ).toBeInTheDocument();
    expect(calls(bridge, 'responses.exportCsv')).toEqual([{ formId: phqForm.id, language: 'es' }]);
    expect(clicked).toEqual([{ href: 'blob:engage/1', download: made.filename }]);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    // The byte order mark survives as UTF-8 (EF BB BF), so Excel reads the accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('Ana García López');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:engage/1'));
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('exports what the filters select, and says why when it fails', async () => {
    const user = userEvent.setup();
    const { bridge } = show({
      handlers: handlers({
        exportCsv: () => {
          throw { code: 'internal_error', message: 'disk' };
        },
      }),
    });
    await responsesTable();
    await user.type(screen.getByLabelText('Desde'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(
      await screen.findByText('No se ha podido exportar: Error interno del servicio.'),
    ).toBeInTheDocument();
    expect(calls(bridge, 'responses.exportCsv')).toEqual([
      { formId: phqForm.id, from: localDayStart('2026-11-01'), language: 'es' },
    ]);
  });
});

describe('responses screen in Catalan', () => {
  it('translates the headings, bands, filters and export', async () => {
    const { bridge } = show({
      language: 'ca',
      handlers: handlers({
        exportCsv: () => ({ filename: 'phq-9.csv', csv: '\uFEFFa\r\n', rows: 2 }),
      }),
    });
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Respostes: Cuestionario de salud del paciente (PHQ-9)',
      }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /^Respostes a / });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Pacient', 'Completada', 'Puntuació', 'Detall']);
    expect(within(table).getByText('6 · Lleu')).toBeInTheDocument();
    expect(within(table).getByText('21 · Greu')).toBeInTheDocument();
    expect(within(table).getByText('Incomplet')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Pacient' })).toBeInTheDocument();
    expect(screen.getByLabelText('Des de')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Distribució entre pacients' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Exporta CSV' }));
    expect(await screen.findByText("S'han exportat 2 respostes a phq-9.csv.")).toBeInTheDocument();
    expect(calls(bridge, 'responses.exportCsv')).toEqual([{ formId: phqForm.id, language: 'ca' }]);
  });
});
