import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { checkAnswers, type SubmittedAnswer } from '../../src-main/service/domain/form-answers';
import {
  FIELD_TYPES,
  FORM_TYPES,
  FormDefinition,
  type FormField,
} from '../../src-main/service/schemas/clinical-form';
import { DEMO_FORMS, type DemoForm } from '../../src-main/service/seed/demo-forms';
import { createPrng } from '../../src-main/service/seed/prng';

const SEVERITIES = [0, 0.25, 0.5, 0.75, 1] as const;
const SEEDS = Array.from({ length: 300 }, (_, i) => 1000 + i * 7919);
const FREQUENCY = [
  'Ningún día',
  'Varios días',
  'Más de la mitad de los días',
  'Casi todos los días',
];

function form(key: DemoForm['key']): DemoForm {
  const found = DEMO_FORMS.find((f) => f.key === key);
  if (!found) throw new Error(`no demo form '${key}'`);
  return found;
}

function field(f: DemoForm, id: string): FormField {
  const found = f.definition.fields.find((x) => x.id === id);
  if (!found) throw new Error(`form '${f.key}' has no field '${id}'`);
  return found;
}

function valueOf(answers: readonly SubmittedAnswer[], id: string): unknown {
  return answers.find((a) => a.fieldId === id)?.value;
}

/** Every answer set the tests look at: each seed answers each severity once. */
function samples(f: DemoForm, severity: number, seeds = SEEDS): SubmittedAnswer[][] {
  return seeds.map((seed) => f.answer(createPrng(seed), severity));
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** The rules the service applies to a form definition, written out independently of it. */
function definitionProblems(def: FormDefinition): string[] {
  const problems: string[] = [];
  if (def.name.length < 1 || def.name.length > 200 || !/\S/.test(def.name)) problems.push('name');
  if (def.description !== undefined && def.description.length > 5000) problems.push('description');
  if (def.type !== undefined && !FORM_TYPES.includes(def.type)) problems.push('type');
  if (def.fields.length < 1 || def.fields.length > 100) problems.push('field count');
  const seen = new Set<string>();
  for (const f of def.fields) {
    const at = `field '${f.id}'`;
    if (!/^[a-z][a-z0-9_]{0,63}$/.test(f.id)) problems.push(`${at}: id`);
    if (seen.has(f.id)) problems.push(`${at}: duplicate id`);
    seen.add(f.id);
    if (!FIELD_TYPES.includes(f.type)) problems.push(`${at}: type`);
    if (f.label.length < 1 || f.label.length > 500) problems.push(`${at}: label`);
    if (f.hint !== undefined && f.hint.length > 500) problems.push(`${at}: hint`);
    const choice = f.type === 'select' || f.type === 'multiselect';
    if (choice) {
      const options = f.options ?? [];
      if (options.length < 1 || options.length > 50) problems.push(`${at}: options`);
      if (new Set(options).size !== options.length) problems.push(`${at}: repeated option`);
      if (options.some((o) => o.length < 1 || o.length > 200)) problems.push(`${at}: option text`);
    } else if (f.options !== undefined) {
      problems.push(`${at}: options on a ${f.type}`);
    }
    if (f.type === 'slider') {
      if (f.min === undefined || f.max === undefined || !(f.min < f.max)) {
        problems.push(`${at}: slider range`);
      }
      if (f.step === undefined || !(f.step > 0)) problems.push(`${at}: slider step`);
    } else if (f.step !== undefined) {
      problems.push(`${at}: step on a ${f.type}`);
    }
    if (f.type === 'number' && f.min !== undefined && f.max !== undefined && f.min > f.max) {
      problems.push(`${at}: number range`);
    }
    if (
      f.type !== 'slider' &&
      f.type !== 'number' &&
      (f.min !== undefined || f.max !== undefined)
    ) {
      problems.push(`${at}: min/max on a ${f.type}`);
    }
  }
  return problems;
}

describe('demo forms: definitions', () => {
  it('are the five forms, each once, with their Spanish names and types', () => {
    expect(DEMO_FORMS.map((f) => [f.key, f.definition.name, f.definition.type])).toEqual([
      ['phq9', 'Cuestionario sobre la salud del paciente (PHQ-9)', 'assessment'],
      ['gad7', 'Escala de ansiedad generalizada (GAD-7)', 'assessment'],
      ['pain_nrs', 'Escala numérica del dolor (EVN 0–10)', 'assessment'],
      ['post_op', 'Seguimiento postoperatorio', 'follow_up'],
      ['satisfaction', 'Encuesta de satisfacción', 'survey'],
    ]);
  });

  it('the local checker catches each broken rule', () => {
    const ok: FormField = { id: 'ok', type: 'text', label: 'Bien', required: false };
    const broken: FormField[] = [
      { ...ok, id: 'Mayúscula' },
      { ...ok, id: 'x'.repeat(65) },
      { ...ok, label: '' },
      { ...ok, hint: 'x'.repeat(501) },
      { ...ok, options: ['a'] },
      { ...ok, step: 1 },
      { ...ok, type: 'select' },
      { ...ok, type: 'select', options: [] },
      { ...ok, type: 'multiselect', options: ['a', 'a'] },
      { ...ok, type: 'select', options: ['x'.repeat(201)] },
      { ...ok, type: 'slider', min: 0, max: 10 },
      { ...ok, type: 'slider', min: 5, max: 5, step: 1 },
      { ...ok, type: 'slider', min: 0, max: 10, step: 0 },
      { ...ok, type: 'number', min: 3, max: 2 },
      { ...ok, type: 'boolean', min: 0 },
    ];
    expect(definitionProblems({ name: 'Formulario', fields: [ok] })).toEqual([]);
    for (const bad of broken) {
      expect(definitionProblems({ name: 'Formulario', fields: [bad] }), bad.id).not.toEqual([]);
    }
    expect(definitionProblems({ name: 'Formulario', fields: [ok, ok] })).toEqual([
      "field 'ok': duplicate id",
    ]);
    expect(
      definitionProblems({ name: 'Formulario', description: 'x'.repeat(5001), fields: [ok] }),
    ).toEqual(['description']);
  });

  it.each(DEMO_FORMS.map((f) => [f.key, f] as const))(
    '%s satisfies the field rules and the FormDefinition schema',
    (_key, f) => {
      expect(definitionProblems(f.definition)).toEqual([]);
      expect(Value.Check(FormDefinition, f.definition)).toBe(true);
      const ids = f.definition.fields.map((x) => x.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const x of f.definition.fields) {
        if (x.type === 'select' || x.type === 'multiselect') {
          expect(x.options?.length, x.id).toBeGreaterThan(0);
        }
        if (x.type === 'slider') {
          expect(x.min! < x.max!, x.id).toBe(true);
          expect(x.step, x.id).toBeGreaterThan(0);
        }
      }
      expect(f.definition.description?.length ?? 0).toBeGreaterThan(0);
    },
  );

  it('PHQ-9 is the published Spanish edition, word for word, with its unscored difficulty item', () => {
    const f = form('phq9');
    expect(f.edition).toBe('phq9-es-us');
    const items = f.definition.fields.filter((x) => x.id !== 'phq9_difficulty');
    expect(items.map((x) => x.id)).toEqual(Array.from({ length: 9 }, (_, i) => `phq9_${i + 1}`));
    for (const x of items) {
      expect(x).toMatchObject({ type: 'select', required: true, options: FREQUENCY });
    }
    expect(field(f, 'phq9_difficulty')).toMatchObject({
      type: 'select',
      required: false,
      options: ['No ha sido difícil', 'Un poco difícil', 'Muy difícil', 'Extremadamente difícil'],
    });
    expect(field(f, 'phq9_difficulty').label).toMatch(
      /^Si marcó cualquiera de los problemas, ¿qué tanta dificultad le han dado/,
    );
    expect(field(f, 'phq9_1').label).toBe('Poco interés o placer en hacer cosas');
    expect(field(f, 'phq9_9').label).toBe(
      'Pensamientos de que estaría mejor muerto(a) o de lastimarse de alguna manera',
    );
  });

  it('the patient reads only the instruments’ instruction: no bands, notes or copyright', () => {
    expect(form('phq9').definition.description).toBe(
      'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?',
    );
    expect(form('gad7').definition.description).toBe(
      'Señale con qué frecuencia ha sufrido los siguientes problemas en los últimos 15 días:',
    );
    for (const key of ['phq9', 'gad7'] as const) {
      const d = form(key).definition.description!;
      expect(d).not.toMatch(/puntuaci|gravedad|Pfizer|Spitzer|\d+[–-]\d+/i);
    }
  });

  it('GAD-7 is the Spanish adaptation, with its own options, and seven required scored items', () => {
    const f = form('gad7');
    expect(f.edition).toBe('gad7-es-es');
    expect(f.definition.fields.map((x) => x.id)).toEqual(
      Array.from({ length: 7 }, (_, i) => `gad7_${i + 1}`),
    );
    for (const x of f.definition.fields) {
      expect(x).toMatchObject({
        type: 'select',
        required: true,
        options: [
          'Nunca',
          'Menos de la mitad de los días',
          'Más de la mitad de los días',
          'Casi todos los días',
        ],
      });
    }
    expect(field(f, 'gad7_1').label).toBe('Se ha sentido nervioso, ansioso o muy alterado');
  });

  it('the pain scale has two 0–10 sliders with the anchor hint, and tells the patient only how to answer', () => {
    const f = form('pain_nrs');
    for (const id of ['pain_now', 'pain_worst_24h']) {
      expect(field(f, id)).toMatchObject({
        type: 'slider',
        required: true,
        min: 0,
        max: 10,
        step: 1,
        hint: '0 = sin dolor, 10 = el peor dolor imaginable',
      });
    }
    expect(field(f, 'pain_location')).toMatchObject({ type: 'multiselect', required: false });
    expect(field(f, 'pain_comments')).toMatchObject({ type: 'text', required: false });
    const d = f.definition.description!;
    expect(d).toMatch(/del 0 al 10/);
    for (const band of ['1–3', '4–6', '7–10']) expect(d).not.toContain(band);
  });

  it('the post-op and satisfaction forms have the fields the seed relies on', () => {
    const p = form('post_op');
    expect(p.definition.fields.map((x) => [x.id, x.type, x.required])).toEqual([
      ['surgery_date', 'date', true],
      ['wound_status', 'select', true],
      ['fever', 'boolean', true],
      ['temperature', 'number', false],
      ['pain', 'slider', true],
      ['medication_as_prescribed', 'boolean', true],
      ['symptoms', 'multiselect', true],
      ['questions', 'text', false],
    ]);
    expect(field(p, 'wound_status').options).toEqual([
      'Bien, sin cambios',
      'Enrojecimiento',
      'Supura o sangra',
      'Se ha abierto',
    ]);
    expect(field(p, 'temperature')).toMatchObject({ min: 34, max: 43 });
    expect(field(p, 'symptoms').options).toContain('Ninguno');

    const s = form('satisfaction');
    expect(s.definition.fields.map((x) => [x.id, x.type, x.required])).toEqual([
      ['recommend', 'slider', true],
      ['wait_time', 'select', true],
      ['on_time', 'boolean', true],
      ['went_well', 'multiselect', false],
      ['comments', 'text', false],
    ]);
    expect(field(s, 'recommend')).toMatchObject({ min: 0, max: 10, step: 1 });
    expect(field(s, 'on_time').label).toBe('¿Le atendieron a la hora prevista?');
  });

  it('only the three instruments have a score', () => {
    expect(DEMO_FORMS.filter((f) => f.score).map((f) => f.key)).toEqual([
      'phq9',
      'gad7',
      'pain_nrs',
    ]);
  });
});

describe('demo forms: generated answers', () => {
  it.each(DEMO_FORMS.map((f) => [f.key, f] as const))(
    '%s answers pass checkAnswers at every severity and seed, in field order',
    (_key, f) => {
      const order = f.definition.fields.map((x) => x.id);
      for (const severity of SEVERITIES) {
        for (const answers of samples(f, severity)) {
          const { errors, answers: accepted } = checkAnswers(f.definition.fields, answers);
          expect(errors, JSON.stringify(answers)).toEqual([]);
          expect(accepted.map((a) => a.fieldId)).toEqual(answers.map((a) => a.fieldId));
          const positions = answers.map((a) => order.indexOf(a.fieldId));
          expect(positions).toEqual([...positions].sort((a, b) => a - b));
        }
      }
    },
  );

  it.each(DEMO_FORMS.map((f) => [f.key, f] as const))(
    '%s answers stay valid for out-of-range severities',
    (_key, f) => {
      for (const severity of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        for (const answers of samples(f, severity, SEEDS.slice(0, 30))) {
          expect(checkAnswers(f.definition.fields, answers).errors).toEqual([]);
        }
      }
    },
  );

  it('the same seed gives the same answers', () => {
    for (const f of DEMO_FORMS) {
      expect(f.answer(createPrng(42), 0.6)).toEqual(f.answer(createPrng(42), 0.6));
    }
  });

  it('optional fields are sometimes answered and sometimes left out', () => {
    for (const f of DEMO_FORMS) {
      const all = SEVERITIES.flatMap((s) => samples(f, s, SEEDS.slice(0, 100)));
      for (const x of f.definition.fields.filter((y) => !y.required)) {
        const answered = all.filter((a) => valueOf(a, x.id) !== undefined).length;
        expect(answered, `${f.key}.${x.id}`).toBeGreaterThan(0);
        expect(answered, `${f.key}.${x.id}`).toBeLessThan(all.length);
      }
    }
  });

  it.each([
    ['phq9', 27],
    ['gad7', 21],
    ['pain_nrs', 10],
  ] as const)('%s scores rise on average with severity and stay within 0–%i', (key, max) => {
    const f = form(key);
    const means = SEVERITIES.map((s) => {
      const scores = samples(f, s).map((a) => f.score!(a));
      for (const score of scores) {
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(max);
      }
      return mean(scores);
    });
    for (let i = 1; i < means.length; i++) expect(means[i]!).toBeGreaterThan(means[i - 1]!);
    expect(means[0]!).toBeLessThan(max * 0.15);
    expect(means[4]!).toBeGreaterThan(max * 0.8);
  });

  it('scores count the option index of the scored items only', () => {
    const phq9 = form('phq9');
    const worst = Array.from({ length: 9 }, (_, i) => ({
      fieldId: `phq9_${i + 1}`,
      value: 'Casi todos los días',
    }));
    expect(phq9.score!(worst)).toBe(27);
    expect(
      phq9.score!([...worst, { fieldId: 'phq9_difficulty', value: 'Extremadamente difícil' }]),
    ).toBe(27);
    expect(
      phq9.score!([
        { fieldId: 'phq9_1', value: 'Varios días' },
        { fieldId: 'phq9_2', value: 'Más de la mitad de los días' },
        { fieldId: 'phq9_3', value: 'Ningún día' },
      ]),
    ).toBe(3);
    const gad7 = form('gad7');
    expect(
      gad7.score!(
        Array.from({ length: 7 }, (_, i) => ({
          fieldId: `gad7_${i + 1}`,
          value: 'Menos de la mitad de los días',
        })),
      ),
    ).toBe(7);
    expect(form('pain_nrs').score!([{ fieldId: 'pain_now', value: 6 }])).toBe(6);
  });

  it('PHQ-9 item 9 is rarely positive and only at high severity', () => {
    const f = form('phq9');
    for (const s of [0, 0.25, 0.5]) {
      for (const a of samples(f, s)) expect(valueOf(a, 'phq9_9')).toBe('Ningún día');
    }
    const top = samples(f, 1);
    const positive = top.filter((a) => valueOf(a, 'phq9_9') !== 'Ningún día').length;
    expect(positive).toBeGreaterThan(0);
    expect(positive / top.length).toBeLessThan(0.4);
  });

  it('PHQ-9 difficulty follows the total and is skipped when nothing was marked', () => {
    const f = form('phq9');
    const difficulty = field(f, 'phq9_difficulty').options!;
    const byBand = new Map<number, number[]>();
    for (const s of SEVERITIES) {
      for (const a of samples(f, s)) {
        const total = f.score!(a);
        const value = valueOf(a, 'phq9_difficulty');
        if (total === 0) expect(value).toBeUndefined();
        if (typeof value !== 'string') continue;
        const band = Math.min(4, Math.floor(total / 5));
        byBand.set(band, [...(byBand.get(band) ?? []), difficulty.indexOf(value)]);
      }
    }
    const means = [...byBand.entries()].sort(([a], [b]) => a - b).map(([, v]) => mean(v));
    expect(means.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < means.length; i++) expect(means[i]!).toBeGreaterThan(means[i - 1]!);
  });

  it('pain NRS sits near severity × 10 and the worst pain is never below the current one', () => {
    const f = form('pain_nrs');
    for (const s of SEVERITIES) {
      const all = samples(f, s);
      for (const a of all) {
        expect(valueOf(a, 'pain_worst_24h') as number).toBeGreaterThanOrEqual(
          valueOf(a, 'pain_now') as number,
        );
      }
      expect(
        Math.abs(mean(all.map((a) => valueOf(a, 'pain_now') as number)) - s * 10),
      ).toBeLessThan(1.5);
    }
  });

  it('post-op answers are consistent with the severity', () => {
    const f = form('post_op');
    const rate = (all: SubmittedAnswer[][], test: (a: SubmittedAnswer[]) => boolean) =>
      all.filter(test).length / all.length;
    const well = samples(f, 0);
    const worst = samples(f, 1);
    for (const all of SEVERITIES.map((s) => samples(f, s))) {
      for (const a of all) {
        const symptoms = valueOf(a, 'symptoms') as string[];
        if (symptoms.includes('Ninguno')) expect(symptoms).toEqual(['Ninguno']);
        expect(valueOf(a, 'surgery_date') as string).toMatch(/^2026-\d{2}-\d{2}$/);
        const t = valueOf(a, 'temperature');
        if (t !== undefined) {
          expect(t as number).toBeGreaterThanOrEqual(34);
          expect(t as number).toBeLessThanOrEqual(43);
          if (valueOf(a, 'fever') === true) expect(t as number).toBeGreaterThanOrEqual(38);
          else expect(t as number).toBeLessThan(38);
        }
      }
    }
    expect(rate(well, (a) => valueOf(a, 'fever') === true)).toBeLessThan(0.1);
    expect(rate(worst, (a) => valueOf(a, 'fever') === true)).toBeGreaterThan(0.5);
    expect(rate(well, (a) => valueOf(a, 'wound_status') === 'Bien, sin cambios')).toBeGreaterThan(
      0.95,
    );
    expect(rate(worst, (a) => valueOf(a, 'wound_status') === 'Bien, sin cambios')).toBeLessThan(
      0.05,
    );
    expect(rate(well, (a) => valueOf(a, 'symptoms')!.toString() === 'Ninguno')).toBeGreaterThan(
      rate(worst, (a) => valueOf(a, 'symptoms')!.toString() === 'Ninguno'),
    );
    const pain = (all: SubmittedAnswer[][]) => mean(all.map((a) => valueOf(a, 'pain') as number));
    expect(pain(worst)).toBeGreaterThan(pain(well) + 4);
  });

  it('satisfaction answers hang together', () => {
    const f = form('satisfaction');
    const waits = field(f, 'wait_time').options!;
    const recommend = SEVERITIES.map((s) =>
      mean(
        samples(f, s).map((a) => {
          if (valueOf(a, 'on_time') === true) {
            expect(waits.indexOf(valueOf(a, 'wait_time') as string)).toBeLessThanOrEqual(1);
          } else {
            expect((valueOf(a, 'went_well') as string[] | undefined) ?? []).not.toContain(
              'La puntualidad',
            );
          }
          return valueOf(a, 'recommend') as number;
        }),
      ),
    );
    for (let i = 1; i < recommend.length; i++) {
      expect(recommend[i]!).toBeLessThan(recommend[i - 1]!);
    }
  });
});
