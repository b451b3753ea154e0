import type { Core } from '../../core';
import { IdParams } from '../../schemas/common';
import {
  CreatedWebhook,
  CreateWebhook,
  UpdateWebhook,
  Webhook,
  WebhookList,
  WebhookListQuery,
} from '../../schemas/webhook';
import { listBody } from '../../domain/list-page';
import { replyWithWrite } from '../atomic-reply';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Webhooks'];

export function webhookRoutes(app: TypedApp, core: Core): void {
  const { webhooks } = core;

  app.post(
    '/webhooks',
    route(
      'webhooks:write',
      {
        summary: 'Register a webhook',
        description:
          'Subscribes an HTTPS URL to event kinds. The answer carries the signing `secret` (`whsec_…`), shown only here: each delivery has `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed with the secret>`. Outside sandbox mode, hosts that resolve to private, loopback or link-local addresses are refused (422 `private_address`).',
        tags,
        operationId: 'createWebhook',
        body: CreateWebhook,
        response: { 201: CreatedWebhook },
      },
      [409],
    ),
    async (request, reply) => {
      await webhooks.checkUrl(request.body.url);
      return await replyWithWrite(core, request, reply, () => webhooks.create(request.body), {
        status: 201,
        location: (webhook) => `${request.routeOptions.url}/${webhook.id}`,
      });
    },
  );

  app.get(
    '/webhooks',
    route(
      'webhooks:write',
      {
        summary: 'List webhooks',
        description: 'Newest first, without secrets. Filter: `status`.',
        tags,
        operationId: 'listWebhooks',
        querystring: WebhookListQuery,
        response: { 200: WebhookList },
      },
      [400],
    ),
    async (request, reply) => sendJsonText(reply, listBody(await webhooks.list(request.query))),
  );

  app.get(
    '/webhooks/:id',
    route(
      'webhooks:write',
      {
        summary: 'Get a webhook',
        description: 'Without its secret, which is only shown when the webhook is created.',
        tags,
        operationId: 'getWebhook',
        params: IdParams,
        response: { 200: Webhook },
      },
      [404],
    ),
    async (request, reply) => sendJsonText(reply, await webhooks.getJson(request.params.id)),
  );

  app.patch(
    '/webhooks/:id',
    route(
      'webhooks:write',
      {
        summary: 'Update or reactivate a webhook',
        description:
          'Changes `url` and/or `events`; `{"status": "active"}` reactivates a disabled webhook, and its failure rate is counted afresh from then on. The secret does not change.',
        tags,
        operationId: 'updateWebhook',
        params: IdParams,
        body: UpdateWebhook,
        response: { 200: Webhook },
      },
      [404],
    ),
    async (request) => {
      await webhooks.checkUrl(request.body.url);
      return await webhooks.update(request.params.id, request.body);
    },
  );

  app.delete(
    '/webhooks/:id',
    route(
      'webhooks:write',
      {
        summary: 'Delete a webhook',
        description:
          'Stops all deliveries to it at once and removes it with its delivery log. Attempts already in flight finish but are not recorded.',
        tags,
        operationId: 'deleteWebhook',
        params: IdParams,
        response: { 204: { type: 'null', description: 'Deleted.' } },
      },
      [404, 413, 415],
    ),
    async (request, reply) => {
      await webhooks.delete(request.params.id);
      return reply.code(204).send();
    },
  );
}
