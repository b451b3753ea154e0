import { Type, type Static } from 'typebox';
import { Actor } from './actor';
import { DateTime, ListOf, PageQuery } from './common';

/**
 * Alerts: a warning sign in front of a coordinator (docs/api-decisions.md, "Alerts"). Raised by
 * the service in the transaction of their cause; clients read them and move them forward.
 */

export const ALERT_PRIORITIES = ['urgent', 'review'] as const;
export type AlertPriority = (typeof ALERT_PRIORITIES)[number];
export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
export const ALERT_SOURCES = ['conversation', 'call', 'form_response', 'form_schedule'] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/** Why an alert was raised; the window says each in its language, the API in English. */
export const ALERT_REASON_CODES = [
  'chat_emergency',
  'chat_urgent',
  'chat_for_team',
  'call_emergency',
  'call_urgent',
  'call_for_team',
  'call_failed',
  'response_rule',
  'response_text',
  'delivery_failed',
] as const;
export type AlertReasonCode = (typeof ALERT_REASON_CODES)[number];

export const Alert = Type.Object(
  {
    id: Type.String({ pattern: '^alert_', examples: ['alert_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
    patientId: Type.String(),
    source: Type.Object(
      {
        type: Type.Enum([...ALERT_SOURCES], { type: 'string' }),
        id: Type.String({ description: 'The conversation, call, form response or schedule.' }),
      },
      { additionalProperties: false },
    ),
    priority: Type.Enum([...ALERT_PRIORITIES], {
      type: 'string',
      description:
        '`urgent` (an emergency or a same-day call) or `review` (a person should read it).',
    }),
    reason: Type.String({ description: 'The reason in words (English).' }),
    reasonCode: Type.Enum([...ALERT_REASON_CODES], { type: 'string' }),
    signs: Type.Array(Type.String(), {
      description: 'The warning signs found, e.g. `chest_pain`, `severe_pain` (triage).',
    }),
    detail: Type.Object(
      {},
      {
        additionalProperties: true,
        description: 'What the reason refers to: the rule met and the value, the failure, …',
      },
    ),
    state: Type.Enum([...ALERT_STATES], { type: 'string' }),
    raisedAt: DateTime,
    acknowledgedAt: Type.Optional(DateTime),
    acknowledgedBy: Type.Optional(Actor),
    acknowledgeNote: Type.Optional(Type.String()),
    resolvedAt: Type.Optional(DateTime),
    resolvedBy: Type.Optional(Actor),
    resolveNote: Type.Optional(Type.String()),
    updatedAt: DateTime,
  },
  {
    additionalProperties: false,
    description:
      'A warning sign in front of a coordinator, raised by the service; move it forward with acknowledge and resolve.',
  },
);
export type Alert = Static<typeof Alert>;

export const AlertList = ListOf(Alert, 'Alerts, newest first.');

export const AlertListQuery = Type.Object(
  {
    ...PageQuery,
    patientId: Type.Optional(
      Type.String({ maxLength: 64, description: "Only this patient's alerts." }),
    ),
    state: Type.Optional(
      Type.Enum([...ALERT_STATES], { type: 'string', description: 'Only alerts in this state.' }),
    ),
    priority: Type.Optional(
      Type.Enum([...ALERT_PRIORITIES], {
        type: 'string',
        description: 'Only alerts of this priority.',
      }),
    ),
    sourceType: Type.Optional(
      Type.Enum([...ALERT_SOURCES], {
        type: 'string',
        description: 'Only alerts raised by this kind of record.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AlertListQuery = Static<typeof AlertListQuery>;

export const AlertAction = Type.Object(
  {
    note: Type.Optional(
      Type.String({ maxLength: 2000, description: 'What was done or decided, for the record.' }),
    ),
  },
  { additionalProperties: false },
);
export type AlertAction = Static<typeof AlertAction>;
