import { renderDeliveryMessage } from '../domain/delivery-message';
import type { FormSchedules } from '../domain/form-schedules';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { JobContext, JobFollowUp } from '../jobs/job-handler';
import type { Sql } from '../store/sql-port';
import type { Queries } from '../store/queries';
import type { DeliverySettings } from './delivery-settings';

/**
 * The one reminder of a delivery the patient has not answered (REMIND_JOB, planned when it was
 * sent): the same form link as the first message, by the same channel, kept in the outbox like
 * every message. Nothing goes if the patient answered, the delivery was cancelled or failed, a
 * reminder already went, or the patient can no longer be reached. A reminder is a courtesy, so an
 * SMTP refusal is not retried; it is included in the delivery's price (api-decisions, "Series").
 */
export function createFormReminder(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  schedules: FormSchedules;
  settings: DeliverySettings;
}) {
  const { db, clock, newId, q, schedules, settings } = deps;

  async function remindSchedule(scheduleId: string): Promise<void | JobFollowUp> {
    const schedule = await q.formSchedules.get(scheduleId);
    if (!schedule || schedule.status !== 'sent' || schedule.reminded_at) return;
    // The link the patient already has: the newest message of this delivery carries it.
    const link = (await q.outbox.bySchedule(scheduleId)).at(-1)?.link;
    const patient = (await q.patients.get(schedule.patient_id))!;
    const to = schedule.channel === 'whatsapp' ? patient.phone : patient.email;
    if (!link || !to || patient.status !== 'active') return;
    const form = (await q.clinicalForms.get(schedule.form_id))!;
    const rendered = renderDeliveryMessage({
      channel: schedule.channel,
      language: schedule.language,
      clinicName: await settings.clinicName(),
      patientFirstName: patient.first_name,
      formName: form.name,
      link,
      reminder: true,
    });
    const record = async (transport: 'outbox' | 'smtp') =>
      await db.transaction(async () => {
        // Answered or cancelled while an e-mail was in flight: the reminder is not recorded as
        // one, but what left is in the outbox all the same.
        await schedules.markReminded(scheduleId);
        const atMs = clock.now();
        await q.outbox.insert({
          id: newId('out', atMs),
          channel: schedule.channel,
          transport,
          to_address: to,
          subject: rendered.subject ?? null,
          body: rendered.text,
          html: rendered.html ?? null,
          link,
          schedule_id: scheduleId,
          patient_id: patient.id,
          created_at: new Date(atMs).toISOString(),
        });
      });
    const smtp = schedule.channel === 'email' ? await settings.smtp() : undefined;
    if (!smtp) return await record('outbox');
    // The hand-off waits on the mail server: after the job's transaction, never inside it.
    return async () => {
      const result = await smtp.send({
        to,
        subject: rendered.subject ?? '',
        text: rendered.text,
        html: rendered.html,
        messageId: `<${scheduleId}.reminder@engage-desk.invalid>`,
      });
      if (result.ok) await record('smtp');
    };
  }

  return {
    remindSchedule,
    remind({ payload }: JobContext): Promise<void | JobFollowUp> {
      return remindSchedule((payload as { scheduleId: string }).scheduleId);
    },
  };
}
