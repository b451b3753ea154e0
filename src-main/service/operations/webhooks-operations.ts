import type { Webhook, WebhookDelivery } from '../contract';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function webhookOperations({ core }: OperationDeps): GroupHandlers<'webhooks'> {
  const { webhooks } = core;
  const { withStats } = core.views.webhooks;
  return {
    list: op({
      run(query) {
        const page = pageOf<Webhook>(webhooks.list(query));
        return { ...page, data: withStats(page.data) };
      },
    }),
    get: op({
      run: ({ id }) => withStats([webhooks.get(id)])[0]!,
    }),
    create: op({
      async run(input) {
        await webhooks.checkUrl(input.url);
        return webhooks.create(input);
      },
    }),
    update: op({
      async run({ id, patch: changes }) {
        await webhooks.checkUrl(changes.url);
        return withStats([webhooks.update(id, changes)])[0]!;
      },
    }),
    remove: op({
      run({ id }) {
        webhooks.delete(id);
        return { id, deleted: true as const };
      },
    }),
    deliveries: op({
      run: ({ id, ...query }) => pageOf<WebhookDelivery>(core.webhookDeliveries.list(id, query)),
    }),
    failedDeliveries: op({ run: ({ limit }) => core.views.dashboard.failedDeliveries(limit) }),
    retry: op({
      run: ({ id, eventId }) => core.dispatcher.retry(id, eventId),
    }),
  };
}
