import { INSTRUMENTS, type InstrumentKey, type ScoreBand } from '../domain/instrument-scores';
import type { AlertRule, FormDefinition, FormField, ScoreAlert } from '../schemas/clinical-form';
import type { InstrumentEdition } from './edition';
import { GAD7_EN, GAD7_ES } from './gad7-editions';
import { PHQ9_EN, PHQ9_ES } from './phq9-editions';

/**
 * The validated instruments a clinic can add, and what makes a form one: its items, options and
 * instruction are an edition's, word for word, and stay so; the alert rules are the clinic's,
 * except the ones the instrument's own guidance makes a floor (PHQ-9 item 9).
 *
 * No Catalan edition: no published, validated Catalan wording of either instrument could be
 * checked (docs/validated-instruments.md), and a translation of our own would not be validated.
 */
export const EDITIONS: readonly InstrumentEdition[] = [PHQ9_ES, PHQ9_EN, GAD7_ES, GAD7_EN];

/** An edition as the desktop app shows it: its wording with the instrument's scoring. */
export interface EditionInfo extends InstrumentEdition {
  /** The instrument's own name (PHQ-9). */
  name: string;
  max: number;
  bands: readonly ScoreBand[];
  requiredRules: readonly RequiredRule[];
}

export function editionInfo(edition: InstrumentEdition): EditionInfo {
  const instrument = INSTRUMENTS[edition.instrument];
  return {
    ...edition,
    name: instrument.name,
    max: instrument.max,
    bands: instrument.bands,
    requiredRules: requiredRules(edition.instrument),
  };
}

export function editionById(id: string): InstrumentEdition | undefined {
  return EDITIONS.find((e) => e.id === id);
}

/** The edition a stored form's `instrument` column names, if it is a validated instrument's. */
export function editionOfStored(instrument: string | null): InstrumentEdition | undefined {
  if (instrument === null) return undefined;
  return editionById((JSON.parse(instrument) as { edition: string }).edition);
}

/**
 * A rule no form of the instrument may go without. PHQ-9 item 9 (thoughts of death or of
 * self-harm): any answer but the first needs a clinician's follow-up whatever the total
 * (Kroenke et al. 2001; the instrument's instructions), so it is urgent.
 */
export interface RequiredRule {
  fieldId: string;
  /** The lowest option position the rule must cover, up to the last. */
  from: number;
  priority: AlertRule['priority'];
}

const REQUIRED_RULES: Readonly<Record<InstrumentKey, readonly RequiredRule[]>> = {
  phq9: [{ fieldId: 'phq9_9', from: 1, priority: 'urgent' }],
  gad7: [],
};

export const requiredRules = (key: InstrumentKey) => REQUIRED_RULES[key];

/**
 * The score alerts an added instrument starts with (the clinic may change them): the severe band
 * is urgent, the band below it is for review. PHQ-9 ≥ 20 and 15–19; GAD-7 ≥ 15 and 10–14.
 */
function defaultScoreAlerts(key: InstrumentKey): ScoreAlert[] {
  const bands = INSTRUMENTS[key].bands;
  const severe = bands.at(-1)!;
  const below = bands.at(-2)!;
  return [
    { instrument: key, min: severe.min, priority: 'urgent' },
    { instrument: key, min: below.min, max: below.max, priority: 'review' },
  ];
}

/** The form an edition makes: its wording, the required rules and the default score alerts. */
export function formFromEdition(edition: InstrumentEdition): FormDefinition {
  const required = requiredRules(edition.instrument);
  const items = INSTRUMENTS[edition.instrument].itemIds.map((id, i): FormField => {
    const rules = required
      .filter((r) => r.fieldId === id)
      .map((r): AlertRule => ({ min: r.from, priority: r.priority }));
    return {
      id,
      type: 'select',
      label: edition.items[i]!,
      required: true,
      options: [...edition.options],
      ...(rules.length ? { alertRules: rules } : {}),
    };
  });
  const extra: FormField[] = edition.difficulty
    ? [
        {
          id: edition.difficulty.id,
          type: 'select',
          label: edition.difficulty.label,
          required: false,
          options: [...edition.difficulty.options],
        },
      ]
    : [];
  return {
    name: edition.title,
    type: 'assessment',
    description: edition.instruction,
    fields: [...items, ...extra],
    scoreAlerts: defaultScoreAlerts(edition.instrument),
  };
}

/** Does some rule raise an alert of at least `required.priority` for every position from `from`? */
function covers(rules: readonly AlertRule[], required: RequiredRule, last: number): boolean {
  return rules.some(
    (r) =>
      r.equals === undefined &&
      (r.priority === 'urgent' || r.priority === required.priority) &&
      (r.min ?? 0) <= required.from &&
      (r.max === undefined || r.max >= last),
  );
}

/** A difference between a validated form's fields and its edition's, as a pointer and why. */
export interface WordingFault {
  pointer: string;
  code: 'instrument_locked' | 'rule_required';
  detail: string;
}

/** What a field may differ in from the edition's: its alert rules, nothing else. */
function wording(field: FormField): string {
  const { alertRules: _rules, ...rest } = field;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/**
 * The faults of `fields` as the fields of a form of `edition`: the same questions in the same
 * order, each word for word (only the alert rules are the clinic's), and the required rules kept.
 */
export function wordingFaults(
  edition: InstrumentEdition,
  fields: readonly (FormField | undefined)[],
  base = '/fields',
): WordingFault[] {
  const expected = formFromEdition(edition).fields;
  const faults: WordingFault[] = [];
  const name = INSTRUMENTS[edition.instrument].name;
  if (fields.length !== expected.length) {
    faults.push({
      pointer: base,
      code: 'instrument_locked',
      detail: `${name} is a validated instrument: its ${expected.length} questions cannot be added to or removed; make a copy to change them.`,
    });
  }
  expected.forEach((want, i) => {
    const field = fields[i];
    if (field === undefined || wording(field) === wording(want)) return;
    const prop = (['id', 'type', 'label', 'options', 'required', 'hint'] as const).find(
      (p) => JSON.stringify(field[p]) !== JSON.stringify(want[p]),
    );
    faults.push({
      pointer: `${base}/${i}${prop ? `/${prop}` : ''}`,
      code: 'instrument_locked',
      detail: `${name} is a validated instrument: question ${i + 1} keeps its published wording, options and scoring; make a copy to change them.`,
    });
  });
  for (const required of requiredRules(edition.instrument)) {
    const i = fields.findIndex((f) => f?.id === required.fieldId);
    const field = fields[i];
    if (!field) continue;
    const last = (field.options?.length ?? 1) - 1;
    if (!covers(field.alertRules ?? [], required, last)) {
      faults.push({
        pointer: `${base}/${i}/alertRules`,
        code: 'rule_required',
        detail: `${name} question ${i + 1}: any answer from option ${required.from + 1} on must raise an ${required.priority} alert (the instrument's guidance).`,
      });
    }
  }
  return faults;
}
