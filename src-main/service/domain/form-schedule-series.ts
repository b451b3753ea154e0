import { ProblemError, validationFailed } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import {
  MAX_SERIES_OCCURRENCES,
  type CancelledSeries,
  type CreateFormScheduleSeries,
  type FormScheduleSeries,
  type FormScheduleSeriesListQuery,
  type Recurrence,
} from '../schemas/form-schedule';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { SERIES_LIST, type FormScheduleSeriesRow } from '../store/queries/form-schedule-series';
import type { Credits } from './credits';
import { deliveryPrice, preferredLanguage, type FormSchedules } from './form-schedules';
import type { Prices } from './pricing';
import { resourceReader } from './resource-reader';

const DAY_MS = 86_400_000;
/** Like any delivery, the last occurrence of a series is at most a year ahead. */
const MAX_AHEAD_MS = 366 * DAY_MS;

/** The length of one step of a recurrence, in milliseconds of the service clock. */
export function stepMs(recurrence: Pick<Recurrence, 'interval' | 'intervalCount'>): number {
  return recurrence.intervalCount * (recurrence.interval === 'week' ? 7 : 1) * DAY_MS;
}

/**
 * The delivery times of a recurrence from `startMs`: `count` of them, or every one at or before
 * `until`. Steps are whole days on the service clock (UTC), so the times are exact and the same
 * on every machine; the desk shows each in the coordinator's zone.
 */
export function occurrenceTimes(startMs: number, recurrence: Recurrence): number[] {
  const step = stepMs(recurrence);
  const times: number[] = [];
  const untilMs = recurrence.until === undefined ? Infinity : Date.parse(recurrence.until);
  const count = recurrence.count ?? MAX_SERIES_OCCURRENCES + 1;
  for (let t = startMs; times.length < count && t <= untilMs; t += step) {
    times.push(t);
    // One past the limit is enough to say "too many".
    if (times.length > MAX_SERIES_OCCURRENCES) break;
  }
  return times;
}

/**
 * Recurring deliveries (api-decisions "Series"). A series makes all its occurrences at once as
 * ordinary pending schedules, each charged its price in the same transaction (402 and nothing
 * made when the balance cannot pay them all), so every occurrence keeps the spec's life: it can
 * be cancelled alone, fails and is refunded alone, and is listed with `seriesId`. Cancelling the
 * series cancels every pending occurrence in one transaction and leaves the others as they are.
 */
export function createFormScheduleSeries(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  credits: Credits;
  prices: Prices;
  schedules: FormSchedules;
  listPage: ListRunner;
}) {
  const { db, clock, newId, q } = deps;
  const { checkTarget, checkScheduledAt, insertPending, cancelPending } = deps.schedules.internal;
  const { row, get, getJson } = resourceReader<FormScheduleSeriesRow, FormScheduleSeries>(
    'form schedule series',
    q.formScheduleSeries.get,
    q.formScheduleSeries.getJson,
  );

  function plan(input: CreateFormScheduleSeries, nowMs: number): number[] {
    const { recurrence } = input;
    if ((recurrence.count === undefined) === (recurrence.until === undefined)) {
      throw validationFailed([
        {
          pointer: '/recurrence',
          code: 'end',
          detail: 'Give exactly one of recurrence.count and recurrence.until.',
        },
      ]);
    }
    const startMs = checkScheduledAt(input.startsAt, nowMs, '/startsAt');
    const times = occurrenceTimes(startMs, recurrence);
    const pointer = recurrence.count === undefined ? '/recurrence/until' : '/recurrence/count';
    if (times.length < 2) {
      throw validationFailed([
        {
          pointer,
          code: 'too_few',
          detail: 'A series has at least 2 deliveries; schedule a single delivery instead.',
        },
      ]);
    }
    if (times.length > MAX_SERIES_OCCURRENCES) {
      throw validationFailed([
        {
          pointer,
          code: 'too_many',
          detail: `A series has at most ${MAX_SERIES_OCCURRENCES} deliveries.`,
        },
      ]);
    }
    if (times.at(-1)! > nowMs + MAX_AHEAD_MS) {
      throw validationFailed([
        {
          pointer,
          code: 'range',
          detail: 'The last delivery of a series can be at most a year ahead.',
        },
      ]);
    }
    // A reminder after the next delivery has gone would remind of a form already replaced.
    if (
      input.remindAfterDays !== undefined &&
      input.remindAfterDays * DAY_MS >= stepMs(recurrence)
    ) {
      throw validationFailed([
        {
          pointer: '/remindAfterDays',
          code: 'range',
          detail: 'The reminder must come before the next delivery of the series.',
        },
      ]);
    }
    return times;
  }

  const create = (input: CreateFormScheduleSeries): Promise<FormScheduleSeries> =>
    db.transaction(async () => {
      const nowMs = clock.now();
      const { patient } = await checkTarget(input);
      const times = plan(input, nowMs);
      await deps.credits.requireBalance(times.length * deliveryPrice(deps.prices, input.channel));
      const id = newId('ser', nowMs);
      const language = input.language ?? preferredLanguage(patient.metadata);
      const message = input.message?.trim() || undefined;
      await q.formScheduleSeries.insert({
        id,
        form_id: input.formId,
        patient_id: input.patientId,
        channel: input.channel,
        language,
        message: message ?? null,
        interval_unit: input.recurrence.interval,
        interval_count: input.recurrence.intervalCount,
        end_count: input.recurrence.count ?? null,
        end_until: input.recurrence.until ? new Date(input.recurrence.until).toISOString() : null,
        occurrences: times.length,
        remind_after_days: input.remindAfterDays ?? null,
        starts_at: new Date(times[0]!).toISOString(),
        cancelled_at: null,
        created_at: new Date(nowMs).toISOString(),
      });
      const occurrence = {
        formId: input.formId,
        patientId: input.patientId,
        channel: input.channel,
        language,
        ...(message ? { message } : {}),
        ...(input.remindAfterDays ? { remindAfterDays: input.remindAfterDays } : {}),
      };
      for (const [i, t] of times.entries())
        await insertPending(occurrence, t, { seriesId: id, seriesIndex: i + 1 });
      return await get(id);
    });

  const cancel = (id: string): Promise<CancelledSeries> =>
    db.transaction(async () => {
      const series = await row(id);
      if (series.cancelled_at) {
        throw new ProblemError(
          400,
          'series_not_cancellable',
          'This series was already cancelled.',
          {
            seriesStatus: 'cancelled',
          },
        );
      }
      const at = clock.nowIso();
      const pending = await q.formSchedules.pendingOfSeries(id);
      let refunded = 0;
      for (const schedule of pending)
        refunded += (await cancelPending(schedule.id)).creditsRefunded;
      await q.formScheduleSeries.cancel(id, at);
      return {
        id,
        status: 'cancelled',
        cancelledSchedules: pending.map((s) => s.id),
        creditsRefunded: refunded,
        cancelledAt: at,
      };
    });

  return {
    create,
    cancel,
    get,
    getJson,
    async list(query: FormScheduleSeriesListQuery): Promise<ListPage> {
      return await deps.listPage(SERIES_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { patientId: query.patientId },
        where: equalTo({ patient_id: query.patientId }),
      });
    },
  };
}

export type FormScheduleSeriesService = ReturnType<typeof createFormScheduleSeries>;
