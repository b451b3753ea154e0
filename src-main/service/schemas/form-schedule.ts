import { Type, type Static } from 'typebox';
import { DateTime, ListOf, PageQuery } from './common';

/** Scheduled deliveries of a form to a patient (interface spec, api-decisions §8). */

export const CHANNELS = ['whatsapp', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

export const SCHEDULE_STATUSES = ['pending', 'sent', 'failed', 'completed', 'cancelled'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** The orders GET /form-schedules offers (`sort`): the default newest created first. */
export const SCHEDULE_SORTS = ['-createdAt', 'scheduledAt', '-scheduledAt'] as const;
export type ScheduleSort = (typeof SCHEDULE_SORTS)[number];

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
    seriesId: Type.Optional(
      Type.String({
        pattern: '^ser_',
        description: 'The recurring series this delivery is an occurrence of.',
      }),
    ),
    seriesIndex: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'Its 1-based place in the series (a retry keeps the place of the delivery it retries).',
      }),
    ),
    remindAfterDays: Type.Optional(
      Type.Integer({
        description: 'Days after delivery without an answer before the one reminder is sent.',
      }),
    ),
    remindedAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'When the reminder was sent.' }),
    ),
    retryOf: Type.Optional(Type.String({ description: 'The failed delivery this one retries.' })),
    retriedBy: Type.Optional(
      Type.String({ description: 'The delivery that retried this failed one.' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'A scheduled delivery of a form to a patient: pending, then sent (with a link to the form page) and completed when answered; or failed, or cancelled.',
  },
);
export type FormSchedule = Static<typeof FormSchedule>;

export const FormScheduleList = ListOf(
  FormSchedule,
  'Form schedules, newest first unless `sort` says otherwise.',
);

/** How long after delivery a reminder may wait: a month is the longest that still reads as one. */
export const MAX_REMIND_AFTER_DAYS = 30;

const RemindAfterDays = Type.Integer({
  minimum: 1,
  maximum: MAX_REMIND_AFTER_DAYS,
  description:
    'Send one reminder with the same link this many days after delivery if the patient has not answered by then (not if the delivery failed or was cancelled). Included in the delivery price.',
});

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
    seriesId: Type.Optional(
      Type.String({ maxLength: 64, description: 'Only the occurrences of this series.' }),
    ),
    sort: Type.Optional(
      Type.Enum([...SCHEDULE_SORTS], {
        type: 'string',
        description:
          'Order: `-createdAt` (default, newest created first), `scheduledAt` (soonest delivery time first: the queue ahead with status=pending) or `-scheduledAt` (latest delivery time first). Ties by id; a cursor is valid only for the order it came from.',
      }),
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
    remindAfterDays: Type.Optional(RemindAfterDays),
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

export const RetryFormSchedule = Type.Object(
  {
    channel: Type.Optional(
      Type.Enum([...CHANNELS], {
        type: 'string',
        description: "The channel of the new delivery; default the failed one's.",
      }),
    ),
    scheduledAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'When to deliver the retry (a reschedule); default now. Same rules as on create.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RetryFormSchedule = Static<typeof RetryFormSchedule>;

export const SERIES_INTERVALS = ['day', 'week'] as const;
/** A series spans at most this many occurrences and (like any delivery) a year ahead. */
export const MAX_SERIES_OCCURRENCES = 52;

export const Recurrence = Type.Object(
  {
    interval: Type.Enum([...SERIES_INTERVALS], { type: 'string' }),
    intervalCount: Type.Integer({
      minimum: 1,
      maximum: 52,
      description: 'Every this many days or weeks.',
    }),
    count: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: MAX_SERIES_OCCURRENCES,
        description: 'How many deliveries in all, the first included. Give `count` or `until`.',
      }),
    ),
    until: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'The last delivery is the last one at or before this time. Give `count` or `until`.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Every `intervalCount` days or weeks from `startsAt`, `count` times or until `until`: at least 2 and at most 52 deliveries, the last at most 366 days ahead.',
  },
);
export type Recurrence = Static<typeof Recurrence>;

export const CreateFormScheduleSeries = Type.Object(
  {
    formId: Type.String({ minLength: 1, maxLength: 64 }),
    patientId: Type.String({ minLength: 1, maxLength: 64 }),
    channel: Channel,
    startsAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'The first delivery; default now. Same rules as `scheduledAt`.',
      }),
    ),
    recurrence: Recurrence,
    message: Type.Optional(Type.String({ maxLength: 1000, pattern: '\\S' })),
    language: Type.Optional(Language),
    remindAfterDays: Type.Optional(RemindAfterDays),
  },
  { additionalProperties: false },
);
export type CreateFormScheduleSeries = Static<typeof CreateFormScheduleSeries>;

const Count = Type.Integer({ minimum: 0 });

export const FormScheduleSeries = Type.Object(
  {
    id: Type.String({ pattern: '^ser_', examples: ['ser_01JD8X3V6Q9R2T5W7Y0B4C6E8G'] }),
    formId: Type.String(),
    patientId: Type.String(),
    channel: Channel,
    language: Language,
    message: Type.Optional(Type.String()),
    status: Type.Enum(['active', 'finished', 'cancelled'], {
      type: 'string',
      description:
        '`active` while a delivery is pending, `finished` when none is, `cancelled` once cancelled.',
    }),
    recurrence: Recurrence,
    remindAfterDays: Type.Optional(Type.Integer()),
    startsAt: DateTime,
    occurrences: Type.Integer({ description: 'How many deliveries the series planned.' }),
    counts: Type.Object(
      { pending: Count, sent: Count, completed: Count, failed: Count, cancelled: Count },
      {
        additionalProperties: false,
        description: 'Its deliveries by status (a retried delivery counts as its retry).',
      },
    ),
    creditsConsumed: Type.Integer({ description: 'Charged for all its deliveries.' }),
    creditsRefunded: Type.Integer({ description: 'Given back for cancelled and failed ones.' }),
    cancelledAt: Type.Optional(DateTime),
    createdAt: DateTime,
  },
  {
    additionalProperties: false,
    description:
      'A recurring delivery of a form to a patient. Its deliveries are form schedules made (and charged) at once, each with `seriesId`; cancelling the series cancels every pending one.',
  },
);
export type FormScheduleSeries = Static<typeof FormScheduleSeries>;

export const FormScheduleSeriesList = ListOf(FormScheduleSeries, 'Series, newest first.');

export const FormScheduleSeriesListQuery = Type.Object(
  {
    ...PageQuery,
    patientId: Type.Optional(
      Type.String({ maxLength: 64, description: 'Only series for this patient.' }),
    ),
  },
  { additionalProperties: false },
);
export type FormScheduleSeriesListQuery = Static<typeof FormScheduleSeriesListQuery>;

export const CancelledSeries = Type.Object(
  {
    id: Type.String(),
    status: Type.Literal('cancelled'),
    cancelledSchedules: Type.Array(Type.String(), {
      description: 'The pending deliveries this cancel cancelled.',
    }),
    creditsRefunded: Type.Integer({ description: 'What came back for them, in all.' }),
    cancelledAt: DateTime,
  },
  { additionalProperties: false },
);
export type CancelledSeries = Static<typeof CancelledSeries>;
