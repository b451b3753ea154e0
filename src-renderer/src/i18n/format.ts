import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_TAGS, type AppLanguage } from './messages';

export interface Formatters {
  locale: string;
  /** 24 nov 2026 */
  date(iso: string | Date): string;
  /** 24 nov 2026, 9:30 */
  dateTime(iso: string | Date): string;
  /** 9:30 */
  time(iso: string | Date): string;
  /** "hace 3 días", "dentro de 2 horas", relative to `now` (the service clock in sandbox mode). */
  relative(iso: string | Date, now?: Date): string;
  number(value: number): string;
  /** A plain date of birth (YYYY-MM-DD) without shifting it through a time zone. */
  plainDate(isoDate: string): string;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function createFormatters(language: AppLanguage): Formatters {
  const locale = LOCALE_TAGS[language];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  const plain = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const number = new Intl.NumberFormat(locale);
  const toDate = (v: string | Date) => (typeof v === 'string' ? new Date(v) : v);
  return {
    locale,
    date: (v) => date.format(toDate(v)),
    dateTime: (v) => dateTime.format(toDate(v)),
    time: (v) => time.format(toDate(v)),
    relative(v, now = new Date()) {
      const diff = toDate(v).getTime() - now.getTime();
      for (const [unit, ms] of UNITS) {
        if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
      }
      return relative.format(0, 'minute');
    },
    number: (v) => number.format(v),
    plainDate: (v) => plain.format(new Date(`${v}T00:00:00Z`)),
  };
}

/** Formatters for the current UI language. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'es') as AppLanguage;
  return useMemo(() => createFormatters(language), [language]);
}
