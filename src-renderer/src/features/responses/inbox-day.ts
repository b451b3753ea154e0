/** Where a response sits in the inbox: by the coordinator's calendar days, as a mail client does. */
export type InboxGroup = 'today' | 'yesterday' | 'thisWeek' | 'earlier';

const DAY_MS = 86_400_000;

/** The local calendar day of an instant, as a day number (time zone of this window). */
function localDay(ms: number): number {
  const d = new Date(ms);
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS);
}

/**
 * Today and yesterday by the calendar (not 24-hour windows: "ayer" at 00:10 means the day before);
 * this week back to Monday (the week Spain and Catalonia start on); everything older is earlier.
 */
export function inboxGroup(at: string, nowMs: number): InboxGroup {
  const today = localDay(nowMs);
  const day = localDay(Date.parse(at));
  if (day >= today) return 'today';
  if (day === today - 1) return 'yesterday';
  const weekday = (new Date(nowMs).getDay() + 6) % 7; // Monday 0 … Sunday 6
  if (day >= today - weekday) return 'thisWeek';
  return 'earlier';
}
