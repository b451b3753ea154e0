import type { FailedDelivery, Webhook, WebhookDelivery } from '../../../src-preload/contract';
import { DeliveriesInput, IdInput, IdWithPatch, RecentInput, RetryInput } from '../schemas/desktop';
import { CreateWebhook, UpdateWebhook, WebhookListQuery } from '../schemas/webhook';
import { op, pageOf, schemaInput, type GroupHandlers, type OperationDeps } from './operation-kit';

export function webhookOperations({ core }: OperationDeps): GroupHandlers<'webhooks'> {
  const { webhooks } = core;
  const patch = schemaInput<UpdateWebhook>(UpdateWebhook);
  return {
    list: op({
      parse: schemaInput(WebhookListQuery),
      run: (query) => pageOf<Webhook>(webhooks.list(query)),
    }),
    get: op({ parse: schemaInput(IdInput), run: ({ id }) => webhooks.get(id) }),
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
        return webhooks.update(id, changes);
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
