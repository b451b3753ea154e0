import type { SubmittedAnswer } from '../domain/form-answers';
import { INSTRUMENTS } from '../domain/instrument-scores';
import { GAD7_ES } from '../instruments/gad7-editions';
import { PHQ9_ES } from '../instruments/phq9-editions';
import { formFromEdition } from '../instruments/validated-instruments';
import type { Prng } from './prng';

import {
  clamp,
  clampSeverity,
  gauss,
  noisyInt,
  instrumentPoints,
  pickBySeverity,
  painNow,
  PAIN_HINT,
  type DemoForm,
} from './demo-form-kit';
import { postOp, satisfaction } from './demo-own-forms';

export type { DemoForm } from './demo-form-kit';

/**
 * The demo clinic's clinical forms: two free, validated screening instruments (PHQ-9 and GAD-7,
 * their published Spanish editions, added as validated instruments), the 0–10 pain numeric
 * rating scale and two forms
 * of the clinic's own. Each comes with an answer generator that gives believable answers for a
 * patient at a given severity, so the seeded responses tell a consistent clinical story.
 */

// ---------------------------------------------------------------------------------------------
// PHQ-9

const PHQ9_FORM = formFromEdition(PHQ9_ES);
const PHQ9_IDS = INSTRUMENTS.phq9.itemIds;
/** The frequency options, scoring 0–3 in this order. */
const PHQ9_FREQUENCY = PHQ9_ES.options;
const PHQ9_DIFFICULTY = PHQ9_ES.difficulty!;

/** How far each item (1–8) tends to sit from the patient's mean: sleep and tiredness run high. */
const PHQ9_ITEM_BIAS = [0, 0.1, 0.35, 0.45, 0.1, 0, 0, -0.45];

const phq9: DemoForm = {
  key: 'phq9',
  // The validated instrument, word for word, with item 9's urgent rule and the score alerts.
  edition: PHQ9_ES.id,
  definition: PHQ9_FORM,
  answer(rng, severity) {
    const s = clampSeverity(severity);
    // One patient: a shared shift on top of the severity, then each item around it.
    const mean = s * 3 + gauss(rng) * 0.25;
    const scores = PHQ9_ITEM_BIAS.map((bias) => noisyInt(rng, mean + bias, 0.55, 0, 3));
    scores.push(item9(rng, s));
    const answers: SubmittedAnswer[] = scores.map((score, i) => ({
      fieldId: PHQ9_IDS[i]!,
      value: PHQ9_FREQUENCY[score]!,
    }));
    const total = scores.reduce((sum, v) => sum + v, 0);
    // The difficulty question only makes sense once a problem was marked; some skip it anyway.
    if (total > 0 && rng.chance(0.88)) {
      const level = noisyInt(rng, (total / 27) * 3.4 - 0.2, 0.45, 0, 3);
      answers.push({ fieldId: PHQ9_DIFFICULTY.id, value: PHQ9_DIFFICULTY.options[level]! });
    }
    return answers;
  },
  score: (answers) => instrumentPoints(phq9.definition, answers),
};

/** Thoughts of self-harm: absent below severity 0.6, and even at the top answered by a minority. */
function item9(rng: Prng, s: number): number {
  if (s < 0.6 || !rng.chance((s - 0.55) * 0.6)) return 0;
  if (s > 0.9 && rng.chance(0.05)) return 3;
  if (s > 0.8 && rng.chance(0.25)) return 2;
  return 1;
}

// ---------------------------------------------------------------------------------------------
// GAD-7

const GAD7_IDS = INSTRUMENTS.gad7.itemIds;

/** Worry and nervousness run high; restlessness and dread a little lower. */
const GAD7_ITEM_BIAS = [0.3, 0.1, 0.3, 0.1, -0.35, 0, -0.3];

const gad7: DemoForm = {
  key: 'gad7',
  edition: GAD7_ES.id,
  definition: formFromEdition(GAD7_ES),
  answer(rng, severity) {
    const s = clampSeverity(severity);
    const mean = s * 3 + gauss(rng) * 0.25;
    return GAD7_ITEM_BIAS.map((bias, i) => ({
      fieldId: GAD7_IDS[i]!,
      value: GAD7_ES.options[noisyInt(rng, mean + bias, 0.55, 0, 3)]!,
    }));
  },
  score: (answers) => instrumentPoints(gad7.definition, answers),
};

// ---------------------------------------------------------------------------------------------
// Pain numeric rating scale

const PAIN_REGIONS = [
  'Cabeza',
  'Cuello',
  'Hombros',
  'Espalda',
  'Zona lumbar',
  'Pecho',
  'Abdomen',
  'Brazos o manos',
  'Caderas',
  'Rodillas',
  'Piernas o pies',
] as const;

const PAIN_COMMENTS = [
  ['Solo alguna molestia al final del día.', 'Mejor que la semana pasada.', 'Casi no lo noto.'],
  [
    'Me duele más por la mañana y mejora al moverme.',
    'Con el paracetamol se me pasa bastante.',
    'Me cuesta un poco dormir por el dolor.',
  ],
  [
    'El dolor no me deja dormir bien.',
    'Los analgésicos apenas me hacen efecto.',
    'Me cuesta mucho caminar y hacer las tareas de casa.',
  ],
] as const;

const painNrs: DemoForm = {
  key: 'pain_nrs',
  definition: {
    name: 'Escala numérica del dolor (EVN 0–10)',
    type: 'assessment',
    // What the patient reads: how to answer. The bands (1–3 mild, 4–6 moderate, 7–10 severe) are
    // the team's reading, not the patient's (docs/validated-instruments.md).
    description:
      'Indique con un número del 0 al 10 la intensidad de su dolor, donde 0 es «sin dolor» y 10 es «el peor dolor imaginable».',
    fields: [
      { ...painNow('pain_now'), alertRules: [{ min: 8, priority: 'urgent' }] },
      {
        id: 'pain_worst_24h',
        type: 'slider',
        label: '¿Cuál ha sido el dolor más fuerte que ha tenido en las últimas 24 horas?',
        required: true,
        hint: PAIN_HINT,
        min: 0,
        max: 10,
        step: 1,
      },
      {
        id: 'pain_location',
        type: 'multiselect',
        label: '¿Dónde le duele?',
        required: false,
        hint: 'Puede marcar varias zonas.',
        options: [...PAIN_REGIONS],
      },
      {
        id: 'pain_comments',
        type: 'text',
        label: '¿Quiere añadir algo sobre su dolor?',
        required: false,
      },
    ],
  },
  answer(rng, severity) {
    const s = clampSeverity(severity);
    const now = noisyInt(rng, s * 10, 1.1, 0, 10);
    const worst = clamp(now + noisyInt(rng, 0.5 + s * 1.5, 1, 0, 4), 0, 10);
    const answers: SubmittedAnswer[] = [
      { fieldId: 'pain_now', value: now },
      { fieldId: 'pain_worst_24h', value: worst },
    ];
    if (worst > 0 && rng.chance(0.8)) {
      const count = rng.pick([1, 1, 1, 2, 2, 3]);
      const regions = rng.sample(PAIN_REGIONS, count);
      const inOrder = PAIN_REGIONS.filter((r) => regions.includes(r));
      answers.push({ fieldId: 'pain_location', value: inOrder });
    }
    if (worst > 0 && rng.chance(0.15 + s * 0.25)) {
      answers.push({ fieldId: 'pain_comments', value: pickBySeverity(rng, s, PAIN_COMMENTS) });
    }
    return answers;
  },
  score(answers) {
    const value = answers.find((a) => a.fieldId === 'pain_now')?.value;
    return typeof value === 'number' ? value : 0;
  },
};

export const DEMO_FORMS: readonly DemoForm[] = [phq9, gad7, painNrs, postOp, satisfaction];
