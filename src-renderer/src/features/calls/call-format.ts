import type { TFunction } from 'i18next';
import type { Call, CallStatus } from '../../../../src-preload/contract';

/** "45 s", "2 min", "2 min 5 s": a call's length as people say it. */
export function formatDuration(t: TFunction<'calls'>, totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes === 0) return t('duration.seconds', { seconds });
  if (seconds === 0) return t('duration.exactMinutes', { minutes });
  return t('duration.minutes', { minutes, seconds });
}

/** A call's duration only means something once it has ended with an answer. */
export function shownDuration(t: TFunction<'calls'>, call: Pick<Call, 'status' | 'duration'>) {
  return call.status === 'completed' ? formatDuration(t, call.duration) : t('notSet');
}

export const STATUS_TONES: Record<CallStatus, 'info' | 'warning' | 'success' | 'danger'> = {
  queued: 'info',
  ringing: 'info',
  'in-progress': 'warning',
  completed: 'success',
  failed: 'danger',
};

/**
 * The service's `[from, to)` bounds for a range of local calendar days (the date inputs' values,
 * YYYY-MM-DD): from local midnight of `from` to local midnight after `to`, so "to" includes its
 * whole day as people expect.
 */
export function dayRange(from: string, to: string): { from?: string; to?: string } {
  const midnight = (day: string, plusDays = 0) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d + plusDays).toISOString();
  };
  const valid = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);
  return {
    ...(valid(from) ? { from: midnight(from) } : {}),
    ...(valid(to) ? { to: midnight(to, 1) } : {}),
  };
}
