/**
 * The demo clinic's own forms (not validated instruments): the post-operative follow-up and the
 * satisfaction survey, with believable answers by severity.
 */
import type { SubmittedAnswer } from '../domain/form-answers';
import type { Prng } from './prng';

import {
  clamp,
  clampSeverity,
  gauss,
  noisyInt,
  pickBySeverity,
  painNow,
  type DemoForm,
} from './demo-form-kit';

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

export const postOp: DemoForm = {
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

export const satisfaction: DemoForm = {
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
