import type { CreditUsage, UsageDay } from '../contract';
import type { Clock } from '../jobs/clock';
import type { Queries } from '../store/queries';
import type { Credits } from './credits';

const DAY_MS = 86_400_000;

/**
 * Credits consumed per day over the current period (the usage chart): every day from the period's
 * start up to today, zeros included, so a chart needs no gap filling.
 */
export function createCreditUsage(deps: { q: Queries; clock: Clock; credits: Credits }) {
  return async function usage(): Promise<CreditUsage> {
    const { resetsAt } = await deps.credits.balance();
    const start = new Date(resetsAt);
    start.setUTCMonth(start.getUTCMonth() - 1);
    const periodStart = start.toISOString();
    const consumed = new Map(
      (await deps.q.overview.usage(periodStart, resetsAt)).map((r) => [r.day, r.consumed]),
    );
    const today = deps.clock.nowIso().slice(0, 10);
    const days: UsageDay[] = [];
    for (let t = start.getTime(); t < Date.parse(resetsAt); t += DAY_MS) {
      const date = new Date(t).toISOString().slice(0, 10);
      if (date > today) break;
      days.push({ date, consumed: consumed.get(date) ?? 0 });
    }
    return { periodStart, resetsAt, days };
  };
}
