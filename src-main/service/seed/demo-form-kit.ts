/**
 * What every demo form is (its definition and an answer generator) and the small random helpers
 * the generators share.
 */
import type { SubmittedAnswer } from '../domain/form-answers';
import { itemPoints, recogniseInstruments } from '../domain/instrument-scores';
import type { FormDefinition, FormField } from '../schemas/clinical-form';
import type { Prng } from './prng';

/** A demo form: its definition, and believable answers for a patient at a given severity. */
export interface DemoForm {
  key: 'phq9' | 'gad7' | 'pain_nrs' | 'post_op' | 'satisfaction';
  definition: FormDefinition;
  /** The published edition a validated instrument's form is added from (forms.addInstrument). */
  edition?: string;
  /**
   * Answers a patient at `severity` (0 = well … 1 = worst; clamped to that range) would give;
   * always valid for the definition, in its field order, with unanswered optional fields left out.
   */
  answer(rng: Prng, severity: number): SubmittedAnswer[];
  /** The instrument's score of a set of answers (PHQ-9 total 0–27, GAD-7 0–21, NRS value); undefined for forms without a score. */
  score?(answers: readonly SubmittedAnswer[]): number;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function clampSeverity(severity: number): number {
  return Number.isFinite(severity) ? clamp(severity, 0, 1) : 0;
}

/** Roughly normal noise with mean 0 and standard deviation 1 (Irwin–Hall with four terms). */
export function gauss(rng: Prng): number {
  return (rng.next() + rng.next() + rng.next() + rng.next() - 2) * Math.sqrt(3);
}

/** A whole number near `mean`, spread by `sd`, within [min, max]. */
export function noisyInt(rng: Prng, mean: number, sd: number, min: number, max: number): number {
  return clamp(Math.round(mean + gauss(rng) * sd), min, max);
}

/**
 * A PHQ-9 or GAD-7 form's score of the answers, by the service's own instrument scoring: the sum
 * of the answered items' option indexes (unanswered or unknown ones count 0, so any answers score).
 */
export function instrumentPoints(
  form: FormDefinition,
  answers: readonly SubmittedAnswer[],
): number {
  const [found] = recogniseInstruments(form.fields);
  return itemPoints(found!, answers).points;
}

/** A few comments a patient might write, from mild to severe; picks near the severity. */
export function pickBySeverity(rng: Prng, severity: number, pools: readonly (readonly string[])[]) {
  const level = noisyInt(rng, severity * (pools.length - 1), 0.5, 0, pools.length - 1);
  return rng.pick(pools[level]!);
}

export const PAIN_HINT = '0 = sin dolor, 10 = el peor dolor imaginable';

/** The 0–10 "pain right now" question, the same in the pain scale and the post-op follow-up. */
export function painNow(id: string): FormField {
  return {
    id,
    type: 'slider',
    label: '¿Cuánto dolor tiene ahora mismo?',
    required: true,
    hint: PAIN_HINT,
    min: 0,
    max: 10,
    step: 1,
  };
}
