import { AuditActor, AuditEvent, AuditEventList } from '../schemas/audit-event';
import { Type, type TSchema } from 'typebox';
import { EVENT_TYPES } from '../domain/event-log';
import { Actor } from '../schemas/actor';
import { Alert, AlertList } from '../schemas/alert';
import { PatientNote, PatientNoteList } from '../schemas/patient-note';
import { TokenResponse } from '../schemas/auth';
import { CreditBalance, LedgerEntry, LedgerKind, LedgerList, Plan } from '../schemas/billing';
import { Call, CallDetail, CallList, TranscriptTurn } from '../schemas/call';
import {
  AlertRule,
  Answer,
  ClinicalForm,
  ClinicalFormList,
  FormField,
  FormResponse,
  FormResponseList,
  ScoreAlert,
  ValidatedInstrument,
} from '../schemas/clinical-form';
import { FieldErrorSchema, Pagination, Problem } from '../schemas/common';
import {
  Conversation,
  ConversationList,
  ConversationSummary,
  Message,
  MessageExchange,
  MessageMetadata,
} from '../schemas/conversation';
import {
  CancelledSchedule,
  CancelledSeries,
  CHANNELS,
  FormSchedule,
  FormScheduleList,
  FormScheduleSeries,
  FormScheduleSeriesList,
  Recurrence,
  LANGUAGES,
  OutboxList,
  OutboxMessage,
} from '../schemas/form-schedule';
import { Patient, PatientList, PatientStatus } from '../schemas/patient';
import { Health, SandboxClock, SandboxResetResult } from '../schemas/sandbox';
import {
  CreatedWebhook,
  DeliveryAttempt,
  DeliveryList,
  EventEnvelope,
  SandboxEventResult,
  Webhook,
  WebhookDelivery,
  WebhookList,
} from '../schemas/webhook';

/**
 * The named schemas of the OpenAPI document (`components.schemas`), by the name integrators see
 * in generated clients (`components['schemas']['Patient']`, a `Patient` class).
 *
 * The routes keep declaring the TypeBox schemas themselves, inline, and that is what validates,
 * serializes and types them: a schema carrying `$id` cannot be used inline (Ajv refuses an `$id`
 * met twice in one schema, as `Message` is in a message exchange, and a second schema with the
 * same `$id` in one Ajv instance), and a `$ref` would have to resolve in every compiler that
 * reads the schemas (the body and parameter validators of http/validation.ts, the window's
 * operations, fast-json-stringify, the response check). So naming is the document's business
 * alone: when @fastify/swagger builds the document, each response schema, and each schema
 * nested in it, that equals one of these (same JSON) becomes a `$ref` to it
 * (`referenceComponents`), and the components are given to the plugin once
 * (`componentSchemas`), so both go through the plugin's one JSON Schema to OpenAPI conversion.
 *
 * What is named: the resources the API answers with, the parts they share, the list pages and
 * the problem document. Request bodies and parameters stay inline: each belongs to one operation.
 * Enums are built here from the same value lists as the resources' (their JSON is the same).
 */
const NAMED: Record<string, TSchema> = {
  // Shared by every answer
  Problem,
  FieldError: FieldErrorSchema,
  Pagination,
  Language: Type.Enum([...LANGUAGES], { type: 'string' }),
  Channel: Type.Enum([...CHANNELS], { type: 'string' }),
  EventType: Type.Enum([...EVENT_TYPES], { type: 'string' }),
  // Service and authentication
  Health,
  AccessToken: TokenResponse,
  // Patients
  Patient,
  PatientStatus,
  PatientList,
  // Clinical forms and responses
  ClinicalForm,
  ClinicalFormList,
  FormField,
  AlertRule,
  ScoreAlert,
  ValidatedInstrument,
  FormResponse,
  FormAnswer: Answer,
  FormResponseList,
  // Form schedules
  FormSchedule,
  FormScheduleList,
  CancelledSchedule,
  FormScheduleSeries,
  FormScheduleSeriesList,
  Recurrence,
  CancelledSeries,
  OutboxMessage,
  OutboxList,
  // Conversations
  Conversation,
  ConversationSummary,
  ConversationList,
  Message,
  MessageMetadata,
  MessageExchange,
  // Voice calls
  Call,
  CallDetail,
  CallList,
  TranscriptTurn,
  // Alerts
  Alert,
  Actor,
  AlertList,
  // Patient notes
  PatientNote,
  PatientNoteList,
  // Credits
  CreditBalance,
  Plan,
  LedgerEntry,
  LedgerKind,
  LedgerList,
  // Webhooks
  Webhook,
  CreatedWebhook,
  WebhookList,
  EventEnvelope,
  WebhookDelivery,
  WebhookDeliveryAttempt: DeliveryAttempt,
  WebhookDeliveryList: DeliveryList,
  // Audit trail
  AuditEvent,
  AuditActor,
  AuditEventList,
  // Sandbox
  SandboxClock,
  SandboxResetResult,
  SandboxEventResult,
};

const SCHEMA_REF_PREFIX = '#/components/schemas/';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Component names by the JSON text of their schema: what a schema is, not which object. */
const NAME_BY_TEXT = new Map<string, string>();
for (const [name, schema] of Object.entries(NAMED)) {
  const text = JSON.stringify(schema);
  const other = NAME_BY_TEXT.get(text);
  // Two names for one schema would make the reference depend on the order of this table.
  if (other) throw new Error(`The OpenAPI components ${other} and ${name} are the same schema.`);
  NAME_BY_TEXT.set(text, name);
}

/** Keywords whose value is one schema, a list of schemas, or a map of names to schemas. */
const ONE_SCHEMA = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
]);
const SCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);

/**
 * A plain JSON copy of `schema` in which every subschema equal to a named component is a `$ref`
 * to it. Only schema positions are looked at, never data (`enum`, `examples`, `default`);
 * `self` is the component being written out, which is not a reference to itself.
 */
export function referenceComponents(schema: unknown, self?: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => referenceComponents(item));
  if (!isObject(schema)) return schema;
  const name = NAME_BY_TEXT.get(JSON.stringify(schema));
  if (name !== undefined && name !== self) return { $ref: `${SCHEMA_REF_PREFIX}${name}` };
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ONE_SCHEMA.has(key) || SCHEMA_LIST.has(key)) out[key] = referenceComponents(value);
    else if (SCHEMA_MAP.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, sub]) => [k, referenceComponents(sub)]),
      );
    } else if (value !== undefined) out[key] = JSON.parse(JSON.stringify(value)) as unknown;
  }
  return out;
}

/** The components, each written out once with the components nested in it referenced. */
export function componentSchemas(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(NAMED).map(([name, schema]) => [name, referenceComponents(schema, name)]),
  );
}
