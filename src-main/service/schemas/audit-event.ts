import { Type, type Static } from 'typebox';
import { DateRangeQuery, DateTime, ListOf, PageQuery } from './common';

/**
 * The audit trail (docs/data-safety.md): who read or changed which patient's record, when
 * and from where. Ids, codes and counts only, never clinical content.
 */

/** Where an action came from: the desktop window, the HTTP API, the command line. */
export const AUDIT_CHANNELS = ['window', 'api', 'cli'] as const;
export type AuditChannel = (typeof AUDIT_CHANNELS)[number];

/** What was done, `<resource>.<verb>`: the one list of codes (the rules in domain/audit-rules.ts). */
export const AUDIT_ACTIONS = [
  'patient.viewed',
  'patient.created',
  'patient.updated',
  'patients.exported',
  'clinic.exported',
  'note.viewed',
  'note.created',
  'response.viewed',
  'responses.exported',
  'conversation.viewed',
  'conversation.started',
  'conversation.ended',
  'message.sent',
  'link.created',
  'call.viewed',
  'call.started',
  'delivery.created',
  'delivery.cancelled',
  'series.created',
  'series.cancelled',
  'response.created',
  'alert.acknowledged',
  'alert.resolved',
  'retention.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kind of record an event names by id. */
export const AUDIT_RESOURCES = [
  'patient',
  'note',
  'response',
  'conversation',
  'call',
  'delivery',
  'series',
  'alert',
  'export',
  'retention',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

/** Who acted: the desk (the window), an API key (by id and name, never the secret), a command. */
export const AuditActor = Type.Object(
  {
    type: Type.Enum(['desk', 'api_key', 'cli'], {
      type: 'string',
      description: '`desk` (the desktop app), `api_key` (over the API) or `cli` (a command).',
    }),
    id: Type.Optional(Type.String({ description: 'The API key id, for `api_key`.' })),
    name: Type.String({ description: "The API key's name, the desk, or the command." }),
  },
  { additionalProperties: false, description: 'Who did it.' },
);
export type AuditActor = Static<typeof AuditActor>;

export const AuditEvent = Type.Object(
  {
    id: Type.String({ pattern: '^aud_', examples: ['aud_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
    at: DateTime,
    actor: AuditActor,
    channel: Type.Enum([...AUDIT_CHANNELS], { type: 'string', description: 'From where.' }),
    action: Type.Enum([...AUDIT_ACTIONS], { type: 'string', description: 'What was done.' }),
    resourceType: Type.Enum([...AUDIT_RESOURCES], {
      type: 'string',
      description:
        "The kind of record `resourceId` names (`export`: one CSV export; `retention`: the trail's own retention period).",
    }),
    resourceId: Type.String({
      description:
        "The record's id; for `retention.changed`, the change in whole years as `from-<years>-to-<years>`.",
      examples: ['pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G', 'from-6-to-8'],
    }),
    patientId: Type.String({
      description:
        'The patient whose record it was (an export has one event per patient); empty for `retention.changed`, which concerns no patient.',
    }),
    count: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'For an export: how many patients it held (each has its own event).',
    }),
  },
  {
    additionalProperties: false,
    description:
      "One read or change of a patient's record (or of the trail's retention period). Never changed or deleted until past the retention period; never holds clinical content.",
    examples: [
      {
        id: 'aud_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
        at: '2026-11-26T10:15:00.000Z',
        actor: { type: 'api_key', id: 'key_01JD8X3V6Q9R2T5W7Y0B4C6E8G', name: 'EHR sync' },
        channel: 'api',
        action: 'patient.viewed',
        resourceType: 'patient',
        resourceId: 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
        patientId: 'pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G',
        count: null,
      },
    ],
  },
);
export type AuditEvent = Static<typeof AuditEvent>;

export const AuditEventList = ListOf(AuditEvent, 'Audit events, newest first.');

export const AuditEventListQuery = Type.Object(
  {
    ...PageQuery,
    ...DateRangeQuery,
    patientId: Type.Optional(
      Type.String({ maxLength: 64, description: "Only events about this patient's record." }),
    ),
    actor: Type.Optional(
      Type.String({
        maxLength: 64,
        pattern: '^(desk|cli|key_[0-9A-Za-z]+)$',
        description: 'Only what this actor did: an API key id (`key_…`), `desk` or `cli`.',
      }),
    ),
    action: Type.Optional(
      Type.Enum([...AUDIT_ACTIONS], { type: 'string', description: 'Only this action.' }),
    ),
    channel: Type.Optional(
      Type.Enum([...AUDIT_CHANNELS], { type: 'string', description: 'Only from this channel.' }),
    ),
  },
  { additionalProperties: false },
);
export type AuditEventListQuery = Static<typeof AuditEventListQuery>;
