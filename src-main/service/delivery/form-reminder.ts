import { renderDeliveryMessage } from '../domain/delivery-message';
import type { FormSchedules } from '../domain/form-schedules';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { JobContext } from '../jobs/job-runner';
import type { Db } from '../store/db';
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
  db: Db;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  schedules: FormSchedules;
  settings: DeliverySettings;
}) {
  const { db, clock, newId, q, schedules, settings } = deps;

  function remindSchedule(scheduleId: string): void | Promise<void> {
    const schedule = q.formSchedules.get(scheduleId);
    if (!schedule || schedule.status !== 'sent' || schedule.reminded_at) return;
    // The link the patient already has: the newest message of this delivery carries it.
    const link = q.outbox.bySchedule(scheduleId).at(-1)?.link;
    const patient = q.patients.get(schedule.patient_id)!;
    const to = schedule.channel === 'whatsapp' ? patient.phone : patient.email;
    if (!link || !to || patient.status !== 'active') return;
    const form = q.clinicalForms.get(schedule.form_id)!;
    const rendered = renderDeliveryMessage({
      channel: schedule.channel,
      language: schedule.language,
      clinicName: settings.clinicName(),
      patientFirstName: patient.first_name,
      formName: form.name,
      link,
      reminder: true,
    });
    const record = (transport: 'outbox' | 'smtp') =>
      db.transaction(() => {
        // Answered or cancelled while an e-mail was in flight: the reminder is not recorded as
        // one, but what left is in the outbox all the same.
        schedules.markReminded(scheduleId);
        const atMs = clock.now();
        q.outbox.insert({
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
      })();
    const smtp = schedule.channel === 'email' ? settings.smtp() : undefined;
    if (!smtp) return record('outbox');
    return (async () => {
      const result = await smtp.send({
        to,
        subject: rendered.subject ?? '',
        text: rendered.text,
        html: rendered.html,
        messageId: `<${scheduleId}.reminder@engage-desk.invalid>`,
      });
      if (result.ok) record('smtp');
    })();
  }

  return {
    remindSchedule,
    remind({ payload }: JobContext): void | Promise<void> {
      return remindSchedule((payload as { scheduleId: string }).scheduleId);
    },
  };
}
