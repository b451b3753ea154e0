/**
 * What each window operation answers, and the window's own view shapes (a record with its
 * patient's name, the settings screen, the timeline). Spec resources are the TypeBox schemas'
 * `Static` types, imported from schemas/; the views here are declared once and built by the
 * domain or the operation that answers them. Types only: the renderer imports this file.
 */
import type { RetagReport } from '../domain/patient-bulk';
import type { ApiKeyInfo, CreatedApiKey } from '../domain/api-keys';
import type { Permission } from '../schemas/auth';
import type { CreditBalance, LedgerEntry, LedgerKind, Plan } from '../schemas/billing';
import type { Call, CallDetail, CallFailureReason, CallStatus } from '../schemas/call';
import type {
  ClinicalForm,
  FormDefinition,
  FormResponse,
  FormUpdate,
} from '../schemas/clinical-form';
import type {
  DraftError,
  FormPreview,
  FormPreviewRequest,
  FormSummary,
} from '../schemas/form-authoring';
import type {
  Conversation,
  ConversationStatus,
  ConversationSummary,
  Message,
  MessageExchange,
} from '../schemas/conversation';
import type {
  CancelledSchedule,
  CancelledSeries,
  Channel,
  FormSchedule,
  FormScheduleSeries,
  Language,
  OutboxMessage,
  ScheduleStatus,
} from '../schemas/form-schedule';
import type { Patient } from '../schemas/patient';
import type { PatientNote } from '../schemas/patient-note';
import type { EditionInfo } from '../instruments/validated-instruments';
import type { ChatLinkChannel, ChatLinkOptions } from '../domain/chat-links';
import type { ChatLink } from '../schemas/chat-link';
import type { InstrumentKey, InstrumentScore, SeverityBand } from '../domain/instrument-scores';
import type {
  FieldMeasure,
  ResponseExport,
  ResponseMeasure,
  ScoreMeasure,
} from '../schemas/response-analysis';
import type { CreatedWebhook, Webhook, WebhookDelivery } from '../schemas/webhook';
import type { WebhookView } from '../schemas/webhook-view';
import type { ReceivedRequest, ReceiverInfo, ReceiverVerdict } from '../schemas/test-receiver';

import type {
  Page,
  TimelineItem,
  UpcomingDelivery,
  AlertView,
  AuditEventView,
  ScheduleListItem,
  OutboxListItem,
  DeliveryCalendar,
  RecentResponse,
  InboxItem,
  ResponseListItem,
  ResponseDetail,
  ResponseAnalysis,
  AttentionConversation,
  ConversationListItem,
  ConversationView,
  CallListItem,
  CallView,
  FailedDelivery,
  PriceList,
  CreditUsage,
  CreditBreakdown,
  CsvFile,
  LedgerRowView,
  PatientImportPreview,
  PatientImportReport,
  AppSettings,
  RetentionPreview,
  AppInfo,
  SandboxClockView,
  Notification,
  OpenApiDocument,
  RequestLogEntry,
  ArchiveItem,
  BackupItem,
  BackupStatusView,
} from './views';
export type { ChatLink, ChatLinkChannel, ChatLinkOptions };
export type {
  ApiKeyInfo,
  Call,
  CallDetail,
  CallFailureReason,
  CallStatus,
  Channel,
  ClinicalForm,
  Conversation,
  ConversationStatus,
  ConversationSummary,
  CreatedApiKey,
  CreatedWebhook,
  CreditBalance,
  FormResponse,
  FormSchedule,
  FormScheduleSeries,
  CancelledSeries,
  Language,
  LedgerEntry,
  LedgerKind,
  Message,
  MessageExchange,
  OutboxMessage,
  Patient,
  PatientNote,
  Permission,
  Plan,
  ScheduleStatus,
  Webhook,
  WebhookDelivery,
};
export type { EditionInfo };
export type { ReceivedRequest, ReceiverInfo, ReceiverVerdict, WebhookView };
export type {
  FieldMeasure,
  InstrumentKey,
  InstrumentScore,
  ResponseExport,
  ResponseMeasure,
  ScoreMeasure,
  SeverityBand,
};
export type {
  DraftError,
  FormDefinition,
  FormPreview,
  FormPreviewRequest,
  FormSummary,
  FormUpdate,
};

// The outputs, grouped as the operations are. Inputs are declared by their schemas in
// operation-inputs.ts.
export interface OperationOutputs {
  app: {
    info: AppInfo;
  };
  patients: {
    list: Page<Patient> & { total: number };
    get: Patient;
    create: Patient;
    update: Patient;
    /** Every tag in use, most used first (the tag filter). */
    tags: { tag: string; count: number }[];
    /** Deliveries, responses, conversations and calls of one patient, newest first. */
    timeline: TimelineItem[];
    /** "Select all N matching": the ids in the list's order, at most `limit` of the `total`. */
    matching: { ids: string[]; total: number; limit: number };
    /** The patients of a selection, in its order (ids no longer there are left out). */
    byIds: Patient[];
    /** Tags added and removed on a selection, in one transaction. */
    retag: RetagReport;
  };
  forms: {
    /** Each form with what references it (responses, deliveries) and whether it may be deleted. */
    list: Page<FormSummary>;
    get: FormSummary;
    create: ClinicalForm;
    update: ClinicalForm;
    archive: ClinicalForm;
    restore: ClinicalForm;
    /** Only a form without deliveries or responses; otherwise `form_in_use` (archive it). */
    remove: { id: string; deleted: true };
    /** The draft's patient page and create's (or update's, with formId) errors, as data. */
    preview: FormPreview;
    /** The published editions of the validated instruments (PHQ-9, GAD-7) a clinic can add. */
    instruments: EditionInfo[];
    /** Adds an edition as a validated instrument: its wording cannot be edited, only copied. */
    addInstrument: ClinicalForm;
  };
  responses: {
    list: Page<ResponseListItem>;
    get: ResponseDetail;
    /** The latest responses across all forms (dashboard). */
    recent: RecentResponse[];
    /** Number, slider and score measures of a form's responses: over time and latest per patient. */
    analysis: ResponseAnalysis;
    /** The responses as CSV, headers and yes/no in `language` (default the app's). */
    exportCsv: ResponseExport;
    /** Every form's responses, newest first, read or not; `unread` counts the whole inbox. */
    inbox: Page<InboxItem> & { unread: number };
    /** Responses marked read or unread: how many changed. */
    mark: { changed: number };
  };
  patientImport: {
    /** What a CSV file would import, its columns and every row it would skip; writes nothing. */
    preview: PatientImportPreview;
    /** Imports the rows that pass in one transaction and reports the others. */
    run: PatientImportReport;
  };
  exports: {
    /** CSV of patients: the list's filters, or the given ids. */
    patients: CsvFile;
    deliveries: CsvFile;
    calls: CsvFile;
    alerts: CsvFile;
    ledger: CsvFile;
  };
  schedules: {
    list: Page<ScheduleListItem>;
    get: FormSchedule;
    /** Pending deliveries in scheduledAt order from `from` (default now) to `to`. */
    upcoming: UpcomingDelivery[];
    /** Pending deliveries counted per day of `timeZone` in [from, to) (the calendar). */
    calendar: DeliveryCalendar;
    create: FormSchedule;
    cancel: CancelledSchedule;
    /** A failed delivery sent again (or rescheduled): the new delivery. */
    retry: FormSchedule;
  };
  /** Recurring deliveries: the plan, made and charged at once, cancelled as one. */
  series: {
    get: FormScheduleSeries;
    create: FormScheduleSeries;
    cancel: CancelledSeries;
  };
  outbox: {
    list: Page<OutboxListItem>;
  };
  conversations: {
    list: Page<ConversationListItem>;
    /** Escalated conversations that are still active, newest escalation first (dashboard). */
    attention: AttentionConversation[];
    get: ConversationView;
    start: ConversationView;
    send: MessageExchange;
    end: ConversationView;
    /** How a link could reach the patient (address, consent), its price (none) and links sent. */
    linkOptions: ChatLinkOptions;
    /** A new patient link, sent on the chosen channel; the outbox message that carried it. */
    sendLink: ChatLink;
  };
  calls: {
    list: Page<CallListItem>;
    get: CallView;
    start: CallView;
  };
  credits: {
    balance: CreditBalance;
    /** The ledger with each entry's reason code and patient (the HTTP API answers LedgerEntry). */
    ledger: Page<LedgerRowView>;
    /** Movements by kind and channel over a period, and what the balance is made of. */
    breakdown: CreditBreakdown;
    /** Credits consumed per day over the current period (the usage chart). */
    usage: CreditUsage;
    /** Adds credits by hand; they do not expire at the monthly reset. Desktop only. */
    topUp: CreditBalance;
    /** The price list, so the window can show what an action costs before it is taken. */
    prices: PriceList;
  };
  keys: {
    list: ApiKeyInfo[];
    create: CreatedApiKey;
    revoke: ApiKeyInfo;
  };
  webhooks: {
    /** Each webhook with its figures (success over 24 h, last attempt, open deliveries). */
    list: Page<WebhookView>;
    get: WebhookView;
    create: CreatedWebhook;
    update: WebhookView;
    remove: { id: string; deleted: true };
    deliveries: Page<WebhookDelivery>;
    /** Failed deliveries across every webhook, newest first (dashboard). */
    failedDeliveries: FailedDelivery[];
    retry: WebhookDelivery;
  };
  /** The sandbox's built-in webhook test receiver (sandbox mode only; else `sandbox_off`). */
  receiver: {
    /** Its URL for an inbox name (default `inbox`) and how it answers. */
    url: ReceiverInfo;
    /** What it received, newest first. */
    list: ReceivedRequest[];
    clear: { cleared: number };
    /** The "make it fail" switch: `failing` answers 500 to every request. */
    configure: ReceiverInfo;
  };
  notes: {
    /** A patient's notes, newest first. */
    list: Page<PatientNote>;
    /** Adds a note signed by `author` (else the desk); notes are never changed or deleted. */
    create: PatientNote;
  };
  audit: {
    /** The audit trail, newest first, with its filters (a patient's activity: `patientId`). */
    list: Page<AuditEventView>;
    /** The audit log as CSV with the same filters; reading or exporting it is not recorded. */
    exportCsv: CsvFile;
    /** What the next purge would delete under a retention period: asked before shortening it. */
    purgePreview: RetentionPreview;
  };
  alerts: {
    /** Newest first; the screen asks for open ones first, then the rest. */
    list: Page<AlertView>;
    get: AlertView;
    /** Open alerts by priority: the navigation badge and the dashboard. */
    counts: { urgent: number; review: number };
    /** A patient's alerts not yet resolved, urgent first (the patient page header). */
    ofPatient: AlertView[];
    acknowledge: AlertView;
    resolve: AlertView;
  };
  notifications: {
    list: Page<Notification>;
    markRead: { id: string };
    /** How many are unread (the bell). */
    unreadCount: { unread: number };
    markAllRead: { marked: number };
  };
  developer: {
    /** The service's OpenAPI document, for the API reference. */
    openapi: OpenApiDocument;
    /** The latest requests to the HTTP interface, newest first (default and most: 500). */
    requestLog: RequestLogEntry[];
    clearRequestLog: { cleared: number };
  };
  settings: {
    get: AppSettings;
    update: AppSettings;
  };
  /** Settings > Data (docs/data-safety.md). */
  backups: {
    status: BackupStatusView;
    /** The backup folder's finished backups, newest first. */
    list: BackupItem[];
    /** Backs up now into the backup folder; the backup made. */
    run: BackupItem;
    setFolder: BackupStatusView;
    /** The system's folder dialog (desktop only); null when cancelled. */
    chooseFolder: { folder: string | null };
    /** Verifies a backup and says what it holds; changes nothing. */
    inspect: BackupItem;
    /**
     * Verified, then restored by the host, which closes, swaps, reopens and reloads the window;
     * `attempt` names its outcome in `status` (lastRestore, or lastRestoreFailure).
     */
    restore: { restarting: true; file: string; attempt: string };
  };
  /** Settings > Data: moving or handing over the clinic (docs/data-safety.md). */
  archives: {
    /** The system's save dialog, named after the clinic (desktop only); null when cancelled. */
    chooseExportFile: { file: string | null };
    /** The system's open dialog for an archive (desktop only); null when cancelled. */
    chooseImportFile: { file: string | null };
    /** Writes the archive (verified with the passphrase); what it holds. */
    export: ArchiveItem;
    /** Opens an archive with its passphrase and says what it holds; changes nothing. */
    inspect: ArchiveItem;
    /** Verified and staged, then installed by the host's restore, which reloads the window. */
    import: { restarting: true; file: string; attempt: string };
  };
  sandbox: {
    clock: SandboxClockView;
    /** Moves the service clock forward, running every job due on the way. */
    advance: SandboxClockView & { jobsRun: number };
    /** Replaces the clinic's data with the demo clinic or an empty one; keys and settings stay. */
    reset: { seed: 'demo' | 'empty'; patients: number };
  };
}
