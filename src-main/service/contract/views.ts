import type { AuditEvent } from '../schemas/audit-event';
/**
 * The window's own view shapes: a record with its patient's name, the timeline, the dashboard's
 * lists, the settings screen. Declared once here and built by the domain functions that answer
 * them (domain/patient-names, patient-timeline, dashboard-lists, delivery-views, desk-settings).
 */
import type { Static } from 'typebox';
import type { SettingsUpdate } from '../schemas/desktop';
import type { NotificationData, NotificationKind } from '../domain/notifications';
import type { Alert, AlertPriority, AlertSource, AlertState } from '../schemas/alert';
import type { LedgerEntry, LedgerKind, Plan } from '../schemas/billing';
import type { ImportTarget } from '../schemas/patient-import';
import type { CreatePatient } from '../schemas/patient';
import type { LedgerReason } from '../schemas/ledger-reason';
import type { CsvDelimiter, CsvEncoding } from '../domain/csv-read';
import type { CsvFile } from '../domain/csv-file';
import type { Call, CallDetail } from '../schemas/call';
import type { FieldType, FormField, FormResponse } from '../schemas/clinical-form';
import type { Conversation, ConversationSummary } from '../schemas/conversation';
import type { Channel, FormSchedule, Language, OutboxMessage } from '../schemas/form-schedule';
import type { PatientNote } from '../schemas/patient-note';
import type { SandboxAuditRow } from '../store/queries/sandbox-audit';
import type { Prices } from '../domain/pricing';
import type { InstrumentScore } from '../domain/instrument-scores';
import type { AnalysisPoint, ResponseAnalysisOf } from '../schemas/response-analysis';
import type { BackupListItem, BackupStatus } from '../backup/backup-schedule';
import type { ArchiveSummary } from '../backup/clinic-archive';

export interface Pagination {
  cursor: string;
  hasMore: boolean;
  limit: number;
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/** A patient's name as lists show it beside a record that only holds the id. */
export interface PatientRef {
  id: string;
  firstName: string;
  lastName: string;
}

export type TimelineItem =
  | { kind: 'schedule'; at: string; schedule: FormSchedule; formName: string }
  | {
      kind: 'response';
      at: string;
      response: FormResponse;
      formName: string;
      /** Its instruments' totals and bands (PHQ-9, GAD-7); empty for other forms. */
      scores: InstrumentScore[];
    }
  | { kind: 'conversation'; at: string; conversation: ConversationSummary }
  | { kind: 'call'; at: string; call: Call }
  | { kind: 'alert'; at: string; alert: Alert }
  | { kind: 'note'; at: string; note: PatientNote };

export interface UpcomingDelivery extends FormSchedule {
  formName: string;
  patient: PatientRef;
}

/** An alert with its patient's name (the Alerts screen, the dashboard, the patient page). */
export type AlertView = Alert & { patient: PatientRef };

/** An audit event with its patient's name beside the id (looked up for the window, never stored). */
export type AuditEventView = AuditEvent & { patient: PatientRef };
export type { AlertPriority, AlertSource, AlertState };

/**
 * A row of the Deliveries list: the schedule with its form's and patient's names, and for an
 * occurrence of a series how many deliveries the series planned ("3 of 7").
 */
export interface ScheduleListItem extends UpcomingDelivery {
  seriesOccurrences?: number;
}

/** A sent message with the patient's name (absent for notices to the clinic) and its form's. */
export interface OutboxListItem extends OutboxMessage {
  patient?: PatientRef;
  formName?: string;
}

/** Pending deliveries per calendar day of the coordinator's time zone (days with none left out). */
export interface DeliveryCalendar {
  days: { date: string; count: number }[];
  total: number;
}

export interface RecentResponse extends FormResponse {
  formName: string;
  patient: PatientRef;
}

/** A row of the responses inbox: the response, its form and patient, its scores, whether read. */
export interface InboxItem extends RecentResponse {
  read: boolean;
  scores: InstrumentScore[];
}

/** A row of a form's responses table: who answered, and each scored instrument's result. */
export interface ResponseListItem extends FormResponse {
  patient: PatientRef;
  scores: InstrumentScore[];
}

/** One response in full: what each of its form's questions asked, and its scores. */
export interface ResponseDetail extends FormResponse {
  patient: PatientRef;
  formName: string;
  formStatus: 'active' | 'archived';
  /** The form's fields now, in order (answers are matched by `fieldId`). */
  fields: FormField[];
  /** Answers to fields since removed from the form: the type they were answered as. */
  removedFields: { fieldId: string; type: FieldType }[];
  scores: InstrumentScore[];
}

export type AnalysisPointWithPatient = AnalysisPoint & { patient: PatientRef };
/** A form's measures over time and across patients (trend and distribution charts). */
export type ResponseAnalysis = ResponseAnalysisOf<AnalysisPointWithPatient>;

export interface AttentionConversation extends ConversationSummary {
  patient: PatientRef;
}

/** Conversations and calls as the window gets them: with their patient's name beside the id. */
export type ConversationListItem = ConversationSummary & { patient: PatientRef };
export type ConversationView = Conversation & { patient: PatientRef };
export type CallListItem = Call & { patient: PatientRef };
export type CallView = CallDetail & { patient: PatientRef };

export interface FailedDelivery {
  webhookId: string;
  webhookUrl: string;
  eventId: string;
  event: string;
  failedAt: string;
  failureReason?: string;
  attemptCount: number;
}

/** What each action costs in credits (the service's price list; api-decisions §7). */
export type PriceList = Prices;

export interface UsageDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** Credits consumed that day, net of refunds. */
  consumed: number;
}

export interface CreditUsage {
  periodStart: string;
  resetsAt: string;
  days: UsageDay[];
}

export interface AssistantSettingsView {
  provider: 'builtin' | 'openai';
  baseUrl?: string;
  model?: string;
  timeoutSeconds?: number;
  /** Whether a key is saved; the key itself never comes back. */
  hasKey: boolean;
  /** `run`: set by a command-line flag for this run and not editable; else saved or default. */
  source: 'run' | 'settings' | 'default';
}

export interface SmtpSettingsView {
  /** The smtp:// or smtps:// URL with the password masked; undefined: e-mail stays in the outbox. */
  url?: string;
  from?: string;
  source: 'run' | 'settings' | 'default';
}

export interface AppSettings {
  language: Language;
  /** Port the desktop app's server listens on (takes effect at the next start). */
  port: number;
  sandbox: boolean;
  /** The latest sandbox switches and resets, newest first (sandbox_audit). */
  sandboxLog: SandboxAuditRow[];
  /** The window shows its sandbox and developer tools (docs/desktop.md, "Developer mode"). */
  developerMode: boolean;
  plan: Plan;
  clinicName: string;
  notificationEmail: string;
  assistant: AssistantSettingsView;
  smtp: SmtpSettingsView;
  /** How long the audit trail is kept, in whole years (1 to 30; default 6). */
  auditRetentionYears: number;
}

/** What the next purge would delete if the audit trail were kept `years` (audit.purgePreview). */
export interface RetentionPreview {
  years: number;
  /** Events recorded before this moment would go (the service clock's and the computer's bound). */
  before: string;
  /** How many events, about how many patients, and the oldest one's time (null: none). */
  events: number;
  patients: number;
  oldest: string | null;
}

/** The settings screen's update: the SettingsUpdate schema's type (schemas/desktop.ts). */
export type AppSettingsUpdate = Static<typeof SettingsUpdate>;

export interface AppInfo {
  /** Base URL of the embedded HTTP interface, ending with /api/v1. */
  apiBaseUrl: string;
  version: string;
  /** `desktop` in Electron; `web` in the browser build used by tests and `npm run dev:web`. */
  mode: 'desktop' | 'web';
  dataDir?: string;
  /** Set when the saved port was taken and the server fell back to another one. */
  portNotice?: { wanted: number; actual: number };
}

export interface SandboxClockView {
  now: string;
  offsetSeconds: number;
}

export type { NotificationData, NotificationKind };
export type { TriageSign } from '../triage/signs';

/** One entry of the notification centre; `data` depends on `kind` (see domain/notifications.ts). */
export type Notification = {
  [K in NotificationKind]: {
    id: string;
    kind: K;
    data: NotificationData[K];
    createdAt: string;
    readAt?: string;
  };
}[NotificationKind];

/** The service's own OpenAPI 3.1 document (GET /api/v1/openapi.json), as the reference reads it. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  [extension: string]: unknown;
}

/** One request the HTTP interface answered (the Developer screen's live log). */
export interface RequestLogEntry {
  /** Grows by one per request; newer entries have higher numbers. */
  seq: number;
  /** The X-Request-Id the response carried (and a problem document's `requestId`). */
  requestId: string;
  /** When it was answered, on the service clock. */
  at: string;
  method: string;
  /** Path and query, with a form link's token replaced by `[token]`. */
  path: string;
  status: number;
  durationMs: number;
  /** The API key behind the request, used directly or through an access token; absent: none. */
  credential?: { keyId: string; keyName: string; kind: 'api_key' | 'jwt' };
}

/** Why a row of a patient import was not imported: a patient rule or a duplicate. */
export interface ImportReason {
  /** The column's target the reason is about (absent for the row as a whole). */
  target?: ImportTarget;
  /** The patient rule's code (required, format, pattern, future_date…) or duplicate_patient, duplicate_row. */
  code: string;
  detail: string;
  /** duplicate_patient: the clinic's patient with the same phone, e-mail or MRN. */
  patient?: PatientRef;
  /** duplicate_row: the earlier line of the file with the same phone, e-mail or MRN. */
  line?: number;
}

export interface ImportProblem {
  /** The line of the file the row starts on (the header is the first non-empty line). */
  line: number;
  reasons: ImportReason[];
}

/** What a file would import (docs/api-decisions.md, "Patient import"); nothing is written. */
export interface PatientImportPreview {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  headers: string[];
  /** The target of each column, guessed from its header or as given. */
  columns: ImportTarget[];
  /** Required targets no column has (firstName, lastName): nothing can be imported until mapped. */
  missing: ImportTarget[];
  /** Data rows in the file. */
  total: number;
  /** Rows that would be imported. */
  ready: number;
  /** The first rows that would be imported, as the patients they would create. */
  sample: { line: number; patient: CreatePatient }[];
  /** Every row that would be skipped, with its line and reasons. */
  problems: ImportProblem[];
}

/** What an import did: every row imported in one transaction, or none. */
export interface PatientImportReport {
  total: number;
  imported: number;
  problems: ImportProblem[];
}

/** A ledger entry as the credits screen lists it: its reason's code and its patient. */
export interface LedgerRowView extends LedgerEntry {
  why: LedgerReason;
  /** The patient the conversation, delivery or call was with. */
  patient?: PatientRef;
}

/** One line of the credits breakdown: a kind of movement for one kind of resource. */
export interface CreditBreakdownLine {
  kind: LedgerKind;
  /** What the movement paid for; `none` for grants and resets, `other` for anything else. */
  resource: 'conversation' | 'delivery' | 'call' | 'none' | 'other';
  /** A delivery's channel. */
  channel?: Channel;
  entries: number;
  /** Signed sum, as on the ledger. */
  amount: number;
}

/** Where the credits come from and went over a period, and what the balance is made of. */
export interface CreditBreakdown {
  from: string;
  to: string;
  lines: CreditBreakdownLine[];
  balance: number;
  monthlyAllowance: number;
  usedThisMonth: number;
  /** What is left of this month's allowance (expires at resetsAt). */
  allowanceLeft: number;
  /** What is left of top-ups (never expires). */
  topUpLeft: number;
  periodStart: string;
  resetsAt: string;
}

export type { CsvFile, ImportTarget, LedgerReason };

/** One backup as Settings > Data lists it (listed means copied, verified and described). */
export type BackupItem = BackupListItem;

/** A clinic archive as Settings > Data shows it: what it holds, once opened with its passphrase. */
export type ArchiveItem = Omit<ArchiveSummary, 'counts'>;

/** Settings > Data: the folder, the last success and failure, and what this window can do. */
export interface BackupStatusView extends BackupStatus {
  /** The desktop app picks the folder with the system's dialog; a browser types it. */
  canChooseFolder: boolean;
  /** Whether this service can restore in place (it can close and reopen itself). */
  canRestore: boolean;
}
