/**
 * The labelled corpus the triage is measured on (docs/clinical-safety.md). Written the way patients
 * write (typos, no accents, capitals, SMS spellings, colloquial and indirect wording, negations,
 * third parties), by someone who had not seen the triage lexicon, so it measures the design and not
 * the phrases the code happens to match.
 */

/** What a triage nurse would do with the message. */
export type Category = 'emergency' | 'urgent' | 'ordinary';

/** The warning sign behind an emergency or urgent label. */
export type EmergencySign =
  | 'chest_pain'
  | 'breathing_difficulty'
  | 'suicidal_thoughts'
  | 'heavy_bleeding'
  | 'stroke'
  | 'unconsciousness'
  | 'anaphylaxis'
  | 'seizure';
export type UrgentSign =
  'post_op_fever' | 'wound_infection' | 'severe_pain' | 'fall_injury' | 'urinary_retention';

export interface CorpusCase {
  text: string;
  lang: 'es' | 'ca' | 'en';
  expect: Category;
  /** Required for emergency and urgent cases: the main sign. */
  sign?: EmergencySign | UrgentSign;
  /** The conversation is a post-operative follow-up (a fever then counts as post-op fever). */
  postOp?: boolean;
  /** The pain score (0–10) the patient wrote, if any; nothing else may be recorded. */
  pain?: number;
  /** The temperature (°C) the patient wrote, if any; nothing else may be recorded. */
  temperature?: number;
  /** Why the label is what it is, where it is not obvious. */
  note?: string;
}

/**
 * A patient's answer to one question of the built-in assistant, and what the reply must and must
 * not do with it.
 */
export interface AnswerCase {
  lang: 'es' | 'ca' | 'en';
  /** The topic the assistant had just asked about. */
  topic: 'wellbeing' | 'pain' | 'fever' | 'wound' | 'medication' | 'symptoms';
  text: string;
  /** The only pain score / temperature the reply may record or repeat (absent: none at all). */
  pain?: number;
  temperature?: number;
  /**
   * What the reply must do: 'emergency' (the emergency number), 'urgent' (the team calls today,
   * no 112), 'team' (passed to the team: a symptom or body part the assistant could not place),
   * 'good' (good news: a positive acknowledgement is allowed), 'other' (anything else, but never
   * a positive acknowledgement such as "me alegra leerlo").
   */
  expect: 'emergency' | 'urgent' | 'team' | 'good' | 'other';
  note?: string;
}
