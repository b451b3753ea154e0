import { resourceMissing } from '../errors';
import type { Answer, FieldType, FormField, FormResponse } from '../schemas/clinical-form';
import type {
  AnalysisPoint,
  FieldMeasure,
  ResponseAnalysisInput,
  ResponseAnalysisOf,
  ResponseMeasure,
  ScoreMeasure,
} from '../schemas/response-analysis';
import type { Queries } from '../store/queries';
import type { ResponseScope, ScopedResponseRow } from '../store/queries/form-responses';
import { dateRangeConditions } from './date-range';
import type { Forms } from './forms';
import {
  recogniseInstruments,
  scoreResponse,
  type FormInstrument,
  type InstrumentScore,
} from './instrument-scores';

/**
 * A chart needs every point in view, not a page: this many responses (and as many patients for
 * the distribution) is years of a busy clinic's PHQ-9 and still a light answer for the window.
 */
export const ANALYSIS_LIMIT = 2000;

/** A form as the response views read it: its fields, instruments and measures. */
export interface FormLens {
  id: string;
  name: string;
  status: string;
  fields: FormField[];
  instruments: FormInstrument[];
  measures: ResponseMeasure[];
}

export const scoreKey = (instrument: string) => `score:${instrument}`;

/** Number and slider fields in form order, then one score per instrument the form holds. */
export function measuresOf(
  fields: readonly FormField[],
  instruments: readonly FormInstrument[],
): ResponseMeasure[] {
  const numeric = fields.flatMap((field): FieldMeasure[] =>
    field.type === 'number' || field.type === 'slider'
      ? [
          {
            kind: 'field',
            key: field.id,
            fieldId: field.id,
            type: field.type,
            label: field.label,
            ...(field.min !== undefined ? { min: field.min } : {}),
            ...(field.max !== undefined ? { max: field.max } : {}),
            ...(field.step !== undefined ? { step: field.step } : {}),
          },
        ]
      : [],
  );
  const scores = instruments.map(({ instrument }): ScoreMeasure => ({
    kind: 'score',
    key: scoreKey(instrument.key),
    instrument: instrument.key,
    label: instrument.name,
    min: 0,
    max: instrument.max,
    bands: instrument.bands.map((b) => ({ ...b })),
  }));
  return [...numeric, ...scores];
}

/** Each measure's value in one response: numeric answers as given, complete scores' totals. */
export function measureValues(lens: FormLens, answers: readonly Answer[]): Record<string, number> {
  const values: Record<string, number> = {};
  const byField = new Map(answers.map((a) => [a.fieldId, a.value]));
  for (const measure of lens.measures) {
    if (measure.kind !== 'field') continue;
    const value = byField.get(measure.fieldId);
    if (typeof value === 'number') values[measure.key] = value;
  }
  for (const score of scoreResponse(lens.instruments, answers)) {
    if (score.total !== undefined) values[scoreKey(score.instrument)] = score.total;
  }
  return values;
}

/**
 * The desktop app's views of a form's responses: scores on list rows, one response with what it
 * answered, and the measures over time. Reads only.
 */
export function createResponseViews(deps: { q: Queries; forms: Forms }) {
  const { q, forms } = deps;

  /** The form (404 if unknown) read for the response views. */
  async function lens(formId: string): Promise<FormLens> {
    const form = await forms.definition(formId);
    const instruments = recogniseInstruments(form.fieldList);
    return {
      id: form.id,
      name: form.name,
      status: form.status,
      fields: form.fieldList,
      instruments,
      measures: measuresOf(form.fieldList, instruments),
    };
  }

  /** The scope's rows: the form and the patient must exist (404), the range must be valid (422). */
  async function scopeOf(
    input: ResponseAnalysisInput,
  ): Promise<{ lens: FormLens; scope: ResponseScope }> {
    const found = await lens(input.formId);
    if (input.patientId !== undefined && !(await q.patients.get(input.patientId))) {
      throw resourceMissing('patient', input.patientId);
    }
    return {
      lens: found,
      scope: {
        formId: input.formId,
        patientId: input.patientId,
        range: dateRangeConditions('completed_at', input.from, input.to),
      },
    };
  }

  function pointOf(form: FormLens, row: ScopedResponseRow): AnalysisPoint {
    return {
      responseId: row.id,
      patientId: row.patient_id,
      completedAt: row.completed_at,
      values: measureValues(form, JSON.parse(row.responses) as Answer[]),
    };
  }

  return {
    lens,
    scopeOf,

    /**
     * Scores of responses to any forms (a patient's timeline): each form's instruments are
     * recognised once per call.
     */
    scoresOf(): (response: FormResponse) => Promise<InstrumentScore[]> {
      const instruments = new Map<string, FormInstrument[]>();
      return async (response) => {
        let found = instruments.get(response.formId);
        if (!found)
          instruments.set(response.formId, (found = (await lens(response.formId)).instruments));
        return scoreResponse(found, response.responses);
      };
    },

    /** Scores for a page of one form's responses (the responses table). */
    async withScores<T extends FormResponse>(
      formId: string,
      items: readonly T[],
    ): Promise<(T & { scores: InstrumentScore[] })[]> {
      const { instruments } = await lens(formId);
      return items.map((item) => ({ ...item, scores: scoreResponse(instruments, item.responses) }));
    },

    /** One response with its form's name, fields and scores (404 if unknown). */
    async detail(id: string) {
      const response = JSON.parse(await forms.responseJson(id)) as FormResponse;
      const form = await lens(response.formId);
      // Answers to fields since removed from the form: the type they were answered as is kept.
      const answered = await q.formAnsweredFields.ofForm(form.id);
      const current = new Set(form.fields.map((f) => f.id));
      const removedFields = response.responses
        .filter((a) => !current.has(a.fieldId))
        .map((a) => ({
          fieldId: a.fieldId,
          type: (answered.get(a.fieldId) ?? 'text') as FieldType,
        }));
      return {
        ...response,
        formName: form.name,
        formStatus: form.status as 'active' | 'archived',
        fields: form.fields,
        removedFields,
        scores: scoreResponse(form.instruments, response.responses),
      };
    },

    /**
     * The measures of the scope's responses over time (oldest first; the newest ANALYSIS_LIMIT
     * when there are more) and each patient's latest response (the distribution).
     */
    async analysis(input: ResponseAnalysisInput): Promise<ResponseAnalysisOf> {
      const { lens: form, scope } = await scopeOf(input);
      const newest = await q.formResponses.newestInScope(scope, ANALYSIS_LIMIT + 1);
      const latest = await q.formResponses.latestPerPatient(scope, ANALYSIS_LIMIT + 1);
      return {
        formId: form.id,
        formName: form.name,
        measures: form.measures,
        points: newest
          .slice(0, ANALYSIS_LIMIT)
          .reverse()
          .map((row) => pointOf(form, row)),
        latest: latest.slice(0, ANALYSIS_LIMIT).map((row) => pointOf(form, row)),
        truncated: newest.length > ANALYSIS_LIMIT,
        latestTruncated: latest.length > ANALYSIS_LIMIT,
        limit: ANALYSIS_LIMIT,
      };
    },
  };
}

export type ResponseViews = ReturnType<typeof createResponseViews>;
