import type { CallRow } from '../store/queries/calls';
import type { ConversationRow } from '../store/queries/conversations';
import type { CreditAccountRow } from '../store/queries/credit-account';
import type { FormScheduleRow } from '../store/queries/form-schedules';

/**
 * The `data` of each event kind, in one place: the thin payloads of api-decisions §9 (ids and
 * state; no names, e-mail or phone). The domain writes events with these, and the sandbox's
 * sample events use them too, so a sample has exactly the shape of the real thing.
 */
export const eventData = {
  patientCreated: (patient: { id: string; status: string; created_at: string }) => ({
    patientId: patient.id,
    status: patient.status,
    createdAt: patient.created_at,
  }),

  formCompleted: (response: {
    id: string;
    form_id: string;
    patient_id: string;
    schedule_id: string | null;
    completed_at: string;
    answers: unknown[];
  }) => ({
    responseId: response.id,
    formId: response.form_id,
    patientId: response.patient_id,
    scheduleId: response.schedule_id,
    completedAt: response.completed_at,
    responses: response.answers,
  }),

  callEnded: (call: CallRow) => ({
    callId: call.id,
    patientId: call.patient_id,
    status: call.status,
    duration: call.duration,
    ...(call.failure_reason ? { failureReason: call.failure_reason } : {}),
    creditsConsumed: call.credits_consumed,
    ...(call.completed_at ? { completedAt: call.completed_at } : {}),
  }),

  conversationEnded: (
    conversation: Pick<ConversationRow, 'id' | 'patient_id' | 'message_count' | 'credits_consumed'>,
    endedAt: string,
    endReason: 'inactivity' | 'closed',
  ) => ({
    conversationId: conversation.id,
    patientId: conversation.patient_id,
    endReason,
    messageCount: conversation.message_count,
    creditsConsumed: conversation.credits_consumed,
    endedAt,
  }),

  creditsLow: (
    account: Pick<CreditAccountRow, 'balance' | 'monthly_allowance' | 'plan' | 'resets_at'>,
    threshold: number,
  ) => ({
    balance: account.balance,
    monthlyAllowance: account.monthly_allowance,
    threshold,
    plan: account.plan,
    resetsAt: account.resets_at,
  }),

  scheduleSent: (
    schedule: Pick<
      FormScheduleRow,
      'id' | 'form_id' | 'patient_id' | 'channel' | 'credits_consumed'
    >,
    sentAt: string,
  ) => ({
    scheduleId: schedule.id,
    formId: schedule.form_id,
    patientId: schedule.patient_id,
    channel: schedule.channel,
    sentAt,
    creditsConsumed: schedule.credits_consumed,
  }),
};
