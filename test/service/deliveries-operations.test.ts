import { describe, expect, it } from 'vitest';
import type {
  DeliveryCalendar,
  OutboxListItem,
  Page,
  ScheduleListItem,
} from '../../src-preload/contract';
import { createIdFactory } from '../../src-main/service/ids';
import { addPatient, footprint, formFixture, type TestServer } from './helpers';
import { fieldErrors, operationServers } from './operation-harness';

/** The Deliveries screen's operations: enriched lists, the channel filter and the calendar. */

const START = Date.parse('2026-11-22T09:00:00.000Z');
const HOUR = 3_600_000;
const operations = operationServers(START);
const iso = (ms: number) => new Date(ms).toISOString();

/** A server with its operations, the every-field form, Núria (both channels) and Jordi (e-mail). */
async function setup(options: Parameters<typeof operations.setup>[0] = {}) {
  const context = await operations.setup(options);
  const { formId, patientId } = await formFixture(context.server);
  const jordi = await addPatient(context.core, 'Jordi', 'Vidal Mas');
  return { ...context, formId, nuria: patientId, jordi };
}

/** What a refused write must leave as it was. */
const snapshot = (server: TestServer) =>
  footprint(server, ['credit_ledger', 'form_schedules', 'jobs', 'events', 'outbox']);

describe('schedules.list for the Deliveries screen', () => {
  it("carries each schedule's form name and patient, and filters by channel", async () => {
    const { ok, formId, nuria, jordi } = await setup();
    const later = iso(START + 2 * HOUR);
    const toNuria = await ok<{ id: string }>('schedules.create', {
      formId,
      patientId: nuria,
      channel: 'whatsapp',
      scheduledAt: later,
    });
    await ok('schedules.create', { formId, patientId: nuria, channel: 'email' });
    await ok('schedules.create', { formId, patientId: jordi, channel: 'email' });

    const all = await ok<Page<ScheduleListItem>>('schedules.list');
    expect(all.data).toHaveLength(3);
    for (const item of all.data) {
      expect(item.formName).toBe('Every field type');
      expect(item.patient.id).toBe(item.patientId);
    }
    expect(all.data.map((s) => `${s.patient.firstName} ${s.patient.lastName}`).sort()).toEqual([
      'Jordi Vidal Mas',
      'Núria Puig Soler',
      'Núria Puig Soler',
    ]);

    const whatsapp = await ok<Page<ScheduleListItem>>('schedules.list', { channel: 'whatsapp' });
    expect(whatsapp.data.map((s) => s.id)).toEqual([toNuria.id]);
    expect(whatsapp.data[0]).toMatchObject({
      channel: 'whatsapp',
      scheduledAt: later,
      creditsConsumed: 2,
      patient: { firstName: 'Núria', lastName: 'Puig Soler' },
    });
    const email = await ok<Page<ScheduleListItem>>('schedules.list', {
      channel: 'email',
      patientId: nuria,
    });
    expect(email.data).toHaveLength(1);
    expect(email.data[0]).toMatchObject({ channel: 'email', patientId: nuria });
  });

  it('binds the channel into the cursor, and the HTTP API filters by channel too', async () => {
    const { ok, refused, server, formId, nuria, jordi } = await setup();
    for (const patientId of [nuria, jordi, nuria]) {
      await ok('schedules.create', { formId, patientId, channel: 'email' });
    }
    await ok('schedules.create', { formId, patientId: nuria, channel: 'whatsapp' });

    const first = await ok<Page<ScheduleListItem>>('schedules.list', {
      channel: 'email',
      limit: 2,
    });
    expect(first.pagination.hasMore).toBe(true);
    const second = await ok<Page<ScheduleListItem>>('schedules.list', {
      channel: 'email',
      limit: 2,
      cursor: first.pagination.cursor,
    });
    expect(second.data).toHaveLength(1);
    expect(second.pagination.hasMore).toBe(false);
    expect(new Set([...first.data, ...second.data].map((s) => s.channel))).toEqual(
      new Set(['email']),
    );
    // A cursor from the e-mail list does not page through the WhatsApp one.
    const crossed = await refused('schedules.list', {
      channel: 'whatsapp',
      limit: 2,
      cursor: first.pagination.cursor,
    });
    expect(crossed.code).toBe('invalid_cursor');

    const res = await server.request('GET', '/form-schedules?channel=whatsapp');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].channel).toBe('whatsapp');
    // The API's shape is unchanged: the names are the window's, not the integrator's.
    expect(res.body.data[0]).not.toHaveProperty('formName');
    const bad = await server.request('GET', '/form-schedules?channel=sms');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([expect.objectContaining({ parameter: 'channel' })]);
  });

  it('refuses a bad filter with a pointer', async () => {
    const { refused } = await setup();
    const error = await refused('schedules.list', { channel: 'sms' });
    expect(error.code).toBe('validation_failed');
    expect(fieldErrors(error)).toEqual([expect.objectContaining({ pointer: '/channel' })]);
    expect((await refused('schedules.list', { what: 1 })).code).toBe('validation_failed');
  });
});

describe('outbox.list for the Deliveries screen', () => {
  it('names the patient and the form of each message; a clinic notice has no patient', async () => {
    const { ok, core, server, formId, nuria, jordi } = await setup();
    const toNuria = await ok<{ id: string }>('schedules.create', {
      formId,
      patientId: nuria,
      channel: 'whatsapp',
    });
    await ok('schedules.create', { formId, patientId: jordi, channel: 'email' });
    await ok('sandbox.advance', { seconds: 60 });
    // A notice e-mail to the clinic (webhook deactivated, credits low) concerns no patient.
    await core.q.outbox.insert({
      id: createIdFactory(() => core.clock.now())('out'),
      channel: 'email',
      transport: 'outbox',
      to_address: 'clinica@example.com',
      subject: 'Aviso',
      body: 'Un webhook se ha desactivado.',
      html: null,
      link: null,
      schedule_id: null,
      patient_id: null,
      created_at: core.clock.nowIso(),
    });

    const page = await ok<Page<OutboxListItem>>('outbox.list');
    expect(page.data).toHaveLength(3);
    const notice = page.data.find((m) => m.to === 'clinica@example.com')!;
    expect(notice).not.toHaveProperty('patient');
    expect(notice).not.toHaveProperty('formName');

    const whatsapp = await ok<Page<OutboxListItem>>('outbox.list', { channel: 'whatsapp' });
    expect(whatsapp.data).toHaveLength(1);
    expect(whatsapp.data[0]).toMatchObject({
      scheduleId: toNuria.id,
      to: '+34612345678',
      formName: 'Every field type',
      patient: { id: nuria, firstName: 'Núria', lastName: 'Puig Soler' },
    });
    expect(whatsapp.data[0]!.link).toMatch(/\/f\/[A-Za-z0-9_-]{43}$/);
    expect(whatsapp.data[0]!.body).toContain(whatsapp.data[0]!.link);

    const forJordi = await ok<Page<OutboxListItem>>('outbox.list', { patientId: jordi });
    expect(forJordi.data).toHaveLength(1);
    expect(forJordi.data[0]).toMatchObject({
      channel: 'email',
      patient: { firstName: 'Jordi', lastName: 'Vidal Mas' },
    });
    expect(forJordi.data[0]!.subject).toBeTruthy();
    expect(await server.service.core.q.outbox.bySchedule(toNuria.id)).toHaveLength(1);
  });
});

describe('schedules.calendar', () => {
  it("counts pending deliveries per day of the coordinator's time zone", async () => {
    const { ok, formId, nuria, jordi } = await setup();
    const at = (isoText: string, patientId = nuria) =>
      ok<{ id: string }>('schedules.create', {
        formId,
        patientId,
        channel: 'email',
        scheduledAt: isoText,
      });
    // 23:30 UTC on the 22nd is already the 23rd in Madrid (UTC+1 in November).
    await at('2026-11-22T23:30:00.000Z');
    await at('2026-11-23T10:00:00.000Z', jordi);
    await at('2026-11-25T08:00:00.000Z');
    const cancelled = await at('2026-11-25T09:00:00.000Z', jordi);
    await ok('schedules.cancel', { id: cancelled.id });
    // Outside the window.
    await at('2026-12-02T09:00:00.000Z');

    const window = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
    const madrid = await ok<DeliveryCalendar>('schedules.calendar', {
      ...window,
      timeZone: 'Europe/Madrid',
    });
    expect(madrid).toEqual({
      days: [
        { date: '2026-11-23', count: 2 },
        { date: '2026-11-25', count: 1 },
      ],
      total: 3,
    });
    const utc = await ok<DeliveryCalendar>('schedules.calendar', { ...window, timeZone: 'UTC' });
    expect(utc.days).toEqual([
      { date: '2026-11-22', count: 1 },
      { date: '2026-11-23', count: 1 },
      { date: '2026-11-25', count: 1 },
    ]);

    // [from, to): a delivery exactly at `to` belongs to the next window.
    const edge = await ok<DeliveryCalendar>('schedules.calendar', {
      from: '2026-11-23T10:00:00.000Z',
      to: '2026-11-25T08:00:00.000Z',
      timeZone: 'UTC',
    });
    expect(edge).toEqual({ days: [{ date: '2026-11-23', count: 1 }], total: 1 });

    // Sent deliveries are no longer upcoming.
    await ok('sandbox.advance', { seconds: 26 * 3600 });
    const after = await ok<DeliveryCalendar>('schedules.calendar', {
      ...window,
      timeZone: 'Europe/Madrid',
    });
    expect(after).toEqual({ days: [{ date: '2026-11-25', count: 1 }], total: 1 });
  });

  it('refuses an unknown time zone, a reversed or too wide window and missing fields', async () => {
    const { refused } = await setup();
    const zone = await refused('schedules.calendar', {
      from: '2026-11-01T00:00:00Z',
      to: '2026-12-01T00:00:00Z',
      timeZone: 'Mars/Olympus_Mons',
    });
    expect(zone.code).toBe('validation_failed');
    expect(fieldErrors(zone)).toEqual([
      expect.objectContaining({ pointer: '/timeZone', code: 'time_zone' }),
    ]);
    const reversed = await refused('schedules.calendar', {
      from: '2026-12-01T00:00:00Z',
      to: '2026-11-01T00:00:00Z',
      timeZone: 'UTC',
    });
    expect(fieldErrors(reversed)).toEqual([
      expect.objectContaining({ pointer: '/to', code: 'range' }),
    ]);
    const wide = await refused('schedules.calendar', {
      from: '2026-01-01T00:00:00Z',
      to: '2027-06-01T00:00:00Z',
      timeZone: 'UTC',
    });
    expect(fieldErrors(wide)).toEqual([expect.objectContaining({ pointer: '/to', code: 'range' })]);
    const missing = await refused('schedules.calendar', { timeZone: 'UTC' });
    expect(
      fieldErrors(missing)
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(['/from', '/to']);
    const dateOnly = await refused('schedules.calendar', {
      from: '2026-11-01',
      to: '2026-12-01',
      timeZone: 'UTC',
    });
    expect(dateOnly.code).toBe('validation_failed');
  });
});

describe('refusals the Deliveries screen explains change nothing', () => {
  it('a channel the patient cannot be reached on', async () => {
    const { refused, server, formId, jordi } = await setup();
    const before = await snapshot(server);
    const error = await refused('schedules.create', {
      formId,
      patientId: jordi,
      channel: 'whatsapp',
    });
    expect(error.code).toBe('patient_unreachable');
    expect(fieldErrors(error)).toEqual([
      expect.objectContaining({ pointer: '/channel', code: 'patient_unreachable' }),
    ]);
    expect(await snapshot(server)).toEqual(before);
  });

  it('a delivery the balance cannot pay, with the balance and the price', async () => {
    const { ok, refused, server, formId, nuria } = await setup({
      plans: { starter: 3, professional: 3, enterprise: 3 },
    });
    // Due later: one due now would be delivered by the runner while the refusal is checked, and
    // its message and event would land between the two snapshots (seen on a loaded run).
    await ok('schedules.create', {
      formId,
      patientId: nuria,
      channel: 'whatsapp',
      scheduledAt: iso(START + 2 * HOUR),
    });
    const before = await snapshot(server);
    const error = await refused('schedules.create', {
      formId,
      patientId: nuria,
      channel: 'whatsapp',
    });
    expect(error).toMatchObject({
      code: 'insufficient_credits',
      details: { balance: 1, required: 2 },
    });
    expect(await snapshot(server)).toEqual(before);
  });

  it('cancelling gives every credit back once; a sent delivery cannot be cancelled', async () => {
    const { ok, refused, server, formId, nuria } = await setup();
    const balance0 = (await server.service.core.credits.balance()).balance;
    const pending = await ok<{ id: string }>('schedules.create', {
      formId,
      patientId: nuria,
      channel: 'whatsapp',
      scheduledAt: iso(START + HOUR),
    });
    expect((await server.service.core.credits.balance()).balance).toBe(balance0 - 2);
    const cancelled = await ok<{ creditsRefunded: number; status: string }>('schedules.cancel', {
      id: pending.id,
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', creditsRefunded: 2 });
    expect((await server.service.core.credits.balance()).balance).toBe(balance0);
    const listed = await ok<Page<ScheduleListItem>>('schedules.list', { status: 'cancelled' });
    expect(listed.data[0]).toMatchObject({ id: pending.id, creditsRefunded: 2 });

    let before = await snapshot(server);
    const again = await refused('schedules.cancel', { id: pending.id });
    expect(again).toMatchObject({
      code: 'schedule_not_cancellable',
      details: { scheduleStatus: 'cancelled' },
    });
    expect(await snapshot(server)).toEqual(before);

    const sent = await ok<{ id: string }>('schedules.create', {
      formId,
      patientId: nuria,
      channel: 'email',
    });
    await ok('sandbox.advance', { seconds: 60 });
    before = await snapshot(server);
    const late = await refused('schedules.cancel', { id: sent.id });
    expect(late).toMatchObject({
      code: 'schedule_not_cancellable',
      details: { scheduleStatus: 'sent' },
    });
    expect(await snapshot(server)).toEqual(before);
    expect((await refused('schedules.cancel', { id: 'sch_missing' })).code).toBe(
      'resource_missing',
    );
  });
});
