import type { Answer, FormField, ScoreAlert, AlertRule } from '../schemas/clinical-form';
import { triageAnswers } from '../triage/transcript-triage';
import type { AlertInput } from './alerts';
import { recogniseInstruments, scoreAnswers } from './instrument-scores';

/** What a response's alerts are evaluated against. */
export interface AlertedForm {
  id: string;
  name: string;
  fieldList: readonly FormField[];
  scoreAlerts: readonly ScoreAlert[];
}

/** The number a rule compares: the answer, or a select option's position (its points). */
function comparable(field: FormField, value: Answer['value']): number | undefined {
  if (typeof value === 'number') return value;
  if (field.type === 'select' && typeof value === 'string') {
    const index = (field.options ?? []).indexOf(value);
    return index >= 0 ? index : undefined;
  }
  return undefined;
}

export function meets(field: FormField, rule: AlertRule, value: Answer['value']): boolean {
  if (rule.equals !== undefined) {
    if (Array.isArray(value)) return value.includes(rule.equals as string);
    return value === rule.equals;
  }
  const n = comparable(field, value);
  if (n === undefined) return false;
  return (rule.min === undefined || n >= rule.min) && (rule.max === undefined || n <= rule.max);
}

function inRange(rule: ScoreAlert, total: number): boolean {
  return (
    (rule.min === undefined || total >= rule.min) && (rule.max === undefined || total <= rule.max)
  );
}

/**
 * The alerts a form response raises: every field rule its answers meet, every instrument total
 * in a rule's range, and every written answer the triage finds a warning sign in (the same
 * triage as chats: an emergency or urgent sign is urgent, a doubtful one is for review).
 */
export function responseAlerts(
  form: AlertedForm,
  answers: readonly Answer[],
  response: { id: string; patientId: string; postOp?: boolean },
): AlertInput[] {
  const source = { type: 'form_response' as const, id: response.id };
  const base = { patientId: response.patientId, source };
  const out: AlertInput[] = [];
  const fields = new Map(form.fieldList.map((f) => [f.id, f]));
  for (const answer of answers) {
    const field = fields.get(answer.fieldId);
    for (const rule of field?.alertRules ?? []) {
      if (!meets(field!, rule, answer.value)) continue;
      out.push({
        ...base,
        priority: rule.priority,
        code: 'response_rule',
        detail: {
          formId: form.id,
          formName: form.name,
          fieldId: field!.id,
          subject: field!.label,
          value: answer.value,
          rule: { min: rule.min, max: rule.max, equals: rule.equals },
        },
      });
    }
  }
  for (const found of recogniseInstruments(form.fieldList)) {
    const score = scoreAnswers(found, answers);
    if (score.total === undefined) continue;
    for (const rule of form.scoreAlerts) {
      if (rule.instrument !== found.instrument.key || !inRange(rule, score.total)) continue;
      out.push({
        ...base,
        priority: rule.priority,
        code: 'response_rule',
        detail: {
          formId: form.id,
          formName: form.name,
          instrument: found.instrument.key,
          subject: `${found.instrument.name} total`,
          value: score.total,
          rule: { min: rule.min, max: rule.max },
        },
      });
    }
  }
  const written = answers.filter(
    (a) => fields.get(a.fieldId)?.type === 'text' && typeof a.value === 'string',
  );
  // Each against its field's label: "38,5" under "¿Ha tenido fiebre?" is a temperature.
  const verdict = triageAnswers(
    written.map((a) => ({ text: a.value as string, question: fields.get(a.fieldId)!.label })),
    { postOp: response.postOp },
  );
  if (verdict.level !== 'none') {
    out.push({
      ...base,
      priority: verdict.level === 'team' ? 'review' : 'urgent',
      code: 'response_text',
      signs: verdict.signs,
      detail: { formId: form.id, formName: form.name, level: verdict.level },
    });
  }
  return out;
}

/** Whether a form carries an urgent alert rule: its failed delivery is then an alert too. */
export function carriesUrgentRules(
  fields: readonly FormField[],
  scoreAlerts: readonly ScoreAlert[],
): boolean {
  return (
    scoreAlerts.some((r) => r.priority === 'urgent') ||
    fields.some((f) => f.alertRules?.some((r) => r.priority === 'urgent'))
  );
}
