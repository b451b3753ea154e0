import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DeliveryCalendar, UpcomingDelivery } from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';
import { addDays, daysRange, fromDayKey, type MonthRef } from './calendar-model';
import { localTimeZone } from './service-time';

/** The most deliveries one day's list shows (the service's largest page). */
export const DAY_LIMIT = 100;

export interface CalendarState {
  /** The month on screen; undefined until the screen knows the service's today. */
  month: MonthRef | undefined;
  counts: Async<DeliveryCalendar>;
  /** The chosen day (YYYY-MM-DD, local). */
  day: string | undefined;
  dayDeliveries: Async<UpcomingDelivery[]>;
  showMonth(month: MonthRef): Promise<void>;
  selectDay(day: string): Promise<void>;
  /** After a pushed change: the counts and the chosen day's list again. */
  refresh(): Promise<void>;
}

export type CalendarStore = StoreApi<CalendarState>;

/**
 * The instants whose deliveries a month's grid can show, whatever day its weeks start on: a grid
 * begins at most six days before the 1st and ends at most six days after the last day.
 */
export function monthWindow(month: MonthRef): { from: string; to: string } {
  const first = new Date(month.year, month.month, 1);
  const last = new Date(month.year, month.month + 1, 0);
  return daysRange(addDays(first, -6), addDays(last, 6));
}

export function createCalendarStore(bridge: Bridge): CalendarStore {
  // Months and days change quickly under the keyboard: only the latest answer may land.
  let countsRequest = 0;
  let dayRequest = 0;

  return createStore<CalendarState>()((set, get) => ({
    month: undefined,
    counts: idle,
    day: undefined,
    dayDeliveries: idle,

    async showMonth(month) {
      const request = ++countsRequest;
      const same = get().month;
      const changed = !same || same.year !== month.year || same.month !== month.month;
      set({ month, ...(changed ? { counts: idle } : {}) });
      await load(
        changed ? idle : get().counts,
        (counts) => {
          if (request === countsRequest) set({ counts });
        },
        () =>
          unwrap(bridge.schedules.calendar({ ...monthWindow(month), timeZone: localTimeZone() })),
      );
    },

    async selectDay(day) {
      const request = ++dayRequest;
      const changed = get().day !== day;
      set({ day, ...(changed ? { dayDeliveries: idle } : {}) });
      const start = fromDayKey(day);
      await load(
        changed ? idle : get().dayDeliveries,
        (dayDeliveries) => {
          if (request === dayRequest) set({ dayDeliveries });
        },
        () => unwrap(bridge.schedules.upcoming({ ...daysRange(start, start), limit: DAY_LIMIT })),
      );
    },

    async refresh() {
      const { month, day } = get();
      await Promise.all([
        month ? get().showMonth(month) : undefined,
        day ? get().selectDay(day) : undefined,
      ]);
    },
  }));
}
