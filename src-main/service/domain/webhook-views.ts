import type { WebhookView } from '../contract';
import type { Clock } from '../jobs/clock';
import type { Webhook } from '../schemas/webhook';
import type { Queries } from '../store/queries';
import { disabledFigures } from '../webhooks/webhook-disabled-notice';
import { DEACTIVATION_WINDOW_MS } from './webhook-deliveries';

export function createWebhookViews(deps: { q: Queries; clock: Clock }) {
  const { q, clock } = deps;
  /**
   * Adds each webhook's figures (one query per page): attempts over the deactivation rule's window,
   * the newest attempt and the open deliveries, and a disabled one's reason as numbers, so the
   * window can say it in the coordinator's language.
   */
  async function withStats(webhooks: readonly Webhook[]): Promise<WebhookView[]> {
    const since = new Date(clock.now() - DEACTIVATION_WINDOW_MS).toISOString();
    const rows = new Map(
      (
        await q.webhookAttempts.summaries(
          webhooks.map((w) => w.id),
          since,
        )
      ).map((row) => [row.webhook_id, row]),
    );
    return webhooks.map((webhook) => {
      const row = rows.get(webhook.id);
      const last = row?.last_attempt
        ? (JSON.parse(row.last_attempt) as {
            at: string;
            succeeded: number;
            statusCode: number | null;
            error: string | null;
          })
        : undefined;
      const figures = webhook.disabledReason ? disabledFigures(webhook.disabledReason) : undefined;
      return {
        ...webhook,
        stats: {
          attempts: row?.attempts ?? 0,
          failedAttempts: row?.failed ?? 0,
          ...(last
            ? {
                lastAttempt: {
                  at: last.at,
                  succeeded: last.succeeded === 1,
                  ...(last.statusCode === null ? {} : { statusCode: last.statusCode }),
                  ...(last.error === null ? {} : { error: last.error }),
                },
              }
            : {}),
          pendingDeliveries: row?.pending_deliveries ?? 0,
          failedDeliveries: row?.failed_deliveries ?? 0,
          ...(figures ? { disabledBy: figures } : {}),
        },
      };
    });
  }
  return { withStats };
}
