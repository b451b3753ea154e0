import { Type, type Static } from 'typebox';
import { INSTRUMENT_KEYS } from '../domain/instrument-scores';
import { DateRangeQuery, DateTime, ListOf, PageQuery } from './common';
import { LANGUAGES } from './form-schedule';

/** Clinical forms, their fields and the responses patients gave (interface spec, api-decisions §8). */

export const FIELD_TYPES = [
  'text',
  'number',
  'slider',
  'select',
  'multiselect',
  'boolean',
  'date',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FORM_TYPES = ['assessment', 'follow_up', 'survey'] as const;
export const FORM_STATUSES = ['active', 'archived'] as const;

const RulePriority = Type.Enum(['urgent', 'review'], {
  type: 'string',
  description: '`urgent`: an alert for a same-day call; `review`: a person should read it.',
});

/**
 * An alert rule on a field: when an answer meets it, an alert is raised with the response. A
 * number or slider answer meets `min`/`max` (inclusive); a select answer meets them by the
 * chosen option's position (0 for the first: the points of a scored item) or `equals` one
 * option; a multiselect answer meets `equals` when it includes that option; a boolean `equals`
 * true or false.
 */
export const AlertRule = Type.Object(
  {
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    equals: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Boolean()]),
    ),
    priority: RulePriority,
  },
  { additionalProperties: false },
);
export type AlertRule = Static<typeof AlertRule>;

/** An alert rule on a scored instrument's total (PHQ-9, GAD-7) in the form. */
export const ScoreAlert = Type.Object(
  {
    instrument: Type.Enum([...INSTRUMENT_KEYS], { type: 'string' }),
    min: Type.Optional(Type.Integer({ minimum: 0 })),
    max: Type.Optional(Type.Integer({ minimum: 0 })),
    priority: RulePriority,
  },
  { additionalProperties: false },
);
export type ScoreAlert = Static<typeof ScoreAlert>;

/** The published edition a validated instrument's form was made from (read-only). */
export const ValidatedInstrument = Type.Object(
  {
    key: Type.Enum([...INSTRUMENT_KEYS], { type: 'string' }),
    edition: Type.String({
      description: 'The published wording: instrument, language and version, e.g. `phq9-es-us`.',
      examples: ['phq9-es-us'],
    }),
    language: Type.Enum([...LANGUAGES], { type: 'string' }),
  },
  {
    additionalProperties: false,
    description:
      'Present when the form is a validated instrument: its questions, options and instruction are the edition’s, word for word, and cannot be edited.',
  },
);
export type ValidatedInstrument = Static<typeof ValidatedInstrument>;

const ScoreAlerts = Type.Array(ScoreAlert, {
  maxItems: 20,
  description: "Alert rules on the form's instrument totals.",
});

export const FormField = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z][a-z0-9_]{0,63}$',
      description: 'Unique within the form; lower case letters, digits and underscores.',
    }),
    type: Type.Enum([...FIELD_TYPES], { type: 'string' }),
    label: Type.String({
      minLength: 1,
      maxLength: 500,
      pattern: '\\S',
      description: 'Question text.',
    }),
    required: Type.Boolean(),
    hint: Type.Optional(
      Type.String({ maxLength: 500, description: 'Help text shown under the question.' }),
    ),
    min: Type.Optional(Type.Number({ description: 'Slider (required) and number (optional).' })),
    max: Type.Optional(Type.Number({ description: 'Slider (required) and number (optional).' })),
    step: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description: 'Slider only: answers are min + k·step (default 1).',
      }),
    ),
    options: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }), {
        minItems: 1,
        maxItems: 50,
        description: 'Select and multiselect: the choices, distinct.',
      }),
    ),
    alertRules: Type.Optional(
      Type.Array(AlertRule, {
        maxItems: 10,
        description: 'Answers that raise an alert (number, slider, select, multiselect, boolean).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'A question of a clinical form; `type` decides which of min, max, step and options apply.',
  },
);
export type FormField = Static<typeof FormField>;

const FormFields = Type.Array(FormField, { minItems: 1, maxItems: 100 });

export const ClinicalForm = Type.Object(
  {
    id: Type.String({ pattern: '^form_', examples: ['form_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
    name: Type.String(),
    type: Type.Enum([...FORM_TYPES], {
      type: 'string',
      description: '`assessment` (scored instruments), `follow_up` or `survey`.',
    }),
    description: Type.String(),
    status: Type.Enum([...FORM_STATUSES], {
      type: 'string',
      description: 'Archived forms keep their responses but cannot be scheduled.',
    }),
    fields: FormFields,
    scoreAlerts: Type.Optional(ScoreAlerts),
    instrument: Type.Optional(ValidatedInstrument),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  {
    additionalProperties: false,
    description: 'A clinical form with its complete field definitions.',
  },
);
export type ClinicalForm = Static<typeof ClinicalForm>;

/** What the desktop app sends to author a form (forms are not authored over the HTTP API). */
export const FormDefinition = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    type: Type.Optional(Type.Enum([...FORM_TYPES], { type: 'string' })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    fields: FormFields,
    scoreAlerts: Type.Optional(ScoreAlerts),
  },
  { additionalProperties: false },
);
export type FormDefinition = Static<typeof FormDefinition>;

export const FormUpdate = Type.Partial(FormDefinition, { additionalProperties: false });
export type FormUpdate = Static<typeof FormUpdate>;

export const ClinicalFormList = ListOf(ClinicalForm, 'Clinical forms, newest first.');

export const ClinicalFormListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Enum([...FORM_STATUSES], { type: 'string', description: 'Only forms in this status.' }),
    ),
  },
  { additionalProperties: false },
);
export type ClinicalFormListQuery = Static<typeof ClinicalFormListQuery>;

/** One answer; the value's type depends on the field (multiselect answers are arrays). */
export const Answer = Type.Object(
  {
    fieldId: Type.String({ maxLength: 64 }),
    value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())]),
  },
  { additionalProperties: false },
);
export type Answer = Static<typeof Answer>;

export const FormResponse = Type.Object(
  {
    id: Type.String({ pattern: '^resp_' }),
    formId: Type.String(),
    patientId: Type.String(),
    scheduleId: Type.Optional(
      Type.String({ description: 'The schedule whose delivery was answered, if any.' }),
    ),
    responses: Type.Array(Answer),
    completedAt: DateTime,
  },
  {
    additionalProperties: false,
    description: "A patient's answers to a form; never changed once stored.",
  },
);
export type FormResponse = Static<typeof FormResponse>;

export const FormResponseList = ListOf(FormResponse, 'Responses, newest completedAt first.');

export const FormResponseListQuery = Type.Object(
  {
    ...PageQuery,
    patientId: Type.Optional(
      Type.String({ maxLength: 64, description: "Only this patient's responses." }),
    ),
    ...DateRangeQuery,
  },
  { additionalProperties: false },
);
export type FormResponseListQuery = Static<typeof FormResponseListQuery>;

/**
 * Answers as they arrive (sandbox submit): any JSON value per field, so that the one answer
 * validator, not the schema, names every bad field with its own pointer and reason.
 */
export const SubmittedAnswers = Type.Object(
  {
    responses: Type.Array(
      Type.Object(
        { fieldId: Type.String({ maxLength: 64 }), value: Type.Unknown() },
        { additionalProperties: false },
      ),
      { maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);
export type SubmittedAnswers = Static<typeof SubmittedAnswers>;
