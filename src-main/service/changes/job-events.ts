import { CALL_STEP_JOB } from '../domain/calls';
import { CONVERSATION_CLOSE_JOB } from '../domain/conversations';
import { CREDITS_RESET_JOB } from '../domain/credits';
import { DELIVER_JOB } from '../domain/form-schedules';
import { FLUSH_JOB } from '../domain/webhook-deliveries';
import { NOTICE_EMAIL_JOB } from '../delivery/notice-email';
import type { Queries } from '../store/queries';
import type { JobRow } from '../store/queries/jobs';
import type { ChangeFeed } from './change-feed';

/**
 * Turns a finished job into what the window needs to hear: a delivery moves its schedule (and
 * may refund credits), a close ends a conversation, a call step moves a call, a reset grants the
 * new allowance, a flush records webhook attempts. Reads the committed rows, so the status sent
 * is the one the job left.
 */
export function createJobEvents(q: Queries, feed: ChangeFeed) {
  return function jobDone(job: JobRow): void {
    const payload = JSON.parse(job.payload) as Record<string, unknown>;
    switch (job.kind) {
      case DELIVER_JOB: {
        const schedule = q.formSchedules.get(String(payload.scheduleId));
        if (!schedule) return;
        feed.emit({
          type: 'schedule.changed',
          data: { scheduleId: schedule.id, status: schedule.status },
        });
        if (schedule.status === 'sent' || schedule.status === 'failed') {
          feed.emit({
            type: 'delivery.happened',
            data: { scheduleId: schedule.id, status: schedule.status, channel: schedule.channel },
          });
        }
        feed.changed('schedules', 'outbox', 'credits');
        return;
      }
      case CONVERSATION_CLOSE_JOB: {
        const conversation = q.conversations.get(String(payload.conversationId));
        if (conversation?.status !== 'ended') return;
        feed.emit({ type: 'conversation.message', data: { conversationId: conversation.id } });
        feed.changed('conversations');
        return;
      }
      case CALL_STEP_JOB:
        feed.changed('calls', 'credits');
        return;
      case CREDITS_RESET_JOB:
        feed.changed('credits');
        return;
      case FLUSH_JOB:
        feed.changed('webhooks');
        return;
      case NOTICE_EMAIL_JOB:
        feed.changed('outbox');
        return;
      default:
        return;
    }
  };
}
