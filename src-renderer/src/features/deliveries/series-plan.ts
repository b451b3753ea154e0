import type { InputOf } from '../../../../src-preload/contract';

export type Recurrence = InputOf<'series', 'create'>['recurrence'];

const DAY_MS = 86_400_000;
/** The service's bounds (api-decisions "Series"): 2 to 52 deliveries, a year ahead at most. */
export const MAX_OCCURRENCES = 52;
export const MAX_REMIND_DAYS = 30;
const MAX_AHEAD_MS = 366 * DAY_MS;

/** The dialog's "repeat" and "remind" choices, as typed (numbers as text until checked). */
export interface RepeatChoice {
  repeat: boolean;
  every: string;
  unit: 'day' | 'week';
  end: 'count' | 'until';
  count: string;
  /** YYYY-MM-DD, local. */
  until: string;
  remind: boolean;
  remindDays: string;
}

/** PHQ-9 every two weeks for three months: the everyday case. */
export const DEFAULT_REPEAT: RepeatChoice = {
  repeat: false,
  every: '2',
  unit: 'week',
  end: 'count',
  count: '7',
  until: '',
  remind: false,
  remindDays: '3',
};

export type RepeatError =
  'every' | 'count' | 'until' | 'tooFew' | 'tooMany' | 'tooFar' | 'remindDays' | 'remindAfterNext';

export interface CheckedRepeat {
  recurrence?: Recurrence;
  remindAfterDays?: number;
  /** How many deliveries each patient gets (1 without repeat). */
  occurrences: number;
  errors: Partial<Record<'every' | 'end' | 'remind', RepeatError>>;
}

const wholeNumber = (text: string, min: number, max: number): number | undefined => {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= min && n <= max ? n : undefined;
};

/** The end of a local calendar day, as the service's UTC text. */
function endOfLocalDay(day: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The series the choices describe, checked by the service's own rules so the cost shown is what
 * will be charged: the deliveries fall every N days or weeks from `startMs`, N times or up to the
 * end of the chosen day; a reminder comes before the next delivery.
 */
export function checkRepeat(choice: RepeatChoice, startMs: number, nowMs: number): CheckedRepeat {
  const errors: CheckedRepeat['errors'] = {};
  let remindAfterDays: number | undefined;
  if (choice.remind) {
    remindAfterDays = wholeNumber(choice.remindDays, 1, MAX_REMIND_DAYS);
    if (remindAfterDays === undefined) errors.remind = 'remindDays';
  }
  if (!choice.repeat) {
    return { occurrences: 1, errors, ...(remindAfterDays ? { remindAfterDays } : {}) };
  }
  const every = wholeNumber(choice.every, 1, 52);
  if (every === undefined) errors.every = 'every';
  const stepMs = (every ?? 1) * (choice.unit === 'week' ? 7 : 1) * DAY_MS;
  let occurrences = 0;
  let recurrence: Recurrence | undefined;
  if (choice.end === 'count') {
    const count = wholeNumber(choice.count, 2, MAX_OCCURRENCES);
    if (count === undefined) errors.end = 'count';
    else {
      occurrences = count;
      if (every !== undefined) recurrence = { interval: choice.unit, intervalCount: every, count };
    }
  } else {
    const until = endOfLocalDay(choice.until);
    if (!until) errors.end = 'until';
    else {
      occurrences = Math.floor((Date.parse(until) - startMs) / stepMs) + 1;
      if (occurrences < 2) errors.end = 'tooFew';
      else if (occurrences > MAX_OCCURRENCES) errors.end = 'tooMany';
      else if (every !== undefined)
        recurrence = { interval: choice.unit, intervalCount: every, until };
    }
  }
  if (
    !errors.end &&
    every !== undefined &&
    startMs + (occurrences - 1) * stepMs > nowMs + MAX_AHEAD_MS
  )
    errors.end = 'tooFar';
  if (remindAfterDays !== undefined && every !== undefined && remindAfterDays * DAY_MS >= stepMs)
    errors.remind = 'remindAfterNext';
  const ok = !errors.every && !errors.end && !errors.remind;
  return {
    occurrences: Math.max(occurrences, 1),
    errors,
    ...(ok && recurrence ? { recurrence } : {}),
    ...(remindAfterDays ? { remindAfterDays } : {}),
  };
}
