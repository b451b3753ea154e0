import type { UpcomingDelivery } from '../../../../src-preload/contract';

/** A local calendar day as YYYY-MM-DD (the coordinator's day, not UTC's). */
export function localDayKey(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export interface DeliveryDay {
  /** YYYY-MM-DD, local. */
  day: string;
  /** `today` and `tomorrow` get words; other days are shown as dates. */
  relation: 'today' | 'tomorrow' | 'later';
  deliveries: UpcomingDelivery[];
}

/** Groups deliveries (already in scheduledAt order) by local day, relative to `now`. */
export function groupByDay(deliveries: UpcomingDelivery[], now: Date): DeliveryDay[] {
  const today = localDayKey(now);
  const tomorrowDate = new Date(now);
  tomorrowDate.setDate(tomorrowDate.getDate() + 1);
  const tomorrow = localDayKey(tomorrowDate);
  const days: DeliveryDay[] = [];
  const sorted = [...deliveries].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
  for (const delivery of sorted) {
    const day = localDayKey(new Date(delivery.scheduledAt));
    let group = days[days.length - 1];
    if (!group || group.day !== day) {
      group = {
        day,
        relation: day === today ? 'today' : day === tomorrow ? 'tomorrow' : 'later',
        deliveries: [],
      };
      days.push(group);
    }
    group.deliveries.push(delivery);
  }
  return days;
}
