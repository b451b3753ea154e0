/**
 * The warning signs triage looks for and what each one calls for: written once here; the
 * assistant's replies, the alerts and the docs are keyed on these names.
 *
 * Levels, from the most to the least serious:
 * - `emergency`: the patient is told to call 112 at once (and 024 for suicidal thoughts), and the
 *   team is alerted;
 * - `urgent`: the team calls the patient today; escalated, without 112;
 * - `team`: not understood well enough to answer, but clinical (a symptom or body part, or an
 *   emergency sign spoken of as past or hypothetical): a person reads it;
 * - `none`: nothing for the team beyond the conversation itself.
 */
export const EMERGENCY_SIGNS = [
  'chest_pain',
  'breathing_difficulty',
  'suicidal_thoughts',
  'heavy_bleeding',
  'stroke',
  'unconsciousness',
  'anaphylaxis',
  'seizure',
] as const;
export type EmergencySign = (typeof EMERGENCY_SIGNS)[number];

export const URGENT_SIGNS = [
  'post_op_fever',
  'wound_infection',
  'severe_pain',
  'fall_injury',
  'urinary_retention',
] as const;
export type UrgentSign = (typeof URGENT_SIGNS)[number];

export type TriageSign = EmergencySign | UrgentSign;

export const TRIAGE_LEVELS = ['emergency', 'urgent', 'team', 'none'] as const;
export type TriageLevel = (typeof TRIAGE_LEVELS)[number];

const EMERGENCY = new Set<string>(EMERGENCY_SIGNS);

export function levelOf(sign: TriageSign): 'emergency' | 'urgent' {
  return EMERGENCY.has(sign) ? 'emergency' : 'urgent';
}

export function isEmergencySign(sign: TriageSign): sign is EmergencySign {
  return EMERGENCY.has(sign);
}

/** The more serious of two levels. */
export function worse(a: TriageLevel, b: TriageLevel): TriageLevel {
  return TRIAGE_LEVELS.indexOf(a) <= TRIAGE_LEVELS.indexOf(b) ? a : b;
}
