import type { AttentionConversation, FailedDelivery, RecentResponse } from '../contract';
import type { FormResponse } from '../schemas/clinical-form';
import type { ConversationSummary } from '../schemas/conversation';
import type { Queries } from '../store/queries';
import { patientRef } from './patient-names';

/** How many of each the dashboard shows when the caller does not say. */
const DASHBOARD_LIMIT = 10;

/**
 * The dashboard's short lists across the clinic: the latest responses, escalated conversations
 * still open, and webhook deliveries that failed for good; each with the names it needs.
 */
export function createDashboardLists(q: Queries) {
  return {
    async recentResponses(limit = DASHBOARD_LIMIT): Promise<RecentResponse[]> {
      return (await q.overview.recentResponses(limit)).map((row) => ({
        ...(JSON.parse(row.json) as FormResponse),
        formName: row.form_name ?? '',
        patient: patientRef(row),
      }));
    },
    /** Escalated conversations that are still active, newest escalation first. */
    async attention(limit = DASHBOARD_LIMIT): Promise<AttentionConversation[]> {
      return (await q.overview.attention(limit)).map((row) => ({
        ...(JSON.parse(row.json) as ConversationSummary),
        patient: patientRef(row),
      }));
    },
    async failedDeliveries(limit = DASHBOARD_LIMIT): Promise<FailedDelivery[]> {
      return (await q.overview.failedDeliveries(limit)).map((row) => ({
        webhookId: row.webhook_id,
        webhookUrl: row.webhook_url,
        eventId: row.event_id,
        event: row.event_type,
        failedAt: row.failed_at,
        ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
        attemptCount: row.attempt_count,
      }));
    },
    /** Every tag in use, most used first (the patient list's tag filter). */
    tags: () => q.overview.tags(),
  };
}
