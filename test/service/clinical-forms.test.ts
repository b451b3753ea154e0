import { Value } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/service/core';
import { checkAnswers, type SubmittedAnswer } from '../../src-main/service/domain/form-answers';
import { ProblemError, type FieldError } from '../../src-main/service/errors';
import type { Permission } from '../../src-main/service/schemas/auth';
import {
  ClinicalForm,
  FormResponse,
  type FormDefinition,
  type FormField,
} from '../../src-main/service/schemas/clinical-form';
import {
  EVERY_FIELD_ANSWERS,
  EVERY_FIELD_TYPE,
  expectProblem,
  startServer,
  type ApiResponse,
  type TestServer,
} from './helpers';

/*
 * Clinical forms and their responses (interface spec: Clinical form, Form field, Form response;
 * api-decisions §§2, 3, 5, 8, 10): authoring through the domain (every rule between fields, with
 * the 422 pointer), GET /clinical-forms(/{id}), GET /clinical-forms/{id}/responses with its
 * filters and cursors, GET /form-responses/{id}, and the one answer validator through
 * POST /sandbox/form-schedules/{id}/submit and directly.
 *
 * Every server runs on a frozen real clock, so the service clock only moves when a test advances
 * it and every timestamp is known exactly.
 */

const T0_ISO = '2026-11-20T10:00:00.000Z';
const T0 = Date.parse(T0_ISO);
const FORM_ID = /^form_[0-9A-HJKMNP-TV-Z]{26}$/;
const RESP_ID = /^resp_[0-9A-HJKMNP-TV-Z]{26}$/;

type FormBody = ClinicalForm;
type ResponseBody = FormResponse;

interface ListBody<T> {
  data: T[];
  pagination: { cursor: string; hasMore: boolean; limit: number };
}

interface ErrorEntry {
  pointer?: string;
  parameter?: string;
  code: string;
  detail: string;
  fieldId?: string;
}

interface ScheduleBody {
  id: string;
  status: string;
  sentAt?: string;
  completedAt?: string;
  responseId?: string;
}

// ---------------------------------------------------------------------------------------------
// Servers, cores and clocks

const open: Array<() => unknown> = [];
afterEach(async () => {
  while (open.length) await open.pop()!();
});

/** A server whose real clock is frozen at T0 (closed after the test). */
async function newServer(): Promise<TestServer> {
  const server = await startServer({ realNow: () => T0 });
  open.push(() => server.close());
  return server;
}

/** A core without HTTP, frozen at T0 (closed after the test). */
async function newCore(): Promise<Core> {
  const core = await createCore({ memory: true, seed: 'empty', realNow: () => T0 });
  open.push(async () => {
    await core.runner.stop();
    await core.close();
  });
  return core;
}

async function clockNow(server: TestServer): Promise<string> {
  const res = await server.request<{ now: string }>('GET', '/sandbox/clock');
  expect(res.status, res.text).toBe(200);
  return res.body.now;
}

async function advance(server: TestServer, seconds: number): Promise<string> {
  const res = await server.request<{ now: string }>('POST', '/sandbox/clock/advance', {
    body: { seconds },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.now;
}

/** Moves the service clock to exactly `iso`. */
async function advanceTo(server: TestServer, iso: string): Promise<void> {
  const ms = Date.parse(iso) - Date.parse(await clockNow(server));
  expect(ms % 1000, `advance to ${iso} by whole seconds`).toBe(0);
  expect(ms).toBeGreaterThanOrEqual(0);
  expect(await advance(server, ms / 1000)).toBe(iso);
}

function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const count = async (core: Core, table: string): Promise<number> =>
  (await core.db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get())!;

const completedEvents = async (core: Core): Promise<Array<Record<string, unknown>>> =>
  (
    await core.db
      .prepare<[], string>(`SELECT data FROM events WHERE type = 'form.completed' ORDER BY seq`)
      .pluck()
      .all()
  ).map((data) => JSON.parse(data) as Record<string, unknown>);

async function addPatient(core: Core, firstName: string, email: string): Promise<string> {
  return (await core.patients.create({ firstName, lastName: 'Test', email, phone: '+34612345678' }))
    .id;
}

/** Creates an e-mail schedule due now (HTTP), without delivering it. */
async function createSchedule(server: TestServer, formId: string, patientId: string) {
  const res = await server.request<ScheduleBody>('POST', '/form-schedules', {
    body: { formId, patientId, channel: 'email' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function scheduleOf(server: TestServer, id: string): Promise<ScheduleBody> {
  const res = await server.request<ScheduleBody>('GET', `/form-schedules/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** A schedule of the form to the patient, delivered (status sent). */
async function deliveredSchedule(
  server: TestServer,
  formId: string,
  patientId: string,
): Promise<string> {
  const id = await createSchedule(server, formId, patientId);
  await advance(server, 1);
  expect((await scheduleOf(server, id)).status).toBe('sent');
  return id;
}

function submit(server: TestServer, scheduleId: string, responses: unknown) {
  return server.request<ResponseBody>('POST', `/sandbox/form-schedules/${scheduleId}/submit`, {
    body: { responses },
  });
}

async function submitOk(
  server: TestServer,
  scheduleId: string,
  responses: unknown,
): Promise<ResponseBody> {
  const res = await submit(server, scheduleId, responses);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function problemOf(fn: () => unknown): Promise<ProblemError> {
  let caught: unknown;
  try {
    await fn();
  } catch (error) {
    caught = error;
  }
  if (!(caught instanceof ProblemError)) {
    throw new Error(`expected a ProblemError, got ${String(caught)}`);
  }
  return caught;
}

type Located = { pointer: string | undefined; code: string };

const byPointerAndCode = (a: Located, b: Located) =>
  `${a.pointer} ${a.code}`.localeCompare(`${b.pointer} ${b.code}`);

/** The 422 validation_failed a domain call throws, as sorted {pointer, code} pairs. */
async function ruleErrors(fn: () => unknown): Promise<Located[]> {
  const problem = await problemOf(fn);
  expect(problem.status).toBe(422);
  expect(problem.code).toBe('validation_failed');
  const errors = problem.extensions.errors as FieldError[];
  expect(Array.isArray(errors)).toBe(true);
  for (const error of errors) expect(error.detail).toMatch(/\S/);
  return errors.map((e) => ({ pointer: e.pointer, code: e.code })).sort(byPointerAndCode);
}

// ---------------------------------------------------------------------------------------------
// 1. Authoring forms through the domain

type RawField = Record<string, unknown>;

const textField = (id: string, extra: RawField = {}): RawField => ({
  id,
  type: 'text',
  label: `Question ${id}`,
  required: false,
  ...extra,
});

const definition = (fields: RawField[], extra: RawField = {}): FormDefinition =>
  ({ name: 'Rule check', fields, ...extra }) as unknown as FormDefinition;

interface RuleCase {
  title: string;
  def: FormDefinition;
  errors: Array<{ pointer: string; code: string }>;
  /** The rule is about a property a patch may leave out (name), so it only applies to create. */
  createOnly?: boolean;
}

const OK = textField('first');

const RULES: RuleCase[] = [
  {
    title: 'a duplicate field id',
    def: definition([textField('a'), textField('b'), { ...textField('a'), type: 'number' }]),
    errors: [{ pointer: '/fields/2/id', code: 'duplicate_id' }],
  },
  {
    title: 'an id used three times (each repeat reported)',
    def: definition([textField('a'), textField('a'), textField('a')]),
    errors: [
      { pointer: '/fields/1/id', code: 'duplicate_id' },
      { pointer: '/fields/2/id', code: 'duplicate_id' },
    ],
  },
  {
    title: 'a select without options',
    def: definition([OK, { id: 'mood', type: 'select', label: 'Mood', required: true }]),
    errors: [{ pointer: '/fields/1/options', code: 'required' }],
  },
  {
    title: 'a multiselect without options',
    def: definition([OK, { id: 'sym', type: 'multiselect', label: 'Symptoms', required: false }]),
    errors: [{ pointer: '/fields/1/options', code: 'required' }],
  },
  {
    title: 'a select with an empty options array',
    def: definition([OK, { id: 'mood', type: 'select', label: 'M', required: true, options: [] }]),
    errors: [{ pointer: '/fields/1/options', code: 'minItems' }],
  },
  {
    title: 'a multiselect with an empty options array',
    def: definition([
      OK,
      { id: 'sym', type: 'multiselect', label: 'S', required: true, options: [] },
    ]),
    errors: [{ pointer: '/fields/1/options', code: 'minItems' }],
  },
  {
    title: 'a select with duplicate options',
    def: definition([
      OK,
      { id: 'mood', type: 'select', label: 'M', required: true, options: ['Sí', 'No', 'Sí'] },
    ]),
    errors: [{ pointer: '/fields/1/options', code: 'duplicate_option' }],
  },
  {
    title: 'a multiselect with options that are equal once trimmed',
    def: definition([
      OK,
      { id: 'sym', type: 'multiselect', label: 'S', required: true, options: ['Tos', ' Tos '] },
    ]),
    errors: [{ pointer: '/fields/1/options', code: 'duplicate_option' }],
  },
  {
    title: 'a blank option',
    def: definition([
      OK,
      { id: 'mood', type: 'select', label: 'M', required: true, options: ['Sí', '   '] },
    ]),
    errors: [{ pointer: '/fields/1/options/1', code: 'pattern' }],
  },
  {
    title: 'options on a text field',
    def: definition([OK, textField('t', { options: ['a', 'b'] })]),
    errors: [{ pointer: '/fields/1/options', code: 'not_allowed' }],
  },
  {
    title: 'options on a boolean field',
    def: definition([OK, { id: 'b', type: 'boolean', label: 'B', required: true, options: ['x'] }]),
    errors: [{ pointer: '/fields/1/options', code: 'not_allowed' }],
  },
  {
    title: 'options on a slider',
    def: definition([
      OK,
      { id: 's', type: 'slider', label: 'S', required: true, min: 0, max: 10, options: ['x'] },
    ]),
    errors: [{ pointer: '/fields/1/options', code: 'not_allowed' }],
  },
  {
    title: 'a slider without min and max',
    def: definition([OK, { id: 's', type: 'slider', label: 'S', required: true }]),
    errors: [{ pointer: '/fields/1', code: 'required' }],
  },
  {
    title: 'a slider without max',
    def: definition([OK, { id: 's', type: 'slider', label: 'S', required: true, min: 0 }]),
    errors: [{ pointer: '/fields/1', code: 'required' }],
  },
  {
    title: 'a slider without min',
    def: definition([OK, { id: 's', type: 'slider', label: 'S', required: true, max: 10 }]),
    errors: [{ pointer: '/fields/1', code: 'required' }],
  },
  {
    title: 'a slider with min = max',
    def: definition([OK, { id: 's', type: 'slider', label: 'S', required: true, min: 5, max: 5 }]),
    errors: [{ pointer: '/fields/1/max', code: 'range' }],
  },
  {
    title: 'a slider with min > max',
    def: definition([OK, { id: 's', type: 'slider', label: 'S', required: true, min: 10, max: 0 }]),
    errors: [{ pointer: '/fields/1/max', code: 'range' }],
  },
  {
    title: 'a slider step larger than its range',
    def: definition([
      OK,
      { id: 's', type: 'slider', label: 'S', required: true, min: 0, max: 1, step: 2 },
    ]),
    errors: [{ pointer: '/fields/1/step', code: 'range' }],
  },
  {
    title: 'a slider step that does not reach max (0–10 by 3)',
    def: definition([
      OK,
      { id: 's', type: 'slider', label: 'S', required: true, min: 0, max: 10, step: 3 },
    ]),
    errors: [{ pointer: '/fields/1/step', code: 'step' }],
  },
  {
    title: 'a slider step of 0',
    def: definition([
      OK,
      { id: 's', type: 'slider', label: 'S', required: true, min: 0, max: 10, step: 0 },
    ]),
    errors: [{ pointer: '/fields/1/step', code: 'exclusiveMinimum' }],
  },
  {
    title: 'a negative slider step',
    def: definition([
      OK,
      { id: 's', type: 'slider', label: 'S', required: true, min: 0, max: 10, step: -1 },
    ]),
    errors: [{ pointer: '/fields/1/step', code: 'exclusiveMinimum' }],
  },
  {
    title: 'a step on a number field',
    def: definition([OK, { id: 'n', type: 'number', label: 'N', required: false, step: 1 }]),
    errors: [{ pointer: '/fields/1/step', code: 'not_allowed' }],
  },
  {
    title: 'a step on a text field',
    def: definition([OK, textField('t', { step: 1 })]),
    errors: [{ pointer: '/fields/1/step', code: 'not_allowed' }],
  },
  {
    title: 'a number with min > max',
    def: definition([OK, { id: 'n', type: 'number', label: 'N', required: false, min: 3, max: 2 }]),
    errors: [{ pointer: '/fields/1/max', code: 'range' }],
  },
  {
    title: 'min on a text field',
    def: definition([OK, textField('t', { min: 1 })]),
    errors: [{ pointer: '/fields/1/min', code: 'not_allowed' }],
  },
  {
    title: 'max on a boolean field',
    def: definition([OK, { id: 'b', type: 'boolean', label: 'B', required: true, max: 1 }]),
    errors: [{ pointer: '/fields/1/max', code: 'not_allowed' }],
  },
  {
    title: 'min and max on a date field',
    def: definition([OK, { id: 'd', type: 'date', label: 'D', required: true, min: 0, max: 1 }]),
    errors: [{ pointer: '/fields/1/min', code: 'not_allowed' }],
  },
  {
    title: 'min on a select field',
    def: definition([
      OK,
      { id: 'm', type: 'select', label: 'M', required: true, options: ['a'], min: 0 },
    ]),
    errors: [{ pointer: '/fields/1/min', code: 'not_allowed' }],
  },
  {
    title: 'max on a multiselect field',
    def: definition([
      OK,
      { id: 'm', type: 'multiselect', label: 'M', required: true, options: ['a'], max: 3 },
    ]),
    errors: [{ pointer: '/fields/1/max', code: 'not_allowed' }],
  },
  ...['Pain', '1pain', 'pain-level', 'pain level', '_pain', '', `p${'a'.repeat(64)}`].map(
    (id): RuleCase => ({
      title: `the field id ${JSON.stringify(id.length > 20 ? `${id.slice(0, 8)}… (${id.length})` : id)}`,
      def: definition([OK, textField(id)]),
      errors: [{ pointer: '/fields/1/id', code: 'pattern' }],
    }),
  ),
  {
    title: 'a blank label',
    def: definition([OK, textField('t', { label: '   ' })]),
    errors: [{ pointer: '/fields/1/label', code: 'pattern' }],
  },
  {
    title: 'an empty label',
    def: definition([OK, textField('t', { label: '' })]),
    errors: [
      { pointer: '/fields/1/label', code: 'minLength' },
      { pointer: '/fields/1/label', code: 'pattern' },
    ],
  },
  {
    title: 'a label over 500 characters',
    def: definition([OK, textField('t', { label: 'x'.repeat(501) })]),
    errors: [{ pointer: '/fields/1/label', code: 'maxLength' }],
  },
  {
    title: 'an unknown field type',
    def: definition([OK, { id: 'r', type: 'rating', label: 'R', required: true }]),
    errors: [{ pointer: '/fields/1/type', code: 'enum' }],
  },
  {
    title: 'a field without required',
    def: definition([OK, { id: 'r', type: 'text', label: 'R' }]),
    errors: [{ pointer: '/fields/1/required', code: 'required' }],
  },
  {
    title: 'an empty fields array',
    def: definition([]),
    errors: [{ pointer: '/fields', code: 'minItems' }],
  },
  {
    title: 'an unknown property on a field',
    def: definition([OK, textField('t', { placeholder: 'Type here' })]),
    errors: [{ pointer: '/fields/1/placeholder', code: 'additionalProperties' }],
  },
  {
    title: 'an unknown property on the form',
    def: definition([OK], { colour: 'red' }),
    errors: [{ pointer: '/colour', code: 'additionalProperties' }],
  },
  {
    title: 'an unknown form type',
    def: definition([OK], { type: 'quiz' }),
    errors: [{ pointer: '/type', code: 'enum' }],
  },
  {
    title: 'a blank name',
    def: definition([OK], { name: '  ' }),
    errors: [{ pointer: '/name', code: 'pattern' }],
  },
  {
    title: 'a missing name',
    def: { fields: [OK] } as unknown as FormDefinition,
    errors: [{ pointer: '/name', code: 'required' }],
    createOnly: true,
  },
  {
    title: 'several broken fields at once (all reported)',
    def: definition([
      { id: 'mood', type: 'select', label: 'M', required: true },
      { id: 's', type: 'slider', label: 'S', required: true, min: 3, max: 3 },
      textField('t', { step: 2 }),
      textField('mood'),
      { id: 'n', type: 'number', label: 'N', required: false, min: 9, max: 1 },
    ]),
    errors: [
      { pointer: '/fields/0/options', code: 'required' },
      { pointer: '/fields/1/max', code: 'range' },
      { pointer: '/fields/2/step', code: 'not_allowed' },
      { pointer: '/fields/3/id', code: 'duplicate_id' },
      { pointer: '/fields/4/max', code: 'range' },
    ],
  },
];

describe('authoring forms through the domain (api-decisions §8)', () => {
  it.each(RULES)('create refuses $title with 422 and writes nothing', async ({ def, errors }) => {
    const core = await newCore();
    await core.forms.create(EVERY_FIELD_TYPE);
    const before = await core.db.prepare('SELECT * FROM clinical_forms ORDER BY id').all();
    expect(await ruleErrors(() => core.forms.create(def))).toEqual(
      [...errors].sort(byPointerAndCode),
    );
    expect(await count(core, 'clinical_forms')).toBe(1);
    expect(await core.db.prepare('SELECT * FROM clinical_forms ORDER BY id').all()).toEqual(before);
  });

  it.each(RULES.filter((c) => !c.createOnly))(
    'update refuses $title with 422 and leaves the form as it was',
    async ({ def, errors }) => {
      const core = await newCore();
      const { id } = await core.forms.create(EVERY_FIELD_TYPE);
      await core.advanceClock(60);
      const before = await core.forms.getJson(id);
      expect(await ruleErrors(() => core.forms.update(id, def))).toEqual(
        [...errors].sort(byPointerAndCode),
      );
      expect(await core.forms.getJson(id)).toBe(before);
      expect(await count(core, 'clinical_forms')).toBe(1);
    },
  );

  it('accepts the edge values the rules allow', async () => {
    const core = await newCore();
    const form = await core.forms.create(
      definition([
        { id: 'n1', type: 'number', label: 'Equal bounds', required: false, min: 4, max: 4 },
        { id: 'n2', type: 'number', label: 'Only min', required: false, min: 0 },
        { id: 'n3', type: 'number', label: 'Only max', required: false, max: -1 },
        {
          id: 's1',
          type: 'slider',
          label: 'Step = range',
          required: true,
          min: 0,
          max: 1,
          step: 1,
        },
        { id: 'm1', type: 'select', label: 'One option', required: true, options: ['Only'] },
        textField(`a${'b'.repeat(63)}`),
      ]),
    );
    expect(form.fields.map((f) => f.id)).toEqual([
      'n1',
      'n2',
      'n3',
      's1',
      'm1',
      `a${'b'.repeat(63)}`,
    ]);
    expect(await count(core, 'clinical_forms')).toBe(1);
  });

  it('create stores the normalised definition: trimmed texts, sliders with a step, defaults', async () => {
    const core = await newCore();
    const form = await core.forms.create({
      name: '  Control de dolor  ',
      description: '\n Semanal. \n',
      fields: [
        {
          id: 'pain',
          type: 'slider',
          label: '  Dolor ahora ',
          required: true,
          min: 0,
          max: 10,
          hint: ' 0 = nada ',
        },
        { id: 'fine', type: 'slider', label: 'Fine', required: false, min: 0, max: 1, step: 0.25 },
        {
          id: 'mood',
          type: 'select',
          label: 'Ánimo',
          required: true,
          options: ['  Bien', 'Mal  ', ' Regular '],
        },
        {
          id: 'sym',
          type: 'multiselect',
          label: '\tSíntomas\t',
          required: false,
          options: [' Tos ', 'Fiebre'],
        },
        { id: 'w', type: 'number', label: 'Peso', required: false, hint: '   ' },
      ],
    });
    // A blank hint is no hint.
    expect(form.fields[4]).not.toHaveProperty('hint');
    expect(form).toEqual({
      id: form.id,
      name: 'Control de dolor',
      type: 'assessment',
      description: 'Semanal.',
      status: 'active',
      fields: [
        {
          id: 'pain',
          type: 'slider',
          label: 'Dolor ahora',
          required: true,
          min: 0,
          max: 10,
          step: 1,
          hint: '0 = nada',
        },
        { id: 'fine', type: 'slider', label: 'Fine', required: false, min: 0, max: 1, step: 0.25 },
        {
          id: 'mood',
          type: 'select',
          label: 'Ánimo',
          required: true,
          options: ['Bien', 'Mal', 'Regular'],
        },
        {
          id: 'sym',
          type: 'multiselect',
          label: 'Síntomas',
          required: false,
          options: ['Tos', 'Fiebre'],
        },
        { id: 'w', type: 'number', label: 'Peso', required: false },
      ],
      createdAt: T0_ISO,
      updatedAt: T0_ISO,
    });
    expect(form.id).toMatch(FORM_ID);
    // What create returns is what is stored.
    expect(JSON.parse(await core.forms.getJson(form.id))).toEqual(form);
    expect(Value.Check(ClinicalForm, form)).toBe(true);
  });

  it('update renames, changes the description and replaces the fields', async () => {
    const core = await newCore();
    const created = await core.forms.create(EVERY_FIELD_TYPE);
    await core.advanceClock(60);
    const renamed = await core.forms.update(created.id, { name: '  Revisión semanal ' });
    expect(renamed).toEqual({
      ...created,
      name: 'Revisión semanal',
      updatedAt: '2026-11-20T10:01:00.000Z',
    });

    await core.advanceClock(60);
    const described = await core.forms.update(created.id, { description: ' Nueva descripción ' });
    expect(described).toEqual({
      ...renamed,
      description: 'Nueva descripción',
      updatedAt: '2026-11-20T10:02:00.000Z',
    });

    await core.advanceClock(60);
    const replaced = await core.forms.update(created.id, {
      type: 'survey',
      fields: [
        { id: 'sleep', type: 'slider', label: ' Sueño ', required: true, min: 1, max: 5 },
        { id: 'ok', type: 'boolean', label: 'OK?', required: false },
      ],
    });
    expect(replaced).toEqual({
      id: created.id,
      name: 'Revisión semanal',
      type: 'survey',
      description: 'Nueva descripción',
      status: 'active',
      fields: [
        { id: 'sleep', type: 'slider', label: 'Sueño', required: true, min: 1, max: 5, step: 1 },
        { id: 'ok', type: 'boolean', label: 'OK?', required: false },
      ],
      createdAt: T0_ISO,
      updatedAt: '2026-11-20T10:03:00.000Z',
    });
    expect(JSON.parse(await core.forms.getJson(created.id))).toEqual(replaced);
    expect(await count(core, 'clinical_forms')).toBe(1);
  });

  it('update of an unknown id is a 404 resource_missing and writes nothing', async () => {
    const core = await newCore();
    await core.forms.create(EVERY_FIELD_TYPE);
    const before = await core.db.prepare('SELECT * FROM clinical_forms').all();
    for (const call of [
      () => core.forms.update('form_01JD8X3V6Q9R2T5W7Y0B4C6E8G', { name: 'X' }),
      () => core.forms.archive('form_01JD8X3V6Q9R2T5W7Y0B4C6E8G'),
      () => core.forms.restore('form_01JD8X3V6Q9R2T5W7Y0B4C6E8G'),
    ]) {
      const problem = await problemOf(call);
      expect(problem.status).toBe(404);
      expect(problem.code).toBe('resource_missing');
      expect(problem.extensions.resourceId).toBe('form_01JD8X3V6Q9R2T5W7Y0B4C6E8G');
    }
    expect(await core.db.prepare('SELECT * FROM clinical_forms').all()).toEqual(before);
  });

  it('a field that has answers keeps its type; a field without answers may change it', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { id: formId } = await core.forms.create(EVERY_FIELD_TYPE);
    const patientId = await addPatient(core, 'Ana', 'ana@example.com');
    const scheduleId = await deliveredSchedule(server, formId, patientId);
    // notes and since stay unanswered.
    await submitOk(
      server,
      scheduleId,
      EVERY_FIELD_ANSWERS.filter((a) => a.fieldId !== 'notes' && a.fieldId !== 'since'),
    );
    await advance(server, 60);
    const before = await core.forms.getJson(formId);
    const fields = EVERY_FIELD_TYPE.fields;
    const field = (id: string): FormField => fields.find((f) => f.id === id)!;

    // pain (answered) moves to index 0 and becomes a number: refused at its new index.
    const painAsNumber: FormField = { id: 'pain', type: 'number', label: 'Pain', required: true };
    const locked = await problemOf(() =>
      core.forms.update(formId, {
        fields: [painAsNumber, ...fields.filter((f) => f.id !== 'pain')],
      }),
    );
    expect(locked.status).toBe(422);
    expect(locked.code).toBe('validation_failed');
    expect(locked.extensions.errors).toEqual([
      {
        pointer: '/fields/0/type',
        code: 'field_type_locked',
        detail: expect.stringContaining("'pain'"),
      },
    ]);
    expect(await core.forms.getJson(formId)).toBe(before);

    // Two answered fields changed at once: both named.
    const both = await problemOf(() =>
      core.forms.update(formId, {
        fields: [
          field('notes'),
          field('weight'),
          field('pain'),
          { id: 'mood', type: 'multiselect', label: 'Mood', required: true, options: ['Bien'] },
          field('symptoms'),
          { id: 'fever', type: 'select', label: 'Fever?', required: true, options: ['Sí', 'No'] },
          field('since'),
        ],
      }),
    );
    expect(both.extensions.errors).toEqual([
      {
        pointer: '/fields/3/type',
        code: 'field_type_locked',
        detail: expect.stringContaining("'mood'"),
      },
      {
        pointer: '/fields/5/type',
        code: 'field_type_locked',
        detail: expect.stringContaining("'fever'"),
      },
    ]);
    expect(await core.forms.getJson(formId)).toBe(before);

    // notes and since were never answered: their types may change; answered fields may keep
    // their type with a new label.
    const updated = await core.forms.update(formId, {
      fields: fields.map((f) =>
        f.id === 'notes'
          ? { id: 'notes', type: 'number', label: 'Notes count', required: false }
          : f.id === 'since'
            ? { id: 'since', type: 'boolean', label: 'Since long?', required: false }
            : f.id === 'pain'
              ? { ...f, label: 'Dolor ahora' }
              : f,
      ),
    });
    expect(updated.fields.map((f) => [f.id, f.type, f.label])).toEqual([
      ['notes', 'number', 'Notes count'],
      ['weight', 'number', 'Weight (kg)'],
      ['pain', 'slider', 'Dolor ahora'],
      ['mood', 'select', 'Mood'],
      ['symptoms', 'multiselect', 'Symptoms'],
      ['fever', 'boolean', 'Fever?'],
      ['since', 'boolean', 'Since long?'],
    ]);
    const got = await server.request<FormBody>('GET', `/clinical-forms/${formId}`);
    expect(got.body).toEqual(updated);
    expect(got.body.updatedAt).toBe(await clockNow(server));
  });

  it('a field with answers keeps its type also when it is removed and added back', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { id: formId } = await core.forms.create(EVERY_FIELD_TYPE);
    const patientId = await addPatient(core, 'Ana', 'ana@example.com');
    const scheduleId = await deliveredSchedule(server, formId, patientId);
    await submitOk(server, scheduleId, EVERY_FIELD_ANSWERS);
    const withoutPain = EVERY_FIELD_TYPE.fields.filter((f) => f.id !== 'pain');

    // Removing an answered field is allowed (its past answers are kept with the responses).
    const removed = await core.forms.update(formId, { fields: withoutPain });
    expect(removed.fields.map((f) => f.id)).toEqual([
      'notes',
      'weight',
      'mood',
      'symptoms',
      'fever',
      'since',
    ]);
    // Adding it back as another type would give the stored numeric answers of 'pain' a text
    // field: the lock must still hold, since the answers still exist.
    const before = await core.forms.getJson(formId);
    const readded = await problemOf(() =>
      core.forms.update(formId, {
        fields: [...withoutPain, { id: 'pain', type: 'text', label: 'Pain', required: false }],
      }),
    );
    expect(readded.status).toBe(422);
    expect(readded.extensions.errors).toEqual([
      {
        pointer: '/fields/6/type',
        code: 'field_type_locked',
        detail: expect.stringContaining("'pain'"),
      },
    ]);
    expect(await core.forms.getJson(formId)).toBe(before);
  });

  it('archive and restore flip the status; archived forms stay readable and listable', async () => {
    const server = await newServer();
    const { core } = server.service;
    const kept = await core.forms.create({ ...EVERY_FIELD_TYPE, name: 'Kept' });
    const form = await core.forms.create({ ...EVERY_FIELD_TYPE, name: 'To archive' });
    const patientId = await addPatient(core, 'Ana', 'ana@example.com');
    await advance(server, 60);

    const archived = await core.forms.archive(form.id);
    expect(archived).toEqual({
      ...form,
      status: 'archived',
      updatedAt: '2026-11-20T10:01:00.000Z',
    });
    const got = await server.request<FormBody>('GET', `/clinical-forms/${form.id}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual(archived);

    const ids = async (status?: string) => {
      const res = await server.request<ListBody<FormBody>>(
        'GET',
        `/clinical-forms${qs({ status })}`,
      );
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((f) => f.id);
    };
    expect(await ids('archived')).toEqual([form.id]);
    expect(await ids('active')).toEqual([kept.id]);
    expect(await ids()).toEqual([form.id, kept.id]);

    // Archiving again changes nothing.
    await advance(server, 60);
    expect(await core.forms.archive(form.id)).toEqual(archived);

    // An archived form cannot be scheduled, and the refusal costs nothing.
    const balance = (await core.credits.balance()).balance;
    const refused = await server.request('POST', '/form-schedules', {
      body: { formId: form.id, patientId, channel: 'email' },
    });
    expectProblem(refused, 422, 'validation_failed');
    expect(refused.body.errors).toEqual([
      { pointer: '/formId', code: 'form_archived', detail: expect.any(String) },
    ]);
    expect((await core.credits.balance()).balance).toBe(balance);
    expect(await count(core, 'form_schedules')).toBe(0);

    const restored = await core.forms.restore(form.id);
    expect(restored).toEqual({ ...form, status: 'active', updatedAt: '2026-11-20T10:02:00.000Z' });
    expect(await ids('archived')).toEqual([]);
    expect(await ids('active')).toEqual([form.id, kept.id]);
    expect((await server.request<FormBody>('GET', `/clinical-forms/${form.id}`)).body).toEqual(
      restored,
    );
    expect(await core.q.creditLedger.sum()).toBe((await core.credits.balance()).balance);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. GET /clinical-forms and GET /clinical-forms/{id}

/** A form using every property a field can have. */
const RICH_FORM: FormDefinition = {
  name: 'Control post-operatorio',
  type: 'follow_up',
  description: 'Seguimiento a las 48 h.',
  fields: [
    {
      id: 'pain',
      type: 'slider',
      label: 'Dolor',
      required: true,
      hint: '0 = nada, 10 = el peor',
      min: 0,
      max: 10,
      step: 0.5,
    },
    { id: 'temp', type: 'number', label: 'Temperatura', required: false, min: 34, max: 43.5 },
    {
      id: 'wound',
      type: 'select',
      label: 'Herida',
      required: true,
      options: ['Limpia', 'Enrojecida', 'Supura'],
    },
    {
      id: 'meds',
      type: 'multiselect',
      label: 'Medicación',
      required: false,
      hint: 'Marque todas',
      options: ['Paracetamol', 'Ibuprofeno'],
    },
    { id: 'fever', type: 'boolean', label: '¿Fiebre?', required: true },
    { id: 'since', type: 'date', label: 'Desde', required: false },
    { id: 'notes', type: 'text', label: 'Notas "libres"', required: false, hint: 'Opcional' },
  ],
};

describe('GET /clinical-forms and /clinical-forms/{id}', () => {
  it('returns exactly the stored definition with every field property', async () => {
    const server = await newServer();
    const { id } = await server.service.core.forms.create(RICH_FORM);
    const res = await server.request<FormBody>('GET', `/clinical-forms/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    expect(res.body).toEqual({
      id,
      name: 'Control post-operatorio',
      type: 'follow_up',
      description: 'Seguimiento a las 48 h.',
      status: 'active',
      fields: RICH_FORM.fields,
      createdAt: T0_ISO,
      updatedAt: T0_ISO,
    });
    // Field order and each field's keys, exactly.
    expect(res.body.fields.map((f) => Object.keys(f).sort())).toEqual(
      RICH_FORM.fields.map((f) => Object.keys(f).sort()),
    );
    expect(Value.Check(ClinicalForm, res.body)).toBe(true);

    const list = await server.request<ListBody<FormBody>>('GET', '/clinical-forms');
    expect(list.body).toEqual({
      data: [res.body],
      pagination: { cursor: '', hasMore: false, limit: 20 },
    });
  });

  it('an unknown form id is a 404 resource_missing', async () => {
    const server = await newServer();
    await server.service.core.forms.create(EVERY_FIELD_TYPE);
    for (const id of ['form_01JD8X3V6Q9R2T5W7Y0B4C6E8G', 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G', 'x']) {
      const res = await server.request('GET', `/clinical-forms/${id}`);
      expectProblem(res, 404, 'resource_missing');
      expect(res.body.instance).toBe(`/api/v1/clinical-forms/${id}`);
    }
  });

  it('an empty list is an empty page', async () => {
    const server = await newServer();
    const res = await server.request<ListBody<FormBody>>('GET', '/clinical-forms');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: [], pagination: { cursor: '', hasMore: false, limit: 20 } });
  });

  it('lists newest first and pages with limit and cursor', async () => {
    const server = await newServer();
    const { core } = server.service;
    const created: string[] = [];
    // Three in the same millisecond, then two later ones.
    for (const name of ['A', 'B', 'C'])
      created.push((await core.forms.create({ ...RICH_FORM, name })).id);
    await advance(server, 60);
    created.push((await core.forms.create({ ...RICH_FORM, name: 'D' })).id);
    await advance(server, 3600);
    created.push((await core.forms.create({ ...RICH_FORM, name: 'E' })).id);
    const newestFirst = [...created].reverse();

    const all = await server.request<ListBody<FormBody>>('GET', '/clinical-forms');
    expect(all.body.data.map((f) => f.name)).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(all.body.data.map((f) => f.id)).toEqual(newestFirst);
    expect(all.body.pagination).toEqual({ cursor: '', hasMore: false, limit: 20 });
    for (const form of all.body.data) {
      const one = await server.request<FormBody>('GET', `/clinical-forms/${form.id}`);
      expect(one.body).toEqual(form);
    }

    const pages: string[][] = [];
    let cursor = '';
    for (;;) {
      const res = await server.request<ListBody<FormBody>>(
        'GET',
        `/clinical-forms${qs({ limit: 2, cursor: cursor || undefined })}`,
      );
      expect(res.status, res.text).toBe(200);
      pages.push(res.body.data.map((f) => f.id));
      expect(res.body.pagination.limit).toBe(2);
      expect(res.body.pagination.hasMore).toBe(pages.length < 3);
      if (!res.body.pagination.hasMore) {
        expect(res.body.pagination.cursor).toBe('');
        break;
      }
      expect(res.body.pagination.cursor).not.toBe('');
      cursor = res.body.pagination.cursor;
      expect(pages.length).toBeLessThan(3);
    }
    expect(pages).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);

    // An empty cursor is the first page.
    const first = await server.request<ListBody<FormBody>>(
      'GET',
      '/clinical-forms?limit=2&cursor=',
    );
    expect(first.body.data.map((f) => f.id)).toEqual(newestFirst.slice(0, 2));
  });

  it('filters on status, with cursors bound to the filter', async () => {
    const server = await newServer();
    const { core } = server.service;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await core.forms.create({ ...RICH_FORM, name: `F${i}` })).id);
      await advance(server, 1);
    }
    // Archive F0, F2, F3 (in another order than created).
    for (const i of [3, 0, 2]) await core.forms.archive(ids[i]!);

    const page = (params: Record<string, string | number | undefined>) =>
      server.request<ListBody<FormBody>>('GET', `/clinical-forms${qs(params)}`);

    const archived = await page({ status: 'archived' });
    expect(archived.body.data.map((f) => f.id)).toEqual([ids[3], ids[2], ids[0]]);
    expect(archived.body.data.every((f) => f.status === 'archived')).toBe(true);
    const active = await page({ status: 'active' });
    expect(active.body.data.map((f) => f.id)).toEqual([ids[4], ids[1]]);

    const a1 = await page({ status: 'archived', limit: 2 });
    expect(a1.body.data.map((f) => f.id)).toEqual([ids[3], ids[2]]);
    expect(a1.body.pagination.hasMore).toBe(true);
    const a2 = await page({ status: 'archived', limit: 2, cursor: a1.body.pagination.cursor });
    expect(a2.body.data.map((f) => f.id)).toEqual([ids[0]]);
    expect(a2.body.pagination).toEqual({ cursor: '', hasMore: false, limit: 2 });

    // The same cursor with another filter, or none, or tampered with.
    for (const params of [
      { status: 'active', limit: 2, cursor: a1.body.pagination.cursor },
      { limit: 2, cursor: a1.body.pagination.cursor },
      { status: 'archived', limit: 2, cursor: `${a1.body.pagination.cursor}x` },
      { status: 'archived', limit: 2, cursor: 'not-a-cursor' },
    ]) {
      expectProblem(await page(params), 400, 'invalid_cursor');
    }
  });

  it('refuses invalid query values with 422', async () => {
    const server = await newServer();
    const cases: Array<[string, string, string]> = [
      ['?status=deleted', 'status', 'enum'],
      ['?status=ACTIVE', 'status', 'enum'],
      ['?limit=0', 'limit', 'minimum'],
      ['?limit=101', 'limit', 'maximum'],
      ['?limit=two', 'limit', 'type'],
      ['?colour=red', 'colour', 'additionalProperties'],
    ];
    for (const [query, parameter, code] of cases) {
      const res = await server.request('GET', `/clinical-forms${query}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors, query).toEqual([{ parameter, code, detail: expect.any(String) }]);
    }
  });
});

describe('permissions on the form routes (api-decisions §3)', () => {
  it('every form route needs forms:read; no credential is 401', async () => {
    const server = await newServer();
    const { core } = server.service;
    const { id: formId } = await core.forms.create(EVERY_FIELD_TYPE);
    const patientId = await addPatient(core, 'Ana', 'ana@example.com');
    const scheduleId = await deliveredSchedule(server, formId, patientId);
    const response = await submitOk(server, scheduleId, EVERY_FIELD_ANSWERS);

    const paths = [
      '/clinical-forms',
      `/clinical-forms/${formId}`,
      `/clinical-forms/${formId}/responses`,
      `/form-responses/${response.id}`,
    ];
    const others: Permission[] = [
      'patients:read',
      'patients:write',
      'schedules:write',
      'conversations:write',
      'calls:write',
      'credits:read',
      'webhooks:write',
    ];
    const without = (await core.apiKeys.create({ name: 'no forms', permissions: others })).key;
    const withRead = await server.keyWith('forms:read');
    for (const path of paths) {
      const anonymous = await server.request('GET', path, { token: null });
      expectProblem(anonymous, 401, 'invalid_token');
      expect(anonymous.headers.get('www-authenticate') ?? '').toContain('error="invalid_token"');

      const forbidden = await server.request('GET', path, { token: without });
      expectProblem(forbidden, 403, 'insufficient_permissions');
      expect(forbidden.body.requiredPermission).toBe('forms:read');
      expect(forbidden.headers.get('www-authenticate') ?? '').toContain('scope="forms:read"');

      const allowed = await server.request('GET', path, { token: withRead });
      expect(allowed.status, `${path}: ${allowed.text}`).toBe(200);
    }
    // A missing resource is still 403 for a key without the permission (no existence leak).
    expectProblem(
      await server.request('GET', '/clinical-forms/form_missing', { token: without }),
      403,
      'insufficient_permissions',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Responses: GET /clinical-forms/{id}/responses and GET /form-responses/{id}

const SIMPLE_FORM: FormDefinition = {
  name: 'Quick check',
  fields: [{ id: 'ok', type: 'boolean', label: 'All good?', required: true }],
};

/** The stored answers: EVERY_FIELD_ANSWERS with another pain value. */
const answersWithPain = (pain: number) =>
  EVERY_FIELD_ANSWERS.map((a) => (a.fieldId === 'pain' ? { fieldId: 'pain', value: pain } : a));

describe('form responses', () => {
  let server: TestServer;
  let formA: string;
  let formB: string;
  let p1: string;
  let p2: string;
  /** r1..r7 by submission; r5 answers form B. */
  const r: Record<string, ResponseBody> = {};
  const s: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer({ realNow: () => T0 });
    const { core } = server.service;
    formA = (await core.forms.create(EVERY_FIELD_TYPE)).id;
    formB = (await core.forms.create(SIMPLE_FORM)).id;
    p1 = await addPatient(core, 'Núria', 'nuria@example.com');
    p2 = await addPatient(core, 'Jordi', 'jordi@example.com');
    const plan: Array<[string, string, string]> = [
      ['r1', formA, p1],
      ['r2', formA, p2],
      ['r3', formA, p1],
      ['r4', formA, p1],
      ['r5', formB, p2],
      ['r6', formA, p2],
      ['r7', formA, p1],
    ];
    for (const [name, formId, patientId] of plan) {
      s[name] = await createSchedule(server, formId, patientId);
    }
    await advance(server, 1);
    for (const name of Object.keys(s))
      expect((await scheduleOf(server, s[name]!)).status).toBe('sent');

    const answer = async (name: string) => {
      const formId = plan.find((p) => p[0] === name)![1];
      const pain = Number(name.slice(1));
      r[name] = await submitOk(
        server,
        s[name]!,
        formId === formB ? [{ fieldId: 'ok', value: true }] : answersWithPain(pain),
      );
    };
    await advanceTo(server, '2026-11-20T11:00:00.000Z');
    await answer('r1');
    await advanceTo(server, '2026-11-21T11:00:00.000Z');
    await answer('r2');
    await advanceTo(server, '2026-11-22T00:00:00.000Z');
    await answer('r3');
    await advanceTo(server, '2026-11-22T09:30:00.000Z');
    await answer('r4');
    await answer('r5');
    await advanceTo(server, '2026-11-23T08:00:00.000Z');
    await answer('r6');
    await answer('r7');
  });

  afterAll(async () => {
    await server?.close();
  });

  const ids = (...names: string[]) => names.map((n) => r[n]!.id);

  async function list(
    params: Record<string, string | number | undefined> = {},
    formId = formA,
  ): Promise<ApiResponse<ListBody<ResponseBody>>> {
    return server.request<ListBody<ResponseBody>>(
      'GET',
      `/clinical-forms/${formId}/responses${qs(params)}`,
    );
  }

  async function listIds(
    params: Record<string, string | number | undefined> = {},
    formId = formA,
  ): Promise<string[]> {
    const res = await list(params, formId);
    expect(res.status, res.text).toBe(200);
    return res.body.data.map((x) => x.id);
  }

  it('submitting stores the response and completes the schedule', async () => {
    expect(r.r1).toEqual({
      id: r.r1!.id,
      formId: formA,
      patientId: p1,
      scheduleId: s.r1,
      responses: answersWithPain(1),
      completedAt: '2026-11-20T11:00:00.000Z',
    });
    expect(r.r1!.id).toMatch(RESP_ID);
    const schedule = await scheduleOf(server, s.r1!);
    expect(schedule.status).toBe('completed');
    expect(schedule.completedAt).toBe('2026-11-20T11:00:00.000Z');
    expect(schedule.responseId).toBe(r.r1!.id);
    expect(schedule.sentAt).toBeUndefined();
  });

  it('lists newest completedAt first (ties by id), only the form’s own responses', async () => {
    const res = await list();
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((x) => x.id)).toEqual(ids('r7', 'r6', 'r4', 'r3', 'r2', 'r1'));
    expect(res.body.data.map((x) => x.completedAt)).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T08:00:00.000Z',
      '2026-11-22T09:30:00.000Z',
      '2026-11-22T00:00:00.000Z',
      '2026-11-21T11:00:00.000Z',
      '2026-11-20T11:00:00.000Z',
    ]);
    expect(res.body.pagination).toEqual({ cursor: '', hasMore: false, limit: 20 });
    for (const item of res.body.data) {
      expect(Value.Check(FormResponse, item)).toBe(true);
      const name = Object.keys(r).find((k) => r[k]!.id === item.id)!;
      expect(item).toEqual(r[name]);
    }
    expect(await listIds({}, formB)).toEqual(ids('r5'));
  });

  it('filters on patientId', async () => {
    expect(await listIds({ patientId: p1 })).toEqual(ids('r7', 'r4', 'r3', 'r1'));
    expect(await listIds({ patientId: p2 })).toEqual(ids('r6', 'r2'));
    expect(await listIds({ patientId: p2 }, formB)).toEqual(ids('r5'));
    expect(await listIds({ patientId: p1 }, formB)).toEqual([]);
    expect(await listIds({ patientId: 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G' })).toEqual([]);
  });

  it('filters on completedAt: from inclusive, to exclusive, dates and date-times', async () => {
    const cases: Array<[Record<string, string>, string[]]> = [
      [{ from: '2026-11-22' }, ['r7', 'r6', 'r4', 'r3']],
      [{ to: '2026-11-22' }, ['r2', 'r1']],
      [{ from: '2026-11-21', to: '2026-11-23' }, ['r4', 'r3', 'r2']],
      [{ from: '2026-11-20', to: '2026-11-21' }, ['r1']],
      [{ from: '2026-11-24' }, []],
      [{ to: '2026-11-20' }, []],
      [{ from: '2026-11-22T00:00:00.000Z' }, ['r7', 'r6', 'r4', 'r3']],
      [{ from: '2026-11-22T00:00:00.001Z' }, ['r7', 'r6', 'r4']],
      [{ to: '2026-11-22T00:00:00.001Z' }, ['r3', 'r2', 'r1']],
      [{ from: '2026-11-22T09:30:00Z' }, ['r7', 'r6', 'r4']],
      [{ to: '2026-11-22T09:30:00.000Z' }, ['r3', 'r2', 'r1']],
      // The same instants with an offset.
      [{ from: '2026-11-22T10:30:00+01:00' }, ['r7', 'r6', 'r4']],
      [{ to: '2026-11-23T09:00:00+01:00' }, ['r4', 'r3', 'r2', 'r1']],
      [{ from: '2026-11-22T09:30:00.000Z', to: '2026-11-23T08:00:00.001Z' }, ['r7', 'r6', 'r4']],
      [{ from: '2026-11-22', patientId: p2 }, ['r6']],
      [{ to: '2026-11-22', patientId: p1 }, ['r1']],
    ];
    for (const [params, expected] of cases) {
      expect(await listIds(params), JSON.stringify(params)).toEqual(ids(...expected));
    }
  });

  it('refuses a `to` not later than `from`, and malformed bounds, with 422', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ from: '2026-11-22', to: '2026-11-22' }, 'to', 'range'],
      [{ from: '2026-11-23', to: '2026-11-22' }, 'to', 'range'],
      [{ from: '2026-11-22', to: '2026-11-22T00:00:00.000Z' }, 'to', 'range'],
      [{ from: '2026-11-22T00:00:00Z', to: '2026-11-21T23:59:59.999Z' }, 'to', 'range'],
      [{ from: '2026-11-22T01:00:00+01:00', to: '2026-11-22T00:00:00Z' }, 'to', 'range'],
    ];
    for (const [params, parameter, code] of cases) {
      const res: ApiResponse = await list(params);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors, JSON.stringify(params)).toEqual([
        { parameter, code, detail: expect.any(String) },
      ]);
    }
    for (const params of [
      { from: 'yesterday' },
      { to: '2026-13-01' },
      { from: '2026-02-30' },
      { to: '22/11/2026' },
    ]) {
      const res: ApiResponse = await list(params);
      expectProblem(res, 422, 'validation_failed');
      expect(
        res.body.errors.map((e: ErrorEntry) => e.parameter),
        JSON.stringify(params),
      ).toEqual(Object.keys(params));
    }
    for (const [query, parameter] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['status=sent', 'status'],
    ]) {
      const res = await server.request('GET', `/clinical-forms/${formA}/responses?${query}`);
      expectProblem(res, 422, 'validation_failed');
      expect(res.body.errors.map((e: ErrorEntry) => e.parameter)).toEqual([parameter]);
    }
  });

  it('pages with limit and cursor, also under filters', async () => {
    const pages = async (params: Record<string, string | number | undefined>) => {
      const out: string[][] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 10; i++) {
        const res = await list({ ...params, cursor });
        expect(res.status, res.text).toBe(200);
        out.push(res.body.data.map((x) => x.id));
        expect(res.body.pagination.limit).toBe(params.limit);
        if (!res.body.pagination.hasMore) {
          expect(res.body.pagination.cursor).toBe('');
          return out;
        }
        cursor = res.body.pagination.cursor;
        expect(cursor).not.toBe('');
      }
      throw new Error('paging did not end');
    };
    expect(await pages({ limit: 2 })).toEqual([ids('r7', 'r6'), ids('r4', 'r3'), ids('r2', 'r1')]);
    expect(await pages({ limit: 4 })).toEqual([ids('r7', 'r6', 'r4', 'r3'), ids('r2', 'r1')]);
    expect(await pages({ limit: 1, patientId: p1 })).toEqual([
      ids('r7'),
      ids('r4'),
      ids('r3'),
      ids('r1'),
    ]);
    expect(await pages({ limit: 1, from: '2026-11-21', to: '2026-11-23' })).toEqual([
      ids('r4'),
      ids('r3'),
      ids('r2'),
    ]);
    // The cursor is bound to the filters, not to the page size.
    const first = await list({ limit: 1, patientId: p1 });
    const more = await list({ limit: 3, patientId: p1, cursor: first.body.pagination.cursor });
    expect(more.body.data.map((x) => x.id)).toEqual(ids('r4', 'r3', 'r1'));
    expect(more.body.pagination).toEqual({ cursor: '', hasMore: false, limit: 3 });
  });

  it('a cursor reused with other filters, on another form or tampered with is 400', async () => {
    const first = await list({ limit: 1, patientId: p1 });
    expect(first.body.pagination.hasMore).toBe(true);
    const cursor = first.body.pagination.cursor;
    const dated = await list({ limit: 1, from: '2026-11-21' });
    const formsPage = await server.request<ListBody<FormBody>>('GET', '/clinical-forms?limit=1');
    expect(formsPage.body.pagination.hasMore).toBe(true);

    const reuses: Array<[Record<string, string | number>, string?]> = [
      [{ limit: 1, patientId: p2, cursor }],
      [{ limit: 1, cursor }],
      [{ limit: 1, patientId: p1, from: '2026-11-20', cursor }],
      [{ limit: 1, patientId: p1, to: '2026-11-30', cursor }],
      [{ limit: 1, patientId: p1, cursor }, formB],
      [{ limit: 1, from: '2026-11-21T00:00:00.000Z', cursor: dated.body.pagination.cursor }],
      [{ limit: 1, from: '2026-11-22', cursor: dated.body.pagination.cursor }],
      [{ limit: 1, cursor: formsPage.body.pagination.cursor }],
      // Altered signature (one cursor in 256 already ends in AA: then another ending).
      [
        {
          limit: 1,
          patientId: p1,
          cursor: `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'QA' : 'AA'}`,
        },
      ],
      [{ limit: 1, patientId: p1, cursor: 'e30' }],
    ];
    for (const [params, formId] of reuses) {
      const res = await list(params, formId ?? formA);
      expectProblem(res, 400, 'invalid_cursor');
    }
    // With its own filters it still works.
    const next = await list({ limit: 1, patientId: p1, cursor });
    expect(next.body.data.map((x) => x.id)).toEqual(ids('r4'));
  });

  it('an unknown form is a 404 resource_missing', async () => {
    for (const id of ['form_01JD8X3V6Q9R2T5W7Y0B4C6E8G', p1]) {
      const res = await server.request('GET', `/clinical-forms/${id}/responses`);
      expectProblem(res, 404, 'resource_missing');
    }
  });

  it('GET /form-responses/{id} returns exactly the stored response', async () => {
    for (const name of Object.keys(r)) {
      const res = await server.request<ResponseBody>('GET', `/form-responses/${r[name]!.id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
      expect(res.body).toEqual(r[name]);
    }
    const r5 = await server.request<ResponseBody>('GET', `/form-responses/${r.r5!.id}`);
    expect(r5.body).toEqual({
      id: r.r5!.id,
      formId: formB,
      patientId: p2,
      scheduleId: s.r5,
      responses: [{ fieldId: 'ok', value: true }],
      completedAt: '2026-11-22T09:30:00.000Z',
    });
    const r7 = await server.request<ResponseBody>('GET', `/form-responses/${r.r7!.id}`);
    expect(r7.body).toEqual({
      id: r.r7!.id,
      formId: formA,
      patientId: p1,
      scheduleId: s.r7,
      responses: answersWithPain(7),
      completedAt: '2026-11-23T08:00:00.000Z',
    });
    for (const id of ['resp_01JD8X3V6Q9R2T5W7Y0B4C6E8G', s.r1!, formA]) {
      const res = await server.request('GET', `/form-responses/${id}`);
      expectProblem(res, 404, 'resource_missing');
      expect(res.body.resourceId).toBe(id);
    }
  });

  it('each response wrote one form.completed event with its answers', async () => {
    const events = await completedEvents(server.service.core);
    expect(events).toEqual(
      ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'].map((name) => ({
        responseId: r[name]!.id,
        formId: r[name]!.formId,
        patientId: r[name]!.patientId,
        scheduleId: s[name],
        completedAt: r[name]!.completedAt,
        responses: r[name]!.responses,
      })),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// 4. The answer validator

/** Sliders with fractional steps and an offset start, and a required multiselect. */
const STEP_FORM: FormDefinition = {
  name: 'Steps',
  fields: [
    { id: 'half', type: 'slider', label: 'Half', required: false, min: 0, max: 5, step: 0.5 },
    { id: 'tenth', type: 'slider', label: 'Tenth', required: false, min: 0, max: 1, step: 0.1 },
    { id: 'offset', type: 'slider', label: 'Offset', required: false, min: 1, max: 10, step: 3 },
    {
      id: 'needs',
      type: 'multiselect',
      label: 'Needs',
      required: true,
      options: ['Transporte', 'Intérprete'],
    },
  ],
};

const INDEX = Object.fromEntries(EVERY_FIELD_ANSWERS.map((a, i) => [a.fieldId, i]));

/** EVERY_FIELD_ANSWERS with one field's value replaced. */
function withValue(fieldId: string, value: unknown): SubmittedAnswer[] {
  return EVERY_FIELD_ANSWERS.map((a) => (a.fieldId === fieldId ? { fieldId, value } : a));
}

interface BadCase {
  title: string;
  responses: unknown;
  errors: Array<{ pointer: string; code: string; fieldId: string }>;
}

const valueError = (fieldId: string, code: string) => ({
  pointer: `/responses/${INDEX[fieldId]}/value`,
  code,
  fieldId,
});

const bad = (title: string, fieldId: string, value: unknown, code: string): BadCase => ({
  title,
  responses: withValue(fieldId, value),
  errors: [valueError(fieldId, code)],
});

const BAD: BadCase[] = [
  bad('text that is not a string', 'notes', 42, 'type'),
  bad('text given an array', 'notes', ['a'], 'type'),
  bad('blank text', 'notes', '  \n\t ', 'empty'),
  bad('empty text', 'notes', '', 'empty'),
  bad('text over 5000 characters', 'notes', 'x'.repeat(5001), 'too_long'),
  bad('a number given a boolean', 'weight', true, 'type'),
  bad('a number given the string "5"', 'weight', '5', 'type'),
  bad('a number given the string "72.5"', 'weight', '72.5', 'type'),
  bad('a number below min', 'weight', 19.99, 'range'),
  bad('a number above max', 'weight', 300.01, 'range'),
  bad('a slider below min', 'pain', -1, 'range'),
  bad('a slider above max', 'pain', 11, 'range'),
  bad('a slider off its step', 'pain', 3.5, 'step'),
  bad('a slider given a string', 'pain', '3', 'type'),
  bad('a select value that is not an option', 'mood', 'Excelente', 'option'),
  bad('a select value in another case', 'mood', 'bien', 'option'),
  bad('a select given an array', 'mood', ['Bien'], 'type'),
  bad('a select given a number', 'mood', 1, 'type'),
  bad('a multiselect that is not an array', 'symptoms', 'Tos', 'type'),
  bad('a multiselect of non-strings', 'symptoms', [1, 2], 'type'),
  bad('a multiselect containing a non-option', 'symptoms', ['Tos', 'Dolor'], 'option'),
  bad('a multiselect with duplicates', 'symptoms', ['Tos', 'Fiebre', 'Tos'], 'duplicate_option'),
  bad('a boolean given the string "true"', 'fever', 'true', 'type'),
  bad('a boolean given 1', 'fever', 1, 'type'),
  bad('a boolean given 0', 'fever', 0, 'type'),
  bad('a malformed date', 'since', '2026/11/01', 'date'),
  bad('a date with a time', 'since', '2026-11-01T00:00:00Z', 'date'),
  bad('a date without zero padding', 'since', '2026-1-05', 'date'),
  bad('the date 2026-02-30', 'since', '2026-02-30', 'date'),
  bad('the date 2026-13-01', 'since', '2026-13-01', 'date'),
  bad('the date 2026-02-29 (not a leap year)', 'since', '2026-02-29', 'date'),
  bad('a date given a number', 'since', 20261101, 'type'),
  bad('a required value that is null', 'pain', null, 'type'),
  bad('an optional value that is null', 'notes', null, 'type'),
  bad('an object value', 'mood', { value: 'Bien' }, 'type'),
  {
    title: 'an unknown fieldId',
    responses: [...EVERY_FIELD_ANSWERS, { fieldId: 'colour', value: 'red' }],
    errors: [{ pointer: '/responses/7/fieldId', code: 'unknown_field', fieldId: 'colour' }],
  },
  {
    title: 'a fieldId that names an Object.prototype property',
    responses: [...EVERY_FIELD_ANSWERS, { fieldId: '__proto__', value: 1 }],
    errors: [{ pointer: '/responses/7/fieldId', code: 'unknown_field', fieldId: '__proto__' }],
  },
  {
    title: 'a fieldId that differs only in case',
    responses: [...withValue('mood', 'Bien'), { fieldId: 'Pain', value: 1 }],
    errors: [{ pointer: '/responses/7/fieldId', code: 'unknown_field', fieldId: 'Pain' }],
  },
  {
    title: 'the same fieldId twice',
    responses: [...EVERY_FIELD_ANSWERS, { fieldId: 'pain', value: 4 }],
    errors: [{ pointer: '/responses/7/fieldId', code: 'duplicate_field', fieldId: 'pain' }],
  },
  {
    title: 'no answers at all (every required field reported)',
    responses: [],
    errors: [
      { pointer: '/responses', code: 'required', fieldId: 'pain' },
      { pointer: '/responses', code: 'required', fieldId: 'mood' },
      { pointer: '/responses', code: 'required', fieldId: 'fever' },
    ],
  },
  {
    title: 'only optional answers (every required field reported)',
    responses: EVERY_FIELD_ANSWERS.filter((a) => ['notes', 'weight', 'since'].includes(a.fieldId)),
    errors: [
      { pointer: '/responses', code: 'required', fieldId: 'pain' },
      { pointer: '/responses', code: 'required', fieldId: 'mood' },
      { pointer: '/responses', code: 'required', fieldId: 'fever' },
    ],
  },
  {
    title: 'several problems in one submission (all reported)',
    responses: [
      { fieldId: 'notes', value: 42 },
      { fieldId: 'pain', value: 11 },
      { fieldId: 'mood', value: 'Excelente' },
      { fieldId: 'colour', value: 'red' },
      { fieldId: 'pain', value: 2 },
      { fieldId: 'since', value: '2026-02-30' },
      { fieldId: 'symptoms', value: ['Tos', 'Tos'] },
    ],
    errors: [
      { pointer: '/responses/0/value', code: 'type', fieldId: 'notes' },
      { pointer: '/responses/1/value', code: 'range', fieldId: 'pain' },
      { pointer: '/responses/2/value', code: 'option', fieldId: 'mood' },
      { pointer: '/responses/3/fieldId', code: 'unknown_field', fieldId: 'colour' },
      { pointer: '/responses/4/fieldId', code: 'duplicate_field', fieldId: 'pain' },
      { pointer: '/responses/5/value', code: 'date', fieldId: 'since' },
      { pointer: '/responses/6/value', code: 'duplicate_option', fieldId: 'symptoms' },
      { pointer: '/responses', code: 'required', fieldId: 'fever' },
    ],
  },
];

const STEP_BAD: BadCase[] = [
  {
    title: 'step 0.5 given 2.25',
    responses: [
      { fieldId: 'half', value: 2.25 },
      { fieldId: 'needs', value: ['Transporte'] },
    ],
    errors: [{ pointer: '/responses/0/value', code: 'step', fieldId: 'half' }],
  },
  {
    title: 'step 0.1 given 0.35',
    responses: [
      { fieldId: 'needs', value: ['Transporte'] },
      { fieldId: 'tenth', value: 0.35 },
    ],
    errors: [{ pointer: '/responses/1/value', code: 'step', fieldId: 'tenth' }],
  },
  {
    title: 'min 1 step 3 given 3 (a multiple of the step, not of min + step)',
    responses: [
      { fieldId: 'offset', value: 3 },
      { fieldId: 'needs', value: ['Intérprete'] },
    ],
    errors: [{ pointer: '/responses/0/value', code: 'step', fieldId: 'offset' }],
  },
  {
    title: 'an empty array on a required multiselect',
    responses: [{ fieldId: 'needs', value: [] }],
    errors: [{ pointer: '/responses/0/value', code: 'required', fieldId: 'needs' }],
  },
];

interface GoodCase {
  title: string;
  responses: SubmittedAnswer[];
  stored: SubmittedAnswer[];
}

const good = (title: string, fieldId: string, value: unknown): GoodCase => ({
  title,
  responses: withValue(fieldId, value),
  // EVERY_FIELD_ANSWERS is in the form's field order, the order answers are stored in.
  stored: withValue(fieldId, value),
});

const GOOD: GoodCase[] = [
  good('text of exactly 5000 characters', 'notes', 'x'.repeat(5000)),
  good('a number at min', 'weight', 20),
  good('a number at max', 'weight', 300),
  good('a slider at min', 'pain', 0),
  good('a slider at max', 'pain', 10),
  good('a slider given 4.0 (JSON 4)', 'pain', 4.0),
  {
    // An optional multiselect with nothing ticked is "not answered" (docs/api-decisions.md).
    title: 'an empty array on an optional multiselect (stored as not answered)',
    responses: withValue('symptoms', []),
    stored: EVERY_FIELD_ANSWERS.filter((a) => a.fieldId !== 'symptoms'),
  },
  good('every option of a multiselect', 'symptoms', ['Náuseas', 'Fiebre', 'Tos']),
  good('the leap day 2028-02-29', 'since', '2028-02-29'),
  good('boolean true', 'fever', true),
  {
    title: 'only the required fields, in another order',
    responses: [
      { fieldId: 'fever', value: true },
      { fieldId: 'mood', value: 'Mal' },
      { fieldId: 'pain', value: 7 },
    ],
    stored: [
      { fieldId: 'pain', value: 7 },
      { fieldId: 'mood', value: 'Mal' },
      { fieldId: 'fever', value: true },
    ],
  },
  {
    title: 'every field, reversed (stored in field order)',
    responses: [...EVERY_FIELD_ANSWERS].reverse(),
    stored: EVERY_FIELD_ANSWERS,
  },
];

const STEP_GOOD: GoodCase[] = [
  {
    title: 'step 0.5 accepts 2.5 and step 0.1 accepts 0.3 (floating point)',
    responses: [
      { fieldId: 'tenth', value: 0.3 },
      { fieldId: 'half', value: 2.5 },
      { fieldId: 'needs', value: ['Intérprete'] },
    ],
    stored: [
      { fieldId: 'half', value: 2.5 },
      { fieldId: 'tenth', value: 0.3 },
      { fieldId: 'needs', value: ['Intérprete'] },
    ],
  },
  {
    title: 'step 0.1 accepts 0.7 and 1, min 1 step 3 accepts 10',
    responses: [
      { fieldId: 'needs', value: ['Transporte', 'Intérprete'] },
      { fieldId: 'offset', value: 10 },
      { fieldId: 'tenth', value: 0.7 },
    ],
    stored: [
      { fieldId: 'tenth', value: 0.7 },
      { fieldId: 'offset', value: 10 },
      { fieldId: 'needs', value: ['Transporte', 'Intérprete'] },
    ],
  },
  {
    title: 'step 0.1 accepts 0.1 + 0.2',
    responses: [
      { fieldId: 'tenth', value: 0.1 + 0.2 },
      { fieldId: 'offset', value: 4 },
      { fieldId: 'needs', value: ['Transporte'] },
    ],
    stored: [
      { fieldId: 'tenth', value: 0.1 + 0.2 },
      { fieldId: 'offset', value: 4 },
      { fieldId: 'needs', value: ['Transporte'] },
    ],
  },
];

describe('the answer validator through POST /sandbox/form-schedules/{id}/submit', () => {
  let server: TestServer;
  let everyForm: string;
  let stepForm: string;
  let patientId: string;

  beforeAll(async () => {
    server = await startServer({ realNow: () => T0 });
    const { core } = server.service;
    everyForm = (await core.forms.create(EVERY_FIELD_TYPE)).id;
    stepForm = (await core.forms.create(STEP_FORM)).id;
    patientId = await addPatient(core, 'Núria', 'nuria@example.com');
  });

  afterAll(async () => {
    await server?.close();
  });

  async function expectRejected(formId: string, { responses, errors }: BadCase) {
    const { core } = server.service;
    const scheduleId = await deliveredSchedule(server, formId, patientId);
    const before = {
      responses: await count(core, 'form_responses'),
      events: await count(core, 'events'),
      ledger: await core.q.creditLedger.sum(),
      schedule: await scheduleOf(server, scheduleId),
    };
    const res: ApiResponse = await submit(server, scheduleId, responses);
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors).toHaveLength(errors.length);
    expect(res.body.errors).toEqual(
      expect.arrayContaining(
        errors.map((e) => ({ ...e, detail: expect.stringContaining(`'${e.fieldId}'`) })),
      ),
    );
    // Nothing changed: the schedule can still be answered.
    expect(await scheduleOf(server, scheduleId)).toEqual(before.schedule);
    expect(before.schedule.status).toBe('sent');
    expect(await count(core, 'form_responses')).toBe(before.responses);
    expect(await count(core, 'events')).toBe(before.events);
    expect(await core.q.creditLedger.sum()).toBe(before.ledger);
    expect((await core.credits.balance()).balance).toBe(before.ledger);
  }

  async function expectAccepted(formId: string, { responses, stored }: GoodCase) {
    const scheduleId = await deliveredSchedule(server, formId, patientId);
    const now = await clockNow(server);
    const res = await submit(server, scheduleId, responses);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      id: res.body.id,
      formId,
      patientId,
      scheduleId,
      responses: stored,
      completedAt: now,
    });
    expect(res.headers.get('location')).toBe(`/api/v1/form-responses/${res.body.id}`);
    expect((await scheduleOf(server, scheduleId)).status).toBe('completed');
    const got = await server.request<ResponseBody>('GET', `/form-responses/${res.body.id}`);
    expect(got.body).toEqual(res.body);
  }

  it.each(BAD)('refuses $title', async (c) => expectRejected(everyForm, c));
  it.each(STEP_BAD)('refuses $title', async (c) => expectRejected(stepForm, c));
  it.each(GOOD)('accepts $title', async (c) => expectAccepted(everyForm, c));
  it.each(STEP_GOOD)('accepts $title', async (c) => expectAccepted(stepForm, c));

  it('accepts valid answers after a refused attempt on the same schedule', async () => {
    const scheduleId = await deliveredSchedule(server, everyForm, patientId);
    expectProblem(
      await submit(server, scheduleId, withValue('pain', 99)),
      422,
      'validation_failed',
    );
    const ok = await submitOk(server, scheduleId, EVERY_FIELD_ANSWERS);
    expect(ok.responses).toEqual(EVERY_FIELD_ANSWERS);
    // Answered once: a second submission is refused.
    expectProblem(
      await submit(server, scheduleId, EVERY_FIELD_ANSWERS),
      400,
      'schedule_not_submittable',
    );
  });

  it('refuses malformed entries by the body schema, with pointers', async () => {
    const scheduleId = await deliveredSchedule(server, everyForm, patientId);
    const cases: Array<[unknown, Array<{ pointer: string; code: string }>]> = [
      [{}, [{ pointer: '/responses', code: 'required' }]],
      [{ responses: {} }, [{ pointer: '/responses', code: 'type' }]],
      [{ responses: [{ fieldId: 'pain' }] }, [{ pointer: '/responses/0/value', code: 'required' }]],
      [
        { responses: [{ fieldId: 'pain', value: 3, note: 'x' }] },
        [{ pointer: '/responses/0/note', code: 'additionalProperties' }],
      ],
      [{ responses: [{ value: 3 }] }, [{ pointer: '/responses/0/fieldId', code: 'required' }]],
    ];
    for (const [body, errors] of cases) {
      const res = await server.request('POST', `/sandbox/form-schedules/${scheduleId}/submit`, {
        body,
      });
      expectProblem(res, 422, 'validation_failed');
      expect(
        res.body.errors.map((e: ErrorEntry) => ({ pointer: e.pointer, code: e.code })),
        JSON.stringify(body),
      ).toEqual(errors);
    }
    expect((await scheduleOf(server, scheduleId)).status).toBe('sent');
  });
});

// ---------------------------------------------------------------------------------------------
// checkAnswers, directly

describe('checkAnswers', () => {
  const fields: FormField[] = [
    { id: 'a', type: 'text', label: 'A', required: false },
    { id: 'b', type: 'number', label: 'B', required: true },
    { id: 'c', type: 'select', label: 'C', required: true, options: ['x', 'y'] },
    { id: 'd', type: 'boolean', label: 'D', required: false },
    { id: 'e', type: 'date', label: 'E', required: false },
    { id: 'f', type: 'multiselect', label: 'F', required: false, options: ['p', 'q'] },
  ];

  it('returns the answers in the form’s field order, leaving unanswered optional fields out', () => {
    const { answers, errors } = checkAnswers(fields, [
      { fieldId: 'e', value: '2026-01-31' },
      { fieldId: 'c', value: 'y' },
      { fieldId: 'f', value: ['q', 'p'] },
      { fieldId: 'b', value: -4.5 },
    ]);
    expect(errors).toEqual([]);
    expect(answers).toEqual([
      { fieldId: 'b', value: -4.5 },
      { fieldId: 'c', value: 'y' },
      { fieldId: 'e', value: '2026-01-31' },
      { fieldId: 'f', value: ['q', 'p'] },
    ]);
  });

  it('keeps every answered field, in field order, whatever the submission order', () => {
    const submitted: SubmittedAnswer[] = [
      { fieldId: 'f', value: ['p'] },
      { fieldId: 'd', value: false },
      { fieldId: 'c', value: 'x' },
      { fieldId: 'b', value: 0 },
      { fieldId: 'a', value: 'hola' },
      { fieldId: 'e', value: '2028-02-29' },
    ];
    const { answers, errors } = checkAnswers(fields, submitted);
    expect(errors).toEqual([]);
    expect(answers).toEqual([
      { fieldId: 'a', value: 'hola' },
      { fieldId: 'b', value: 0 },
      { fieldId: 'c', value: 'x' },
      { fieldId: 'd', value: false },
      { fieldId: 'e', value: '2028-02-29' },
      { fieldId: 'f', value: ['p'] },
    ]);
  });

  it('leaves out an optional multiselect with nothing ticked', () => {
    const { answers, errors } = checkAnswers(fields, [
      { fieldId: 'f', value: [] },
      { fieldId: 'c', value: 'x' },
      { fieldId: 'b', value: 1 },
    ]);
    expect(errors).toEqual([]);
    expect(answers).toEqual([
      { fieldId: 'b', value: 1 },
      { fieldId: 'c', value: 'x' },
    ]);
  });

  it('reports every problem with its pointer and leaves the bad answers out', () => {
    const { answers, errors } = checkAnswers(fields, [
      { fieldId: 'd', value: 'yes' },
      { fieldId: 'a', value: 'ok' },
      { fieldId: 'zz', value: 1 },
    ]);
    expect(answers).toEqual([{ fieldId: 'a', value: 'ok' }]);
    expect(errors.map((e) => [e.pointer, e.code, e.fieldId])).toEqual(
      expect.arrayContaining([
        ['/responses/2/fieldId', 'unknown_field', 'zz'],
        ['/responses', 'required', 'b'],
        ['/responses', 'required', 'c'],
        ['/responses/0/value', 'type', 'd'],
      ]),
    );
    expect(errors).toHaveLength(4);
  });
});
