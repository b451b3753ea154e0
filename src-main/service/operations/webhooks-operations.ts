import type { Webhook, WebhookDelivery } from '../contract';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function webhookOperations({ core }: OperationDeps): GroupHandlers<'webhooks'> {
  const { webhooks } = core;
  const { withStats } = core.views.webhooks;
  return {
    list: op({
      async run(query) {
        const page = pageOf<Webhook>(await webhooks.list(query));
        return { ...page, data: await withStats(page.data) };
      },
    }),
    get: op({
      run: async ({ id }) => (await withStats([await webhooks.get(id)]))[0]!,
    }),
    create: op({
      async run(input) {
        await webhooks.checkUrl(input.url);
        return await webhooks.create(input);
      },
    }),
    update: op({
      async run({ id, patch: changes }) {
        await webhooks.checkUrl(changes.url);
        return (await withStats([await webhooks.update(id, changes)]))[0]!;
      },
    }),
    remove: op({
      async run({ id }) {
        await webhooks.delete(id);
        return { id, deleted: true as const };
      },
    }),
    deliveries: op({
      run: async ({ id, ...query }) =>
        pageOf<WebhookDelivery>(await core.webhookDeliveries.list(id, query)),
    }),
    failedDeliveries: op({ run: ({ limit }) => core.views.dashboard.failedDeliveries(limit) }),
    retry: op({
      run: ({ id, eventId }) => core.dispatcher.retry(id, eventId),
    }),
  };
}
