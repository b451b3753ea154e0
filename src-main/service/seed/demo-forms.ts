import type { SubmittedAnswer } from '../domain/form-answers';
import { INSTRUMENTS, itemPoints, recogniseInstruments } from '../domain/instrument-scores';
import { GAD7_ES } from '../instruments/gad7-editions';
import { PHQ9_ES } from '../instruments/phq9-editions';
import { formFromEdition } from '../instruments/validated-instruments';
import type { FormDefinition, FormField } from '../schemas/clinical-form';
import type { Prng } from './prng';

/**
 * The demo clinic's clinical forms: two free, validated screening instruments (PHQ-9 and GAD-7,
 * their published Spanish editions, added as validated instruments), the 0–10 pain numeric
 * rating scale and two forms
 * of the clinic's own. Each comes with an answer generator that gives believable answers for a
 * patient at a given severity, so the seeded responses tell a consistent clinical story.
 */
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

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function clampSeverity(severity: number): number {
  return Number.isFinite(severity) ? clamp(severity, 0, 1) : 0;
}

/** Roughly normal noise with mean 0 and standard deviation 1 (Irwin–Hall with four terms). */
function gauss(rng: Prng): number {
  return (rng.next() + rng.next() + rng.next() + rng.next() - 2) * Math.sqrt(3);
}

/** A whole number near `mean`, spread by `sd`, within [min, max]. */
function noisyInt(rng: Prng, mean: number, sd: number, min: number, max: number): number {
  return clamp(Math.round(mean + gauss(rng) * sd), min, max);
}

/**
 * A PHQ-9 or GAD-7 form's score of the answers, by the service's own instrument scoring: the sum
 * of the answered items' option indexes (unanswered or unknown ones count 0, so any answers score).
 */
function instrumentPoints(form: FormDefinition, answers: readonly SubmittedAnswer[]): number {
  const [found] = recogniseInstruments(form.fields);
  return itemPoints(found!, answers).points;
}

/** A few comments a patient might write, from mild to severe; picks near the severity. */
function pickBySeverity(rng: Prng, severity: number, pools: readonly (readonly string[])[]) {
  const level = noisyInt(rng, severity * (pools.length - 1), 0.5, 0, pools.length - 1);
  return rng.pick(pools[level]!);
}

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

const PAIN_HINT = '0 = sin dolor, 10 = el peor dolor imaginable';

/** The 0–10 "pain right now" question, the same in the pain scale and the post-op follow-up. */
function painNow(id: string): FormField {
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

// ---------------------------------------------------------------------------------------------
// Post-operative follow-up

const WOUND = ['Bien, sin cambios', 'Enrojecimiento', 'Supura o sangra', 'Se ha abierto'] as const;

const NO_SYMPTOMS = 'Ninguno';
const POST_OP_SYMPTOMS = [
  'Náuseas',
  'Vómitos',
  'Mareo',
  'Dificultad para orinar',
  'Estreñimiento',
  'Dolor o hinchazón en la pantorrilla',
  'Falta de aire',
] as const;
/** How common each symptom is after surgery, relative to the others. */
const SYMPTOM_WEIGHT = [1, 0.45, 0.8, 0.35, 0.9, 0.15, 0.12];

const POST_OP_QUESTIONS = [
  [
    '¿Cuándo puedo volver a ducharme con normalidad?',
    '¿Cuándo me quitan los puntos?',
    '¿Puedo volver a conducir?',
    '¿Cuándo puedo volver al trabajo?',
  ],
  [
    '¿Es normal que la herida esté un poco roja?',
    '¿Puedo tomar ibuprofeno además del paracetamol?',
    'Me cuesta dormir por las molestias, ¿qué puedo hacer?',
  ],
  [
    'La herida me supura desde ayer, ¿tengo que ir a urgencias?',
    'Tengo fiebre y el dolor ha aumentado, ¿qué hago?',
    'Necesito que me llamen, no me encuentro bien.',
  ],
] as const;

const postOp: DemoForm = {
  key: 'post_op',
  definition: {
    name: 'Seguimiento postoperatorio',
    type: 'follow_up',
    description:
      'Seguimiento de su recuperación tras la intervención. Responda con tranquilidad: el equipo de enfermería revisará sus respuestas. Si tiene fiebre de 38 °C o más, la herida supura o se ha abierto, o el dolor aumenta a pesar de la medicación, llame a la clínica; ante una urgencia, llame al 112.',
    fields: [
      {
        id: 'surgery_date',
        type: 'date',
        label: '¿En qué fecha le operaron?',
        required: true,
      },
      {
        id: 'wound_status',
        type: 'select',
        label: '¿Cómo ve la herida?',
        required: true,
        options: [...WOUND],
        // Discharge, bleeding or an open wound is urgent; redness is for review.
        alertRules: [
          { min: 2, priority: 'urgent' },
          { equals: WOUND[1], priority: 'review' },
        ],
      },
      {
        id: 'fever',
        type: 'boolean',
        label: '¿Ha tenido fiebre (38 °C o más) desde la operación?',
        required: true,
        alertRules: [{ equals: true, priority: 'urgent' }],
      },
      {
        id: 'temperature',
        type: 'number',
        label: 'Si se ha tomado la temperatura, ¿cuál ha sido la más alta? (°C)',
        required: false,
        hint: 'Por ejemplo, 37,5. Déjelo en blanco si no se la ha tomado.',
        min: 34,
        max: 43,
        alertRules: [{ min: 38, priority: 'urgent' }],
      },
      { ...painNow('pain'), alertRules: [{ min: 7, priority: 'urgent' }] },
      {
        id: 'medication_as_prescribed',
        type: 'boolean',
        label: '¿Está tomando la medicación tal como se la indicaron?',
        required: true,
      },
      {
        id: 'symptoms',
        type: 'multiselect',
        label: '¿Ha notado alguno de estos síntomas?',
        required: true,
        hint: 'Marque todos los que tenga, o «Ninguno».',
        options: [...POST_OP_SYMPTOMS, NO_SYMPTOMS],
      },
      {
        id: 'questions',
        type: 'text',
        label: '¿Tiene alguna pregunta para el equipo?',
        required: false,
      },
    ],
  },
  answer(rng, severity) {
    const s = clampSeverity(severity);
    const answers: SubmittedAnswer[] = [{ fieldId: 'surgery_date', value: surgeryDate(rng) }];

    const w = s + gauss(rng) * 0.12;
    const wound = w < 0.5 ? 0 : w < 0.8 ? 1 : w < 1.02 ? 2 : 3;
    answers.push({ fieldId: 'wound_status', value: WOUND[wound]! });

    const fever = rng.chance(0.02 + Math.max(0, s - 0.35) * 1.1);
    answers.push({ fieldId: 'fever', value: fever });
    if (fever ? rng.chance(0.9) : rng.chance(0.4)) {
      const t = fever ? 38 + s * 1.2 + rng.next() * 0.8 : 36.2 + rng.next() * 1.1 + s * 0.2;
      answers.push({ fieldId: 'temperature', value: Math.round(clamp(t, 35, 41) * 10) / 10 });
    }

    answers.push({ fieldId: 'pain', value: noisyInt(rng, 1 + s * 7.5, 1.1, 0, 10) });
    answers.push({ fieldId: 'medication_as_prescribed', value: rng.chance(0.94 - s * 0.2) });

    const symptoms = POST_OP_SYMPTOMS.filter((_, i) =>
      rng.chance(SYMPTOM_WEIGHT[i]! * (0.05 + s * 0.45)),
    );
    answers.push({ fieldId: 'symptoms', value: symptoms.length ? symptoms : [NO_SYMPTOMS] });

    if (rng.chance(0.2 + s * 0.4)) {
      answers.push({ fieldId: 'questions', value: pickBySeverity(rng, s, POST_OP_QUESTIONS) });
    }
    return answers;
  },
};

/**
 * A plausible date of surgery in 2026 (5 January to 1 November). The generator has no clock; a
 * seed that wants the date a few days before the response can overwrite the `surgery_date` answer.
 */
function surgeryDate(rng: Prng): string {
  const ms = Date.UTC(2026, 0, 5) + rng.int(0, 300) * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Satisfaction survey

const WAIT_TIMES = [
  'Menos de 10 minutos',
  'Entre 10 y 20 minutos',
  'Entre 20 y 40 minutos',
  'Más de 40 minutos',
] as const;

const PUNCTUALITY = 'La puntualidad';
const WENT_WELL = [
  'El trato en recepción',
  'La atención del médico o la médica',
  'La atención de enfermería',
  'Las explicaciones sobre el tratamiento',
  PUNCTUALITY,
  'La limpieza y comodidad de las instalaciones',
  'La facilidad para pedir cita',
] as const;

const SATISFACTION_COMMENTS = [
  [
    'Muy contenta con la atención, gracias.',
    'Todo el equipo ha sido muy amable.',
    'La doctora me lo explicó todo muy bien.',
  ],
  [
    'Bien en general, aunque tuve que esperar un poco.',
    'Estaría bien poder pedir cita por WhatsApp.',
    'La sala de espera estaba muy llena.',
  ],
  [
    'Esperé casi una hora y nadie me dijo nada.',
    'Me costó mucho conseguir cita por teléfono.',
    'Salí de la consulta con más dudas de las que tenía.',
  ],
] as const;

const satisfaction: DemoForm = {
  key: 'satisfaction',
  definition: {
    name: 'Encuesta de satisfacción',
    type: 'survey',
    description:
      'Queremos saber cómo ha sido su última visita a la clínica. La encuesta es breve y nos ayuda a mejorar. Gracias por dedicarnos unos minutos.',
    fields: [
      {
        id: 'recommend',
        type: 'slider',
        label: '¿Con qué probabilidad nos recomendaría a un familiar o a un amigo?',
        required: true,
        hint: '0 = nada probable, 10 = muy probable',
        min: 0,
        max: 10,
        step: 1,
      },
      {
        id: 'wait_time',
        type: 'select',
        label: '¿Cuánto tiempo esperó desde la hora de su cita hasta que le atendieron?',
        required: true,
        options: [...WAIT_TIMES],
      },
      {
        id: 'on_time',
        type: 'boolean',
        label: '¿Le atendieron a la hora prevista?',
        required: true,
      },
      {
        id: 'went_well',
        type: 'multiselect',
        label: '¿Qué le ha gustado de su visita?',
        required: false,
        hint: 'Puede marcar varias opciones.',
        options: [...WENT_WELL],
      },
      {
        id: 'comments',
        type: 'text',
        label: '¿Quiere contarnos algo más?',
        required: false,
      },
    ],
  },
  /** Here `severity` is how poor the visit felt: 0 = excellent, 1 = very poor. */
  answer(rng, severity) {
    const s = clampSeverity(severity);
    const wait = noisyInt(rng, 0.3 + s * 2.6, 0.6, 0, 3);
    const onTime = wait === 0 ? rng.chance(0.9) : wait === 1 ? rng.chance(0.45) : false;
    const answers: SubmittedAnswer[] = [
      { fieldId: 'recommend', value: noisyInt(rng, 9.6 - s * 8, 1, 0, 10) },
      { fieldId: 'wait_time', value: WAIT_TIMES[wait]! },
      { fieldId: 'on_time', value: onTime },
    ];
    const liked = WENT_WELL.filter(
      (o) => (onTime || o !== PUNCTUALITY) && rng.chance(0.6 - s * 0.5),
    );
    if (liked.length && rng.chance(0.85)) answers.push({ fieldId: 'went_well', value: liked });
    if (rng.chance(0.25 + Math.abs(s - 0.5) * 0.3)) {
      answers.push({ fieldId: 'comments', value: pickBySeverity(rng, s, SATISFACTION_COMMENTS) });
    }
    return answers;
  },
};

/** The demo clinic's forms, in the order the seed creates them. */
export const DEMO_FORMS: readonly DemoForm[] = [phq9, gad7, painNrs, postOp, satisfaction];
