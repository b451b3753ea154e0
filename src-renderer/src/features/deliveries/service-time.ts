/** The browser's IANA time zone: the coordinator's local time, which the calendar follows. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` input's value (local wall time, minutes) for an instant. */
export function toLocalInputValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The instant a `datetime-local` value names in the coordinator's time zone, as the UTC ISO text
 * the service stores; undefined when the value is not a date-time.
 */
export function localInputToIso(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, match[6] ? Number(match[6]) : 0);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The next whole hour at least 30 minutes after `ms`: a sensible default for "later". */
export function nextRoundHour(ms: number): number {
  const d = new Date(ms + 30 * 60_000);
  d.setMinutes(0, 0, 0);
  return d.getTime() + 3_600_000;
}
