/**
 * The rules of a form's fields and alert rules that a schema cannot say (api-decisions §8), for
 * a definition, a patch or a draft: every problem with a pointer, and the fields as stored.
 */
import { validationFailed, type FieldError } from '../errors';
import { compileBodyValidator } from '../validation/input-validator';
import {
  FormField,
  type AlertRule,
  type ScoreAlert,
  type ValidatedInstrument,
} from '../schemas/clinical-form';
import { editionById, wordingFaults } from '../instruments/validated-instruments';
import { type ClinicalFormRow } from '../store/queries/clinical-forms';
import { onStep } from './form-answers';
import { INSTRUMENTS, recogniseInstruments } from './instrument-scores';

const checkFieldShape = compileBodyValidator(FormField);

/** Why an alert rule cannot apply to its field, if it cannot; `at` names the rule's bound at fault. */
function alertRuleFault(
  field: FormField,
  rule: AlertRule,
): { code: string; detail: string; at?: 'min' | 'max' } | undefined {
  const bounds = rule.min !== undefined || rule.max !== undefined;
  if (!bounds && rule.equals === undefined)
    return { code: 'required', detail: 'an alert rule needs min, max or equals.' };
  if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max)
    return { code: 'range', detail: 'the alert rule’s max is less than its min.', at: 'max' };
  switch (field.type) {
    case 'number':
    case 'slider':
      if (rule.equals !== undefined)
        return { code: 'not_allowed', detail: 'a number alert rule uses min and max.' };
      return beyond(rule, field.min, field.max, 'the answers the question allows');
    case 'select':
    case 'multiselect':
      if (typeof rule.equals === 'boolean')
        return { code: 'type', detail: 'a choice alert rule equals one of the options.' };
      if (rule.equals !== undefined && !field.options?.includes(rule.equals))
        return { code: 'unknown_option', detail: `'${rule.equals}' is not one of the options.` };
      if (bounds && field.type === 'multiselect')
        return { code: 'not_allowed', detail: 'a multiselect alert rule uses equals.' };
      // A single choice's bounds are option positions: 0 for the first.
      return beyond(rule, 0, (field.options?.length ?? 1) - 1, 'the option positions', true);
    case 'boolean':
      return typeof rule.equals === 'boolean' && !bounds
        ? undefined
        : { code: 'type', detail: 'a yes/no alert rule equals true or false.' };
    default:
      return {
        code: 'not_allowed',
        detail: `a ${field.type} field has no alert rules (written answers are triaged).`,
      };
  }
}

/**
 * A rule bound no answer can reach (an "8 or more" on a 0–5 scale, the fifth option of four)
 * would never raise its alert: refused, so a clinical rule cannot silently be dead.
 */
function beyond(
  rule: { min?: number | undefined; max?: number | undefined },
  low: number | undefined,
  high: number | undefined,
  what: string,
  whole = false,
): { code: string; detail: string; at: 'min' | 'max' } | undefined {
  for (const at of ['min', 'max'] as const) {
    const value = rule[at];
    if (value === undefined) continue;
    if (whole && !Number.isInteger(value))
      return {
        code: 'type',
        detail: `the rule’s ${at} is an option position (a whole number).`,
        at,
      };
    const unreachable =
      at === 'min' ? high !== undefined && value > high : low !== undefined && value < low;
    if (unreachable)
      return {
        code: 'out_of_range',
        detail: `the rule’s ${at} (${value}) is outside ${what}, so it would never apply.`,
        at,
      };
  }
  return undefined;
}

/**
 * What a change to a validated instrument's form may not do: rewrite its instruction, type or
 * questions, or drop a rule the instrument requires. Its name and alert rules are the clinic's.
 */
export function instrumentErrors(current: ClinicalFormRow, change: unknown): FieldError[] {
  if (current.instrument === null) return [];
  const marker = JSON.parse(current.instrument) as ValidatedInstrument;
  const edition = editionById(marker.edition);
  if (!edition) return [];
  const patch = (typeof change === 'object' && change !== null ? change : {}) as Partial<
    Record<'description' | 'type' | 'fields', unknown>
  >;
  const errors: FieldError[] = [];
  const locked = (pointer: string, what: string) =>
    errors.push({
      pointer,
      code: 'instrument_locked',
      detail: `${INSTRUMENTS[edition.instrument].name} is a validated instrument: its ${what} cannot change; make a copy to change it.`,
    });
  if (typeof patch.description === 'string' && patch.description.trim() !== current.description)
    locked('/description', 'instruction');
  if (patch.type !== undefined && patch.type !== current.type) locked('/type', 'type');
  if (Array.isArray(patch.fields)) {
    const fields = patch.fields.map((f) =>
      checkFieldShape(structuredClone(f)) ? (normaliseOne(f as FormField) ?? undefined) : undefined,
    );
    errors.push(...wordingFaults(edition, fields));
  }
  return errors;
}

/** One field as stored (trimmed, slider step), or undefined when the rules refuse it. */
function normaliseOne(field: FormField): FormField | undefined {
  const { errors, out } = fieldRuleErrors([field], '/fields', () => 0);
  return errors.length ? undefined : out[0];
}

/** Score alert rules name an instrument the form holds, with a sensible range. */
export function scoreAlertErrors(
  input: unknown,
  fields: readonly (FormField | undefined)[],
): FieldError[] {
  const rules = (input as { scoreAlerts?: unknown } | null)?.scoreAlerts;
  if (!Array.isArray(rules)) return [];
  const held = new Set(
    recogniseInstruments(fields.filter((f): f is FormField => f !== undefined)).map(
      (i) => i.instrument.key,
    ),
  );
  const errors: FieldError[] = [];
  (rules as ScoreAlert[]).forEach((rule, i) => {
    const at = `/scoreAlerts/${i}`;
    if (!held.has(rule.instrument))
      errors.push({
        pointer: `${at}/instrument`,
        code: 'unknown_instrument',
        detail: `The form does not hold the items of ${rule.instrument}.`,
      });
    if (rule.min === undefined && rule.max === undefined)
      errors.push({ pointer: at, code: 'required', detail: 'A score rule needs min or max.' });
    else if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max)
      errors.push({ pointer: `${at}/max`, code: 'range', detail: 'max is less than min.' });
    else if (
      INSTRUMENTS[rule.instrument] &&
      rule.min !== undefined &&
      rule.min > INSTRUMENTS[rule.instrument].max
    )
      errors.push({
        pointer: `${at}/min`,
        code: 'out_of_range',
        detail: `${INSTRUMENTS[rule.instrument].name} totals go up to ${INSTRUMENTS[rule.instrument].max}, so the rule would never apply.`,
      });
  });
  return errors;
}

/** The `fields` of a definition or patch of any shape, as far as it is a list. */
export function fieldsOf(input: unknown): readonly unknown[] {
  const fields = (input as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) ? fields : [];
}

/**
 * The rules between fields for a list whose entries may not all have the right shape (a draft, or
 * a definition the schema refused elsewhere): the well-formed ones are checked among themselves at
 * their own index, so one bad field does not hide the others' problems. `checked` holds each
 * well-formed field normalised, and undefined where the schema refuses the entry (it reports it).
 */
export function fieldRules(
  fields: readonly unknown[],
  base: string,
): { errors: FieldError[]; checked: (FormField | undefined)[] } {
  const wellFormed = fields.flatMap((field, i) =>
    checkFieldShape(structuredClone(field)) ? [{ field: field as FormField, i }] : [],
  );
  const { errors, out } = fieldRuleErrors(
    wellFormed.map((w) => w.field),
    base,
    (k) => wellFormed[k]!.i,
  );
  const checked: (FormField | undefined)[] = fields.map(() => undefined);
  wellFormed.forEach((w, k) => (checked[w.i] = out[k]));
  return { errors, checked };
}

/**
 * The rules between a form's fields that a schema cannot say (api-decisions §8). Returns the
 * fields as stored: sliders always carry their step (default 1) so the page and the validator
 * agree on the allowed values.
 */
export function normaliseFields(fields: readonly FormField[], base: string): FormField[] {
  const { errors, out } = fieldRuleErrors(fields, base, (i) => i);
  if (errors.length) throw validationFailed(errors);
  return out;
}

function fieldRuleErrors(
  fields: readonly FormField[],
  base: string,
  indexOf: (i: number) => number,
): { errors: FieldError[]; out: FormField[] } {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const out = fields.map((field, k) => {
    const i = indexOf(k);
    const at = `${base}/${i}`;
    const fail = (prop: string, code: string, detail: string) =>
      errors.push({ pointer: `${at}${prop}`, code, detail: `Field '${field.id}': ${detail}` });
    if (seen.has(field.id)) fail('/id', 'duplicate_id', 'the id is used by another field.');
    seen.add(field.id);
    const choice = field.type === 'select' || field.type === 'multiselect';
    if (choice) {
      if (!field.options?.length) fail('/options', 'required', 'select fields need options.');
      else if (new Set(field.options.map((o) => o.trim())).size !== field.options.length) {
        fail('/options', 'duplicate_option', 'options must be distinct.');
      }
    } else if (field.options !== undefined) {
      fail('/options', 'not_allowed', `a ${field.type} field has no options.`);
    }
    if (field.type === 'slider') {
      if (field.min === undefined || field.max === undefined) {
        fail('', 'required', 'a slider needs min and max.');
      } else if (!(field.min < field.max)) {
        fail('/max', 'range', 'max must be greater than min.');
      } else if (field.step !== undefined && field.step > field.max - field.min) {
        fail('/step', 'range', 'step is larger than the range.');
      } else if (!onStep(field.max, field.min, field.step ?? 1)) {
        // Otherwise max could never be answered.
        fail('/step', 'step', 'max must be min plus a whole number of steps.');
      }
    } else if (field.type === 'number') {
      if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
        fail('/max', 'range', 'max must not be less than min.');
      }
    } else if (field.min !== undefined || field.max !== undefined) {
      fail(
        field.min !== undefined ? '/min' : '/max',
        'not_allowed',
        `a ${field.type} field has no bounds.`,
      );
    }
    if (field.step !== undefined && field.type !== 'slider') {
      fail('/step', 'not_allowed', 'only sliders have a step.');
    }
    field.alertRules?.forEach((rule, r) => {
      const fault = alertRuleFault(field, rule);
      if (fault)
        fail(`/alertRules/${r}${fault.at ? `/${fault.at}` : ''}`, fault.code, fault.detail);
    });
    // A blank hint is no hint.
    const { hint: _untrimmed, ...rest } = field;
    const hint = field.hint?.trim();
    const clean: FormField = {
      ...rest,
      label: field.label.trim(),
      ...(hint ? { hint } : {}),
      ...(choice && field.options ? { options: field.options.map((o) => o.trim()) } : {}),
      ...(field.type === 'slider' ? { step: field.step ?? 1 } : {}),
    };
    return clean;
  });
  return { errors, out };
}
