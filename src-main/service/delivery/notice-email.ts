import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { JobContext, ScheduleInput } from '../jobs/job-handler';
import type { Queries } from '../store/queries';
import type { DeliverySettings } from './delivery-settings';
import { SMTP_RETRY_DELAYS_S } from './form-delivery';

export const NOTICE_EMAIL_JOB = 'notice.email';

interface NoticePayload {
  outboxId: string;
  attempt?: number;
}

/**
 * E-mail from the app to the clinic itself (not to patients): a webhook switched off, for now.
 * The message is written to the outbox in the transaction of the change it reports; with SMTP
 * configured a durable job also sends it, retrying like form e-mail does.
 */
export function createNoticeEmail(deps: {
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  settings: DeliverySettings;
  scheduleJob: (job: ScheduleInput) => Promise<unknown>;
}) {
  const { clock, newId, q, settings } = deps;

  async function plan(outboxId: string, attempt: number, delaySeconds: number): Promise<void> {
    await deps.scheduleJob({
      kind: NOTICE_EMAIL_JOB,
      dueAt: new Date(clock.now() + delaySeconds * 1000).toISOString(),
      payload: { outboxId, attempt },
      dedupeKey: `${NOTICE_EMAIL_JOB}:${outboxId}:${attempt}`,
    });
  }

  return {
    /** Records the notice (call inside the caller's transaction); returns its outbox id. */
    async send(message: { subject: string; text: string }): Promise<string> {
      const atMs = clock.now();
      const id = newId('out', atMs);
      await q.outbox.insert({
        id,
        channel: 'email',
        transport: 'outbox',
        to_address: await settings.notificationEmail(),
        subject: message.subject,
        body: message.text,
        html: null,
        link: null,
        schedule_id: null,
        patient_id: null,
        created_at: new Date(atMs).toISOString(),
      });
      if (await settings.smtpSettings()) await plan(id, 0, 0);
      return id;
    },

    /** The job: hands the recorded notice to SMTP. */
    async deliver({ payload }: JobContext): Promise<void> {
      const { outboxId, attempt = 0 } = payload as NoticePayload;
      const row = await q.outbox.get(outboxId);
      const smtp = await settings.smtp();
      if (!row || row.transport === 'smtp' || !smtp) return;
      const result = await smtp.send({
        to: row.to_address,
        subject: row.subject ?? '',
        text: row.body,
        messageId: `<${row.id}@engage-desk.invalid>`,
      });
      if (result.ok) await q.outbox.markSentBySmtp(row.id);
      else if (!result.permanent && attempt < SMTP_RETRY_DELAYS_S.length) {
        await plan(row.id, attempt + 1, SMTP_RETRY_DELAYS_S[attempt]!);
      }
    },
  };
}
