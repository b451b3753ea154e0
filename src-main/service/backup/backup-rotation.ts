/** How many backups of each period are kept (docs/data-safety.md). */
export interface RotationPolicy {
  hourly: number;
  daily: number;
  weekly: number;
}

export const DEFAULT_ROTATION: RotationPolicy = { hourly: 24, daily: 14, weekly: 8 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Weeks start on Monday: 1970-01-01 was a Thursday, so Monday 1969-12-29 starts week 0. */
const WEEK_ORIGIN = -3 * DAY;

/**
 * Which backups to keep, from their times (ms since the epoch, UTC periods): the newest backup of
 * each of the latest `hourly` hours that have one, of the latest `daily` days and of the latest
 * `weekly` weeks, and always the newest of all. A pure function: the rotation's whole rule.
 */
export function backupsToKeep(times: readonly number[], policy: RotationPolicy): Set<number> {
  const newestFirst = [...new Set(times)].sort((a, b) => b - a);
  const keep = new Set<number>(newestFirst.slice(0, 1));
  const periods: Array<[number, (t: number) => number]> = [
    [policy.hourly, (t) => Math.floor(t / HOUR)],
    [policy.daily, (t) => Math.floor(t / DAY)],
    [policy.weekly, (t) => Math.floor((t - WEEK_ORIGIN) / (7 * DAY))],
  ];
  for (const [count, period] of periods) {
    let kept = 0;
    let last: number | undefined;
    for (const time of newestFirst) {
      if (kept >= count) break;
      const p = period(time);
      if (p === last) continue; // an older backup of a period already kept
      last = p;
      keep.add(time);
      kept++;
    }
  }
  return keep;
}
