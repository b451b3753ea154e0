import type {
  FailedDelivery,
  Webhook,
  WebhookDelivery,
  WebhookView,
} from '../../../src-preload/contract';
import type { Core } from '../core';
import { DEACTIVATION_WINDOW_MS } from '../domain/webhook-deliveries';
import { DeliveriesInput, IdInput, IdWithPatch, RecentInput, RetryInput } from '../schemas/desktop';
import { CreateWebhook, UpdateWebhook, WebhookListQuery } from '../schemas/webhook';
import { disabledFigures } from '../webhooks/webhook-disabled-notice';
import { op, pageOf, schemaInput, type GroupHandlers, type OperationDeps } from './operation-kit';

/**
 * Adds each webhook's figures (one query per page): attempts over the deactivation rule's window,
 * the newest attempt and the open deliveries, and a disabled one's reason as numbers, so the
 * window can say it in the coordinator's language.
 */
function withStats(core: Core, webhooks: readonly Webhook[]): WebhookView[] {
  const since = new Date(core.clock.now() - DEACTIVATION_WINDOW_MS).toISOString();
  const rows = new Map(
    core.q.webhookAttempts
      .summaries(
        webhooks.map((w) => w.id),
        since,
      )
      .map((row) => [row.webhook_id, row]),
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

export function webhookOperations({ core }: OperationDeps): GroupHandlers<'webhooks'> {
  const { webhooks } = core;
  const patch = schemaInput<UpdateWebhook>(UpdateWebhook);
  return {
    list: op({
      parse: schemaInput(WebhookListQuery),
      run(query) {
        const page = pageOf<Webhook>(webhooks.list(query));
        return { ...page, data: withStats(core, page.data) };
      },
    }),
    get: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => withStats(core, [webhooks.get(id)])[0]!,
    }),
    create: op({
      parse: schemaInput(CreateWebhook),
      async run(input) {
        await webhooks.checkUrl(input.url);
        return webhooks.create(input);
      },
      topics: ['webhooks'],
    }),
    update: op({
      // The patch alone, so its pointers are the API's (`/url`).
      parse(input: unknown) {
        const { id, patch: raw } = schemaInput<{ id: string; patch: unknown }>(IdWithPatch)(input);
        return { id, patch: patch(raw) };
      },
      async run({ id, patch: changes }) {
        await webhooks.checkUrl(changes.url);
        return withStats(core, [webhooks.update(id, changes)])[0]!;
      },
      topics: ['webhooks'],
    }),
    remove: op({
      parse: schemaInput(IdInput),
      run({ id }) {
        webhooks.delete(id);
        return { id, deleted: true as const };
      },
      topics: ['webhooks'],
    }),
    deliveries: op({
      parse: schemaInput(DeliveriesInput),
      run: ({ id, ...query }) => pageOf<WebhookDelivery>(core.webhookDeliveries.list(id, query)),
    }),
    failedDeliveries: op({
      parse: schemaInput<{ limit: number }>(RecentInput),
      run: ({ limit }) =>
        core.q.overview.failedDeliveries(limit).map((row): FailedDelivery => ({
          webhookId: row.webhook_id,
          webhookUrl: row.webhook_url,
          eventId: row.event_id,
          event: row.event_type,
          failedAt: row.failed_at,
          ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
          attemptCount: row.attempt_count,
        })),
    }),
    retry: op({
      parse: schemaInput(RetryInput),
      run: ({ id, eventId }) => core.dispatcher.retry(id, eventId),
      topics: ['webhooks'],
    }),
  };
}
