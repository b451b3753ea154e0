import { renderDeliveryMessage } from '../domain/delivery-message';
import { DELIVER_JOB, newFormToken, type FormSchedules } from '../domain/form-schedules';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { JobContext, JobFollowUp } from '../jobs/job-handler';
import type { FailureReason } from '../schemas/form-schedule';
import type { Sql } from '../store/sql-port';
import type { Queries } from '../store/queries';
import type { FormScheduleRow } from '../store/queries/form-schedules';
import type { PatientRow } from '../store/queries/patients';
import type { DeliverySettings } from './delivery-settings';

/** Waits before retrying an e-mail the SMTP server could not take for now (4xx, network). */
export const SMTP_RETRY_DELAYS_S = [60, 5 * 60, 15 * 60];

/** The sandbox's magic values (api-decisions §10): deliveries that fail in a known way. */
export const BOUNCE_DOMAIN = 'bounce.example';
export const INVALID_NUMBER_SUFFIX = '9999';

interface DeliverPayload {
  scheduleId: string;
  /** 0 for the first try; SMTP retries count up. */
  attempt?: number;
}

/**
 * Delivers a due schedule: renders the message with a fresh form link and sends it through the
 * channel. The outbox channel (WhatsApp always, e-mail without SMTP) stores the message in the
 * job's own transaction with the move to sent. SMTP stores the link's token on the pending
 * schedule, sends, and records after, so a crash in between sends again on restart (at least
 * once), with a new link replacing the old one.
 */
export function createFormDelivery(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  schedules: FormSchedules;
  settings: DeliverySettings;
  scheduleJob: (job: {
    kind: string;
    dueAt: string;
    payload?: unknown;
    dedupeKey?: string;
  }) => Promise<unknown>;
}) {
  const { db, clock, newId, q, schedules, settings } = deps;

  function whyUndeliverable(
    schedule: FormScheduleRow,
    patient: PatientRow,
  ): FailureReason | undefined {
    if (patient.status !== 'active') return 'patient_inactive';
    if (schedule.channel === 'whatsapp') {
      if (!patient.phone) return 'patient_unreachable';
      if (patient.phone.endsWith(INVALID_NUMBER_SUFFIX)) return 'invalid_number';
    } else {
      if (!patient.email) return 'patient_unreachable';
      if (patient.email.toLowerCase().endsWith(`@${BOUNCE_DOMAIN}`)) return 'email_bounced';
    }
    return undefined;
  }

  async function record(
    schedule: FormScheduleRow,
    patient: PatientRow,
    transport: 'outbox' | 'smtp',
    message: { to: string; subject?: string; text: string; html?: string; link: string },
  ): Promise<void> {
    const atMs = clock.now();
    await q.outbox.insert({
      id: newId('out', atMs),
      channel: schedule.channel,
      transport,
      to_address: message.to,
      subject: message.subject ?? null,
      body: message.text,
      html: message.html ?? null,
      link: message.link,
      schedule_id: schedule.id,
      patient_id: patient.id,
      created_at: new Date(atMs).toISOString(),
    });
  }

  /** Sends one schedule now (the job handler; the demo seed calls it for its history). */
  async function deliverSchedule(scheduleId: string, attempt = 0): Promise<void | JobFollowUp> {
    const schedule = await q.formSchedules.get(scheduleId);
    // Cancelled (or already handled) since the job was planned: nothing to send.
    if (!schedule || schedule.status !== 'pending') return;
    const patient = (await q.patients.get(schedule.patient_id))!;
    const failure = whyUndeliverable(schedule, patient);
    if (failure) {
      await schedules.markFailed(schedule.id, failure);
      return;
    }
    const form = (await q.clinicalForms.get(schedule.form_id))!;
    const { token, hash } = newFormToken();
    const link = `${settings.publicUrl()}/f/${token}`;
    const to = (schedule.channel === 'whatsapp' ? patient.phone : patient.email)!;
    const rendered = renderDeliveryMessage({
      channel: schedule.channel,
      language: schedule.language,
      clinicName: await settings.clinicName(),
      patientFirstName: patient.first_name,
      formName: form.name,
      message: schedule.message ?? undefined,
      link,
    });
    const message = { to, link, ...rendered };
    const smtp = schedule.channel === 'email' ? await settings.smtp() : undefined;
    if (!smtp) {
      await record(schedule, patient, 'outbox', message);
      // Read above in the job's transaction, when there is one (the demo seed's history has none).
      await schedules.markSent(schedule.id, hash, db.inTransaction ? schedule : undefined);
      return;
    }
    // The link is known before the mail leaves: should a cancel win the race with the SMTP
    // hand-off, the patient who opens it is told the form was withdrawn, not that it is unknown.
    await q.formSchedules.setPendingToken(schedule.id, hash, clock.nowIso());
    // The hand-off waits on the mail server: after the job's transaction, never inside it.
    return async () => {
      const result = await smtp.send({
        to,
        subject: rendered.subject ?? '',
        text: rendered.text,
        html: rendered.html,
        messageId: `<${schedule.id}.${attempt}@engage-desk.invalid>`,
      });
      if (result.ok) {
        await db.transaction(async () => {
          // The mail left, so it is in the outbox either way; a cancel that won the race while
          // it was in flight stands (the link then says the form was withdrawn).
          await record(schedule, patient, 'smtp', message);
          await schedules.markSent(schedule.id, hash);
        });
      } else if (!result.permanent && attempt < SMTP_RETRY_DELAYS_S.length) {
        await deps.scheduleJob({
          kind: DELIVER_JOB,
          dueAt: new Date(clock.now() + SMTP_RETRY_DELAYS_S[attempt]! * 1000).toISOString(),
          payload: { scheduleId, attempt: attempt + 1 },
          dedupeKey: `${DELIVER_JOB}:${scheduleId}:${attempt + 1}`,
        });
      } else {
        await schedules.markFailed(schedule.id, 'smtp_error');
      }
    };
  }

  return {
    deliverSchedule,
    deliver({ payload }: JobContext): Promise<void | JobFollowUp> {
      const { scheduleId, attempt } = payload as DeliverPayload;
      return deliverSchedule(scheduleId, attempt);
    },
  };
}

export type FormDelivery = ReturnType<typeof createFormDelivery>;
