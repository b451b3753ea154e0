import { CONVERSATION_CLOSE_JOB } from '../domain/conversations';
import { DELIVER_JOB } from '../domain/form-schedules';
import type { Queries } from '../store/queries';
import type { JobRow } from '../store/queries/jobs';
import type { ChangeFeed } from './change-feed';

/**
 * The events a finished job adds to the window's stream beyond what it changed (which the domain
 * function it ran announces, changes/domain-topics.ts): a delivery's new status, a conversation
 * closed for inactivity. Reads the committed rows, so the status sent is the one the job left.
 */
export function createJobEvents(q: Queries, feed: ChangeFeed) {
  return async function jobDone(job: JobRow): Promise<void> {
    const payload = JSON.parse(job.payload) as Record<string, unknown>;
    switch (job.kind) {
      case DELIVER_JOB: {
        const schedule = await q.formSchedules.get(String(payload.scheduleId));
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
        return;
      }
      case CONVERSATION_CLOSE_JOB: {
        const conversation = await q.conversations.get(String(payload.conversationId));
        if (conversation?.status !== 'ended') return;
        feed.emit({ type: 'conversation.message', data: { conversationId: conversation.id } });
        return;
      }
      default:
        return;
    }
  };
}
