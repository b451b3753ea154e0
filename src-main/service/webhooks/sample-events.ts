import { eventData } from '../domain/event-data';
import { lowBalanceThreshold } from '../domain/credits';
import type { EventLog, EventType } from '../domain/event-log';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { SandboxEventResult } from '../schemas/webhook';
import type { Sql } from '../store/sql-port';
import type { Queries } from '../store/queries';

/**
 * POST /sandbox/events: a sample event of a kind, written to the event log like any other, so it
 * reaches the subscribed webhooks by the normal path (fan-out, signing, retries). Like `stripe
 * trigger`, a sample describes a real record when the clinic has one (the latest patient, the
 * latest response, ...), so an integrator can fetch what it points at; an empty clinic gets
 * well-formed made-up ids. The shape comes from the same builders the domain uses.
 */
export function createSampleEvents(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  events: EventLog;
}) {
  const { db, clock, newId, q } = deps;

  async function patientId(): Promise<string> {
    return (await q.patients.latest())?.id ?? newId('pat');
  }

  const samples: Record<EventType, () => Promise<Record<string, unknown>>> = {
    'patient.created': async () => {
      const latest = await q.patients.latest();
      const patient = latest && (await q.patients.get(latest.id));
      return eventData.patientCreated(
        patient ?? { id: newId('pat'), status: 'active', created_at: clock.nowIso() },
      );
    },
    'form.completed': async () => {
      const response = await q.formResponses.latest();
      return eventData.formCompleted(
        response
          ? { ...response, answers: JSON.parse(response.responses) as unknown[] }
          : {
              id: newId('resp'),
              form_id: newId('form'),
              patient_id: await patientId(),
              schedule_id: newId('sch'),
              completed_at: clock.nowIso(),
              answers: [
                { fieldId: 'pain', value: 3 },
                { fieldId: 'fever', value: false },
                { fieldId: 'notes', value: 'Me encuentro mejor que ayer.' },
              ],
            },
      );
    },
    'call.ended': async () => {
      const call = await q.calls.latestEnded();
      if (call) return eventData.callEnded(call);
      return {
        callId: newId('call'),
        patientId: await patientId(),
        status: 'completed',
        duration: 134,
        creditsConsumed: 15,
        completedAt: clock.nowIso(),
      };
    },
    'conversation.ended': async () => {
      const conversation = await q.conversations.latestEnded();
      if (conversation) {
        return eventData.conversationEnded(
          conversation,
          conversation.ended_at!,
          conversation.end_reason!,
        );
      }
      return eventData.conversationEnded(
        {
          id: newId('conv'),
          patient_id: await patientId(),
          message_count: 7,
          credits_consumed: 13,
        },
        clock.nowIso(),
        'inactivity',
      );
    },
    'credits.low': async () => {
      const account = (await q.creditAccount.get())!;
      const threshold = lowBalanceThreshold(account);
      // The account as it is, with the balance it would have when the event fires.
      return eventData.creditsLow(
        { ...account, balance: Math.min(account.balance, Math.max(threshold - 1, 0)) },
        threshold,
      );
    },
    'schedule.sent': async () => {
      const schedule = await q.formSchedules.latestSent();
      if (schedule) return eventData.scheduleSent(schedule, schedule.sent_at!);
      return eventData.scheduleSent(
        {
          id: newId('sch'),
          form_id: newId('form'),
          patient_id: await patientId(),
          channel: 'whatsapp',
          credits_consumed: 2,
        },
        clock.nowIso(),
      );
    },
  };

  return {
    emit: (kind: EventType): Promise<SandboxEventResult> =>
      db.transaction(async () => {
        const data = await samples[kind]();
        const id = await deps.events.emit(kind, data);
        const createdAt = (await q.events.get(id))!.created_at;
        return {
          id,
          event: kind,
          createdAt,
          data,
          webhookIds: await q.webhookDeliveries.webhooksOfEvent(id),
        };
      }),
  };
}
