import { Type } from 'typebox';
import { PERMISSIONS } from './auth';
import { Plan } from './billing';
import { DateRangeQuery, PageQuery, DisplayName } from './common';
import { DELIVERY_STATUSES } from './webhook';
import { LANGUAGES } from './form-schedule';
import { SendMessage } from './conversation';
import { AlertAction } from './alert';
import { CreatePatientNote } from './patient-note';
import { PatientListQuery, PatientTags } from './patient';
import {
  ARCHIVE_PASSPHRASE_MAX_LENGTH,
  ARCHIVE_PASSPHRASE_MIN_LENGTH,
  PATIENT_SELECTION_LIMIT,
} from '../contract/limits';

/**
 * Inputs of the desktop operations that have no HTTP route of their own (or whose HTTP form puts
 * part of the input in the path). Validated by the same strict body validator as the API's
 * bodies, so a bad value answers the same 422 `validation_failed` with the same pointers.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });

export const IdInput = Type.Object({ id: Id }, { additionalProperties: false });

/** `{id, patch}`: the patch itself is checked against the resource's PATCH schema. */
export const IdWithPatch = Type.Object(
  { id: Id, patch: Type.Object({}) },
  { additionalProperties: false },
);

const Limit = (fallback: number) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: fallback }));

export const ResponseListInput = Type.Object(
  { ...PageQuery, formId: Id, patientId: Type.Optional(Id), ...DateRangeQuery },
  { additionalProperties: false },
);

export const RecentInput = Type.Object({ limit: Limit(10) }, { additionalProperties: false });

export const UpcomingInput = Type.Object(
  { ...DateRangeQuery, limit: Limit(20) },
  { additionalProperties: false },
);

export const SendInput = Type.Object(
  { id: Id, content: SendMessage.properties.content },
  { additionalProperties: false },
);

export const TopUpInput = Type.Object(
  {
    amount: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
  },
  { additionalProperties: false },
);

export const KeyCreateInput = Type.Object(
  {
    // A key's name is shown in request logs and lists: the same rule as a person's name.
    name: DisplayName({ pattern: '\\S' }),
    permissions: Type.Array(Type.Enum([...PERMISSIONS], { type: 'string' }), {
      minItems: 1,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);

export const DeliveriesInput = Type.Object(
  {
    ...PageQuery,
    id: Id,
    status: Type.Optional(Type.Enum([...DELIVERY_STATUSES], { type: 'string' })),
  },
  { additionalProperties: false },
);

export const RetryInput = Type.Object({ id: Id, eventId: Id }, { additionalProperties: false });

/** The backup folder chosen in Settings > Data (null: back to the default beside the data). */
export const BackupFolderInput = Type.Object(
  {
    folder: Type.Union([
      Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }),
      Type.Null(),
    ]),
  },
  { additionalProperties: false },
);

/** A backup file to inspect or restore: one listed, or any file picked by hand. */
export const BackupFileInput = Type.Object(
  { file: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }) },
  { additionalProperties: false },
);

/**
 * A clinic archive and its passphrase (docs/data-safety.md): the file to write (export)
 * or to read (inspect, import). The passphrase's rule is the one of the CLI (contract/limits).
 */
export const ArchiveFileInput = Type.Object(
  {
    file: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }),
    passphrase: Type.String({
      minLength: ARCHIVE_PASSPHRASE_MIN_LENGTH,
      maxLength: ARCHIVE_PASSPHRASE_MAX_LENGTH,
    }),
  },
  { additionalProperties: false },
);

export const NotificationListInput = Type.Object(
  { ...PageQuery, unread: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

const OpenAiInput = Type.Object(
  {
    provider: Type.Literal('openai'),
    baseUrl: Type.String({ maxLength: 500, pattern: '^https?://[^/]+' }),
    model: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    apiKey: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    timeoutSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 600 })),
  },
  { additionalProperties: false },
);

export const SettingsUpdate = Type.Object(
  {
    language: Type.Optional(Type.Enum([...LANGUAGES], { type: 'string' })),
    port: Type.Optional(Type.Integer({ minimum: 1024, maximum: 65535 })),
    sandbox: Type.Optional(Type.Boolean()),
    confirmSandbox: Type.Optional(Type.Boolean()),
    developerMode: Type.Optional(Type.Boolean()),
    plan: Type.Optional(Plan),
    clinicName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    notificationEmail: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    assistant: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Object({ provider: Type.Literal('builtin') }, { additionalProperties: false }),
        OpenAiInput,
      ]),
    ),
    smtpUrl: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 2000 }), Type.Null()]),
    ),
    /** How long the audit trail is kept, in whole years (docs/data-safety.md). */
    auditRetentionYears: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
    /** A shorter period purges events: the window shows which (`audit.purgePreview`) and asks. */
    confirmRetention: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A retention period to preview: what the next purge would delete under it. */
export const RetentionInput = Type.Object(
  { years: Type.Integer({ minimum: 1, maximum: 30 }) },
  { additionalProperties: false },
);

/** Acknowledge or resolve from the window: the alert and an optional note. */
export const AlertActionInput = Type.Object(
  { id: IdInput.properties.id, ...AlertAction.properties },
  { additionalProperties: false },
);

/** A patient's notes, a page at a time (`GET /patients/{id}/notes`). */
export const NoteListInput = Type.Object(
  { patientId: Id, ...PageQuery },
  { additionalProperties: false },
);

/** A note for a patient (`POST /patients/{id}/notes`). */
export const NoteCreateInput = Type.Object(
  { patientId: Id, ...CreatePatientNote.properties },
  { additionalProperties: false },
);

/** The filters and order of the patient list without its paging: what "select all" takes. */
export const PatientMatchInput = Type.Omit(PatientListQuery, ['limit', 'cursor'], {
  additionalProperties: false,
});

const SelectedIds = Type.Array(Id, { minItems: 1, maxItems: PATIENT_SELECTION_LIMIT });

/** Patients by id, for a selection made in the list (unknown ids are left out). */
export const PatientIdsInput = Type.Object({ ids: SelectedIds }, { additionalProperties: false });

/** Tags added to and removed from many patients at once (one transaction). */
export const PatientRetagInput = Type.Object(
  { ids: SelectedIds, add: Type.Optional(PatientTags), remove: Type.Optional(PatientTags) },
  { additionalProperties: false },
);

/** The responses inbox: a page of every form's responses, optionally unread only or one form's. */
export const InboxInput = Type.Object(
  { ...PageQuery, unread: Type.Optional(Type.Boolean()), formId: Type.Optional(Id) },
  { additionalProperties: false },
);

/** Responses marked read (opened) or unread again. */
export const MarkResponsesInput = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }), read: Type.Boolean() },
  { additionalProperties: false },
);
