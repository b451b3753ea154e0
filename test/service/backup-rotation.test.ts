import { describe, expect, it } from 'vitest';
import {
  backupsToKeep,
  DEFAULT_ROTATION,
  type RotationPolicy,
} from '../../src-main/service/backup/backup-rotation';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 0, 5, 0, 30); // a Monday, half past midnight

/** A deterministic pseudo-random sequence (no flaky seeds). */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function hourlyFor(days: number): number[] {
  return Array.from({ length: days * 24 }, (_, i) => START + i * HOUR);
}

const period =
  (size: number, origin = 0) =>
  (t: number) =>
    Math.floor((t - origin) / size);

describe('the rotation', () => {
  it('keeps everything while there are fewer backups than the policy', () => {
    const times = [START, START + HOUR, START + 2 * HOUR];
    expect(backupsToKeep(times, DEFAULT_ROTATION)).toEqual(new Set(times));
  });

  it('keeps nothing of an empty list, and always the newest', () => {
    expect(backupsToKeep([], DEFAULT_ROTATION).size).toBe(0);
    const times = hourlyFor(3);
    expect(backupsToKeep(times, { hourly: 0, daily: 0, weekly: 0 })).toEqual(
      new Set([times.at(-1)]),
    );
  });

  it('after 120 days of hourly backups keeps 24 hourly, 14 daily and 8 weekly ones', () => {
    const times = hourlyFor(120);
    const keep = backupsToKeep(times, DEFAULT_ROTATION);
    const newest = times.at(-1)!;
    // The 24 newest hours are all there.
    for (let i = 0; i < 24; i++) expect(keep.has(newest - i * HOUR)).toBe(true);
    // 14 distinct days and 8 distinct weeks are covered.
    const days = new Set([...keep].map(period(DAY)));
    expect(days.size).toBeGreaterThanOrEqual(14);
    const weeks = new Set([...keep].map(period(7 * DAY, -3 * DAY)));
    expect(weeks.size).toBeGreaterThanOrEqual(8);
    // And no more than the policy allows (the sets overlap).
    expect(keep.size).toBeLessThanOrEqual(24 + 14 + 8);
    // Nothing older than 8 weeks back survives.
    expect(Math.min(...keep)).toBeGreaterThan(newest - 9 * 7 * DAY);
  });

  it('holds its rules on irregular histories (property-like, many seeds)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const random = lcg(seed);
      const policy: RotationPolicy = {
        hourly: Math.floor(random() * 30),
        daily: Math.floor(random() * 20),
        weekly: Math.floor(random() * 10),
      };
      const times: number[] = [];
      let t = START;
      const count = 1 + Math.floor(random() * 400);
      for (let i = 0; i < count; i++) {
        t += Math.floor(random() * random() * 3 * DAY) + 1; // bursts and gaps
        times.push(t);
      }
      const keep = backupsToKeep(times, policy);
      const label = `seed ${seed}`;
      // A subset of the input, never empty, always with the newest.
      for (const k of keep) expect(times.includes(k), label).toBe(true);
      expect(keep.has(Math.max(...times)), label).toBe(true);
      expect(keep.size, label).toBeLessThanOrEqual(
        1 + policy.hourly + policy.daily + policy.weekly,
      );
      // Each period rule: the newest backup of each of the latest N periods with a backup is kept.
      for (const [n, of] of [
        [policy.hourly, period(HOUR)],
        [policy.daily, period(DAY)],
        [policy.weekly, period(7 * DAY, -3 * DAY)],
      ] as const) {
        const newestOf = new Map<number, number>();
        for (const time of times)
          newestOf.set(of(time), Math.max(newestOf.get(of(time)) ?? 0, time));
        const latest = [...newestOf.keys()].sort((a, b) => b - a).slice(0, n);
        for (const p of latest) expect(keep.has(newestOf.get(p)!), label).toBe(true);
      }
      // The same answer whatever the input order, and stable when applied again.
      expect(backupsToKeep([...times].reverse(), policy)).toEqual(keep);
      expect(backupsToKeep([...keep], policy)).toEqual(keep);
    }
  });
});
