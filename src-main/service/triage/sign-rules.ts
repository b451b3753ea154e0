import type { ClinicalConcept } from './lexicon';
import type { TriageSign } from './signs';

/**
 * How the warning signs are recognised: each rule lists groups of concepts, and a sign is found
 * when every group has an affirmed mention in one sentence ("dolor muy fuerte y opresivo en el
 * pecho": pain and chest, with words between). Concepts are the lexicon's, so a rule reads the
 * same in every language. The two signs that need numbers or the conversation's purpose
 * (severe pain, post-operative fever) are decided in `triage.ts`.
 */
export interface SignRule {
  sign: TriageSign;
  groups: readonly (readonly ClinicalConcept[])[];
  /** The groups may be found anywhere in the message, not in one sentence. */
  wholeMessage?: boolean;
}

const PAIN_OR_PRESSURE = ['pain', 'pressure'] as const;

export const SIGN_RULES: readonly SignRule[] = [
  // Chest pain: Manchester Triage "cardiac pain"; NHS 111 "chest pain or pressure".
  { sign: 'chest_pain', groups: [['heart_attack', 'chest_phrase']] },
  { sign: 'chest_pain', groups: [PAIN_OR_PRESSURE, ['chest']] },
  { sign: 'chest_pain', groups: [PAIN_OR_PRESSURE, ['radiate'], ['arm', 'jaw']] },
  { sign: 'chest_pain', groups: [['cold_sweat'], [...PAIN_OR_PRESSURE, 'chest']] },
  // Breathing: "unable to complete sentences", "cyanosis" (MTS "shortness of breath").
  { sign: 'breathing_difficulty', groups: [['dyspnoea']] },
  { sign: 'breathing_difficulty', groups: [['breath'], ['difficulty']] },
  { sign: 'breathing_difficulty', groups: [['blue'], ['lips_nails']] },
  // Suicidal thoughts, intent or self-harm (MTS "high risk of self-harm").
  { sign: 'suicidal_thoughts', groups: [['suicidal']] },
  // Bleeding: "uncontrollable major haemorrhage", haematemesis, haemoptysis, melaena.
  { sign: 'heavy_bleeding', groups: [['haemorrhage']] },
  { sign: 'heavy_bleeding', groups: [['blood'], ['a_lot', 'nonstop', 'soak']] },
  { sign: 'heavy_bleeding', groups: [['blood'], ['vomit', 'cough']] },
  { sign: 'heavy_bleeding', groups: [['black'], ['stool']] },
  { sign: 'heavy_bleeding', groups: [['gush'], ['soak', 'wound', 'injury', 'blood']] },
  // Stroke: the FAST signs and sudden loss of vision.
  { sign: 'stroke', groups: [['stroke']] },
  { sign: 'stroke', groups: [['face'], ['droop', 'numb']] },
  {
    sign: 'stroke',
    groups: [
      ['limb', 'one_side'],
      ['weak', 'numb', 'cant_move'],
    ],
  },
  { sign: 'stroke', groups: [['speech']] },
  { sign: 'stroke', groups: [['vision_loss']] },
  { sign: 'stroke', groups: [['sudden'], ['confusion']] },
  // Loss of consciousness, fainting, not responding.
  { sign: 'unconsciousness', groups: [['faint']] },
  { sign: 'unconsciousness', groups: [['unresponsive'], ['shake', 'seizure_sign', 'near_faint']] },
  // Anaphylaxis: swelling of the airway or face, trouble swallowing with an allergen.
  { sign: 'anaphylaxis', groups: [['anaphylaxis', 'throat_closing']] },
  { sign: 'anaphylaxis', groups: [['swell'], ['swell_site']] },
  { sign: 'anaphylaxis', groups: [['swallow'], ['allergen', 'allergic', 'swell']] },
  // Seizure.
  { sign: 'seizure', groups: [['seizure']] },
  {
    sign: 'seizure',
    groups: [
      ['shake', 'seizure_sign'],
      ['seizure_sign', 'unresponsive'],
    ],
  },
  // Urgent, a same-day call: wound infection (NHS: red, hot, swollen, pus, smell, opening).
  { sign: 'wound_infection', groups: [['wound'], ['infection_sign', 'swell']] },
  { sign: 'severe_pain', groups: [['unbearable'], ['pain']] },
  { sign: 'severe_pain', groups: [['severe_pain_phrase']] },
  {
    sign: 'fall_injury',
    groups: [['fall'], ['injury', 'head', 'blood', 'swell', 'pain']],
    wholeMessage: true,
  },
  { sign: 'urinary_retention', groups: [['urine_retention']] },
  { sign: 'urinary_retention', groups: [['urine'], ['nothing_out']] },
];

/**
 * The concepts that name a symptom or a body part: a message with one of them, which the
 * assistant could not place, goes to a person instead of "I did not understand".
 */
export const CLINICAL_MENTION: ReadonlySet<ClinicalConcept> = new Set<ClinicalConcept>([
  'pain',
  'pressure',
  'chest',
  'dyspnoea',
  'breath',
  'blood',
  'vomit',
  'cough',
  'stool',
  'face',
  'limb',
  'numb',
  'weak',
  'speech',
  'vision_loss',
  'faint',
  'near_faint',
  'shake',
  'swell',
  'swell_site',
  'swallow',
  'allergic',
  'fever',
  'low_fever',
  'wound',
  'infection_sign',
  'fall',
  'severe_pain_phrase',
  'unresponsive',
  'confusion',
  'seizure_sign',
  'head',
  'hopeless',
  'symptom',
  'body',
  'arm',
  'jaw',
]);
