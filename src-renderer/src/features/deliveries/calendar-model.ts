/**
 * The month grid's date arithmetic, in the coordinator's local time: a calendar day is local
 * midnight to local midnight (23 or 25 hours on the days summer time starts or ends), so every
 * step goes through the Date constructor's local fields, never through fixed millisecond days.
 */

export interface MonthRef {
  year: number;
  /** 0-11, as Date counts them. */
  month: number;
}

export interface CalendarDay {
  /** YYYY-MM-DD in local time. */
  key: string;
  date: Date;
  inMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of a YYYY-MM-DD key. */
export function fromDayKey(key: string): Date {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function monthOf(date: Date): MonthRef {
  return { year: date.getFullYear(), month: date.getMonth() };
}

export function addMonths(ref: MonthRef, months: number): MonthRef {
  return monthOf(new Date(ref.year, ref.month + months, 1));
}

/** The same day of the month `months` away, clamped to that month's length (31 Jan + 1 = 28 Feb). */
export function addMonthsToDay(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), last));
}

/** 0 Sunday … 6 Saturday, counted from the week's first day. */
export function weekdayIndex(date: Date, weekStartsOn: number): number {
  return (date.getDay() - weekStartsOn + 7) % 7;
}

export function startOfWeek(date: Date, weekStartsOn: number): Date {
  return addDays(date, -weekdayIndex(date, weekStartsOn));
}

/** The weeks (rows of seven days) that show a month, starting on `weekStartsOn` (1: Monday). */
export function monthGrid(ref: MonthRef, weekStartsOn: number): CalendarDay[][] {
  const first = new Date(ref.year, ref.month, 1);
  const last = new Date(ref.year, ref.month + 1, 0);
  const weeks: CalendarDay[][] = [];
  let day = startOfWeek(first, weekStartsOn);
  while (day <= last) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ key: dayKey(day), date: day, inMonth: day.getMonth() === ref.month });
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The instants a run of local days covers, [first day's midnight, the day after the last's). */
export function daysRange(first: Date, last: Date): { from: string; to: string } {
  return { from: first.toISOString(), to: addDays(last, 1).toISOString() };
}

/**
 * The first day of the week in `locale` as Date counts days (0 Sunday, 1 Monday): Monday for
 * es-ES, ca-ES and en-GB. Intl knows it where the engine has week data; Monday otherwise, as
 * every language the app speaks starts its weeks on Monday.
 */
export function weekStartFor(locale: string): number {
  try {
    const intl = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = intl.getWeekInfo?.().firstDay ?? intl.weekInfo?.firstDay;
    if (typeof firstDay === 'number' && firstDay >= 1 && firstDay <= 7) return firstDay % 7;
  } catch {
    // An engine without the locale data: the fallback below.
  }
  return 1;
}
