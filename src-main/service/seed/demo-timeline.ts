import type { Credits } from '../domain/credits';
import { billingPeriod } from '../domain/pricing';
import type { TimedAction } from './demo-deliveries';
import type { Prng } from './prng';

const DAY = 86_400_000;

/** The first day of the third closed billing period before `nowMs`: where the history starts. */
export function historyStartOf(nowMs: number): number {
  let start = Date.parse(billingPeriod(nowMs).start);
  for (let i = 0; i < 3; i++) start = Date.parse(billingPeriod(start - DAY).start);
  return start;
}

/**
 * The clinic's history in time order. Most of it is planned up front; what only exists once the
 * history has run that far (an alert, and what the coordinator did about it) is added with
 * `later` while it runs, at a moment after the one running.
 */
export function createTimeline() {
  let actions: TimedAction[] = [];
  let next = 0;
  return {
    /** Adds an action after the one running (at its time or later), in time order. */
    later(action: TimedAction): void {
      // After every action planned for the same moment: the order stays stable.
      let lo = next;
      let hi = actions.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (actions[mid]!.at <= action.at) lo = mid + 1;
        else hi = mid;
      }
      actions.splice(lo, 0, action);
    },
    /**
     * Runs the clinic's history: the account opens on the professional plan at the start, the
     * allowance resets at each period end, and between them the planned actions (deliveries,
     * chats, calls, notes, alerts) happen at their moments, with one top-up, all through the
     * real domain operations so the books balance. Actions planned before the account opened
     * (the forms were written earlier) run first.
     */
    async run(deps: {
      rng: Prng;
      nowMs: number;
      historyStart: number;
      setTime: (ms: number) => void;
      credits: Credits;
      planned: TimedAction[];
    }): Promise<void> {
      const { rng, nowMs, historyStart, setTime, credits } = deps;
      // One top-up by card, some six weeks into the history.
      const topUp: TimedAction = {
        at: historyStart + 40 * DAY + rng.int(9 * 3600, 18 * 3600) * 1000,
        run: async () => void (await credits.topUp(500, '**** 4242')),
      };
      // A stable order: by time, then as planned (the sort is stable).
      actions = [...deps.planned, topUp].sort((a, b) => a.at - b.at);
      let opened = false;
      let periodEnd = Date.parse(billingPeriod(historyStart).end);
      for (next = 0; next < actions.length;) {
        const action = actions[next++]!;
        if (!opened && action.at >= historyStart) {
          setTime(historyStart);
          await credits.open('professional');
          opened = true;
        }
        while (opened && action.at >= periodEnd) {
          setTime(periodEnd);
          await credits.resetPeriod(new Date(periodEnd).toISOString());
          periodEnd = Date.parse(billingPeriod(periodEnd).end);
        }
        setTime(action.at);
        await action.run();
      }
      if (!opened) {
        setTime(historyStart);
        await credits.open('professional');
      }
      while (periodEnd <= nowMs) {
        setTime(periodEnd);
        await credits.resetPeriod(new Date(periodEnd).toISOString());
        periodEnd = Date.parse(billingPeriod(periodEnd).end);
      }
    },
  };
}
