import type { TFunction } from 'i18next';
import type { FormResponse, ResponseMeasure } from '../../../../src-preload/contract';
import type { Formatters } from '../../i18n/format';

type AnswerValue = FormResponse['responses'][number]['value'];

/** An answer as the page shows it: a sentence, or the options of a multiselect as a list. */
export type FormattedAnswer = { kind: 'text'; text: string } | { kind: 'list'; items: string[] };

/**
 * One answer in the UI's language: yes/no for booleans, a date in the locale's form, numbers with
 * the locale's separators (a slider with its scale), a multiselect's options as a list, text and
 * options as written. The field's type decides; the value's own type is the fallback for answers
 * to fields no longer in the form.
 */
export function formatAnswer(
  field: { type: string; min?: number; max?: number },
  value: AnswerValue,
  t: TFunction<'responses'>,
  format: Formatters,
): FormattedAnswer {
  if (Array.isArray(value)) return { kind: 'list', items: value };
  if (typeof value === 'boolean')
    return { kind: 'text', text: value ? t('response.yes') : t('response.no') };
  if (typeof value === 'number') {
    if (field.type === 'slider' && field.min !== undefined && field.max !== undefined) {
      return {
        kind: 'text',
        text: t('response.sliderValue', {
          value: format.number(value),
          min: format.number(field.min),
          max: format.number(field.max),
        }),
      };
    }
    return { kind: 'text', text: format.number(value) };
  }
  if (field.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return { kind: 'text', text: format.plainDate(value) };
  }
  return { kind: 'text', text: value };
}

/** A measure's name on a chart: the question, or "Puntuación PHQ-9". */
export function measureTitle(measure: ResponseMeasure, t: TFunction<'responses'>): string {
  return measure.kind === 'score' ? t('measures.score', { name: measure.label }) : measure.label;
}
