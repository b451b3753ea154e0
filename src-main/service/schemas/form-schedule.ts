import { Type, type Static } from 'typebox';
import { DateTime, ListOf, PageQuery } from './common';

/** Scheduled deliveries of a form to a patient (interface spec, api-decisions §8). */

export const CHANNELS = ['whatsapp', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

export const SCHEDULE_STATUSES = ['pending', 'sent', 'failed', 'completed', 'cancelled'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const LANGUAGES = ['es', 'ca', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const FAILURE_REASONS = [
  'patient_inactive',
  'patient_unreachable',
  'invalid_number',
  'email_bounced',
  'smtp_error',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

const Channel = Type.Enum([...CHANNELS], { type: 'string' });
const Language = Type.Enum([...LANGUAGES], { type: 'string' });

export const FormSchedule = Type.Object(
  {
    id: Type.String({ pattern: '^sch_', examples: ['sch_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
    formId: Type.String(),
    patientId: Type.String(),
    channel: Channel,
    language: Language,
    status: Type.Enum([...SCHEDULE_STATUSES], { type: 'string' }),
    scheduledAt: DateTime,
    message: Type.Optional(Type.String()),
    sentAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'Present only when status is sent.' }),
    ),
    completedAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'Present when status is completed.' }),
    ),
    responseId: Type.Optional(
      Type.String({ description: 'The form response, when status is completed.' }),
    ),
    failedAt: Type.Optional(Type.String({ format: 'date-time' })),
    failureReason: Type.Optional(
      Type.Enum([...FAILURE_REASONS], {
        type: 'string',
        description: 'Why the delivery failed; present when status is failed.',
      }),
    ),
    cancelledAt: Type.Optional(Type.String({ format: 'date-time' })),
    creditsConsumed: Type.Integer({ description: 'Charged when the schedule was created.' }),
    creditsRefunded: Type.Optional(
      Type.Integer({ description: 'Given back on cancel or failed delivery.' }),
    ),
    createdAt: DateTime,
  },
  {
    additionalProperties: false,
    description:
      'A scheduled delivery of a form to a patient: pending, then sent (with a link to the form page) and completed when answered; or failed, or cancelled.',
  },
);
export type FormSchedule = Static<typeof FormSchedule>;

export const FormScheduleList = ListOf(FormSchedule, 'Form schedules, newest first.');

export const FormScheduleListQuery = Type.Object(
  {
    ...PageQuery,
    patientId: Type.Optional(
      Type.String({ maxLength: 64, description: 'Only deliveries to this patient.' }),
    ),
    formId: Type.Optional(
      Type.String({ maxLength: 64, description: 'Only deliveries of this form.' }),
    ),
    status: Type.Optional(
      Type.Enum([...SCHEDULE_STATUSES], {
        type: 'string',
        description: 'Only schedules in this status.',
      }),
    ),
    channel: Type.Optional(
      Type.Enum([...CHANNELS], { type: 'string', description: 'Only deliveries by this channel.' }),
    ),
  },
  { additionalProperties: false },
);
export type FormScheduleListQuery = Static<typeof FormScheduleListQuery>;

export const CreateFormSchedule = Type.Object(
  {
    formId: Type.String({ minLength: 1, maxLength: 64 }),
    patientId: Type.String({ minLength: 1, maxLength: 64 }),
    channel: Channel,
    scheduledAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'When to deliver, by the service clock; default now. At most 366 days ahead. A time up to 5 minutes in the past counts as now (clock skew); earlier, later than 366 days ahead, or a leap second (23:59:60) is refused with 422.',
      }),
    ),
    message: Type.Optional(
      Type.String({
        maxLength: 1000,
        pattern: '\\S',
        description: 'Text sent with the form link.',
      }),
    ),
    language: Type.Optional(
      Type.Enum([...LANGUAGES], {
        type: 'string',
        description:
          "Language of the message and the form page; default the patient's metadata.preferredLanguage, else es.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateFormSchedule = Static<typeof CreateFormSchedule>;

export const CancelledSchedule = Type.Object(
  {
    id: Type.String(),
    status: Type.Literal('cancelled'),
    creditsRefunded: Type.Integer(),
    cancelledAt: DateTime,
  },
  { additionalProperties: false },
);
export type CancelledSchedule = Static<typeof CancelledSchedule>;

export const OutboxMessage = Type.Object(
  {
    id: Type.String({ pattern: '^out_' }),
    channel: Channel,
    transport: Type.Enum(['outbox', 'smtp'], {
      type: 'string',
      description: '`outbox`: kept here only; `smtp`: also handed to the SMTP server.',
    }),
    to: Type.String({ description: 'Phone (whatsapp) or e-mail address.' }),
    subject: Type.Optional(Type.String()),
    body: Type.String({ description: 'The text as the patient receives it.' }),
    link: Type.Optional(Type.String({ description: 'The patient form page link.' })),
    scheduleId: Type.Optional(Type.String()),
    patientId: Type.Optional(Type.String()),
    createdAt: DateTime,
  },
  { additionalProperties: false },
);
export type OutboxMessage = Static<typeof OutboxMessage>;

export const OutboxList = ListOf(OutboxMessage, 'Messages the service sent, newest first.');

export const OutboxListQuery = Type.Object(
  {
    ...PageQuery,
    channel: Type.Optional(
      Type.Enum([...CHANNELS], {
        type: 'string',
        description: 'Only messages sent by this channel.',
      }),
    ),
    patientId: Type.Optional(
      Type.String({ maxLength: 64, description: 'Only messages to this patient.' }),
    ),
    scheduleId: Type.Optional(
      Type.String({ maxLength: 64, description: "Only messages of this schedule's delivery." }),
    ),
  },
  { additionalProperties: false },
);
export type OutboxListQuery = Static<typeof OutboxListQuery>;
