import { describe, expect, it } from 'vitest';
import {
  CancelledSeries,
  FormSchedule,
  FormScheduleSeries,
} from '../../src-main/service/schemas/form-schedule';
import {
  EVERY_FIELD_ANSWERS,
  expectProblem,
  expectSchema,
  fakeTime,
  footprint,
  formFixture,
  qs,
  serversClosedAfterEach,
  tempDataDir,
  type ListBody,
  type TestServer,
} from './helpers';
import { DAY, HOUR, T0, iso } from './time';

/*
 * Recurring deliveries, reminders and retries (issue 19; api-decisions "Series, reminders and
 * retries") through real HTTP on the sandbox clock: a series makes and charges all its
 * deliveries at once and is cancelled as one; a reminder goes once, only while unanswered, with
 * the same link, and survives a restart; a failed delivery is retried (or rescheduled) once;
 * deliveries are listed by date. Every refusal leaves the books and the tables as they were.
 */

const { newServer, cleanups } = serversClosedAfterEach(T0);
const WEEK = 7 * DAY;
const TABLES = [
  'form_schedules',
  'form_schedule_series',
  'credit_ledger',
  'jobs',
  'outbox',
] as const;

type Schedule = FormSchedule;
type Series = FormScheduleSeries;

async function post(server: TestServer, path: string, body?: unknown) {
  return server.request('POST', path, body === undefined ? {} : { body });
}

async function createSeries(server: TestServer, body: Record<string, unknown>): Promise<Series> {
  const res = await post(server, '/form-schedule-series', body);
  expect(res.status, res.text).toBe(201);
  expectSchema(FormScheduleSeries, res.body);
  expect(res.headers.get('location')).toBe(`/api/v1/form-schedule-series/${res.body.id}`);
  return res.body as Series;
}

async function schedules(server: TestServer, params: Record<string, string | number> = {}) {
  const res = await server.request<ListBody<Schedule>>(
    'GET',
    `/form-schedules${qs({ limit: 100, ...params })}`,
  );
  expect(res.status, res.text).toBe(200);
  for (const s of res.body.data) expectSchema(FormSchedule, s);
  return res.body;
}

async function getSchedule(server: TestServer, id: string): Promise<Schedule> {
  const res = await server.request<Schedule>('GET', `/form-schedules/${id}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(FormSchedule, res.body);
  return res.body;
}

async function getSeries(server: TestServer, id: string): Promise<Series> {
  const res = await server.request<Series>('GET', `/form-schedule-series/${id}`);
  expect(res.status, res.text).toBe(200);
  expectSchema(FormScheduleSeries, res.body);
  return res.body;
}

async function advance(server: TestServer, ms: number): Promise<void> {
  const res = await post(server, '/sandbox/clock/advance', { seconds: ms / 1000 });
  expect(res.status, res.text).toBe(200);
}

async function outboxOf(server: TestServer, scheduleId: string) {
  const res = await server.request('GET', `/sandbox/outbox${qs({ scheduleId })}`);
  expect(res.status, res.text).toBe(200);
  // Newest first, as every list.
  return (res.body.data as { body: string; link: string; subject?: string }[]).reverse();
}

const balance = async (server: TestServer) => (await server.service.core.credits.balance()).balance;

async function submit(server: TestServer, id: string): Promise<void> {
  const res = await post(server, `/sandbox/form-schedules/${id}/submit`, {
    responses: EVERY_FIELD_ANSWERS,
  });
  expect(res.status, res.text).toBe(201);
}

describe('POST /form-schedule-series', () => {
  it('makes every delivery at once, every two weeks, and charges each its price', async () => {
    const server = await newServer();
    const { formId, patientId } = await formFixture(server);
    const before = await balance(server);

    const series = await createSeries(server, {
      formId,
      patientId,
      channel: 'whatsapp',
      startsAt: iso(T0 + HOUR),
      recurrence: { interval: 'week', intervalCount: 2, count: 7 },
      remindAfterDays: 3,
    });
    expect(series).toMatchObject({
      formId,
      patientId,
      channel: 'whatsapp',
      language: 'ca',
      status: 'active',
      recurrence: { interval: 'week', intervalCount: 2, count: 7 },
      remindAfterDays: 3,
      startsAt: iso(T0 + HOUR),
      occurrences: 7,
      counts: { pending: 7, sent: 0, completed: 0, failed: 0, cancelled: 0 },
      creditsConsumed: 14,
      creditsRefunded: 0,
    });
    expect(series.id).toMatch(/^ser_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await balance(server)).toBe(before - 14);

    const list = await schedules(server, { seriesId: series.id, sort: 'scheduledAt' });
    expect(list.data.map((s) => [s.seriesIndex, s.scheduledAt, s.status, s.seriesId])).toEqual(
      Array.from({ length: 7 }, (_, i) => [
        i + 1,
        iso(T0 + HOUR + i * 2 * WEEK),
        'pending',
        series.id,
      ]),
    );
    // One charge per delivery, so each is refunded on its own.
    const charged = await server.service.core.db
      .prepare<[], number>(
        `SELECT count(*) FROM credit_ledger WHERE resource_type = 'form_schedule' AND amount = -2`,
      )
      .pluck()
      .get();
    expect(charged).toBe(7);
    expect(list.data.every((s) => s.creditsConsumed === 2 && s.remindAfterDays === 3)).toBe(true);
  });

  it('ends at `until`: every delivery at or before it', async () => {
    const server = await newServer();
    const fixture = await formFixture(server);
    const series = await createSeries(server, {
      ...fixture,
      channel: 'email',
      recurrence: { interval: 'day', intervalCount: 10, until: iso(T0 + 30 * DAY) },
    });
    expect(series.occurrences).toBe(4);
    expect(series.startsAt).toBe(iso(T0));
    expect(series.creditsConsumed).toBe(4);
    const times = (await schedules(server, { seriesId: series.id, sort: 'scheduledAt' })).data.map(
      (s) => s.scheduledAt,
    );
    expect(times).toEqual([0, 10, 20, 30].map((d) => iso(T0 + d * DAY)));
  });

  it.each([
    [
      'both ends',
      { recurrence: { interval: 'week', intervalCount: 1, count: 3, until: iso(T0 + 9 * WEEK) } },
      422,
      '/recurrence',
    ],
    ['no end', { recurrence: { interval: 'week', intervalCount: 1 } }, 422, '/recurrence'],
    [
      'one delivery only',
      { recurrence: { interval: 'week', intervalCount: 2, until: iso(T0 + WEEK) } },
      422,
      '/recurrence/until',
    ],
    [
      '53 deliveries',
      { recurrence: { interval: 'day', intervalCount: 1, count: 53 } },
      422,
      '/recurrence/count',
    ],
    [
      'past a year',
      { recurrence: { interval: 'day', intervalCount: 30, count: 14 } },
      422,
      '/recurrence/count',
    ],
    [
      'until past a year',
      { recurrence: { interval: 'week', intervalCount: 4, until: iso(T0 + 400 * DAY) } },
      422,
      '/recurrence/until',
    ],
    [
      'interval 0',
      { recurrence: { interval: 'week', intervalCount: 0, count: 3 } },
      422,
      '/recurrence/intervalCount',
    ],
    [
      'monthly',
      { recurrence: { interval: 'month', intervalCount: 1, count: 3 } },
      422,
      '/recurrence/interval',
    ],
    [
      'reminder after the next delivery',
      { remindAfterDays: 7, recurrence: { interval: 'week', intervalCount: 1, count: 3 } },
      422,
      '/remindAfterDays',
    ],
    [
      'reminder after 31 days',
      { remindAfterDays: 31, recurrence: { interval: 'week', intervalCount: 8, count: 3 } },
      422,
      '/remindAfterDays',
    ],
    [
      'a start in the past',
      { startsAt: iso(T0 - DAY), recurrence: { interval: 'week', intervalCount: 1, count: 3 } },
      422,
      '/startsAt',
    ],
    [
      'an unknown patient',
      { patientId: 'pat_nobody', recurrence: { interval: 'week', intervalCount: 1, count: 3 } },
      422,
      '/patientId',
    ],
  ])('refuses %s and changes nothing', async (_name, change, status, pointer) => {
    const server = await newServer();
    const fixture = await formFixture(server);
    const before = await footprint(server, TABLES);
    const res = await post(server, '/form-schedule-series', {
      ...fixture,
      channel: 'whatsapp',
      ...change,
    });
    expect(res.status, res.text).toBe(status);
    const pointers = (res.body.errors as { pointer: string }[]).map((e) => e.pointer);
    expect(
      pointers.some((p) => p.startsWith(pointer)),
      res.text,
    ).toBe(true);
    expect(await footprint(server, TABLES)).toEqual(before);
  });

  it('refuses with 402 a series the balance cannot pay in full, making none of it', async () => {
    const server = await newServer();
    const fixture = await formFixture(server);
    const { core } = server.service;
    await core.credits.charge({ amount: (await balance(server)) - 13, reason: 'test: spend' });
    const before = await footprint(server, TABLES);
    const res = await post(server, '/form-schedule-series', {
      ...fixture,
      channel: 'whatsapp',
      recurrence: { interval: 'week', intervalCount: 2, count: 7 },
    });
    expectProblem(res, 402, 'insufficient_credits');
    expect(res.body).toMatchObject({ balance: 13, required: 14 });
    expect(await footprint(server, TABLES)).toEqual(before);
  });

  it("refuses a patient without the channel's address before anything is made", async () => {
    const server = await newServer();
    const fixture = await formFixture(server, { patient: { phone: undefined } });
    const before = await footprint(server, TABLES);
    const res = await post(server, '/form-schedule-series', {
      ...fixture,
      channel: 'whatsapp',
      recurrence: { interval: 'week', intervalCount: 1, count: 3 },
    });
    expectProblem(res, 422, 'patient_unreachable');
    expect(await footprint(server, TABLES)).toEqual(before);
  });
});

describe('POST /form-schedule-series/{id}/cancel', () => {
  it('cancels every pending delivery in one step, refunds them, and leaves the rest', async () => {
    const server = await newServer();
    const fixture = await formFixture(server);
    const series = await createSeries(server, {
      ...fixture,
      channel: 'whatsapp',
      startsAt: iso(T0 + HOUR),
      recurrence: { interval: 'week', intervalCount: 2, count: 7 },
    });
    // Two deliveries go out; the first is answered.
    await advance(server, 2 * WEEK + 2 * HOUR);
    const [first, second] = (await schedules(server, { seriesId: series.id, sort: 'scheduledAt' }))
      .data;
    expect([first!.status, second!.status]).toEqual(['sent', 'sent']);
    await submit(server, first!.id);
    const before = await balance(server);

    const res = await post(server, `/form-schedule-series/${series.id}/cancel`);
    expect(res.status, res.text).toBe(200);
    expectSchema(CancelledSeries, res.body);
    expect(res.body.creditsRefunded).toBe(10);
    expect(res.body.cancelledSchedules).toHaveLength(5);
    expect(await balance(server)).toBe(before + 10);

    const after = (await schedules(server, { seriesId: series.id, sort: 'scheduledAt' })).data;
    expect(after.map((s) => s.status)).toEqual([
      'completed',
      'sent',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(after.slice(2).every((s) => s.creditsRefunded === 2)).toBe(true);
    expect(await getSeries(server, series.id)).toMatchObject({
      status: 'cancelled',
      counts: { pending: 0, sent: 1, completed: 1, failed: 0, cancelled: 5 },
      creditsConsumed: 14,
      creditsRefunded: 10,
    });

    // A second cancel is refused without changing anything, and nothing more goes out.
    const untouched = await footprint(server, TABLES);
    const again = await post(server, `/form-schedule-series/${series.id}/cancel`);
    expectProblem(again, 400, 'series_not_cancellable');
    expect(await footprint(server, TABLES)).toEqual(untouched);
    await advance(server, 12 * WEEK);
    for (const cancelled of after.slice(2))
      expect(await outboxOf(server, cancelled.id)).toEqual([]);
  });

  it('answers 404 for an unknown series', async () => {
    const server = await newServer();
    expectProblem(
      await post(server, '/form-schedule-series/ser_nothing/cancel'),
      404,
      'resource_missing',
    );
  });

  it('finishes a series whose deliveries have all gone out', async () => {
    const server = await newServer();
    const fixture = await formFixture(server);
    const series = await createSeries(server, {
      ...fixture,
      channel: 'email',
      recurrence: { interval: 'day', intervalCount: 1, count: 2 },
    });
    await advance(server, 2 * DAY);
    expect((await getSeries(server, series.id)).status).toBe('finished');
    const list = await server.request(
      'GET',
      `/form-schedule-series${qs({ patientId: fixture.patientId })}`,
    );
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((s: Series) => s.id)).toEqual([series.id]);
  });
});

describe('reminders', () => {
  it('sends one reminder with the same link after N days without an answer, at no charge', async () => {
    const server = await newServer();
    const fixture = await formFixture(server);
    const res = await post(server, '/form-schedules', {
      ...fixture,
      channel: 'whatsapp',
      remindAfterDays: 3,
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.id as string;
    await advance(server, HOUR);
    const charged = await balance(server);
    expect(await outboxOf(server, id)).toHaveLength(1);

    await advance(server, 3 * DAY - 2 * HOUR);
    expect(await outboxOf(server, id)).toHaveLength(1);
    await advance(server, 2 * HOUR);
    const messages = await outboxOf(server, id);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.link).toBe(messages[0]!.link);
    // The patient prefers Catalan.
    expect(messages[1]!.body).toContain('Li recordem');
    expect(messages[1]!.body).toContain(messages[0]!.link);
    expect((await getSchedule(server, id)).remindedAt).toBe(iso(T0 + 3 * DAY));
    expect(await balance(server)).toBe(charged);

    // Once only.
    await advance(server, 10 * DAY);
    expect(await outboxOf(server, id)).toHaveLength(2);
  });

  it('sends none when the patient answered, or the delivery failed or was cancelled', async () => {
    const server = await newServer();
    const fixture = await formFixture(server);
    const make = async (body: Record<string, unknown>) => {
      const res = await post(server, '/form-schedules', {
        ...fixture,
        remindAfterDays: 2,
        ...body,
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const answered = await make({ channel: 'email' });
    const cancelled = await make({ channel: 'email', scheduledAt: iso(T0 + DAY) });
    const failedPatient = (
      await server.service.core.patients.create({
        firstName: 'Pau',
        lastName: 'Roig',
        phone: '+34600009999',
      })
    ).id;
    const failed = await make({ channel: 'whatsapp', patientId: failedPatient });
    await advance(server, HOUR);
    await submit(server, answered);
    await post(server, `/form-schedules/${cancelled}/cancel`);
    expect((await getSchedule(server, failed)).status).toBe('failed');

    await advance(server, 5 * DAY);
    expect(await outboxOf(server, answered)).toHaveLength(1);
    expect(await outboxOf(server, cancelled)).toHaveLength(0);
    expect(await outboxOf(server, failed)).toHaveLength(0);
    for (const id of [answered, cancelled, failed])
      expect((await getSchedule(server, id)).remindedAt).toBeUndefined();
  });

  it('keeps a planned reminder across a restart and sends it once', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const time = fakeTime(T0);
    const first = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    const fixture = await formFixture(first);
    const res = await post(first, '/form-schedules', {
      ...fixture,
      channel: 'email',
      remindAfterDays: 2,
    });
    const id = res.body.id as string;
    await advance(first, HOUR);
    expect(await outboxOf(first, id)).toHaveLength(1);
    await first.close();

    const second = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    await advance(second, 2 * DAY);
    const messages = await outboxOf(second, id);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.subject).toMatch(/^Recordatori: /);
    await second.close();

    const third = await newServer({ dataDir: data.dir, seed: 'empty', realNow: time.now });
    await advance(third, 5 * DAY);
    expect(await outboxOf(third, id)).toHaveLength(2);
  });

  it('refuses a reminder of 0 or 31 days on a single delivery', async () => {
    const server = await newServer();
    const fixture = await formFixture(server);
    const before = await footprint(server, TABLES);
    for (const remindAfterDays of [0, 31, 1.5]) {
      const res = await post(server, '/form-schedules', {
        ...fixture,
        channel: 'email',
        remindAfterDays,
      });
      expectProblem(res, 422, 'validation_failed');
    }
    expect(await footprint(server, TABLES)).toEqual(before);
  });
});

describe('POST /form-schedules/{id}/retry', () => {
  async function failedDelivery(server: TestServer) {
    const fixture = await formFixture(server, { patient: { phone: '+34600009999' } });
    const res = await post(server, '/form-schedules', { ...fixture, channel: 'whatsapp' });
    await advance(server, HOUR);
    const failed = await getSchedule(server, res.body.id as string);
    expect(failed.status).toBe('failed');
    return { fixture, failed };
  }

  it('creates a new delivery linked both ways and charges it again', async () => {
    const server = await newServer();
    const { fixture, failed } = await failedDelivery(server);
    expect(failed.creditsRefunded).toBe(2);
    // The retry is due at once and its number is still wrong: a running job runner would fail
    // and refund it before the balance below is read. The charge is what this test is about.
    await server.service.core.runner.stop();
    const before = await balance(server);

    const res = await post(server, `/form-schedules/${failed.id}/retry`);
    expect(res.status, res.text).toBe(201);
    expectSchema(FormSchedule, res.body);
    expect(res.headers.get('location')).toBe(`/api/v1/form-schedules/${res.body.id}`);
    expect(res.body).toMatchObject({
      ...fixture,
      channel: 'whatsapp',
      status: 'pending',
      retryOf: failed.id,
      creditsConsumed: 2,
    });
    expect(await balance(server)).toBe(before - 2);
    expect(await getSchedule(server, failed.id)).toEqual({ ...failed, retriedBy: res.body.id });

    // Once only; the refusal changes nothing.
    const untouched = await footprint(server, TABLES);
    const again = await post(server, `/form-schedules/${failed.id}/retry`);
    expectProblem(again, 400, 'schedule_not_retriable');
    expect(again.body.retriedBy).toBe(res.body.id);
    expect(await footprint(server, TABLES)).toEqual(untouched);
  });

  it('reschedules by another channel at another time', async () => {
    const server = await newServer();
    const { failed } = await failedDelivery(server);
    const at = iso(T0 + 2 * DAY);
    const res = await post(server, `/form-schedules/${failed.id}/retry`, {
      channel: 'email',
      scheduledAt: at,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ channel: 'email', scheduledAt: at, creditsConsumed: 1 });
    await advance(server, 2 * DAY);
    expect((await getSchedule(server, res.body.id as string)).status).toBe('sent');
  });

  it('refuses a delivery that did not fail, and bad input, changing nothing', async () => {
    const server = await newServer();
    const { failed } = await failedDelivery(server);
    const pending = await post(server, '/form-schedules', {
      ...(await formFixture(server)),
      channel: 'email',
      scheduledAt: iso(T0 + DAY),
    });
    const before = await footprint(server, TABLES);
    expectProblem(
      await post(server, `/form-schedules/${pending.body.id}/retry`),
      400,
      'schedule_not_retriable',
    );
    expectProblem(
      await post(server, `/form-schedules/${failed.id}/retry`, { scheduledAt: iso(T0 - DAY) }),
      422,
      'validation_failed',
    );
    expectProblem(
      await post(server, `/form-schedules/${failed.id}/retry`, { channel: 'sms' }),
      422,
      'validation_failed',
    );
    expectProblem(
      await post(server, `/form-schedules/${failed.id}/retry`, { extra: 1 }),
      422,
      'validation_failed',
    );
    expectProblem(await post(server, '/form-schedules/sch_nothing/retry'), 404, 'resource_missing');
    expect(await footprint(server, TABLES)).toEqual(before);
    expect((await getSchedule(server, failed.id)).retriedBy).toBeUndefined();
  });

  it('keeps a retried occurrence in its series and its place', async () => {
    const server = await newServer();
    const fixture = await formFixture(server, { patient: { phone: '+34600009999' } });
    const series = await createSeries(server, {
      ...fixture,
      channel: 'whatsapp',
      recurrence: { interval: 'week', intervalCount: 1, count: 3 },
    });
    await advance(server, HOUR);
    const [failed] = (await schedules(server, { seriesId: series.id, sort: 'scheduledAt' })).data;
    expect(failed!.status).toBe('failed');
    const retry = await post(server, `/form-schedules/${failed!.id}/retry`, { channel: 'email' });
    expect(retry.body).toMatchObject({ seriesId: series.id, seriesIndex: 1, retryOf: failed!.id });
    // The retry is due now; its delivery job runs on the next tick, which a loaded machine may
    // not have reached yet: a second of service time runs it for sure.
    await advance(server, 1000);
    // The series counts the retry (sent at once) in place of the failed delivery.
    expect((await getSeries(server, series.id)).counts).toEqual({
      pending: 2,
      sent: 1,
      completed: 0,
      failed: 0,
      cancelled: 0,
    });
    const cancelled = await post(server, `/form-schedule-series/${series.id}/cancel`);
    expect(cancelled.body.cancelledSchedules).toHaveLength(2);
  });
});

describe('GET /form-schedules by date', () => {
  it('lists by delivery time either way, pages with cursors of that order only', async () => {
    const server = await newServer();
    const fixture = await formFixture(server);
    // Created in an order that is not the delivery order.
    for (const days of [5, 1, 9, 3, 7]) {
      const res = await post(server, '/form-schedules', {
        ...fixture,
        channel: 'email',
        scheduledAt: iso(T0 + days * DAY),
      });
      expect(res.status, res.text).toBe(201);
    }
    const days = (list: Schedule[]) => list.map((s) => (Date.parse(s.scheduledAt) - T0) / DAY);
    expect(days((await schedules(server, { sort: 'scheduledAt' })).data)).toEqual([1, 3, 5, 7, 9]);
    expect(days((await schedules(server, { sort: '-scheduledAt' })).data)).toEqual([9, 7, 5, 3, 1]);
    expect(days((await schedules(server)).data)).toEqual([7, 3, 9, 1, 5]);

    const page1 = await schedules(server, { sort: 'scheduledAt', limit: 2 });
    const page2 = await schedules(server, {
      sort: 'scheduledAt',
      limit: 2,
      cursor: page1.pagination.cursor,
    });
    expect(days(page2.data)).toEqual([5, 7]);
    const wrong = await server.request(
      'GET',
      `/form-schedules${qs({ sort: '-scheduledAt', limit: 2, cursor: page1.pagination.cursor })}`,
    );
    expectProblem(wrong, 400, 'invalid_cursor');
    const bad = await server.request('GET', '/form-schedules?sort=createdAt');
    expectProblem(bad, 422, 'validation_failed');
  });
});
