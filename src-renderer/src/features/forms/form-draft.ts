import type { ClinicalForm, DraftError, FormDefinition } from '../../../../src-preload/contract';
import {
  draftRule,
  draftScoreRule,
  hasAlertRules,
  ruleDefinition,
  scoreRuleDefinition,
  type DraftRule,
  type DraftScoreRule,
} from './alert-rule-draft';

/**
 * The form builder's model: what the coordinator is editing (strings, as the inputs hold them),
 * how it becomes the definition the service checks, and where the service's errors belong. The
 * service is the one judge of validity (forms.preview runs create's checks); this file only
 * shapes the draft and routes the answers back to the right input.
 */

export type FormField = FormDefinition['fields'][number];
export type FieldType = FormField['type'];
export type FormType = NonNullable<FormDefinition['type']>;

export const FIELD_TYPES = [
  'text',
  'number',
  'slider',
  'select',
  'multiselect',
  'boolean',
  'date',
] as const satisfies readonly FieldType[];
export const FORM_TYPES = [
  'assessment',
  'follow_up',
  'survey',
] as const satisfies readonly FormType[];

// Compile-time: the lists above name every type the service knows.
type Missing<All, Listed> = Exclude<All, Listed> extends never ? true : never;
const EVERY_FIELD_TYPE: Missing<FieldType, (typeof FIELD_TYPES)[number]> = true;
const EVERY_FORM_TYPE: Missing<FormType, (typeof FORM_TYPES)[number]> = true;
void EVERY_FIELD_TYPE;
void EVERY_FORM_TYPE;

export const hasOptions = (type: FieldType) => type === 'select' || type === 'multiselect';
export const hasBounds = (type: FieldType) => type === 'number' || type === 'slider';

export interface DraftField {
  /** Stable React key and error anchor; never sent. */
  key: string;
  id: string;
  /** The id follows the label until it is edited by hand, or when the field was already saved. */
  idFollowsLabel: boolean;
  type: FieldType;
  label: string;
  hint: string;
  required: boolean;
  /** Number inputs' text; blank means "not set". */
  min: string;
  max: string;
  step: string;
  /** Kept while the type has none, so switching back and forth loses nothing. */
  options: string[];
  /**
   * The field's alert rules (a PHQ-9 item 9 above 0 is urgent). Kept while the type has none, so
   * that a question turned into a written one and back never loses a clinical rule; sent while
   * the type can carry them.
   */
  alertRules: DraftRule[];
}

export interface Draft {
  name: string;
  type: FormType;
  description: string;
  fields: DraftField[];
  /** Rules on the totals of the instruments the form holds (PHQ-9, GAD-7). */
  scoreAlerts: DraftScoreRule[];
}

let keys = 0;
/** A key unique within this window's life. */
export function nextKey(): string {
  keys += 1;
  return `field-${keys}`;
}

export function emptyDraft(): Draft {
  return { name: '', type: 'assessment', description: '', fields: [], scoreAlerts: [] };
}

const numberText = (n: number | undefined) => (n === undefined ? '' : String(n));

export function draftFromForm(
  form: Pick<ClinicalForm, 'name' | 'type' | 'description' | 'fields' | 'scoreAlerts'>,
): Draft {
  return {
    scoreAlerts: (form.scoreAlerts ?? []).map(draftScoreRule),
    name: form.name,
    type: form.type,
    description: form.description,
    fields: form.fields.map((f) => ({
      key: nextKey(),
      id: f.id,
      // Saved ids name past answers: they never move by themselves.
      idFollowsLabel: false,
      type: f.type,
      label: f.label,
      hint: f.hint ?? '',
      required: f.required,
      min: numberText(f.min),
      max: numberText(f.max),
      step: numberText(f.step),
      options: f.options ? [...f.options] : [''],
      alertRules: (f.alertRules ?? []).map(draftRule),
    })),
  };
}

/** A new question of `type`, with the starting values that make it valid once labelled. */
export function newField(type: FieldType, others: readonly DraftField[]): DraftField {
  const field: DraftField = {
    key: nextKey(),
    id: '',
    idFollowsLabel: true,
    type,
    label: '',
    hint: '',
    required: true,
    // A 0–10 scale is the common case (pain, mood).
    min: type === 'slider' ? '0' : '',
    max: type === 'slider' ? '10' : '',
    step: type === 'slider' ? '1' : '',
    options: [''],
    alertRules: [],
  };
  return { ...field, id: idFromLabel('', taken(others), others.length + 1) };
}

function taken(fields: readonly DraftField[], except?: string): Set<string> {
  return new Set(fields.filter((f) => f.key !== except).map((f) => f.id));
}

/**
 * A field id from its question: lower case, accents dropped, anything else an underscore
 * (`¿Dolor al caminar?` → `dolor_al_caminar`), starting with a letter, at most 64 characters,
 * and not one another field uses (`_2`, `_3`…). An empty label gives `q_<position>`.
 */
export function idFromLabel(label: string, used: ReadonlySet<string>, position: number): string {
  let base = label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!base) base = `q_${position}`;
  else if (!/^[a-z]/.test(base)) base = `q_${base}`;
  base = base.slice(0, 64).replace(/_+$/, '');
  let id = base;
  for (let n = 2; used.has(id); n += 1) {
    const suffix = `_${n}`;
    id = `${base.slice(0, 64 - suffix.length).replace(/_+$/, '')}${suffix}`;
  }
  return id;
}

/** Applies a change to one field; a label change moves an id that still follows it. */
export function updateField(draft: Draft, key: string, patch: Partial<DraftField>): Draft {
  const fields = draft.fields.map((f, i) => {
    if (f.key !== key) return f;
    const next = { ...f, ...patch };
    if (patch.id !== undefined) next.idFollowsLabel = false;
    else if (patch.label !== undefined && next.idFollowsLabel) {
      next.id = idFromLabel(next.label, taken(draft.fields, key), i + 1);
    }
    return next;
  });
  return { ...draft, fields };
}

/** Moves the field at `from` by `by` places (−1 up, +1 down); out of range changes nothing. */
export function moveField(draft: Draft, from: number, by: -1 | 1): Draft {
  const to = from + by;
  if (from < 0 || to < 0 || from >= draft.fields.length || to >= draft.fields.length) return draft;
  const fields = [...draft.fields];
  [fields[from], fields[to]] = [fields[to]!, fields[from]!];
  return { ...draft, fields };
}

export function removeField(draft: Draft, key: string): Draft {
  return { ...draft, fields: draft.fields.filter((f) => f.key !== key) };
}

/**
 * A number input's text as JSON: a number, or the text itself when it is not one, so the service
 * answers with a type error at that very property instead of the value silently vanishing.
 */
function numberOrText(text: string): number {
  const n = Number(text);
  return (text.trim() !== '' && Number.isFinite(n) ? n : text) as number;
}

/** Only the properties the field's type takes: a select turned into text sends no options. */
export function fieldDefinition(f: DraftField): FormField {
  return {
    id: f.id,
    type: f.type,
    label: f.label,
    required: f.required,
    ...(f.hint.trim() ? { hint: f.hint } : {}),
    ...(hasBounds(f.type) && f.min.trim() !== '' ? { min: numberOrText(f.min) } : {}),
    ...(hasBounds(f.type) && f.max.trim() !== '' ? { max: numberOrText(f.max) } : {}),
    ...(f.type === 'slider' && f.step.trim() !== '' ? { step: numberOrText(f.step) } : {}),
    ...(hasOptions(f.type) ? { options: f.options } : {}),
    ...(f.alertRules.length && hasAlertRules(f.type)
      ? { alertRules: f.alertRules.map((rule) => ruleDefinition(rule, f.type)) }
      : {}),
  };
}

export function toDefinition(draft: Draft): FormDefinition {
  return {
    name: draft.name,
    type: draft.type,
    description: draft.description,
    fields: draft.fields.map(fieldDefinition),
    // Always sent: an update without it would keep rules the coordinator removed.
    scoreAlerts: draft.scoreAlerts.map(scoreRuleDefinition),
  };
}

// ---------------------------------------------------------------------------------------------
// Where an error belongs

export type FormProp = 'name' | 'type' | 'description' | 'fields' | 'scoreAlerts';
export type FieldProp =
  | 'field'
  | 'id'
  | 'type'
  | 'label'
  | 'hint'
  | 'required'
  | 'min'
  | 'max'
  | 'step'
  | 'options'
  | 'alertRules';

export interface PlacedError extends DraftError {
  /** The option's row, for `/fields/N/options/M`. */
  option?: number;
  /** The rule's row, for `/fields/N/alertRules/M…` and `/scoreAlerts/M…`. */
  rule?: number;
  /** What in the rule, for `/…/M/min` and the like. */
  ruleProp?: string;
}

export interface ErrorMap {
  form: Partial<Record<FormProp, PlacedError[]>>;
  /** By field key, then property. */
  fields: Map<string, Partial<Record<FieldProp, PlacedError[]>>>;
  /** Anything without a place of its own (shown in the summary). */
  other: PlacedError[];
}

const FIELD_PROPS = new Set<string>([
  'id',
  'type',
  'label',
  'hint',
  'required',
  'min',
  'max',
  'step',
  'options',
  'alertRules',
]);
const FORM_PROPS = new Set<string>(['name', 'type', 'description', 'fields']);

/** The row (and what in it) of `…/alertRules/M/min` from the parts after the list's name. */
function inRow(error: DraftError, row: string | undefined, prop: string | undefined): PlacedError {
  if (row === undefined || !/^\d+$/.test(row)) return error;
  return { ...error, rule: Number(row), ...(prop !== undefined ? { ruleProp: prop } : {}) };
}

/**
 * Sorts the service's errors by the input they point at. `fieldKeys` are the keys of the fields
 * in the definition that was checked, in its order: the pointers count from that snapshot, so a
 * field moved since still gets its own errors.
 */
export function placeErrors(errors: readonly DraftError[], fieldKeys: readonly string[]): ErrorMap {
  const map: ErrorMap = { form: {}, fields: new Map(), other: [] };
  for (const error of errors) {
    const parts = error.pointer.split('/').slice(1);
    const [top, index, prop, option, ruleProp] = parts;
    if (top === 'scoreAlerts') {
      (map.form.scoreAlerts ??= []).push(inRow(error, index, prop));
      continue;
    }
    if (top === 'fields' && index !== undefined) {
      const key = fieldKeys[Number(index)];
      const where = prop === undefined ? 'field' : prop;
      if (
        key !== undefined &&
        /^\d+$/.test(index) &&
        (where === 'field' || FIELD_PROPS.has(where))
      ) {
        const entry = map.fields.get(key) ?? {};
        const placed: PlacedError =
          where === 'options' && option !== undefined
            ? { ...error, option: Number(option) }
            : where === 'alertRules'
              ? inRow(error, option, ruleProp)
              : error;
        (entry[where as FieldProp] ??= []).push(placed);
        map.fields.set(key, entry);
        continue;
      }
    } else if (top !== undefined && parts.length === 1 && FORM_PROPS.has(top)) {
      (map.form[top as FormProp] ??= []).push(error);
      continue;
    }
    map.other.push(error);
  }
  return map;
}

export function errorCount(map: ErrorMap): number {
  let n = map.other.length;
  for (const list of Object.values(map.form)) n += list.length;
  for (const entry of map.fields.values())
    for (const list of Object.values(entry)) n += list.length;
  return n;
}
