import type { Core } from '../../core';
import { IdParams } from '../../schemas/common';
import {
  DeliveryList,
  DeliveryListQuery,
  DeliveryParams,
  WebhookDelivery,
} from '../../schemas/webhook';
import { listBody } from '../../domain/list-page';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Webhooks'];

export function webhookDeliveryRoutes(app: TypedApp, core: Core): void {
  app.get(
    '/webhooks/:id/deliveries',
    route(
      'webhooks:write',
      {
        summary: "List a webhook's deliveries",
        description:
          'Newest first, each with the event it carries and every attempt (time, duration, status code or error, the first 4 KiB of the response). Filters: `status` (`pending`, `delivered`, `failed`; `failed` lists the events that will not be retried automatically) and `event`.',
        tags,
        operationId: 'listWebhookDeliveries',
        params: IdParams,
        querystring: DeliveryListQuery,
        response: { 200: DeliveryList },
      },
      [400, 404],
    ),
    async (request, reply) =>
      sendJsonText(
        reply,
        listBody(await core.webhookDeliveries.list(request.params.id, request.query)),
      ),
  );

  app.post(
    '/webhooks/:id/deliveries/:eventId/retry',
    route(
      'webhooks:write',
      {
        summary: 'Retry a delivery now',
        description:
          'Makes one manual attempt at once, with the same event id (`X-Service-Delivery`), body and signature scheme, and answers with the delivery once the attempt is recorded (up to 10 s with a slow receiver). A success marks the delivery `delivered`; a failure is recorded but does not change its retry plan. A disabled webhook must be reactivated first (400 `webhook_disabled`).',
        tags,
        operationId: 'retryWebhookDelivery',
        params: DeliveryParams,
        response: { 200: WebhookDelivery },
      },
      [400, 404, 409, 413, 415],
    ),
    async (request) => core.dispatcher.retry(request.params.id, request.params.eventId),
  );
}
