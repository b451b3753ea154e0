import { validationFailed, type FieldError } from '../errors';
import type { Answer, FormField } from '../schemas/clinical-form';

export const TEXT_ANSWER_MAX = 5000;

/** Why an answer was refused; the form page turns each code into a sentence in the patient's language. */
export type AnswerErrorCode =
  | 'required'
  | 'type'
  | 'empty'
  | 'too_long'
  | 'range'
  | 'step'
  | 'option'
  | 'duplicate_option'
  | 'date'
  | 'unknown_field'
  | 'duplicate_field';

export interface AnswerError extends FieldError {
  code: AnswerErrorCode;
  /**
   * The fieldId the error is about, as submitted: for unknown_field it names no field of the
   * form, so renderers look it up before placing the error next to a field.
   */
  fieldId?: string;
}

export interface SubmittedAnswer {
  fieldId: string;
  value: unknown;
}

/**
 * The one validator for answers (api-decisions §8), used by every way a response arrives: the
 * patient form page, the sandbox submit endpoint and the demo seed. It reports every problem at
 * once, each with a JSON pointer into `responses`, and returns the answers in the form's field
 * order with unanswered optional fields (and an optional multiselect with nothing ticked) left out.
 */
export function checkAnswers(
  fields: readonly FormField[],
  submitted: readonly SubmittedAnswer[],
): { answers: Answer[]; errors: AnswerError[] } {
  const errors: AnswerError[] = [];
  const byId = new Map(fields.map((f) => [f.id, f]));
  const given = new Map<string, { value: unknown; index: number }>();

  submitted.forEach((entry, index) => {
    const pointer = `/responses/${index}`;
    const field = byId.get(entry.fieldId);
    if (!field) {
      errors.push({
        pointer: `${pointer}/fieldId`,
        fieldId: entry.fieldId,
        code: 'unknown_field',
        detail: `The form has no field '${entry.fieldId}'.`,
      });
    } else if (given.has(field.id)) {
      errors.push({
        pointer: `${pointer}/fieldId`,
        fieldId: field.id,
        code: 'duplicate_field',
        detail: `Field '${field.id}' is answered more than once.`,
      });
    } else {
      given.set(field.id, { value: entry.value, index });
    }
  });

  const answers: Answer[] = [];
  for (const field of fields) {
    const entry = given.get(field.id);
    if (!entry) {
      if (field.required) {
        errors.push({
          pointer: '/responses',
          fieldId: field.id,
          code: 'required',
          detail: `Field '${field.id}' is required.`,
        });
      }
      continue;
    }
    const problem = checkValue(field, entry.value);
    if (problem) {
      errors.push({ pointer: `/responses/${entry.index}/value`, fieldId: field.id, ...problem });
    } else if (Array.isArray(entry.value) && entry.value.length === 0) {
      // No option ticked on an optional multiselect is no answer, as on the form page.
      continue;
    } else {
      answers.push({ fieldId: field.id, value: entry.value as Answer['value'] });
    }
  }
  return { answers, errors };
}

/** checkAnswers for callers that answer with a 422: throws the problem naming every bad field. */
export function validateAnswers(
  fields: readonly FormField[],
  submitted: readonly SubmittedAnswer[],
): Answer[] {
  const { answers, errors } = checkAnswers(fields, submitted);
  if (errors.length) throw validationFailed(errors, `${errors.length} answer(s) are not valid.`);
  return answers;
}

type Problem = { code: AnswerErrorCode; detail: string };

function checkValue(field: FormField, value: unknown): Problem | undefined {
  const id = field.id;
  switch (field.type) {
    case 'text':
      if (typeof value !== 'string') return typeError(id, 'a string');
      if (!/\S/.test(value)) return { code: 'empty', detail: `Field '${id}' is blank.` };
      if (value.length > TEXT_ANSWER_MAX) {
        return {
          code: 'too_long',
          detail: `Field '${id}' is ${value.length} characters; the limit is ${TEXT_ANSWER_MAX}.`,
        };
      }
      return undefined;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return typeError(id, 'a number');
      return range(field, value);
    case 'slider': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return typeError(id, 'a number');
      const out = range(field, value);
      if (out) return out;
      if (!onStep(value, field.min ?? 0, field.step ?? 1)) {
        return {
          code: 'step',
          detail: `Field '${id}' must be ${field.min ?? 0} plus a multiple of ${field.step ?? 1}.`,
        };
      }
      return undefined;
    }
    case 'select':
      if (typeof value !== 'string') return typeError(id, 'one of the options');
      return field.options?.includes(value) ? undefined : notAnOption(id, value);
    case 'multiselect': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        return typeError(id, 'an array of options');
      }
      const bad = (value as string[]).find((v) => !field.options?.includes(v));
      if (bad !== undefined) return notAnOption(id, bad);
      if (new Set(value).size !== value.length) {
        return { code: 'duplicate_option', detail: `Field '${id}' repeats an option.` };
      }
      if (field.required && value.length === 0) {
        return { code: 'required', detail: `Field '${id}' needs at least one option.` };
      }
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : typeError(id, 'true or false');
    case 'date':
      if (typeof value !== 'string') return typeError(id, 'a date (YYYY-MM-DD)');
      return isCalendarDate(value)
        ? undefined
        : { code: 'date', detail: `Field '${id}' must be a real date as YYYY-MM-DD.` };
  }
}

function typeError(id: string, expected: string): Problem {
  return { code: 'type', detail: `Field '${id}' must be ${expected}.` };
}

function notAnOption(id: string, value: string): Problem {
  return { code: 'option', detail: `'${value}' is not an option of field '${id}'.` };
}

function range(field: FormField, value: number): Problem | undefined {
  if (field.min !== undefined && value < field.min) {
    return { code: 'range', detail: `Field '${field.id}' must be at least ${field.min}.` };
  }
  if (field.max !== undefined && value > field.max) {
    return { code: 'range', detail: `Field '${field.id}' must be at most ${field.max}.` };
  }
  return undefined;
}

/** Whether value = min + k·step for a whole k, allowing for binary floating point (0.1 + 0.2). */
export function onStep(value: number, min: number, step: number): boolean {
  const k = (value - min) / step;
  return Math.abs(k - Math.round(k)) < 1e-9 * Math.max(1, Math.abs(k));
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
