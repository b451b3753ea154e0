import { Type, type Static } from 'typebox';
import { EVENT_TYPES } from '../domain/event-log';
import { DateTime, ListOf, PageQuery } from './common';

/** Webhooks, their deliveries and attempts (interface spec; api-decisions §§8, 9). */

export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const ATTEMPT_ERRORS = [
  'timeout',
  'connection_error',
  'redirect',
  'http_error',
  'blocked_address',
  'url_not_allowed',
] as const;

const EventKind = Type.Enum([...EVENT_TYPES], { type: 'string' });

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'HTTPS URL of the receiver. Hosts that are or resolve to private, link-local (cloud metadata) or reserved addresses are refused in every mode; this machine (`localhost`, `127.0.0.1`, `[::1]`, also over `http://` for the first two) only in sandbox mode, and only written as such.',
  examples: ['https://example.org/hooks/engage'],
});

const Events = Type.Array(EventKind, {
  minItems: 1,
  uniqueItems: true,
  description: 'The event kinds to receive; at least one, each once.',
});

const webhookFields = {
  id: Type.String({ pattern: '^wh_', examples: ['wh_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
  url: Type.String(),
  events: Type.Array(EventKind),
  status: Type.Enum([...WEBHOOK_STATUSES], {
    type: 'string',
    description:
      '`disabled` after more than 95% of its attempts over 24 hours failed (at least 10); reactivate with PATCH `{"status": "active"}`.',
  }),
  disabledAt: Type.Optional(Type.String({ format: 'date-time' })),
  disabledReason: Type.Optional(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
};

export const Webhook = Type.Object(webhookFields, {
  additionalProperties: false,
  description:
    'A registered receiver of event notifications; its signing secret is never shown again.',
});
export type Webhook = Static<typeof Webhook>;

export const CreatedWebhook = Type.Object(
  {
    ...webhookFields,
    secret: Type.String({
      pattern: '^whsec_',
      description:
        'The signing secret: the HMAC-SHA256 key (its UTF-8 bytes, prefix included) of `X-Service-Signature`. Shown only in this response.',
    }),
  },
  { additionalProperties: false },
);
export type CreatedWebhook = Static<typeof CreatedWebhook>;

export const WebhookList = ListOf(Webhook, 'Webhooks, newest first, without their secrets.');

export const CreateWebhook = Type.Object(
  { url: Url, events: Events },
  { additionalProperties: false },
);
export type CreateWebhook = Static<typeof CreateWebhook>;

export const UpdateWebhook = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    status: Type.Optional(
      Type.Enum(['active'], {
        type: 'string',
        description: 'Reactivates a disabled webhook; its failure count starts afresh.',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWebhook = Static<typeof UpdateWebhook>;

export const EventEnvelope = Type.Object(
  {
    id: Type.String({ pattern: '^evt_' }),
    event: EventKind,
    createdAt: DateTime,
    data: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The event data; see the webhook guide for each kind.',
    }),
  },
  {
    additionalProperties: false,
    description: 'The body a receiver gets, byte for byte as signed.',
  },
);
export type EventEnvelope = Static<typeof EventEnvelope>;

export const DeliveryAttempt = Type.Object(
  {
    id: Type.String({ pattern: '^dlv_' }),
    trigger: Type.Enum(['automatic', 'manual'], { type: 'string' }),
    succeeded: Type.Boolean(),
    attemptedAt: DateTime,
    durationMs: Type.Integer({ minimum: 0 }),
    url: Type.String({ description: 'Where the attempt went.' }),
    statusCode: Type.Optional(
      Type.Integer({ description: "The receiver's HTTP status, when it answered." }),
    ),
    error: Type.Optional(
      Type.Enum([...ATTEMPT_ERRORS], {
        type: 'string',
        description:
          'Why the attempt failed: `connection_error` (no complete HTTP answer within 10 s, whatever the cause: refused, reset, timed out, TLS; one wording for all), `redirect` (a 3xx; never followed), `http_error` (another non-2xx), `blocked_address` (the host resolved to an address webhooks may not reach), `url_not_allowed` (the URL breaks the rules of the current mode). `timeout` appears only on attempts recorded by earlier versions.',
      }),
    ),
    errorDetail: Type.Optional(Type.String()),
    requestHeaders: Type.Record(Type.String(), Type.String(), {
      description: 'The headers sent (Content-Type and the X-Service-* headers).',
    }),
    responseBody: Type.Optional(
      Type.String({
        description:
          'The first 4 KiB of the response body; never kept from a receiver on this machine (sandbox mode), whose status alone is recorded.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const WebhookDelivery = Type.Object(
  {
    eventId: Type.String({
      pattern: '^evt_',
      description: 'Also the X-Service-Delivery header: stable across retries.',
    }),
    event: EventKind,
    webhookId: Type.String(),
    status: Type.Enum([...DELIVERY_STATUSES], { type: 'string' }),
    attemptCount: Type.Integer({
      minimum: 0,
      maximum: 4,
      description: 'Automatic attempts so far: the first and up to three retries.',
    }),
    nextAttemptAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'Pending deliveries: the next attempt.' }),
    ),
    lastAttemptAt: Type.Optional(Type.String({ format: 'date-time' })),
    deliveredAt: Type.Optional(Type.String({ format: 'date-time' })),
    failedAt: Type.Optional(Type.String({ format: 'date-time' })),
    failureReason: Type.Optional(
      Type.Enum(['retries_exhausted', 'webhook_disabled'], { type: 'string' }),
    ),
    createdAt: DateTime,
    payload: EventEnvelope,
    attempts: Type.Array(DeliveryAttempt, { description: 'Every attempt, oldest first.' }),
  },
  {
    additionalProperties: false,
    description: 'One event on its way to one webhook, with every attempt made.',
  },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const DeliveryList = ListOf(WebhookDelivery, 'Deliveries of one webhook, newest first.');

export const DeliveryListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Enum([...DELIVERY_STATUSES], {
        type: 'string',
        description: 'Only deliveries in this status (`failed`: those no longer retried).',
      }),
    ),
    event: Type.Optional(
      Type.Enum([...EVENT_TYPES], {
        type: 'string',
        description: 'Only deliveries of this event kind.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;

export const DeliveryParams = Type.Object(
  {
    id: Type.String({ maxLength: 64, description: 'The webhook (`wh_…`).' }),
    eventId: Type.String({
      maxLength: 64,
      description: 'The event (`evt_…`) whose delivery to this webhook is meant.',
    }),
  },
  { additionalProperties: false },
);

export const SandboxEventRequest = Type.Object(
  { event: EventKind },
  { additionalProperties: false },
);

export const SandboxEventResult = Type.Object(
  {
    ...EventEnvelope.properties,
    webhookIds: Type.Array(Type.String(), {
      description: 'The active webhooks subscribed to this kind: each got a delivery.',
    }),
  },
  { additionalProperties: false },
);
export type SandboxEventResult = Static<typeof SandboxEventResult>;

export const WebhookListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Enum([...WEBHOOK_STATUSES], {
        type: 'string',
        description: 'Only webhooks in this status.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type WebhookListQuery = Static<typeof WebhookListQuery>;
