import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeError, EditionInfo, FormPreview } from '../../src-preload/contract';
import { createCore } from '../../src-main/service/core';
import { INSTRUMENTS, recogniseInstruments } from '../../src-main/service/domain/instrument-scores';
import {
  EDITIONS,
  formFromEdition,
} from '../../src-main/service/instruments/validated-instruments';
import type { ClinicalForm, FormField } from '../../src-main/service/schemas/clinical-form';
import { escapeHtml } from '../../src-main/service/form-page/html';
import { startServer } from './helpers';
import { fieldErrors, operationsOn } from './operation-harness';

/*
 * Validated instruments (issue 16, part 3): PHQ-9 and GAD-7 added from a published edition keep
 * its wording word for word; only their name and alert rules are the clinic's, and PHQ-9 item 9's
 * urgent rule cannot be dropped. Every refusal is checked to change nothing. Also the alert rule
 * checks that keep a rule from being dead on arrival (a bound no answer can reach).
 */

const T0 = Date.parse('2026-11-20T10:00:00.000Z');

const open: Array<() => unknown> = [];
afterEach(async () => {
  while (open.length) await open.pop()!();
});

async function setup() {
  const core = await createCore({ memory: true, seed: 'empty', realNow: () => T0 });
  open.push(async () => {
    await core.runner.stop();
    await core.close();
  });
  const { ok, refused } = operationsOn(core);
  const snapshot = async () =>
    (await core.db.prepare('SELECT * FROM clinical_forms ORDER BY id').all()) as unknown[];
  return { core, ok, refused, snapshot };
}

const pointers = (error: BridgeError) =>
  fieldErrors(error)
    .map((e) => `${e.pointer} ${e.code}`)
    .sort();

const item = (form: ClinicalForm, id: string) => form.fields.findIndex((f) => f.id === id);

/** The form's fields with `change` applied to the field `id`. */
function withField(form: ClinicalForm, id: string, change: (f: FormField) => FormField) {
  return form.fields.map((f) => (f.id === id ? change(f) : f));
}

describe('the editions', () => {
  it.each(EDITIONS.map((e) => [e.id, e] as const))(
    '%s has every item, four options, an attribution and makes a scored form',
    (_id, edition) => {
      const instrument = INSTRUMENTS[edition.instrument];
      expect(edition.items).toHaveLength(instrument.itemIds.length);
      expect(new Set(edition.options).size).toBe(4);
      for (const text of [...edition.items, edition.instruction, edition.attribution]) {
        expect(text.trim()).toBe(text);
        expect(text.length).toBeGreaterThan(5);
      }
      const form = formFromEdition(edition);
      expect(recogniseInstruments(form.fields).map((f) => f.instrument.key)).toEqual([
        edition.instrument,
      ]);
      // The patient reads the instruction, nothing else: no bands, no copyright.
      expect(form.description).toBe(edition.instruction);
    },
  );

  it('there is no Catalan edition: none could be checked against a publication', () => {
    expect(EDITIONS.filter((e) => e.language === 'ca')).toEqual([]);
  });

  it('forms.instruments lists every edition with its scoring and required rules', async () => {
    const { ok } = await setup();
    const list = await ok<EditionInfo[]>('forms.instruments');
    expect(list.map((e) => e.id).sort()).toEqual(EDITIONS.map((e) => e.id).sort());
    const phq9 = list.find((e) => e.id === 'phq9-es-us')!;
    expect(phq9).toMatchObject({ name: 'PHQ-9', max: 27 });
    expect(phq9.bands.at(-1)).toEqual({ band: 'severe', min: 20, max: 27 });
    expect(phq9.requiredRules).toEqual([{ fieldId: 'phq9_9', from: 1, priority: 'urgent' }]);
  });
});

describe('forms.addInstrument', () => {
  it('adds the edition as a validated form with item 9 urgent and the score alerts', async () => {
    const { ok } = await setup();
    const form = await ok<ClinicalForm>('forms.addInstrument', { edition: 'phq9-es-us' });
    expect(form.instrument).toEqual({ key: 'phq9', edition: 'phq9-es-us', language: 'es' });
    expect(form.fields[item(form, 'phq9_9')]!.alertRules).toEqual([{ min: 1, priority: 'urgent' }]);
    expect(form.scoreAlerts).toEqual([
      { instrument: 'phq9', min: 20, priority: 'urgent' },
      { instrument: 'phq9', min: 15, max: 19, priority: 'review' },
    ]);
    const gad7 = await ok<ClinicalForm>('forms.addInstrument', { edition: 'gad7-es-es' });
    expect(gad7.scoreAlerts).toEqual([
      { instrument: 'gad7', min: 15, priority: 'urgent' },
      { instrument: 'gad7', min: 10, max: 14, priority: 'review' },
    ]);
  });

  it('refuses an unknown edition or bad input, and adds nothing', async () => {
    const { refused, snapshot } = await setup();
    for (const input of [{ edition: 'phq9-ca' }, { edition: '' }, {}, { edition: 'x', more: 1 }]) {
      const error = await refused('forms.addInstrument', input);
      expect(error.code).toBe('validation_failed');
    }
    expect(await snapshot()).toEqual([]);
  });

  it('a form made by hand with the same questions is a custom form (a copy), freely editable', async () => {
    const { ok } = await setup();
    const copy = await ok<ClinicalForm>('forms.create', {
      ...formFromEdition(EDITIONS[0]!),
      name: 'Copia de PHQ-9',
    });
    expect(copy.instrument).toBeUndefined();
    const edited = await ok<ClinicalForm>('forms.update', {
      id: copy.id,
      patch: {
        description: 'Otra instrucción',
        fields: withField(copy, 'phq9_1', (f) => ({ ...f, label: 'Otro texto' })),
      },
    });
    expect(edited.fields[0]!.label).toBe('Otro texto');
  });
});

describe('a validated form keeps its wording', () => {
  async function phq9() {
    const s = await setup();
    const form = await s.ok<ClinicalForm>('forms.addInstrument', { edition: 'phq9-es-us' });
    return { ...s, form };
  }

  it('refuses to rewrite an item, its options, the instruction or the type; nothing changes', async () => {
    const { form, refused, snapshot } = await phq9();
    const before = await snapshot();
    const changes: [unknown, string[]][] = [
      [
        { fields: withField(form, 'phq9_2', (f) => ({ ...f, label: 'Se ha sentido triste' })) },
        ['/fields/1/label instrument_locked'],
      ],
      [
        {
          fields: withField(form, 'phq9_3', (f) => ({
            ...f,
            options: ['Nunca', ...f.options!.slice(1)],
          })),
        },
        ['/fields/2/options instrument_locked'],
      ],
      [
        { fields: withField(form, 'phq9_4', (f) => ({ ...f, required: false })) },
        ['/fields/3/required instrument_locked'],
      ],
      [
        { fields: [form.fields[1], form.fields[0], ...form.fields.slice(2)] },
        ['/fields/0/id instrument_locked', '/fields/1/id instrument_locked'],
      ],
      [
        { fields: [...form.fields, { id: 'extra', type: 'text', label: 'Más', required: false }] },
        ['/fields instrument_locked'],
      ],
      [{ fields: form.fields.slice(0, 9) }, ['/fields instrument_locked']],
      [{ description: 'Responda con sinceridad.' }, ['/description instrument_locked']],
      [{ type: 'survey' }, ['/type instrument_locked']],
    ];
    for (const [patch, expected] of changes) {
      const error = await refused('forms.update', { id: form.id, patch });
      expect(error.code).toBe('validation_failed');
      expect(pointers(error), JSON.stringify(patch).slice(0, 80)).toEqual(expected);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets the clinic rename it and change its alert rules', async () => {
    const { form, ok } = await phq9();
    const updated = await ok<ClinicalForm>('forms.update', {
      id: form.id,
      patch: {
        name: 'PHQ-9 (control trimestral)',
        fields: withField(form, 'phq9_2', (f) => ({
          ...f,
          alertRules: [{ min: 3, priority: 'review' }],
        })),
        scoreAlerts: [{ instrument: 'phq9', min: 10, priority: 'review' }],
      },
    });
    expect(updated.name).toBe('PHQ-9 (control trimestral)');
    expect(updated.fields[1]!.alertRules).toEqual([{ min: 3, priority: 'review' }]);
    expect(updated.scoreAlerts).toEqual([{ instrument: 'phq9', min: 10, priority: 'review' }]);
    expect(updated.instrument?.edition).toBe('phq9-es-us');
  });

  it('keeps item 9 urgent from its second option on: removing, lowering or narrowing it is refused', async () => {
    const { form, refused, ok, snapshot } = await phq9();
    const before = await snapshot();
    const at = item(form, 'phq9_9');
    for (const alertRules of [
      [],
      [{ min: 1, priority: 'review' as const }],
      [{ min: 2, priority: 'urgent' as const }],
      [{ min: 1, max: 2, priority: 'urgent' as const }],
      [{ equals: 'Varios días', priority: 'urgent' as const }],
    ]) {
      const error = await refused('forms.update', {
        id: form.id,
        patch: { fields: withField(form, 'phq9_9', (f) => ({ ...f, alertRules })) },
      });
      expect(pointers(error), JSON.stringify(alertRules)).toEqual([
        `/fields/${at}/alertRules rule_required`,
      ]);
    }
    expect(await snapshot()).toEqual(before);
    // A wider rule, or one more next to it, is fine.
    const wider = await ok<ClinicalForm>('forms.update', {
      id: form.id,
      patch: {
        fields: withField(form, 'phq9_9', (f) => ({
          ...f,
          alertRules: [
            { min: 0, priority: 'urgent' },
            { equals: 'Casi todos los días', priority: 'urgent' },
          ],
        })),
      },
    });
    expect(wider.fields[at]!.alertRules).toHaveLength(2);
  });

  it('the preview reports the same refusals and shows the attribution under the form', async () => {
    const { form, ok } = await phq9();
    const {
      id: _id,
      status: _s,
      createdAt: _c,
      updatedAt: _u,
      instrument: _i,
      ...definition
    } = form;
    const preview = await ok<FormPreview>('forms.preview', {
      formId: form.id,
      definition: {
        ...definition,
        fields: withField(form, 'phq9_1', (f) => ({ ...f, label: 'Cambio' })),
      },
    });
    expect(preview.errors.map((e) => `${e.pointer} ${e.code}`)).toEqual([
      '/fields/0/label instrument_locked',
    ]);
    expect(preview.instruments).toEqual(['phq9']);
    expect(preview.html).toContain('class="attribution"');
    expect(preview.html).toContain('subvención educativa otorgada por Pfizer Inc.');
  });

  it('the patient page shows the instruction and the items, the attribution small below', async () => {
    const server = await startServer({ realNow: () => T0 });
    open.push(() => server.close());
    const form = await server.service.core.forms.addInstrument('phq9-es-us');
    const patient = await server.request('POST', '/patients', {
      body: { firstName: 'Núria', lastName: 'Puig Soler', email: 'nuria@example.com' },
    });
    const created = await server.request('POST', '/form-schedules', {
      body: { formId: form.id, patientId: patient.body.id, channel: 'email' },
    });
    expect(created.status).toBe(201);
    await server.request('POST', '/sandbox/clock/advance', { body: { seconds: 60 } });
    const outbox = await server.request('GET', `/sandbox/outbox?scheduleId=${created.body.id}`);
    const link = outbox.body.data[0].link as string;
    const html = await (await fetch(link)).text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain(escapeHtml(EDITIONS[0]!.instruction));
    expect(main).toContain(escapeHtml(EDITIONS[0]!.items[8]!));
    expect(main).not.toMatch(/mínima|moderadamente grave|20[–-]27|Puntuación/);
    expect(main.indexOf('class="attribution"')).toBeGreaterThan(main.indexOf('</form>'));
  });

  it('the database itself keeps the edition and the instruction (migration 0008)', async () => {
    const { core, form } = await phq9();
    for (const sql of [
      `UPDATE clinical_forms SET instrument = NULL WHERE id = ?`,
      `UPDATE clinical_forms SET description = 'x' WHERE id = ?`,
    ]) {
      await expect(core.db.prepare(sql).run(form.id)).rejects.toThrow(/validated instrument/);
    }
  });
});

describe('alert rules that could never fire are refused', () => {
  const base = { name: 'Control', type: 'follow_up' as const };
  const cases: [string, FormField, string][] = [
    [
      'a scale rule above its max',
      {
        id: 'dolor',
        type: 'slider',
        label: 'Dolor',
        required: true,
        min: 0,
        max: 10,
        alertRules: [{ min: 11, priority: 'urgent' }],
      },
      '/fields/0/alertRules/0/min out_of_range',
    ],
    [
      'a number rule below its min',
      {
        id: 'peso',
        type: 'number',
        label: 'Peso',
        required: true,
        min: 30,
        alertRules: [{ max: 20, priority: 'review' }],
      },
      '/fields/0/alertRules/0/max out_of_range',
    ],
    [
      'a choice position past the last option',
      {
        id: 'animo',
        type: 'select',
        label: 'Ánimo',
        required: true,
        options: ['Bien', 'Mal'],
        alertRules: [{ min: 2, priority: 'urgent' }],
      },
      '/fields/0/alertRules/0/min out_of_range',
    ],
    [
      'a choice position that is not whole',
      {
        id: 'animo',
        type: 'select',
        label: 'Ánimo',
        required: true,
        options: ['Bien', 'Mal'],
        alertRules: [{ min: 0.5, priority: 'urgent' }],
      },
      '/fields/0/alertRules/0/min type',
    ],
    [
      'a rule whose max is below its min',
      {
        id: 'dolor',
        type: 'slider',
        label: 'Dolor',
        required: true,
        min: 0,
        max: 10,
        alertRules: [{ min: 8, max: 7, priority: 'urgent' }],
      },
      '/fields/0/alertRules/0/max range',
    ],
  ];

  it.each(cases)('%s', async (_name, field, expected) => {
    const { refused, snapshot } = await setup();
    const error = await refused('forms.create', { ...base, fields: [field] });
    expect(pointers(error)).toEqual([expected]);
    expect(await snapshot()).toEqual([]);
  });

  it('a score rule above the instrument’s highest total', async () => {
    const { refused } = await setup();
    const definition = formFromEdition(EDITIONS.find((e) => e.id === 'gad7-en-us')!);
    const error = await refused('forms.create', {
      ...definition,
      scoreAlerts: [{ instrument: 'gad7', min: 22, priority: 'urgent' }],
    });
    expect(pointers(error)).toEqual(['/scoreAlerts/0/min out_of_range']);
  });
});
