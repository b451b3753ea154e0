import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeError, FormPreview, FormSummary } from '../../src-preload/contract';
import { createCore, type Core } from '../../src-main/service/core';
import { renderFormPage } from '../../src-main/service/form-page/render-form';
import type { ClinicalForm, FormDefinition } from '../../src-main/service/schemas/clinical-form';
import { triggerNames } from './engine-sql';
import { addPatient, EVERY_FIELD_ANSWERS, EVERY_FIELD_TYPE } from './helpers';
import { fieldErrors, operationsOn } from './operation-harness';

/*
 * The desktop app's form authoring operations (forms.create/update/archive/restore/remove/preview
 * and the usage figures of forms.list), through the same handler map every transport serves.
 * Every refusal is checked to change nothing; the delete guard is checked in the database too.
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
  const { ops, ok, refused } = operationsOn(core);
  /** Everything a form operation could touch, to prove a refusal wrote nothing. */
  const snapshot = async () => {
    const rows: unknown[][] = [];
    for (const table of [
      'clinical_forms',
      'form_schedules',
      'form_responses',
      'form_answered_fields',
      'events',
    ])
      rows.push(await core.db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all());
    return rows;
  };
  return { core, ops, ok, refused, snapshot };
}

/** A patient with a delivered e-mail schedule of `formId`; answered when `answer` is set. */
async function deliverTo(core: Core, formId: string, options: { answer?: boolean } = {}) {
  const patientId = await addPatient(core, 'Núria', 'Puig Soler');
  const schedule = await core.schedules.create({ formId, patientId, channel: 'email' });
  await core.advanceClock(1);
  if (options.answer) await core.schedules.submit(schedule.id, EVERY_FIELD_ANSWERS);
  return { patientId, scheduleId: schedule.id };
}

const pointers = (error: BridgeError) =>
  fieldErrors(error)
    .map((e) => `${e.pointer} ${e.code}`)
    .sort();

/** A draft with a blank name and a slider whose max is not above its min. */
const BROKEN: FormDefinition = {
  name: '   ',
  fields: [
    { id: 'pain', type: 'slider', label: 'Dolor', required: true, min: 5, max: 5 },
    { id: 'notes', type: 'text', label: 'Notas', required: false },
  ],
};

describe('forms.create and forms.update', () => {
  it('create stores the normalised form and announces the forms topic', async () => {
    const { ok, core } = await setup();
    const form = await ok<ClinicalForm>('forms.create', EVERY_FIELD_TYPE);
    expect(form).toMatchObject({ name: EVERY_FIELD_TYPE.name, status: 'active' });
    // Sliders are stored with their step.
    expect(form.fields.find((f) => f.type === 'slider')?.step).toBe(1);
    // What a write changed is announced by the domain (changes/domain-topics.ts), whoever calls.
    const heard: string[][] = [];
    core.changes.subscribe((event) => {
      if (event.type === 'changed') heard.push(event.data.topics);
    });
    await ok('forms.preview', { definition: EVERY_FIELD_TYPE });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual([]);
    await ok('forms.archive', { id: form.id });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual([['forms']]);
  });

  it('create reports schema and field-rule problems together, and writes nothing', async () => {
    const { refused, snapshot } = await setup();
    const before = await snapshot();
    const error = await refused('forms.create', BROKEN);
    expect(error.code).toBe('validation_failed');
    expect(pointers(error)).toEqual(['/fields/0/max range', '/name pattern']);
    const nothing = await refused('forms.create');
    expect(pointers(nothing)).toEqual(['/fields required', '/name required']);
    expect(await snapshot()).toEqual(before);
  });

  it('update applies a patch; a refused patch leaves the form as it was', async () => {
    const { ok, refused, snapshot, core } = await setup();
    const form = await ok<ClinicalForm>('forms.create', EVERY_FIELD_TYPE);
    await core.advanceClock(60);
    const renamed = await ok<ClinicalForm>('forms.update', {
      id: form.id,
      patch: { name: ' Revisión semanal ' },
    });
    expect(renamed.name).toBe('Revisión semanal');
    expect(renamed.updatedAt).not.toBe(form.updatedAt);

    const before = await snapshot();
    const bad = await refused('forms.update', { id: form.id, patch: BROKEN });
    expect(pointers(bad)).toEqual(['/fields/0/max range', '/name pattern']);
    expect(
      pointers(await refused('forms.update', { id: form.id, patch: { colour: 'red' } })),
    ).toEqual(['/colour additionalProperties']);
    expect((await refused('forms.update', { id: 'form_missing', patch: {} })).code).toBe(
      'resource_missing',
    );
    expect((await refused('forms.update', { id: form.id })).code).toBe('validation_failed');
    expect(await snapshot()).toEqual(before);
  });

  it('a field with answers cannot change type: field_type_locked, nothing changes', async () => {
    const { ok, refused, snapshot, core } = await setup();
    const form = await ok<ClinicalForm>('forms.create', EVERY_FIELD_TYPE);
    await deliverTo(core, form.id, { answer: true });
    const fields = form.fields.map((f) =>
      f.id === 'weight'
        ? { id: 'weight', type: 'text' as const, label: f.label, required: true }
        : f,
    );
    const before = await snapshot();
    const error = await refused('forms.update', { id: form.id, patch: { fields } });
    expect(pointers(error)).toEqual([`/fields/1/type field_type_locked`]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('forms.archive, forms.restore and forms.remove', () => {
  it('archives and restores, idempotently; an unknown form is resource_missing', async () => {
    const { ok, refused, snapshot } = await setup();
    const form = await ok<ClinicalForm>('forms.create', EVERY_FIELD_TYPE);
    expect((await ok<ClinicalForm>('forms.archive', { id: form.id })).status).toBe('archived');
    expect((await ok<ClinicalForm>('forms.archive', { id: form.id })).status).toBe('archived');
    const archived = await ok<{ data: FormSummary[] }>('forms.list', { status: 'archived' });
    expect(archived.data.map((f) => f.id)).toEqual([form.id]);
    expect((await ok<ClinicalForm>('forms.restore', { id: form.id })).status).toBe('active');
    const before = await snapshot();
    for (const name of ['forms.archive', 'forms.restore', 'forms.remove']) {
      expect((await refused(name, { id: 'form_01JD8X3V6Q9R2T5W7Y0B4C6E8G' })).code).toBe(
        'resource_missing',
      );
      expect((await refused(name, {})).code).toBe('validation_failed');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('deletes a form that nothing references', async () => {
    const { ok, refused, core } = await setup();
    const kept = await ok<ClinicalForm>('forms.create', { ...EVERY_FIELD_TYPE, name: 'Kept' });
    const draft = await ok<ClinicalForm>('forms.create', { ...EVERY_FIELD_TYPE, name: 'Draft' });
    expect(await ok('forms.remove', { id: draft.id })).toEqual({ id: draft.id, deleted: true });
    expect((await refused('forms.get', { id: draft.id })).code).toBe('resource_missing');
    const list = await ok<{ data: FormSummary[] }>('forms.list');
    expect(list.data.map((f) => f.id)).toEqual([kept.id]);
    expect(await core.q.clinicalForms.get(kept.id)).toBeDefined();
  });

  it('refuses to delete a form with a delivery (pending or cancelled) or a response: form_in_use', async () => {
    const { ok, refused, snapshot, core } = await setup();
    const pending = await ok<ClinicalForm>('forms.create', { ...EVERY_FIELD_TYPE, name: 'P' });
    const patientId = await addPatient(core, 'Ana', 'García');
    const future = new Date(T0 + 86_400_000).toISOString();
    await core.schedules.create({
      formId: pending.id,
      patientId,
      channel: 'email',
      scheduledAt: future,
    });
    const cancelled = await ok<ClinicalForm>('forms.create', { ...EVERY_FIELD_TYPE, name: 'C' });
    const schedule = await core.schedules.create({
      formId: cancelled.id,
      patientId,
      channel: 'email',
      scheduledAt: future,
    });
    await core.schedules.cancel(schedule.id);
    const answered = await ok<ClinicalForm>('forms.create', { ...EVERY_FIELD_TYPE, name: 'A' });
    await deliverTo(core, answered.id, { answer: true });

    const before = await snapshot();
    for (const [form, responses] of [
      [pending, 0],
      [cancelled, 0],
      [answered, 1],
    ] as const) {
      const error = await refused('forms.remove', { id: form.id });
      expect(error.code).toBe('form_in_use');
      expect(error.details).toEqual({ responseCount: responses, deliveryCount: 1 });
      expect(error.message).toMatch(/archive it instead/);
    }
    expect(await snapshot()).toEqual(before);
    // The HTTP status the problem carries, for any transport that renders it.
    try {
      await core.forms.remove(answered.id);
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ status: 409, code: 'form_in_use' });
    }
  });

  it('the database itself refuses to delete a referenced form (migration 0005)', async () => {
    const { ok, core } = await setup();
    const triggers = await triggerNames(core.db, 'clinical_forms');
    expect(triggers).toContain('clinical_forms_no_delete_in_use');
    const used = await ok<ClinicalForm>('forms.create', EVERY_FIELD_TYPE);
    await deliverTo(core, used.id);
    const unused = await ok<ClinicalForm>('forms.create', EVERY_FIELD_TYPE);
    const del = core.db.prepare('DELETE FROM clinical_forms WHERE id = ?');
    await expect(del.run(used.id)).rejects.toThrow(/archive them instead/);
    expect(await core.q.clinicalForms.get(used.id)).toBeDefined();
    expect((await del.run(unused.id)).changes).toBe(1);
    // A sandbox reset still empties the table (it lifts the guards for its own transaction).
    await core.resetClinic('empty', 'api');
    expect(await core.db.prepare('SELECT count(*) AS n FROM clinical_forms').get()).toEqual({
      n: 0,
    });
  });
});

describe('forms.list and forms.get usage figures', () => {
  it('counts responses, deliveries and pending deliveries, and says when a form may be deleted', async () => {
    const { ok, core } = await setup();
    const busy = await ok<ClinicalForm>('forms.create', { ...EVERY_FIELD_TYPE, name: 'Busy' });
    const idle = await ok<ClinicalForm>('forms.create', { ...EVERY_FIELD_TYPE, name: 'Idle' });
    await deliverTo(core, busy.id, { answer: true });
    await core.advanceClock(3600);
    await deliverTo(core, busy.id, { answer: true });
    const patientId = await addPatient(core, 'Ana', 'García');
    await core.schedules.create({
      formId: busy.id,
      patientId,
      channel: 'email',
      scheduledAt: new Date(core.clock.now() + 86_400_000).toISOString(),
    });
    const lastResponseAt = await core.db
      .prepare<[], string>('SELECT max(completed_at) FROM form_responses')
      .pluck()
      .get();

    const list = await ok<{ data: FormSummary[] }>('forms.list');
    const byName = new Map(list.data.map((f) => [f.name, f]));
    expect(byName.get('Busy')).toMatchObject({
      responseCount: 2,
      lastResponseAt,
      deliveryCount: 3,
      pendingDeliveries: 1,
      deletable: false,
    });
    expect(byName.get('Idle')).toMatchObject({
      responseCount: 0,
      deliveryCount: 0,
      pendingDeliveries: 0,
      deletable: true,
    });
    expect(byName.get('Idle')).not.toHaveProperty('lastResponseAt');
    expect(await ok('forms.get', { id: busy.id })).toEqual(byName.get('Busy'));
    expect((await ok<FormSummary>('forms.get', { id: idle.id })).deletable).toBe(true);
  });
});

describe('forms.preview', () => {
  it('renders a valid draft exactly as the patient page, with the clinic name and no errors', async () => {
    const { ok, core, snapshot } = await setup();
    await core.delivery.setClinicName('Clínica Sant Pau');
    const before = await snapshot();
    const preview = await ok<FormPreview>('forms.preview', {
      definition: EVERY_FIELD_TYPE,
      language: 'ca',
    });
    expect(preview.errors).toEqual([]);
    const created = await core.forms.create(EVERY_FIELD_TYPE);
    expect(preview.html).toBe(
      renderFormPage({
        language: 'ca',
        clinicName: 'Clínica Sant Pau',
        form: created,
        action: '#',
      }),
    );
    expect(preview.html).toContain('<html lang="ca">');
    expect(preview.html).toContain('Clínica Sant Pau');
    for (const field of EVERY_FIELD_TYPE.fields) expect(preview.html).toContain(field.label);
    // The preview itself wrote nothing.
    await core.db.prepare('DELETE FROM clinical_forms WHERE id = ?').run(created.id);
    expect(await snapshot()).toEqual(before);
  });

  it('speaks the app language by default', async () => {
    const { ok, core } = await setup();
    await core.delivery.setAppLanguage('en');
    const preview = await ok<FormPreview>('forms.preview', { definition: EVERY_FIELD_TYPE });
    expect(preview.html).toContain('<html lang="en">');
  });

  it('returns the errors create would answer, as data, and renders the well-formed fields', async () => {
    const { ok, refused } = await setup();
    const draft = {
      name: 'Control',
      fields: [
        { id: 'pain', type: 'slider', label: 'Nivel de dolor', required: true, min: 5, max: 5 },
        { id: 'mood', type: 'select', label: 'Estado de ánimo', required: true, options: [] },
        { id: 'Bad Id', type: 'text', label: 'Pregunta rota', required: true },
        { id: 'notes', type: 'text', label: 'Notas', required: false, options: ['x'] },
      ],
    };
    const preview = await ok<FormPreview>('forms.preview', { definition: draft });
    const create = await refused('forms.create', draft);
    const asCreate = (create.details?.errors ?? []) as unknown[];
    expect([...preview.errors].sort(byPointer)).toEqual([...asCreate].sort(byPointer));
    expect(preview.errors.map((e) => `${e.pointer} ${e.code}`).sort()).toEqual(
      [
        '/fields/1/options minItems',
        '/fields/2/id pattern',
        '/fields/3/options not_allowed',
        '/fields/0/max range',
      ].sort(),
    );
    // The slider is drawn (as a number input, since its range is empty); the malformed field not.
    expect(preview.html).toContain('Nivel de dolor');
    expect(preview.html).toContain('Notas');
    expect(preview.html).not.toContain('Pregunta rota');
  });

  it('never throws for a draft of the wrong shape', async () => {
    const { ok } = await setup();
    for (const definition of [null, 'a form', [], 42, { fields: 'none' }, {}]) {
      const preview = await ok<FormPreview>('forms.preview', { definition });
      expect(preview.errors.length, JSON.stringify(definition)).toBeGreaterThan(0);
      expect(preview.html).toMatch(/^<!doctype html>/);
    }
    const empty = await ok<FormPreview>('forms.preview', { definition: {} });
    expect(empty.errors.map((e) => e.pointer).sort()).toEqual(['/fields', '/name']);
  });

  it('with formId, reports a type change of an answered field as forms.update would', async () => {
    const { ok, refused, core } = await setup();
    const form = await ok<ClinicalForm>('forms.create', EVERY_FIELD_TYPE);
    await deliverTo(core, form.id, { answer: true });
    const definition = {
      ...EVERY_FIELD_TYPE,
      fields: EVERY_FIELD_TYPE.fields.map((f) =>
        f.id === 'fever' ? { id: 'fever', type: 'text', label: f.label, required: true } : f,
      ),
    };
    const preview = await ok<FormPreview>('forms.preview', { definition, formId: form.id });
    expect(preview.errors).toEqual([
      expect.objectContaining({ pointer: '/fields/5/type', code: 'field_type_locked' }),
    ]);
    // Without formId it is a valid new form.
    expect((await ok<FormPreview>('forms.preview', { definition })).errors).toEqual([]);
    expect((await refused('forms.preview', { definition, formId: 'form_nope' })).code).toBe(
      'resource_missing',
    );
    expect((await refused('forms.preview', { definition, language: 'fr' })).code).toBe(
      'validation_failed',
    );
  });
});

function byPointer(a: unknown, b: unknown): number {
  const key = (e: unknown) => {
    const { pointer, code } = e as { pointer: string; code: string };
    return `${pointer} ${code}`;
  };
  return key(a).localeCompare(key(b));
}
