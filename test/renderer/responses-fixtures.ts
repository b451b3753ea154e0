import type {
  AnalysisPointWithPatient,
  ClinicalForm,
  Page,
  Patient,
  PatientRef,
  ResponseAnalysis,
  ResponseDetail,
  ResponseListItem,
  ScoreMeasure,
} from '../../src-preload/contract';

/** Shared data of the responses screens' tests: a PHQ-9 form, three patients and their answers. */

export const FREQUENCY = [
  'Ningún día',
  'Varios días',
  'Más de la mitad de los días',
  'Casi todos los días',
];

export const phqForm: ClinicalForm = {
  id: 'form_phq9',
  name: 'Cuestionario de salud del paciente (PHQ-9)',
  type: 'assessment',
  description: '',
  status: 'active',
  fields: Array.from({ length: 9 }, (_, i) => ({
    id: `phq9_${i + 1}`,
    type: 'select' as const,
    label: `Pregunta ${i + 1}`,
    required: true,
    options: FREQUENCY,
  })),
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
};

export const ana: PatientRef = { id: 'pat_ana', firstName: 'Ana', lastName: 'García López' };
export const joan: PatientRef = { id: 'pat_joan', firstName: 'Joan', lastName: 'Puig' };
export const marta: PatientRef = { id: 'pat_marta', firstName: 'Marta', lastName: 'Vidal' };

export function patient(ref: PatientRef, extra: Partial<Patient> = {}): Patient {
  return {
    ...ref,
    email: `${ref.firstName.toLowerCase()}@example.com`,
    tags: [],
    status: 'active',
    metadata: {},
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    ...extra,
  } as Patient;
}

const answersScoring = (items: number[]) =>
  items.map((score, i) => ({ fieldId: `phq9_${i + 1}`, value: FREQUENCY[score]! }));

export function row(
  n: number,
  who: PatientRef,
  total: number | undefined,
  completedAt: string,
): ResponseListItem {
  const band =
    total === undefined
      ? undefined
      : total < 5
        ? 'minimal'
        : total < 10
          ? 'mild'
          : total < 15
            ? 'moderate'
            : total < 20
              ? 'moderately_severe'
              : 'severe';
  return {
    id: `resp_${String(n).padStart(3, '0')}`,
    formId: phqForm.id,
    patientId: who.id,
    patient: who,
    responses: answersScoring([1, 1, 1, 1, 1, 1, 1, 1, 1]),
    completedAt,
    scores: [
      total === undefined
        ? { instrument: 'phq9', answered: 8, items: 9, max: 27 }
        : { instrument: 'phq9', total, band: band!, answered: 9, items: 9, max: 27 },
    ],
  };
}

export const rows: ResponseListItem[] = [
  row(3, ana, 6, '2026-11-20T10:30:00.000Z'),
  row(2, joan, 21, '2026-11-12T11:00:00.000Z'),
  row(1, ana, 12, '2026-10-22T09:15:00.000Z'),
  row(0, marta, undefined, '2026-10-05T16:45:00.000Z'),
];

export function page(
  data: ResponseListItem[],
  hasMore = false,
  cursor = '',
): Page<ResponseListItem> {
  return { data, pagination: { cursor, hasMore, limit: 25 } };
}

export const phqMeasure: ScoreMeasure = {
  kind: 'score',
  key: 'score:phq9',
  instrument: 'phq9',
  label: 'PHQ-9',
  min: 0,
  max: 27,
  bands: [
    { band: 'minimal', min: 0, max: 4 },
    { band: 'mild', min: 5, max: 9 },
    { band: 'moderate', min: 10, max: 14 },
    { band: 'moderately_severe', min: 15, max: 19 },
    { band: 'severe', min: 20, max: 27 },
  ],
};

export function point(
  id: string,
  who: PatientRef,
  completedAt: string,
  values: Record<string, number>,
): AnalysisPointWithPatient {
  return { responseId: id, patientId: who.id, patient: who, completedAt, values };
}

/** Ana's trend (12, then 6) and everybody's latest score (Ana 6, Joan 21; Marta unscored). */
export function analysis(forPatient?: PatientRef): ResponseAnalysis {
  const anaPoints = [
    point('resp_001', ana, '2026-10-22T09:15:00.000Z', { 'score:phq9': 12 }),
    point('resp_003', ana, '2026-11-20T10:30:00.000Z', { 'score:phq9': 6 }),
  ];
  const latest = [
    point('resp_003', ana, '2026-11-20T10:30:00.000Z', { 'score:phq9': 6 }),
    point('resp_002', joan, '2026-11-12T11:00:00.000Z', { 'score:phq9': 21 }),
    point('resp_000', marta, '2026-10-05T16:45:00.000Z', {}),
  ];
  return {
    formId: phqForm.id,
    formName: phqForm.name,
    measures: [phqMeasure],
    points: forPatient ? anaPoints : [...anaPoints, latest[1]!, latest[2]!],
    latest: forPatient ? latest.filter((p) => p.patient.id === forPatient.id) : latest,
    truncated: false,
    latestTruncated: false,
    limit: 2000,
  };
}

/** A follow-up response with every kind of answer, one unanswered and one to a removed field. */
export const detail: ResponseDetail = {
  id: 'resp_full',
  formId: 'form_postop',
  patientId: ana.id,
  patient: ana,
  formName: 'Seguimiento postoperatorio',
  formStatus: 'active',
  completedAt: '2026-11-21T12:05:00.000Z',
  fields: [
    { id: 'surgery_date', type: 'date', label: '¿En qué fecha le operaron?', required: true },
    {
      id: 'wound',
      type: 'select',
      label: '¿Cómo ve la herida?',
      required: true,
      options: ['Bien, sin cambios', 'Enrojecimiento'],
    },
    { id: 'fever', type: 'boolean', label: '¿Ha tenido fiebre?', required: true },
    {
      id: 'temperature',
      type: 'number',
      label: '¿Cuál ha sido la temperatura más alta? (°C)',
      required: false,
      min: 34,
      max: 43,
    },
    {
      id: 'pain',
      type: 'slider',
      label: '¿Cuánto dolor tiene ahora mismo?',
      required: true,
      min: 0,
      max: 10,
      step: 1,
    },
    {
      id: 'medication',
      type: 'boolean',
      label: '¿Toma la medicación?',
      required: true,
    },
    {
      id: 'symptoms',
      type: 'multiselect',
      label: '¿Ha notado alguno de estos síntomas?',
      required: true,
      options: ['Náuseas', 'Mareo', 'Estreñimiento'],
    },
    { id: 'questions', type: 'text', label: '¿Tiene alguna pregunta?', required: false },
  ],
  responses: [
    { fieldId: 'surgery_date', value: '2026-10-30' },
    { fieldId: 'wound', value: 'Enrojecimiento' },
    { fieldId: 'fever', value: true },
    { fieldId: 'temperature', value: 38.5 },
    { fieldId: 'pain', value: 7 },
    { fieldId: 'medication', value: false },
    { fieldId: 'symptoms', value: ['Náuseas', 'Estreñimiento'] },
    { fieldId: 'old_question', value: 'respuesta antigua' },
  ],
  removedFields: [{ fieldId: 'old_question', type: 'text' }],
  scores: [],
};
