import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  bandOf,
  INSTRUMENTS,
  recogniseInstruments,
  scoreAnswers,
  scoreResponse,
} from '../../src-main/service/domain/instrument-scores';
import { ANALYSIS_LIMIT } from '../../src-main/service/domain/response-analysis';
import type {
  Answer,
  FormDefinition,
  FormField,
} from '../../src-main/service/schemas/clinical-form';
import { DEMO_FORMS } from '../../src-main/service/seed/demo-forms';
import { createPrng } from '../../src-main/service/seed/prng';
import { addPatient, count, EVERY_FIELD_ANSWERS, EVERY_FIELD_TYPE } from './helpers';
import { fieldErrors, operationServers } from './operation-harness';

const START = Date.parse('2026-11-02T09:00:00.000Z');
const DAY = 86_400;
const operations = operationServers(START);

const demo = (key: string) => DEMO_FORMS.find((f) => f.key === key)!;
const PHQ9 = demo('phq9').definition;
const GAD7 = demo('gad7').definition;
const FREQUENCY = PHQ9.fields[0]!.options!;

/** PHQ-9 answers whose item i scores items[i]; `undefined` leaves the item out. */
function phq9Answers(items: readonly (number | undefined)[]): Answer[] {
  return items.flatMap((score, i) =>
    score === undefined ? [] : [{ fieldId: `phq9_${i + 1}`, value: FREQUENCY[score]! }],
  );
}

async function setup() {
  const { server, core, ok, refused } = await operations.setup();
  const patient = (firstName: string, lastName: string) => addPatient(core, firstName, lastName);
  /** Delivers the form to the patient, answers it, then lets `days` pass. */
  async function respond(formId: string, patientId: string, answers: unknown[], days = 1) {
    const schedule = await core.schedules.create({ formId, patientId, channel: 'email' });
    await core.advanceClock(60);
    const response = await core.schedules.submit(schedule.id, answers as Answer[]);
    await core.advanceClock(days * DAY);
    return response;
  }
  return { server, core, ok, refused, patient, respond };
}

describe('PHQ-9 and GAD-7 scoring', () => {
  it('recognises the demo instruments by their item ids and four-option selects', () => {
    expect(recogniseInstruments(PHQ9.fields).map((i) => i.instrument.key)).toEqual(['phq9']);
    expect(recogniseInstruments(GAD7.fields).map((i) => i.instrument.key)).toEqual(['gad7']);
    // Both in one form, in any field order, in any language's wording.
    const catalan = (f: FormField): FormField =>
      f.options
        ? { ...f, options: ['Mai', 'Alguns dies', 'Més de la meitat', 'Gairebé cada dia'] }
        : f;
    const both = [...GAD7.fields, ...PHQ9.fields].reverse().map(catalan);
    expect(recogniseInstruments(both).map((i) => i.instrument.key)).toEqual(['phq9', 'gad7']);
  });

  it('does not take a look-alike form for an instrument', () => {
    const without = (id: string) => PHQ9.fields.filter((f) => f.id !== id);
    const changed = (id: string, patch: Partial<FormField>) =>
      PHQ9.fields.map((f) => (f.id === id ? ({ ...f, ...patch } as FormField) : f));
    expect(recogniseInstruments(without('phq9_9'))).toEqual([]);
    expect(recogniseInstruments(changed('phq9_3', { options: ['No', 'A veces', 'Sí'] }))).toEqual(
      [],
    );
    expect(recogniseInstruments(changed('phq9_3', { type: 'multiselect' }))).toEqual([]);
    expect(recogniseInstruments(EVERY_FIELD_TYPE.fields)).toEqual([]);
  });

  it('puts every PHQ-9 and GAD-7 total in its severity band, edges included', () => {
    const phq = INSTRUMENTS.phq9;
    const expectedPhq: [number, string][] = [
      [0, 'minimal'],
      [4, 'minimal'],
      [5, 'mild'],
      [9, 'mild'],
      [10, 'moderate'],
      [14, 'moderate'],
      [15, 'moderately_severe'],
      [19, 'moderately_severe'],
      [20, 'severe'],
      [27, 'severe'],
    ];
    for (const [total, band] of expectedPhq) expect(bandOf(phq, total), `${total}`).toBe(band);
    const gad = INSTRUMENTS.gad7;
    const expectedGad: [number, string][] = [
      [0, 'minimal'],
      [4, 'minimal'],
      [5, 'mild'],
      [9, 'mild'],
      [10, 'moderate'],
      [14, 'moderate'],
      [15, 'severe'],
      [21, 'severe'],
    ];
    for (const [total, band] of expectedGad) expect(bandOf(gad, total), `${total}`).toBe(band);
    expect(bandOf(phq, 28)).toBeUndefined();
    expect(bandOf(gad, 22)).toBeUndefined();
    expect(bandOf(phq, -1)).toBeUndefined();
    // The bands cover 0..max with no gap or overlap.
    for (const instrument of [phq, gad]) {
      let next = 0;
      for (const band of instrument.bands) {
        expect(band.min).toBe(next);
        next = band.max + 1;
      }
      expect(next - 1).toBe(instrument.max);
    }
  });

  it('scores each item by its option index and sums a complete response', () => {
    const [phq] = recogniseInstruments(PHQ9.fields);
    expect(scoreAnswers(phq!, phq9Answers([0, 0, 0, 0, 0, 0, 0, 0, 0]))).toEqual({
      instrument: 'phq9',
      total: 0,
      band: 'minimal',
      answered: 9,
      items: 9,
      max: 27,
    });
    expect(scoreAnswers(phq!, phq9Answers([3, 3, 3, 3, 3, 3, 3, 3, 3]))).toMatchObject({
      total: 27,
      band: 'severe',
    });
    expect(scoreAnswers(phq!, phq9Answers([1, 2, 1, 2, 1, 1, 1, 1, 0]))).toMatchObject({
      total: 10,
      band: 'moderate',
    });
    // The difficulty question does not score.
    const withDifficulty = [
      ...phq9Answers([0, 0, 0, 0, 0, 0, 0, 0, 1]),
      { fieldId: 'phq9_difficulty', value: 'Extremadamente difícil' },
    ];
    expect(scoreAnswers(phq!, withDifficulty)).toMatchObject({ total: 1, band: 'minimal' });
  });

  it('gives no total to an incomplete response, nor to an answer the form no longer offers', () => {
    const [phq] = recogniseInstruments(PHQ9.fields);
    const missing = scoreAnswers(phq!, phq9Answers([3, 3, 3, 3, 3, 3, 3, 3, undefined]));
    expect(missing).toEqual({ instrument: 'phq9', answered: 8, items: 9, max: 27 });
    const stale = phq9Answers([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    stale[4] = { fieldId: 'phq9_5', value: 'A veces' };
    expect(scoreAnswers(phq!, stale)).toEqual({
      instrument: 'phq9',
      answered: 8,
      items: 9,
      max: 27,
    });
    expect(scoreResponse([], stale)).toEqual([]);
  });

  it('scores every answer set the demo seed generates as complete, with the seed’s total', () => {
    const rng = createPrng(7);
    for (const key of ['phq9', 'gad7'] as const) {
      const form = demo(key);
      const [found] = recogniseInstruments(form.definition.fields);
      for (let i = 0; i < 200; i++) {
        const answers = form.answer(rng, rng.next()) as Answer[];
        const score = scoreAnswers(found!, answers);
        expect(score.total).toBe(form.score!(answers));
        expect(score.band).toBe(bandOf(found!.instrument, score.total!));
      }
    }
  });
});

describe('responses.list and responses.get', () => {
  it('lists a form’s responses with the patient’s name and the score with its band', async () => {
    const { core, ok, patient, respond } = await setup();
    const formId = (await core.forms.create(PHQ9)).id;
    const ana = await patient('Ana', 'García López');
    await respond(formId, ana, phq9Answers([2, 2, 2, 2, 2, 1, 1, 0, 0]));
    const page = await ok('responses.list', { formId });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      formId,
      patientId: ana,
      patient: { id: ana, firstName: 'Ana', lastName: 'García López' },
      scores: [{ instrument: 'phq9', total: 12, band: 'moderate', answered: 9, items: 9, max: 27 }],
    });
    const other = (await core.forms.create(EVERY_FIELD_TYPE)).id;
    await respond(other, ana, EVERY_FIELD_ANSWERS);
    expect((await ok('responses.list', { formId: other })).data[0].scores).toEqual([]);
  });

  it('gets one response with its form’s name, fields, scores and patient', async () => {
    const { core, ok, patient, respond } = await setup();
    const formId = (await core.forms.create(EVERY_FIELD_TYPE)).id;
    const joan = await patient('Joan', 'Puig');
    const response = await respond(formId, joan, EVERY_FIELD_ANSWERS);
    const detail = await ok('responses.get', { id: response.id });
    expect(detail).toMatchObject({
      id: response.id,
      formId,
      formName: 'Every field type',
      formStatus: 'active',
      patient: { id: joan, firstName: 'Joan', lastName: 'Puig' },
      responses: response.responses,
      removedFields: [],
      scores: [],
    });
    expect(detail.fields.map((f: FormField) => [f.id, f.type, f.label])).toEqual(
      EVERY_FIELD_TYPE.fields.map((f) => [f.id, f.type, f.label]),
    );

    // A field removed from the form later: its answer keeps the type it was given as.
    await core.forms.update(formId, {
      fields: EVERY_FIELD_TYPE.fields.filter((f) => f.id !== 'fever'),
    });
    const after = await ok('responses.get', { id: response.id });
    expect(after.removedFields).toEqual([{ fieldId: 'fever', type: 'boolean' }]);
    expect(after.fields.map((f: FormField) => f.id)).not.toContain('fever');
  });
});

describe('responses.analysis', () => {
  /** A form with a number, a slider and the nine PHQ-9 items. */
  const MIXED: FormDefinition = {
    name: 'Seguimiento con PHQ-9',
    type: 'assessment',
    fields: [
      { id: 'weight', type: 'number', label: 'Peso (kg)', required: false, min: 20, max: 300 },
      { id: 'pain', type: 'slider', label: 'Dolor', required: true, min: 0, max: 10, step: 1 },
      { id: 'mood', type: 'select', label: 'Ánimo', required: false, options: ['Bien', 'Mal'] },
      ...PHQ9.fields.slice(0, 9).map((f) => ({ ...f, required: f.id !== 'phq9_9' })),
    ],
  };

  async function mixedClinic() {
    const ctx = await setup();
    const formId = (await ctx.core.forms.create(MIXED)).id;
    const ana = await ctx.patient('Ana', 'García');
    const joan = await ctx.patient('Joan', 'Puig');
    const r = [
      await ctx.respond(formId, ana, [
        { fieldId: 'weight', value: 70 },
        { fieldId: 'pain', value: 8 },
        ...phq9Answers([3, 3, 3, 3, 2, 2, 2, 1, 1]),
      ]),
      await ctx.respond(formId, joan, [
        { fieldId: 'pain', value: 2 },
        ...phq9Answers([0, 0, 1, 1, 0, 0, 0, 0, 0]),
      ]),
      // Item 9 left out: no score, the other measures still count.
      await ctx.respond(formId, ana, [
        { fieldId: 'weight', value: 69.5 },
        { fieldId: 'pain', value: 5 },
        ...phq9Answers([2, 2, 2, 1, 1, 1, 1, 0, undefined]),
      ]),
      await ctx.respond(formId, ana, [
        { fieldId: 'pain', value: 3 },
        ...phq9Answers([1, 1, 1, 1, 1, 0, 0, 0, 0]),
      ]),
    ];
    return { ...ctx, formId, ana, joan, r };
  }

  it('answers the measures: number and slider fields with their bounds, then the score with its bands', async () => {
    const { ok, formId } = await mixedClinic();
    const analysis = await ok('responses.analysis', { formId });
    expect(analysis.formName).toBe('Seguimiento con PHQ-9');
    expect(analysis.measures).toEqual([
      {
        kind: 'field',
        key: 'weight',
        fieldId: 'weight',
        type: 'number',
        label: 'Peso (kg)',
        min: 20,
        max: 300,
      },
      {
        kind: 'field',
        key: 'pain',
        fieldId: 'pain',
        type: 'slider',
        label: 'Dolor',
        min: 0,
        max: 10,
        step: 1,
      },
      {
        kind: 'score',
        key: 'score:phq9',
        instrument: 'phq9',
        label: 'PHQ-9',
        min: 0,
        max: 27,
        bands: INSTRUMENTS.phq9.bands,
      },
    ]);
  });

  it('answers every response’s values oldest first, leaving out what was not answered or not scored', async () => {
    const { ok, formId, ana, joan, r } = await mixedClinic();
    const analysis = await ok('responses.analysis', { formId });
    expect(analysis.truncated).toBe(false);
    expect(analysis.limit).toBe(ANALYSIS_LIMIT);
    expect(analysis.points).toEqual([
      {
        responseId: r[0]!.id,
        patientId: ana,
        patient: { id: ana, firstName: 'Ana', lastName: 'García' },
        completedAt: r[0]!.completedAt,
        values: { weight: 70, pain: 8, 'score:phq9': 20 },
      },
      {
        responseId: r[1]!.id,
        patientId: joan,
        patient: { id: joan, firstName: 'Joan', lastName: 'Puig' },
        completedAt: r[1]!.completedAt,
        values: { pain: 2, 'score:phq9': 2 },
      },
      {
        responseId: r[2]!.id,
        patientId: ana,
        patient: { id: ana, firstName: 'Ana', lastName: 'García' },
        completedAt: r[2]!.completedAt,
        values: { weight: 69.5, pain: 5 },
      },
      {
        responseId: r[3]!.id,
        patientId: ana,
        patient: { id: ana, firstName: 'Ana', lastName: 'García' },
        completedAt: r[3]!.completedAt,
        values: { pain: 3, 'score:phq9': 5 },
      },
    ]);
    // The distribution: each patient's latest response, newest first.
    expect(analysis.latest.map((p: any) => [p.patient.firstName, p.responseId])).toEqual([
      ['Ana', r[3]!.id],
      ['Joan', r[1]!.id],
    ]);
    expect(analysis.latestTruncated).toBe(false);
  });

  it('filters by patient and by date range (from inclusive, to exclusive)', async () => {
    const { ok, formId, ana, joan, r } = await mixedClinic();
    const ids = (a: any) => a.points.map((p: any) => p.responseId);
    const anaOnly = await ok('responses.analysis', { formId, patientId: ana });
    expect(ids(anaOnly)).toEqual([r[0]!.id, r[2]!.id, r[3]!.id]);
    expect(anaOnly.latest.map((p: any) => p.responseId)).toEqual([r[3]!.id]);
    expect(ids(await ok('responses.analysis', { formId, patientId: joan }))).toEqual([r[1]!.id]);

    const from = r[1]!.completedAt;
    const to = r[3]!.completedAt;
    const ranged = await ok('responses.analysis', { formId, from, to });
    expect(ids(ranged)).toEqual([r[1]!.id, r[2]!.id]);
    // Latest per patient within the range, not overall.
    expect(ranged.latest.map((p: any) => p.responseId)).toEqual([r[2]!.id, r[1]!.id]);
    // A bare date is 00:00 UTC of that day.
    const day = r[2]!.completedAt.slice(0, 10);
    expect(ids(await ok('responses.analysis', { formId, from: day }))).toEqual([
      r[2]!.id,
      r[3]!.id,
    ]);
    const none = await ok('responses.analysis', { formId, to: r[0]!.completedAt });
    expect(none.points).toEqual([]);
    expect(none.latest).toEqual([]);
  });

  it('caps the points at the newest ANALYSIS_LIMIT and says so', async () => {
    const { core, ok, patient } = await setup();
    const formId = (await core.forms.create(EVERY_FIELD_TYPE)).id;
    const ana = await patient('Ana', 'García');
    const joan = await patient('Joan', 'Puig');
    // Written straight to the table: thousands of deliveries would only slow the test down.
    await core.db.transaction(async () => {
      for (let i = 0; i <= ANALYSIS_LIMIT; i++) {
        await core.q.formResponses.insert({
          id: `resp_${String(i).padStart(6, '0')}`,
          form_id: formId,
          patient_id: i === 0 ? joan : ana,
          schedule_id: null,
          responses: JSON.stringify([{ fieldId: 'pain', value: i % 11 }]),
          completed_at: new Date(START - (ANALYSIS_LIMIT - i + 1) * 60_000).toISOString(),
        });
      }
    });
    const analysis = await ok('responses.analysis', { formId });
    expect(analysis.truncated).toBe(true);
    expect(analysis.points).toHaveLength(ANALYSIS_LIMIT);
    // The oldest one is the one left out; the rest stay in time order.
    expect(analysis.points[0].responseId).toBe('resp_000001');
    expect(analysis.points.at(-1).responseId).toBe(
      `resp_${String(ANALYSIS_LIMIT).padStart(6, '0')}`,
    );
    const times = analysis.points.map((p: any) => p.completedAt);
    expect([...times].sort()).toEqual(times);
    // The distribution is per patient and so still has Joan.
    expect(analysis.latest.map((p: any) => p.patient.firstName)).toEqual(['Ana', 'Joan']);
    expect(analysis.latestTruncated).toBe(false);
  });
});

describe('responses.exportCsv', () => {
  const TRICKY: FormDefinition = {
    name: 'Valoración «inicial», 2ª',
    type: 'follow_up',
    fields: [
      { id: 'notes', type: 'text', label: 'Notas, "breves"', required: false },
      { id: 'temp', type: 'number', label: 'Temperatura', required: false, min: -5, max: 45 },
      { id: 'pain', type: 'slider', label: 'Dolor', required: true, min: 0, max: 10, step: 1 },
      {
        id: 'symptoms',
        type: 'multiselect',
        label: 'Síntomas',
        required: false,
        options: ['Fiebre', 'Tos', 'Náuseas'],
      },
      { id: 'fever', type: 'boolean', label: '¿Fiebre?', required: true },
      { id: 'since', type: 'date', label: 'Desde', required: false },
      { id: 'mood', type: 'select', label: '=Ánimo', required: false, options: ['+Bien', '-Mal'] },
    ],
  };

  async function exported(answers: unknown[][], input: Record<string, unknown> = {}) {
    const ctx = await setup();
    const formId = (await ctx.core.forms.create(TRICKY)).id;
    const ana = await ctx.patient('Àngela', 'Núñez i Comas');
    const responses = [];
    for (const a of answers) responses.push(await ctx.respond(formId, ana, a));
    const result = await ctx.ok('responses.exportCsv', { formId, ...input });
    return { ...ctx, formId, ana, responses, result };
  }

  const parsed = (csv: string): string[][] => parse(csv, { bom: true, relax_column_count: false });

  it('writes a header and one row per response, oldest first, with readable values', async () => {
    const { result, ana, responses } = await exported([
      [
        { fieldId: 'notes', value: 'Dolor, "fuerte"\nde noche' },
        { fieldId: 'temp', value: 38.5 },
        { fieldId: 'pain', value: 7 },
        { fieldId: 'symptoms', value: ['Fiebre', 'Náuseas'] },
        { fieldId: 'fever', value: true },
        { fieldId: 'since', value: '2026-10-30' },
        { fieldId: 'mood', value: '-Mal' },
      ],
      [
        { fieldId: 'pain', value: 2 },
        { fieldId: 'fever', value: false },
      ],
    ]);
    expect(result.rows).toBe(2);
    expect(result.filename).toBe('valoracion-inicial-2a-2026-11-04.csv');
    const table = parsed(result.csv);
    expect(table[0]).toEqual([
      'ID de respuesta',
      'Completada (UTC)',
      'Paciente',
      'ID de paciente',
      'Notas, "breves"',
      'Temperatura',
      'Dolor',
      'Síntomas',
      '¿Fiebre?',
      'Desde',
      "'=Ánimo",
    ]);
    expect(table[1]).toEqual([
      responses[0]!.id,
      responses[0]!.completedAt,
      'Àngela Núñez i Comas',
      ana,
      'Dolor, "fuerte"\nde noche',
      '38.5',
      '7',
      'Fiebre; Náuseas',
      'Sí',
      '2026-10-30',
      "'-Mal",
    ]);
    expect(table[2]).toEqual([
      responses[1]!.id,
      responses[1]!.completedAt,
      'Àngela Núñez i Comas',
      ana,
      '',
      '',
      '2',
      '',
      'No',
      '',
      '',
    ]);
  });

  it('is UTF-8 with a byte order mark, CRLF line ends and RFC 4180 quoting', async () => {
    const { result } = await exported([
      [
        { fieldId: 'notes', value: 'dice "hola", adiós' },
        { fieldId: 'pain', value: 1 },
        { fieldId: 'fever', value: false },
      ],
    ]);
    expect(result.csv.charCodeAt(0)).toBe(0xfeff);
    expect(Buffer.from(result.csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = result.csv.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'ID de respuesta,Completada (UTC),Paciente,ID de paciente,"Notas, ""breves""",Temperatura,Dolor,Síntomas,¿Fiebre?,Desde,\'=Ánimo',
    );
    expect(lines[1]).toContain(',"dice ""hola"", adiós",,1,,No,,');
  });

  it('defuses cells a spreadsheet would run as formulas, but keeps negative numbers numeric', async () => {
    const attacks = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];
    const { result } = await exported(
      attacks.map((text, i) => [
        { fieldId: 'notes', value: text },
        { fieldId: 'temp', value: -1 - i / 2 },
        { fieldId: 'pain', value: 0 },
        { fieldId: 'fever', value: true },
      ]),
    );
    const rows = parsed(result.csv).slice(1);
    expect(rows.map((row) => row[4])).toEqual(attacks.map((text) => `'${text}`));
    expect(rows.map((row) => row[5])).toEqual(['-1', '-1.5', '-2', '-2.5', '-3', '-3.5']);
  });

  it('speaks Catalan or English when asked, else the app’s language', async () => {
    const ctx = await exported(
      [
        [
          { fieldId: 'pain', value: 4 },
          { fieldId: 'fever', value: true },
        ],
      ],
      { language: 'ca' },
    );
    const ca = parsed(ctx.result.csv);
    expect(ca[0]!.slice(0, 4)).toEqual([
      'ID de resposta',
      'Completada (UTC)',
      'Pacient',
      'ID de pacient',
    ]);
    expect(ca[1]![8]).toBe('Sí');
    const en = parsed(
      (await ctx.ok('responses.exportCsv', { formId: ctx.formId, language: 'en' })).csv,
    );
    expect(en[0]![0]).toBe('Response ID');
    expect(en[1]![8]).toBe('Yes');
    await ctx.core.delivery.setAppLanguage('en');
    const byDefault = parsed((await ctx.ok('responses.exportCsv', { formId: ctx.formId })).csv);
    expect(byDefault[0]![2]).toBe('Patient');
  });

  it('adds the total and severity of a scored instrument, empty when incomplete', async () => {
    const { core, ok, patient, respond } = await setup();
    const optionalItem9 = {
      ...PHQ9,
      fields: PHQ9.fields.map((f) => (f.id === 'phq9_9' ? { ...f, required: false } : f)),
    };
    const formId = (await core.forms.create(optionalItem9)).id;
    const ana = await patient('Ana', 'García');
    await respond(formId, ana, phq9Answers([3, 3, 3, 3, 2, 2, 2, 1, 1]));
    await respond(formId, ana, phq9Answers([3, 3, 3, 3, 2, 2, 2, 1, undefined]));
    const csv = await ok('responses.exportCsv', { formId, patientId: ana });
    expect(csv.filename).toBe(
      'cuestionario-sobre-la-salud-del-paciente-phq-9-ana-garcia-2026-11-04.csv',
    );
    const table = parsed(csv.csv);
    expect(table[0]!.slice(-3)).toEqual([PHQ9.fields[9]!.label, 'PHQ-9', 'PHQ-9: gravedad']);
    expect(table[0]).toHaveLength(4 + 10 + 2);
    expect(table[1]!.slice(-2)).toEqual(['20', 'Grave']);
    expect(table[2]!.slice(-2)).toEqual(['', '']);
    expect(table[1]![4]).toBe('Casi todos los días');
  });

  it('keeps answers to fields removed from the form, headed by their id', async () => {
    const ctx = await exported([
      [
        { fieldId: 'pain', value: 4 },
        { fieldId: 'fever', value: true },
      ],
    ]);
    await ctx.core.forms.update(ctx.formId, {
      fields: TRICKY.fields.filter((f) => f.id !== 'fever'),
    });
    const table = parsed((await ctx.ok('responses.exportCsv', { formId: ctx.formId })).csv);
    expect(table[0]!.at(-1)).toBe('fever');
    expect(table[1]!.at(-1)).toBe('Sí');
  });

  it('filters like the analysis, and exports a header alone when nothing matches', async () => {
    const { result, ok, formId, responses, patient } = await exported([
      [
        { fieldId: 'pain', value: 1 },
        { fieldId: 'fever', value: false },
      ],
      [
        { fieldId: 'pain', value: 2 },
        { fieldId: 'fever', value: false },
      ],
    ]);
    expect(result.rows).toBe(2);
    const later = await ok('responses.exportCsv', { formId, from: responses[1]!.completedAt });
    expect(later.rows).toBe(1);
    expect(parsed(later.csv)[1]![0]).toBe(responses[1]!.id);
    const nobody = await ok('responses.exportCsv', {
      formId,
      patientId: await patient('Otro', 'Más'),
    });
    expect(nobody.rows).toBe(0);
    expect(parsed(nobody.csv)).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('answers 404 for an unknown form, response or patient, and 422 for bad input, changing nothing', async () => {
    const { core, server, refused, patient, respond } = await setup();
    const formId = (await core.forms.create(PHQ9)).id;
    const ana = await patient('Ana', 'García');
    await respond(formId, ana, phq9Answers([1, 1, 1, 1, 1, 1, 1, 1, 1]));
    const tables = ['form_responses', 'events', 'clinical_forms', 'patients', 'outbox'];
    const counts = async () => {
      const found: number[] = [];
      for (const t of tables) found.push(await count(server, t));
      return found;
    };
    const before = await counts();

    for (const name of ['responses.analysis', 'responses.exportCsv', 'responses.list']) {
      const missing = await refused(name, { formId: 'form_nope' });
      expect(missing.code, name).toBe('resource_missing');
      expect(missing.details).toMatchObject({ resource: 'clinical form', resourceId: 'form_nope' });
    }
    expect((await refused('responses.get', { id: 'resp_nope' })).code).toBe('resource_missing');
    for (const name of ['responses.analysis', 'responses.exportCsv']) {
      const error = await refused(name, { formId, patientId: 'pat_nope' });
      expect(error.code, name).toBe('resource_missing');
      expect(error.details).toMatchObject({ resource: 'patient' });
    }

    const bad: [string, unknown, string][] = [
      ['responses.analysis', { formId, from: '2026-12-01', to: '2026-11-01' }, 'to'],
      ['responses.analysis', { formId, from: 'yesterday' }, '/from'],
      ['responses.analysis', { formId, extra: true }, '/extra'],
      ['responses.analysis', {}, '/formId'],
      ['responses.exportCsv', { formId, language: 'fr' }, '/language'],
      ['responses.exportCsv', { formId, from: '2026-11-05', to: '2026-11-05' }, 'to'],
      ['responses.get', { id: '' }, '/id'],
    ];
    for (const [name, input, where] of bad) {
      const error = await refused(name, input);
      expect(error.code, `${name} ${JSON.stringify(input)}`).toBe('validation_failed');
      expect(fieldErrors(error).map((e) => e.pointer ?? e.parameter)).toContain(where);
    }
    expect(await counts()).toEqual(before);
  });
});
