import { createDeliverySettings } from '../delivery/delivery-settings';
import { createFormDelivery } from '../delivery/form-delivery';
import { createBuiltinAssistant } from '../assistant/builtin/builtin-assistant';
import { createCalls } from '../domain/calls';
import { createConversations } from '../domain/conversations';
import { createCredits } from '../domain/credits';
import { createForms } from '../domain/forms';
import { createPatientNotes } from '../domain/patient-notes';
import { createFormSchedules, DELIVER_JOB } from '../domain/form-schedules';
import type { Prices } from '../domain/pricing';
import { createAlerts } from '../domain/alerts';
import { createNotifications, type NotificationRaiser } from '../domain/notifications';
import { createFormScheduleSeries } from '../domain/form-schedule-series';
import { createFormReminder } from '../delivery/form-reminder';
import { createIdFactory } from '../ids';
import { createClock, type Clock } from '../jobs/clock';
import type { ScheduleInput } from '../jobs/job-handler';
import type { Plan } from '../schemas/billing';
import type { Sql } from '../store/sql-port';
import type { ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { demoPatients } from './demo-patients';
import { planDemoDeliveries } from './demo-deliveries';
import { planDemoSeries } from './demo-series';
import { planDemoCalls, planDemoConversations } from './demo-engagement';
import { planDemoNotes } from './demo-notes';
import { createDemoAlerts } from './demo-alerts';
import { planDemoLive } from './demo-live';
import { createTimeline, historyStartOf } from './demo-timeline';
import type { DemoForm } from './demo-forms';
import { createPrng } from './prng';

export const DEMO_CLINIC_NAME = 'Clínica Mediterrània';
const DAY = 86_400_000;
/** How far back the demo's news goes: the last day (its alerts open, its notifications unread). */
const NEWS_MS = DAY;
/** The link base of the seeded messages: none, so their links stay relative (`/f/<token>`). */
const SEEDED_LINK_BASE = '';

/**
 * The demo clinic: a Barcelona-area practice with 240 patients, five clinical forms with months of
 * deliveries and answers, and three months of credit history on the professional plan. Everything
 * comes from a fixed seed; dates are placed relative to the service clock so the clinic always
 * looks current. Seeding writes history, not news: it emits no events, and what the clinic saw
 * to long ago (its alerts) is closed. Only the last day is news: its alerts are open and its
 * escalated chats are unread on the bell, and the demo's present (demo-live.ts) happens in it.
 * Later features extend this seed with their own resources.
 */
export async function seedDemoClinic(deps: {
  db: Sql;
  q: Queries;
  clock: Clock;
  plans: Record<Plan, number>;
  prices: Prices;
  /** The job table, for the deliveries still to come. */
  scheduleJob: (job: ScheduleInput) => Promise<unknown>;
  /** The job table's moving deadlines (the live chats' inactivity close). */
  rescheduleJob: (job: ScheduleInput & { dedupeKey: string }) => Promise<unknown>;
}) {
  const { db, q } = deps;
  const rng = createPrng(20261122);
  const nowMs = deps.clock.now();
  // History is written with its own clock, set to the moment each record happened.
  let at = nowMs;
  const clock = createClock({ realNow: () => at });
  const newId = createIdFactory(() => at, rng.next);

  await db.transaction(async () => {
    const patients = demoPatients(rng, nowMs);
    for (const row of patients) {
      at = Date.parse(row.created_at);
      row.id = newId('pat', at);
      await q.patients.insert(row);
    }
    await q.settings.set('clinic_name', DEMO_CLINIC_NAME);
    // Everything after the patients happens on one timeline with its own id factory: its history
    // starts months before the newest patient, and a shared monotonic factory would stamp its ids
    // with that patient's later time.
    const ids = createIdFactory(() => at, rng.next);
    // History, not news: what the clinic did before the install is not sent to webhooks.
    const silent = { emit: async () => '' };
    const unlisted: ListRunner = () => {
      throw new Error('not used while seeding');
    };
    // Only deliveries still in the future need their job; the past ones the seed delivers itself.
    // A delivery planned early whose time came before "now" without the seed sending it (a series'
    // next occurrence due this morning) keeps its job, due at once: the service sends it at start,
    // as it would after a night switched off.
    const overdue: ScheduleInput[] = [];
    const scheduleJob = async (job: ScheduleInput) => {
      if (Date.parse(job.dueAt) > nowMs) await deps.scheduleJob(job);
      else overdue.push(job);
    };
    const rescheduleJob = async (job: ScheduleInput & { dedupeKey: string }) => {
      if (Date.parse(job.dueAt) > nowMs) await deps.rescheduleJob(job);
    };
    const credits = createCredits({
      db,
      clock,
      newId: ids,
      q,
      events: silent,
      plans: deps.plans,
      listPage: unlisted,
      scheduleJob: async () => undefined,
    });
    const forms = createForms({ db, clock, newId: ids, q, listPage: unlisted });
    const timeline = createTimeline();
    // What happened in the last day is news: its alerts stay as they are, its notifications are
    // unread. Older alerts were seen to; older escalations raised none (history is not news).
    const newsSince = nowMs - NEWS_MS;
    // Alerts and notifications draw their ids from generators of their own, so they move
    // nothing else of the seed.
    const alertStore = createAlerts({
      db,
      clock,
      newId: createIdFactory(() => at, createPrng(20261130).next),
      q,
      listPage: unlisted,
    });
    const alerts = createDemoAlerts({
      store: alertStore,
      now: () => at,
      nowMs,
      newsSince,
      patients,
      later: timeline.later,
    });
    const bell = createNotifications({
      clock,
      newId: createIdFactory(() => at, createPrng(20261131).next),
      q,
      listPage: unlisted,
    });
    const notifications: NotificationRaiser = {
      raise: async (kind, data) => (at >= newsSince ? await bell.raise(kind, data) : ''),
    };
    const schedules = createFormSchedules({
      db,
      clock,
      newId: ids,
      q,
      events: silent,
      credits,
      forms,
      prices: deps.prices,
      listPage: unlisted,
      scheduleJob,
      alerts,
    });
    const seededSettings = {
      ...createDeliverySettings(q.settings, {}),
      publicUrl: () => SEEDED_LINK_BASE,
    };
    const delivery = createFormDelivery({
      db,
      clock,
      newId: ids,
      q,
      schedules,
      // A fresh install has no SMTP settings: the history is delivered to the outbox, its links
      // relative to the link base (`/f/<token>`): these messages were never sent, so they name
      // no server, and the outbox shows them against the one running (domain/outbox.ts).
      settings: seededSettings,
      scheduleJob,
    });
    // The recurring PHQ-9 series draw their ids and answers from generators of their own, so
    // they move nothing else of the seed.
    const seriesIds = createIdFactory(() => at, createPrng(20261126).next);
    const seriesSchedules = createFormSchedules({
      db,
      clock,
      newId: seriesIds,
      q,
      events: silent,
      credits,
      forms,
      prices: deps.prices,
      listPage: unlisted,
      scheduleJob,
      alerts,
    });
    const series = {
      schedules: seriesSchedules,
      series: createFormScheduleSeries({
        db,
        clock,
        newId: seriesIds,
        q,
        credits,
        prices: deps.prices,
        schedules: seriesSchedules,
        listPage: unlisted,
      }),
      delivery: createFormDelivery({
        db,
        clock,
        newId: seriesIds,
        q,
        schedules: seriesSchedules,
        settings: seededSettings,
        scheduleJob,
      }),
      reminder: createFormReminder({
        db,
        clock,
        newId: seriesIds,
        q,
        schedules: seriesSchedules,
        settings: seededSettings,
      }),
    };
    const assistant = createBuiltinAssistant();
    const engagement = {
      db,
      clock,
      newId: ids,
      q,
      events: silent,
      credits,
      prices: deps.prices,
      listPage: unlisted,
      assistant,
      clinicName: async () => DEMO_CLINIC_NAME,
    };
    const conversations = createConversations({
      ...engagement,
      rescheduleJob,
      notifications,
      alerts,
    });
    const calls = createCalls({ ...engagement, scheduleJob, alerts });
    // Notes draw their ids from a generator of their own, so they move nothing else of the seed.
    const notes = createPatientNotes({
      db,
      clock,
      newId: createIdFactory(() => at, createPrng(20261127).next),
      q,
      listPage: unlisted,
      requirePatient: async () => undefined,
    });
    const historyStart = historyStartOf(nowMs);
    const plan = { rng, nowMs, historyStart, patients, credits };
    const formIds = new Map<DemoForm['key'], string>();
    const deliveries = new Map<string, number[]>();
    const onPlanned = (key: DemoForm['key'], patientId: string, scheduledAt: number) => {
      const times = deliveries.get(`${key}:${patientId}`);
      if (times) times.push(scheduledAt);
      else deliveries.set(`${key}:${patientId}`, [scheduledAt]);
    };
    const planned = [
      ...planDemoDeliveries({ ...plan, forms, schedules, delivery, formIds, onPlanned }),
      ...planDemoConversations({ ...plan, conversations }),
      ...planDemoCalls({ ...plan, calls, clinicName: DEMO_CLINIC_NAME }),
      ...planDemoNotes({ nowMs, historyStart, patients, notes }),
      ...planDemoSeries({
        ...series,
        rng: createPrng(20261126),
        nowMs,
        historyStart,
        patients,
        q,
      }),
      ...planDemoLive({
        nowMs,
        historyStart,
        patients,
        q,
        formId: (key) => formIds.get(key)!,
        planned: deliveries,
        schedules,
        delivery,
        conversations,
        calls,
        alerts: alertStore,
        clinicName: DEMO_CLINIC_NAME,
      }),
    ];
    await timeline.run({ rng, nowMs, historyStart, setTime: (t) => (at = t), credits, planned });
    for (const job of overdue) {
      const id = (job.payload as { scheduleId?: string } | undefined)?.scheduleId;
      if (job.kind === DELIVER_JOB && id && (await q.formSchedules.get(id))?.status === 'pending')
        await deps.scheduleJob(job);
    }
    // The responses inbox: the history was read when it came in; the last day's answers are new.
    await q.responseReads.markAllReadBefore(
      new Date(newsSince).toISOString(),
      new Date(nowMs).toISOString(),
    );
  });
}
