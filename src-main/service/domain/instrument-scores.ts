import type { Answer, FormField } from '../schemas/clinical-form';

/**
 * Scored screening instruments: PHQ-9 (depression) and GAD-7 (anxiety).
 *
 * How a form is recognised (docs/api-decisions.md): a form holds an instrument when it has every
 * item field of it — `phq9_1` … `phq9_9`, or `gad7_1` … `gad7_7` — each a `select` with exactly
 * four options. The options are the frequency scale in the form's own language (any wording),
 * so an item scores the index of the chosen option: 0 for the first, 3 for the last. Other
 * fields (PHQ-9's difficulty question, comments) do not score. A form may hold both instruments.
 *
 * A response is scored only when it is complete: every item answered with one of the item's
 * current options. Otherwise it has no total and no band (`answered` says how many items could be
 * scored), and the trend, the distribution and the CSV leave its score out rather than count a
 * missing item as 0, which would understate the severity.
 */

export const INSTRUMENT_KEYS = ['phq9', 'gad7'] as const;
export type InstrumentKey = (typeof INSTRUMENT_KEYS)[number];

export const SEVERITY_BANDS = [
  'minimal',
  'mild',
  'moderate',
  'moderately_severe',
  'severe',
] as const;
export type SeverityBand = (typeof SEVERITY_BANDS)[number];

/** An inclusive range of totals and what it means. */
export interface ScoreBand {
  band: SeverityBand;
  min: number;
  max: number;
}

export interface Instrument {
  key: InstrumentKey;
  /** The instrument's own name, the same in every language. */
  name: string;
  itemIds: readonly string[];
  /** Points of the last option of an item (the first scores 0). */
  itemMax: number;
  /** Highest possible total. */
  max: number;
  /** Contiguous, ascending, covering 0..max. */
  bands: readonly ScoreBand[];
}

const OPTIONS_PER_ITEM = 4;

const items = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}_${i + 1}`);

/** Kroenke, Spitzer & Williams (2001): 5, 10, 15 and 20 mark mild to severe. */
const PHQ9: Instrument = {
  key: 'phq9',
  name: 'PHQ-9',
  itemIds: items('phq9', 9),
  itemMax: 3,
  max: 27,
  bands: [
    { band: 'minimal', min: 0, max: 4 },
    { band: 'mild', min: 5, max: 9 },
    { band: 'moderate', min: 10, max: 14 },
    { band: 'moderately_severe', min: 15, max: 19 },
    { band: 'severe', min: 20, max: 27 },
  ],
};

/** Spitzer et al. (2006): 5, 10 and 15 mark mild, moderate and severe anxiety. */
const GAD7: Instrument = {
  key: 'gad7',
  name: 'GAD-7',
  itemIds: items('gad7', 7),
  itemMax: 3,
  max: 21,
  bands: [
    { band: 'minimal', min: 0, max: 4 },
    { band: 'mild', min: 5, max: 9 },
    { band: 'moderate', min: 10, max: 14 },
    { band: 'severe', min: 15, max: 21 },
  ],
};

export const INSTRUMENTS: Readonly<Record<InstrumentKey, Instrument>> = { phq9: PHQ9, gad7: GAD7 };

/** An instrument found in a form, with the item fields it scores against. */
export interface FormInstrument {
  instrument: Instrument;
  /** The form's item fields, in item order. */
  items: readonly FormField[];
}

/** The instruments a form holds, by the rule above, in INSTRUMENT_KEYS order. */
export function recogniseInstruments(fields: readonly FormField[]): FormInstrument[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const found: FormInstrument[] = [];
  for (const key of INSTRUMENT_KEYS) {
    const instrument = INSTRUMENTS[key];
    const itemFields = instrument.itemIds.map((id) => byId.get(id));
    const complete = itemFields.every(
      (f) => f?.type === 'select' && f.options?.length === OPTIONS_PER_ITEM,
    );
    if (complete) found.push({ instrument, items: itemFields as FormField[] });
  }
  return found;
}

export interface InstrumentScore {
  instrument: InstrumentKey;
  /** The sum of the items; only when every item is answered with one of its options. */
  total?: number;
  band?: SeverityBand;
  /** Items answered with one of their options. */
  answered: number;
  /** Items the instrument has (9 or 7). */
  items: number;
  /** The highest total the instrument has (27 or 21). */
  max: number;
}

/** The band a total falls in; undefined outside 0..max or for a fraction. */
export function bandOf(instrument: Instrument, total: number): SeverityBand | undefined {
  if (!Number.isInteger(total)) return undefined;
  return instrument.bands.find((b) => total >= b.min && total <= b.max)?.band;
}

/**
 * The points of the items answered with one of their options, and how many such items there are,
 * complete or not (scoreAnswers gives a total only for a complete response).
 */
export function itemPoints(
  found: FormInstrument,
  answers: readonly { fieldId: string; value: unknown }[],
): { answered: number; points: number } {
  const values = new Map(answers.map((a) => [a.fieldId, a.value]));
  let answered = 0;
  let points = 0;
  for (const field of found.items) {
    const value = values.get(field.id);
    // An option the form no longer offers (the form was edited) cannot be scored.
    const index = typeof value === 'string' ? (field.options ?? []).indexOf(value) : -1;
    if (index < 0) continue;
    answered += 1;
    points += index;
  }
  return { answered, points };
}

/** Scores one response against one instrument of its form. */
export function scoreAnswers(found: FormInstrument, answers: readonly Answer[]): InstrumentScore {
  const { answered, points: total } = itemPoints(found, answers);
  const { instrument } = found;
  const items = instrument.itemIds.length;
  const { key, max } = instrument;
  if (answered < items) return { instrument: key, answered, items, max };
  return { instrument: key, total, band: bandOf(instrument, total)!, answered, items, max };
}

/** Scores one response against every instrument its form holds. */
export function scoreResponse(
  instruments: readonly FormInstrument[],
  answers: readonly Answer[],
): InstrumentScore[] {
  return instruments.map((found) => scoreAnswers(found, answers));
}
