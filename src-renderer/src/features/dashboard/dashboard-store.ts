import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  AttentionConversation,
  CreditBalance,
  CreditUsage,
  FailedDelivery,
  RecentResponse,
  UpcomingDelivery,
} from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

const DAY_MS = 86_400_000;
/** How far ahead "upcoming" looks. */
export const UPCOMING_DAYS = 7;
const UPCOMING_LIMIT = 100;
export const RECENT_LIMIT = 8;
const ATTENTION_LIMIT = 10;
export const FAILED_LIMIT = 5;

/**
 * Each source is its own Async: cards load, fail and retry independently, so one failing source
 * never blanks the dashboard.
 */
export interface DashboardState {
  balance: Async<CreditBalance>;
  usage: Async<CreditUsage>;
  upcoming: Async<UpcomingDelivery[]>;
  recent: Async<RecentResponse[]>;
  attention: Async<AttentionConversation[]>;
  failed: Async<FailedDelivery[]>;
  loadCredits(): Promise<void>;
  /** Pending deliveries from `now` (the service clock in sandbox mode) to seven days later. */
  loadUpcoming(now: Date): Promise<void>;
  loadRecent(): Promise<void>;
  loadAttention(): Promise<void>;
  loadFailed(): Promise<void>;
  loadAll(now: Date): Promise<void>;
}

export type DashboardStore = StoreApi<DashboardState>;

export function createDashboardStore(bridge: Bridge): DashboardStore {
  // "Now" moves (the sandbox clock arrives or jumps): an answer for an older "now" must not land
  // after a newer one.
  let upcomingRequest = 0;
  return createStore<DashboardState>()((set, get) => ({
    balance: idle,
    usage: idle,
    upcoming: idle,
    recent: idle,
    attention: idle,
    failed: idle,

    async loadCredits() {
      await Promise.all([
        load(
          get().balance,
          (balance) => set({ balance }),
          () => unwrap(bridge.credits.balance()),
        ),
        load(
          get().usage,
          (usage) => set({ usage }),
          () => unwrap(bridge.credits.usage()),
        ),
      ]);
    },

    async loadUpcoming(now) {
      const request = ++upcomingRequest;
      await load(
        get().upcoming,
        (upcoming) => {
          if (request === upcomingRequest) set({ upcoming });
        },
        () =>
          unwrap(
            bridge.schedules.upcoming({
              from: now.toISOString(),
              to: new Date(now.getTime() + UPCOMING_DAYS * DAY_MS).toISOString(),
              limit: UPCOMING_LIMIT,
            }),
          ),
      );
    },

    async loadRecent() {
      await load(
        get().recent,
        (recent) => set({ recent }),
        () => unwrap(bridge.responses.recent({ limit: RECENT_LIMIT })),
      );
    },

    async loadAttention() {
      await load(
        get().attention,
        (attention) => set({ attention }),
        () => unwrap(bridge.conversations.attention({ limit: ATTENTION_LIMIT })),
      );
    },

    async loadFailed() {
      await load(
        get().failed,
        (failed) => set({ failed }),
        () => unwrap(bridge.webhooks.failedDeliveries({ limit: FAILED_LIMIT })),
      );
    },

    async loadAll(now) {
      const s = get();
      await Promise.all([
        s.loadCredits(),
        s.loadUpcoming(now),
        s.loadRecent(),
        s.loadAttention(),
        s.loadFailed(),
      ]);
    },
  }));
}

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
