import type { DeliveryCalendar } from '../contract';
import { validationFailed, type FieldError } from '../errors';
import { CALENDAR_MAX_DAYS } from '../schemas/deliveries';
import type { DeliveryViewQueries } from '../store/queries/delivery-views';

const DAY_MS = 86_400_000;

/** A formatter for calendar days in `timeZone`, or undefined when Intl does not know the zone. */
function dayFormatter(timeZone: string): Intl.DateTimeFormat | undefined {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    return undefined;
  }
}

function dayKey(format: Intl.DateTimeFormat, iso: string): string {
  const parts = Object.fromEntries(
    format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Pending deliveries counted per calendar day of the coordinator's time zone. The service keeps
 * UTC; which day 23:30Z falls on depends on where the coordinator sits, so the window names its
 * IANA zone and the grouping follows that zone's rules (summer time included) rather than a fixed
 * offset the window would have to guess for every day of the month.
 */
export async function deliveryCalendar(
  q: DeliveryViewQueries,
  input: { from: string; to: string; timeZone: string },
): Promise<DeliveryCalendar> {
  const format = dayFormatter(input.timeZone);
  const fromMs = Date.parse(input.from);
  const toMs = Date.parse(input.to);
  const errors: FieldError[] = [];
  if (!format) {
    errors.push({
      pointer: '/timeZone',
      code: 'time_zone',
      detail: `'${input.timeZone.slice(0, 64)}' is not an IANA time zone such as Europe/Madrid.`,
    });
  }
  // The format check lets a leap second through; no clock here can hold one.
  if (Number.isNaN(fromMs)) {
    errors.push({
      pointer: '/from',
      code: 'format',
      detail: 'from must be an ISO 8601 date-time.',
    });
  }
  if (Number.isNaN(toMs)) {
    errors.push({ pointer: '/to', code: 'format', detail: 'to must be an ISO 8601 date-time.' });
  } else if (!Number.isNaN(fromMs) && toMs <= fromMs) {
    errors.push({ pointer: '/to', code: 'range', detail: 'to must be later than from.' });
  } else if (!Number.isNaN(fromMs) && toMs - fromMs > CALENDAR_MAX_DAYS * DAY_MS) {
    errors.push({
      pointer: '/to',
      code: 'range',
      detail: `The calendar covers at most ${CALENDAR_MAX_DAYS} days.`,
    });
  }
  if (errors.length) throw validationFailed(errors);

  const counts = new Map<string, number>();
  const times = await q.pendingTimes(new Date(fromMs).toISOString(), new Date(toMs).toISOString());
  for (const at of times) {
    const day = dayKey(format!, at);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  // Times come soonest first, so the days are already in order.
  return {
    days: [...counts].map(([date, count]) => ({ date, count })),
    total: times.length,
  };
}
