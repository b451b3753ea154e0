import type { AlertReasonCode } from '../schemas/alert';
import type { TriageSign } from '../triage/signs';

/**
 * The reason of an alert in English words, for integrators reading `GET /alerts`. The window
 * says the same in the coordinator's language from `reasonCode`, `signs` and `detail`.
 */
const SIGN_WORDS: Record<TriageSign, string> = {
  chest_pain: 'chest pain',
  breathing_difficulty: 'difficulty breathing',
  suicidal_thoughts: 'suicidal thoughts',
  heavy_bleeding: 'heavy bleeding',
  stroke: 'signs of a stroke',
  unconsciousness: 'loss of consciousness',
  anaphylaxis: 'signs of anaphylaxis',
  seizure: 'a seizure',
  post_op_fever: 'fever after surgery',
  wound_infection: 'signs of wound infection',
  severe_pain: 'severe pain',
  fall_injury: 'a fall with injury',
  urinary_retention: 'not passing urine',
};

export interface ReasonDetail {
  /** What the rule was about: a question's label or an instrument's name. */
  subject?: string;
  value?: unknown;
  rule?: { min?: number; max?: number; equals?: unknown };
  formName?: string;
  failureReason?: string;
}

function signList(signs: readonly TriageSign[]): string {
  const words = signs.map((s) => SIGN_WORDS[s]);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function ruleWords(rule: NonNullable<ReasonDetail['rule']>): string {
  if (rule.equals !== undefined) return `is ${JSON.stringify(rule.equals)}`;
  if (rule.min !== undefined && rule.max !== undefined) return `is ${rule.min}–${rule.max}`;
  if (rule.min !== undefined) return `is ${rule.min} or more`;
  return `is ${rule.max} or less`;
}

export function reasonText(
  code: AlertReasonCode,
  signs: readonly TriageSign[],
  detail: ReasonDetail,
): string {
  switch (code) {
    case 'chat_emergency':
      return `Emergency in a chat: ${signList(signs)}. The patient was told to call 112.`;
    case 'chat_urgent':
      return `Urgent in a chat: ${signList(signs)}. The team should call the patient today.`;
    case 'chat_for_team':
      return 'A chat message the assistant could not place needs a person to read it.';
    case 'call_emergency':
      return `Emergency in a call: ${signList(signs)}. The patient was told to call 112.`;
    case 'call_urgent':
      return `Urgent in a call: ${signList(signs)}. The team should call the patient today.`;
    case 'call_for_team':
      return 'Something the patient said in a call needs a person to read it.';
    case 'call_failed':
      return `A call to a patient with an urgent alert failed (${detail.failureReason ?? 'failed'}).`;
    case 'response_rule':
      return `${detail.formName ?? 'A form'}: ${detail.subject ?? 'an answer'} ${ruleWords(detail.rule ?? {})} (answer: ${JSON.stringify(detail.value)}).`;
    case 'response_text':
      return `${detail.formName ?? 'A form'}: a written answer mentions ${signList(signs)}.`;
    case 'delivery_failed':
      return `${detail.formName ?? 'A form'} could not be delivered (${detail.failureReason ?? 'failed'}).`;
  }
}
