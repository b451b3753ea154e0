import type { FormDefinition } from '../../../../src-preload/contract';

/**
 * The form builder's model of alert rules: a field's rules ("an answer of 7 or more is urgent")
 * and the form's rules on an instrument's total ("a PHQ-9 of 20 or more is urgent"), as the
 * inputs hold them (strings), and how they become the rules the service checks and stores. The
 * service is the judge of validity; a number that is not one is sent as typed so its error lands
 * on that very input.
 */

type FormField = FormDefinition['fields'][number];
export type AlertRule = NonNullable<FormField['alertRules']>[number];
export type ScoreAlert = NonNullable<FormDefinition['scoreAlerts']>[number];
export type RulePriority = AlertRule['priority'];
export type InstrumentKey = ScoreAlert['instrument'];
type FieldType = FormField['type'];

export const PRIORITIES = ['urgent', 'review'] as const satisfies readonly RulePriority[];

/**
 * What a rule asks of the answer. `atLeast`/`atMost`/`between` compare a number, or for a single
 * choice the chosen option's position (the points of a scored item); `equals` is one option (for
 * a multiple choice: the answer includes it) or yes / no.
 */
export type RuleKind = 'atLeast' | 'atMost' | 'between' | 'equals';

export interface DraftRule {
  /** Stable React key and error anchor; never sent. */
  key: string;
  kind: RuleKind;
  /** A number's text, or for a single choice the option's position as text ('1' = second). */
  min: string;
  max: string;
  /** The option, or 'true' / 'false' for a yes/no question. */
  equals: string;
  priority: RulePriority;
}

export interface DraftScoreRule {
  key: string;
  instrument: InstrumentKey;
  kind: Exclude<RuleKind, 'equals'>;
  min: string;
  max: string;
  priority: RulePriority;
}

/** The kinds of rule a question of `type` can carry, the first being the one a new rule starts as. */
export function ruleKinds(type: FieldType): readonly RuleKind[] {
  switch (type) {
    case 'number':
    case 'slider':
      return ['atLeast', 'atMost', 'between'];
    case 'select':
      return ['atLeast', 'equals', 'atMost'];
    case 'multiselect':
    case 'boolean':
      return ['equals'];
    default:
      return [];
  }
}

/** Written and date answers carry no rules: the service triages written answers instead. */
export const hasAlertRules = (type: FieldType) => ruleKinds(type).length > 0;

let keys = 0;
function nextRuleKey(): string {
  keys += 1;
  return `rule-${keys}`;
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

function kindOf(rule: { min?: number; max?: number }): Exclude<RuleKind, 'equals'> {
  if (rule.min !== undefined && rule.max !== undefined) return 'between';
  return rule.max !== undefined ? 'atMost' : 'atLeast';
}

export function draftRule(rule: AlertRule): DraftRule {
  return {
    key: nextRuleKey(),
    kind: rule.equals !== undefined ? 'equals' : kindOf(rule),
    min: text(rule.min),
    max: text(rule.max),
    equals: rule.equals === undefined ? '' : String(rule.equals),
    priority: rule.priority,
  };
}

export function draftScoreRule(rule: ScoreAlert): DraftScoreRule {
  return {
    key: nextRuleKey(),
    instrument: rule.instrument,
    kind: kindOf(rule),
    min: text(rule.min),
    max: text(rule.max),
    priority: rule.priority,
  };
}

/**
 * A new rule for a question of `type`: urgent, and for a choice its second option (a scored
 * item's "some days" and above; the first option is the "not at all" that raises nothing).
 */
export function newRule(type: FieldType, options: readonly string[]): DraftRule {
  const kind = ruleKinds(type)[0] ?? 'atLeast';
  return {
    key: nextRuleKey(),
    kind,
    min: type === 'select' ? String(Math.min(1, Math.max(0, options.length - 1))) : '',
    max: '',
    equals: type === 'boolean' ? 'true' : (options[0] ?? ''),
    priority: 'urgent',
  };
}

export function newScoreRule(instrument: InstrumentKey): DraftScoreRule {
  return { key: nextRuleKey(), instrument, kind: 'atLeast', min: '', max: '', priority: 'urgent' };
}

/** A number input's text as JSON: the number, or the text itself so the service names the error. */
function numberOrText(value: string): number {
  const n = Number(value);
  return (value.trim() !== '' && Number.isFinite(n) ? n : value) as number;
}

/** Whether a kind of rule compares with its `min` ("at least") or its `max` ("at most"). */
export function usesBound(kind: RuleKind, bound: 'min' | 'max'): boolean {
  return kind === 'between' || kind === (bound === 'min' ? 'atLeast' : 'atMost');
}

/** The bounds a kind sends; a blank bound is left out, so the service says it is missing. */
function bounds(rule: { kind: RuleKind; min: string; max: string }): {
  min?: number;
  max?: number;
} {
  const min = usesBound(rule.kind, 'min');
  const max = usesBound(rule.kind, 'max');
  return {
    ...(min && rule.min.trim() !== '' ? { min: numberOrText(rule.min) } : {}),
    ...(max && rule.max.trim() !== '' ? { max: numberOrText(rule.max) } : {}),
  };
}

/** The rule as the service takes it for a question of `type`. */
export function ruleDefinition(rule: DraftRule, type: FieldType): AlertRule {
  if (rule.kind !== 'equals') return { ...bounds(rule), priority: rule.priority };
  const equals = type === 'boolean' ? rule.equals === 'true' : rule.equals;
  return { equals, priority: rule.priority };
}

export function scoreRuleDefinition(rule: DraftScoreRule): ScoreAlert {
  return { instrument: rule.instrument, ...bounds(rule), priority: rule.priority };
}

/**
 * A rule changed to another kind keeps what the new kind can use: an "at least 7" that becomes
 * "between" starts as 7 to blank, and a choice rule moving between position and option keeps the
 * option it named.
 */
export function changeKind<R extends DraftRule | DraftScoreRule>(
  rule: R,
  kind: R['kind'],
  options: readonly string[] = [],
): R {
  if (rule.kind === kind) return rule;
  const next = { ...rule, kind };
  if ('equals' in next) {
    if (kind === 'equals') {
      const position = rule.kind === 'atMost' ? rule.max : rule.min;
      const option = position.trim() === '' ? undefined : options[Number(position)];
      if (option !== undefined) next.equals = option;
    } else if (rule.kind === 'equals') {
      const at = options.indexOf(next.equals);
      if (at >= 0) next.min = next.max = String(at);
    }
  }
  if (kind === 'atMost' && next.max === '' && rule.kind === 'atLeast') next.max = next.min;
  if (kind === 'atLeast' && next.min === '' && rule.kind === 'atMost') next.min = next.max;
  return next;
}
