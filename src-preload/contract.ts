/**
 * The one typed contract between the window and the embedded service. Every operation the window
 * needs is named here once, with its input and output types; three transports serve it:
 *
 * - Electron: main registers one `ipcMain.handle` per operation in one loop over `OPERATIONS`
 *   (src-main/ipc), the preload builds `window.engage` from the same list;
 * - web mode: the renderer posts the same operations to a loopback-only internal route of the
 *   service (src-main/service/http/routes/web-bridge.ts), guarded by a per-run token;
 * - unit tests: an in-memory Bridge (src-renderer/src/bridge/memory-bridge.ts).
 *
 * The service validates every input with the same TypeBox schemas as its HTTP routes
 * (src-main/service/operations). This file never imports electron, and imports only types from
 * the service, so the renderer bundle stays free of it.
 */
import type { ApiKeyInfo, CreatedApiKey } from '../src-main/service/domain/api-keys';
import type { Permission } from '../src-main/service/schemas/auth';
import type { NotificationData, NotificationKind } from '../src-main/service/domain/notifications';
import type {
  Alert,
  AlertListQuery,
  AlertPriority,
  AlertReasonCode,
  AlertSource,
  AlertState,
} from '../src-main/service/schemas/alert';
import type {
  CreditBalance,
  LedgerEntry,
  LedgerKind,
  Plan,
} from '../src-main/service/schemas/billing';
import type {
  Call,
  CallDetail,
  CallFailureReason,
  CallStatus,
  CreateCall,
  TranscriptTurn,
} from '../src-main/service/schemas/call';
import type {
  ClinicalForm,
  FieldType,
  FormDefinition,
  FormField,
  FormResponse,
  FormUpdate,
} from '../src-main/service/schemas/clinical-form';
import type {
  DraftError,
  FormPreview,
  FormPreviewRequest,
  FormSummary,
  FormUsage,
} from '../src-main/service/schemas/form-authoring';
import type {
  Conversation,
  ConversationStatus,
  ConversationSummary,
  CreateConversation,
  EndReason,
  Message,
  MessageExchange,
} from '../src-main/service/schemas/conversation';
import type {
  CancelledSchedule,
  Channel,
  CreateFormSchedule,
  FormSchedule,
  Language,
  OutboxMessage,
  ScheduleStatus,
} from '../src-main/service/schemas/form-schedule';
import type { CreatePatient, Patient, UpdatePatient } from '../src-main/service/schemas/patient';
import type { SandboxAuditRow } from '../src-main/service/store/queries/sandbox-audit';
import type { Prices } from '../src-main/service/domain/pricing';
import type {
  EditionInfo,
  RequiredRule,
} from '../src-main/service/instruments/validated-instruments';
import type {
  InstrumentKey,
  InstrumentScore,
  ScoreBand,
  SeverityBand,
} from '../src-main/service/domain/instrument-scores';
import type {
  AnalysisPoint,
  FieldMeasure,
  ResponseAnalysisOf,
  ResponseExport,
  ResponseMeasure,
  ScoreMeasure,
} from '../src-main/service/schemas/response-analysis';
import type {
  CreatedWebhook,
  CreateWebhook,
  UpdateWebhook,
  Webhook,
  WebhookDelivery,
} from '../src-main/service/schemas/webhook';
import type { WebhookStats, WebhookView } from '../src-main/service/schemas/webhook-view';
import type {
  ReceivedRequest,
  ReceiverInfo,
  ReceiverVerdict,
} from '../src-main/service/schemas/test-receiver';

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
  EndReason,
  FormResponse,
  FormSchedule,
  Language,
  LedgerEntry,
  LedgerKind,
  Message,
  MessageExchange,
  OutboxMessage,
  Patient,
  Permission,
  Plan,
  ScheduleStatus,
  TranscriptTurn,
  Webhook,
  WebhookDelivery,
};
export type { EditionInfo, RequiredRule };
export type { ReceivedRequest, ReceiverInfo, ReceiverVerdict, WebhookStats, WebhookView };
export type {
  FieldMeasure,
  InstrumentKey,
  InstrumentScore,
  ResponseExport,
  ResponseMeasure,
  ScoreBand,
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
  FormUsage,
};

// ---------------------------------------------------------------------------------------------
// The result envelope: errors cross the boundary as data, never as thrown objects (Electron
// flattens thrown errors into a string).

export interface BridgeError {
  /** The service's stable problem code (`validation_failed`, `insufficient_credits`, …). */
  code: string;
  /** A sentence for people (English; the window translates by `code` where it can). */
  message: string;
  /** The problem's extensions, e.g. `{errors: [{pointer, code, detail}]}` for a 422. */
  details?: Record<string, unknown>;
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

// ---------------------------------------------------------------------------------------------
// Shared shapes

export interface Pagination {
  cursor: string;
  hasMore: boolean;
  limit: number;
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

export interface PageInput {
  limit?: number;
  cursor?: string;
}

export interface IdInput {
  id: string;
}

/** A patient's name as lists show it beside a record that only holds the id. */
export interface PatientRef {
  id: string;
  firstName: string;
  lastName: string;
}

export type TimelineItem =
  | { kind: 'schedule'; at: string; schedule: FormSchedule; formName: string }
  | { kind: 'response'; at: string; response: FormResponse; formName: string }
  | { kind: 'conversation'; at: string; conversation: ConversationSummary }
  | { kind: 'call'; at: string; call: Call };

export interface UpcomingDelivery extends FormSchedule {
  formName: string;
  patient: PatientRef;
}

/** An alert with its patient's name (the Alerts screen, the dashboard, the patient page). */
export type AlertView = Alert & { patient: PatientRef };
export type { AlertPriority, AlertReasonCode, AlertSource, AlertState };

/** A row of the Deliveries list: the schedule with its form's and patient's names. */
export type ScheduleListItem = UpcomingDelivery;

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

/** Which of a form's responses the charts and the export cover (`to` exclusive). */
export interface ResponseScopeInput {
  formId: string;
  patientId?: string;
  from?: string;
  to?: string;
}

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
  plan: Plan;
  clinicName: string;
  notificationEmail: string;
  assistant: AssistantSettingsView;
  smtp: SmtpSettingsView;
}

export interface AppSettingsUpdate {
  language?: Language;
  port?: number;
  sandbox?: boolean;
  /**
   * Required (true) to turn sandbox mode on over a clinic with patients: its routes can replace
   * them (`confirmation_required` otherwise).
   */
  confirmSandbox?: boolean;
  plan?: Plan;
  clinicName?: string;
  notificationEmail?: string;
  /** `null` goes back to the built-in assistant. */
  assistant?:
    | { provider: 'builtin' }
    | {
        provider: 'openai';
        baseUrl: string;
        model: string;
        apiKey?: string;
        timeoutSeconds?: number;
      }
    | null;
  /** An smtp:// or smtps:// URL; `null` keeps e-mail in the outbox. */
  smtpUrl?: string | null;
}

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
export type { TriageSign } from '../src-main/service/triage/signs';

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

// ---------------------------------------------------------------------------------------------
// The operations, grouped by what they concern. `Op<I, O>` is a phantom pair of types.

export interface Op<I, O> {
  input: I;
  output: O;
}

export interface Contract {
  app: {
    info: Op<void, AppInfo>;
  };
  patients: {
    list: Op<
      PageInput & { search?: string; status?: 'active' | 'inactive'; tag?: string },
      Page<Patient> & { total: number }
    >;
    get: Op<IdInput, Patient>;
    create: Op<CreatePatient, Patient>;
    update: Op<{ id: string; patch: UpdatePatient }, Patient>;
    /** Every tag in use, most used first (the tag filter). */
    tags: Op<void, { tag: string; count: number }[]>;
    /** Deliveries, responses, conversations and calls of one patient, newest first. */
    timeline: Op<IdInput, TimelineItem[]>;
  };
  forms: {
    /** Each form with what references it (responses, deliveries) and whether it may be deleted. */
    list: Op<PageInput & { status?: 'active' | 'archived' }, Page<FormSummary>>;
    get: Op<IdInput, FormSummary>;
    create: Op<FormDefinition, ClinicalForm>;
    update: Op<{ id: string; patch: FormUpdate }, ClinicalForm>;
    archive: Op<IdInput, ClinicalForm>;
    restore: Op<IdInput, ClinicalForm>;
    /** Only a form without deliveries or responses; otherwise `form_in_use` (archive it). */
    remove: Op<IdInput, { id: string; deleted: true }>;
    /** The draft's patient page and create's (or update's, with formId) errors, as data. */
    preview: Op<FormPreviewRequest, FormPreview>;
    /** The published editions of the validated instruments (PHQ-9, GAD-7) a clinic can add. */
    instruments: Op<void, EditionInfo[]>;
    /** Adds an edition as a validated instrument: its wording cannot be edited, only copied. */
    addInstrument: Op<{ edition: string }, ClinicalForm>;
  };
  responses: {
    list: Op<
      PageInput & { formId: string; patientId?: string; from?: string; to?: string },
      Page<ResponseListItem>
    >;
    get: Op<IdInput, ResponseDetail>;
    /** The latest responses across all forms (dashboard). */
    recent: Op<{ limit?: number }, RecentResponse[]>;
    /** Number, slider and score measures of a form's responses: over time and latest per patient. */
    analysis: Op<ResponseScopeInput, ResponseAnalysis>;
    /** The responses as CSV, headers and yes/no in `language` (default the app's). */
    exportCsv: Op<ResponseScopeInput & { language?: Language }, ResponseExport>;
  };
  schedules: {
    list: Op<
      PageInput & {
        patientId?: string;
        formId?: string;
        status?: ScheduleStatus;
        channel?: Channel;
      },
      Page<ScheduleListItem>
    >;
    get: Op<IdInput, FormSchedule>;
    /** Pending deliveries in scheduledAt order from `from` (default now) to `to`. */
    upcoming: Op<{ from?: string; to?: string; limit?: number }, UpcomingDelivery[]>;
    /** Pending deliveries counted per day of `timeZone` in [from, to) (the calendar). */
    calendar: Op<{ from: string; to: string; timeZone: string }, DeliveryCalendar>;
    create: Op<CreateFormSchedule, FormSchedule>;
    cancel: Op<IdInput, CancelledSchedule>;
  };
  outbox: {
    list: Op<
      PageInput & { channel?: Channel; patientId?: string; scheduleId?: string },
      Page<OutboxListItem>
    >;
  };
  conversations: {
    list: Op<
      PageInput & { patientId?: string; status?: ConversationStatus; escalated?: boolean },
      Page<ConversationListItem>
    >;
    /** Escalated conversations that are still active, newest escalation first (dashboard). */
    attention: Op<{ limit?: number }, AttentionConversation[]>;
    get: Op<IdInput, ConversationView>;
    start: Op<CreateConversation, ConversationView>;
    send: Op<{ id: string; content: string }, MessageExchange>;
    end: Op<IdInput, ConversationView>;
  };
  calls: {
    list: Op<
      PageInput & { patientId?: string; status?: CallStatus; from?: string; to?: string },
      Page<CallListItem>
    >;
    get: Op<IdInput, CallView>;
    start: Op<CreateCall, CallView>;
  };
  credits: {
    balance: Op<void, CreditBalance>;
    ledger: Op<PageInput & { kind?: LedgerKind; from?: string; to?: string }, Page<LedgerEntry>>;
    /** Credits consumed per day over the current period (the usage chart). */
    usage: Op<void, CreditUsage>;
    /** Adds credits by hand; they do not expire at the monthly reset. Desktop only. */
    topUp: Op<{ amount: number; reason?: string }, CreditBalance>;
    /** The price list, so the window can show what an action costs before it is taken. */
    prices: Op<void, PriceList>;
  };
  keys: {
    list: Op<void, ApiKeyInfo[]>;
    create: Op<{ name: string; permissions: Permission[] }, CreatedApiKey>;
    revoke: Op<IdInput, ApiKeyInfo>;
  };
  webhooks: {
    /** Each webhook with its figures (success over 24 h, last attempt, open deliveries). */
    list: Op<PageInput & { status?: 'active' | 'disabled' }, Page<WebhookView>>;
    get: Op<IdInput, WebhookView>;
    create: Op<CreateWebhook, CreatedWebhook>;
    update: Op<{ id: string; patch: UpdateWebhook }, WebhookView>;
    remove: Op<IdInput, { id: string; deleted: true }>;
    deliveries: Op<
      PageInput & { id: string; status?: 'pending' | 'delivered' | 'failed' },
      Page<WebhookDelivery>
    >;
    /** Failed deliveries across every webhook, newest first (dashboard). */
    failedDeliveries: Op<{ limit?: number }, FailedDelivery[]>;
    retry: Op<{ id: string; eventId: string }, WebhookDelivery>;
  };
  /** The sandbox's built-in webhook test receiver (sandbox mode only; else `sandbox_off`). */
  receiver: {
    /** Its URL for an inbox name (default `inbox`) and how it answers. */
    url: Op<{ name?: string }, ReceiverInfo>;
    /** What it received, newest first. */
    list: Op<{ limit?: number; name?: string }, ReceivedRequest[]>;
    clear: Op<void, { cleared: number }>;
    /** The "make it fail" switch: `failing` answers 500 to every request. */
    configure: Op<{ failing: boolean }, ReceiverInfo>;
  };
  alerts: {
    /** Newest first; the screen asks for open ones first, then the rest. */
    list: Op<AlertListQuery, Page<AlertView>>;
    get: Op<IdInput, AlertView>;
    /** Open alerts by priority: the navigation badge and the dashboard. */
    counts: Op<void, { urgent: number; review: number }>;
    /** A patient's alerts not yet resolved, urgent first (the patient page header). */
    ofPatient: Op<IdInput, AlertView[]>;
    acknowledge: Op<{ id: string; note?: string }, AlertView>;
    resolve: Op<{ id: string; note?: string }, AlertView>;
  };
  notifications: {
    list: Op<PageInput & { unread?: boolean }, Page<Notification>>;
    markRead: Op<IdInput, { id: string }>;
    /** How many are unread (the bell). */
    unreadCount: Op<void, { unread: number }>;
    markAllRead: Op<void, { marked: number }>;
  };
  developer: {
    /** The service's OpenAPI document, for the API reference. */
    openapi: Op<void, OpenApiDocument>;
    /** The latest requests to the HTTP interface, newest first (default and most: 500). */
    requestLog: Op<{ limit?: number }, RequestLogEntry[]>;
    clearRequestLog: Op<void, { cleared: number }>;
  };
  settings: {
    get: Op<void, AppSettings>;
    update: Op<AppSettingsUpdate, AppSettings>;
  };
  sandbox: {
    clock: Op<void, SandboxClockView>;
    /** Moves the service clock forward, running every job due on the way. */
    advance: Op<{ seconds: number }, SandboxClockView & { jobsRun: number }>;
    /** Replaces the clinic's data with the demo clinic or an empty one; keys and settings stay. */
    reset: Op<{ seed: 'demo' | 'empty' }, { seed: 'demo' | 'empty'; patients: number }>;
  };
}

export type Group = keyof Contract;
export type MethodOf<G extends Group> = keyof Contract[G] & string;
export type InputOf<G extends Group, M extends MethodOf<G>> =
  Contract[G][M] extends Op<infer I, unknown> ? I : never;
export type OutputOf<G extends Group, M extends MethodOf<G>> =
  Contract[G][M] extends Op<unknown, infer O> ? O : never;

/** Exhaustive at compile time: a method in `Contract` missing here, or an extra one, fails tsc. */
type MethodList<G extends Group> = readonly MethodOf<G>[];
type Exhaustive<T extends { [G in Group]: MethodList<G> }> = {
  [G in Group]: Exclude<MethodOf<G>, T[G][number]> extends never ? T[G] : never;
};
function exhaustive<const T extends { [G in Group]: MethodList<G> }>(list: Exhaustive<T>): T {
  return list as T;
}

/** The runtime list every transport loops over. */
export const OPERATIONS = exhaustive({
  app: ['info'],
  patients: ['list', 'get', 'create', 'update', 'tags', 'timeline'],
  forms: [
    'list',
    'get',
    'create',
    'update',
    'archive',
    'restore',
    'remove',
    'preview',
    'instruments',
    'addInstrument',
  ],
  responses: ['list', 'get', 'recent', 'analysis', 'exportCsv'],
  schedules: ['list', 'get', 'upcoming', 'calendar', 'create', 'cancel'],
  outbox: ['list'],
  conversations: ['list', 'attention', 'get', 'start', 'send', 'end'],
  calls: ['list', 'get', 'start'],
  credits: ['balance', 'ledger', 'usage', 'topUp', 'prices'],
  keys: ['list', 'create', 'revoke'],
  webhooks: [
    'list',
    'get',
    'create',
    'update',
    'remove',
    'deliveries',
    'failedDeliveries',
    'retry',
  ],
  receiver: ['url', 'list', 'clear', 'configure'],
  alerts: ['list', 'get', 'counts', 'ofPatient', 'acknowledge', 'resolve'],
  notifications: ['list', 'markRead', 'unreadCount', 'markAllRead'],
  developer: ['openapi', 'requestLog', 'clearRequestLog'],
  settings: ['get', 'update'],
  sandbox: ['clock', 'advance', 'reset'],
});

/** `patients.list`: the IPC channel suffix and the web route's operation name. */
export type OperationName = { [G in Group]: `${G}.${MethodOf<G>}` }[Group];

export function operationNames(): OperationName[] {
  return (Object.keys(OPERATIONS) as Group[]).flatMap((group) =>
    (OPERATIONS[group] as readonly string[]).map((method) => `${group}.${method}` as OperationName),
  );
}

/** Prefix of every IPC channel: `engage:patients.list`. */
export const IPC_PREFIX = 'engage:';
/** Channel main pushes events on. */
export const IPC_EVENT_CHANNEL = 'engage:event';

// ---------------------------------------------------------------------------------------------
// Events pushed from main to the window (IPC in Electron, Server-Sent Events in web mode).

/** What a change touched; the window refreshes the views that show it. */
export type Topic =
  | 'patients'
  | 'forms'
  | 'responses'
  | 'schedules'
  | 'outbox'
  | 'conversations'
  | 'calls'
  | 'credits'
  | 'keys'
  | 'webhooks'
  | 'receiver'
  | 'notifications'
  | 'alerts'
  | 'settings'
  | 'clock';

export interface PushEvents {
  /** Data changed (through the window, the HTTP API or a job); coalesced per tick. */
  changed: { topics: Topic[] };
  /** A schedule moved: created, sent, failed, completed or cancelled. */
  'schedule.changed': { scheduleId: string; status: ScheduleStatus };
  /** A delivery happened (the message went out) or failed. */
  'delivery.happened': { scheduleId: string; status: 'sent' | 'failed'; channel: Channel };
  /** A conversation got a message or ended. */
  'conversation.message': { conversationId: string };
  /** Something for the notification centre. */
  notification: { id: string; kind: NotificationKind };
  /** An alert was raised (or joined by a new sign): the desk says so, loudly when urgent. */
  alert: { id: string; priority: AlertPriority; patientId: string; code: AlertReasonCode };
  /** The HTTP interface answered requests (newest first); one event per tick, not per request. */
  'request.logged': { entries: RequestLogEntry[] };
  /** The sandbox clock moved. */
  clock: SandboxClockView;
}

export type PushEventName = keyof PushEvents;

export type PushEvent = { [K in PushEventName]: { type: K; data: PushEvents[K] } }[PushEventName];

export const PUSH_EVENT_NAMES: readonly PushEventName[] = [
  'changed',
  'schedule.changed',
  'delivery.happened',
  'conversation.message',
  'notification',
  'alert',
  'request.logged',
  'clock',
];

// ---------------------------------------------------------------------------------------------
// What `window.engage` (and every other Bridge) looks like: named functions, never a raw invoke.

export type BridgeApi = {
  [G in Group]: {
    [M in MethodOf<G>]: InputOf<G, M> extends void
      ? () => Promise<BridgeResult<OutputOf<G, M>>>
      : (input: InputOf<G, M>) => Promise<BridgeResult<OutputOf<G, M>>>;
  };
};

export interface EngageBridge extends BridgeApi {
  /** Subscribes to pushed events; returns the unsubscribe function. */
  on<K extends PushEventName>(event: K, listener: (data: PushEvents[K]) => void): () => void;
}

/**
 * Builds the named functions from one generic call, for every transport (preload, HTTP bridge,
 * in-memory bridge), so none of them can forget or invent an operation.
 */
export function buildBridgeApi(
  call: (name: OperationName, input: unknown) => Promise<BridgeResult<unknown>>,
): BridgeApi {
  const api: Record<
    string,
    Record<string, (input?: unknown) => Promise<BridgeResult<unknown>>>
  > = {};
  for (const name of operationNames()) {
    const [group, method] = name.split('.') as [string, string];
    (api[group] ??= {})[method] = (input?: unknown) => call(name, input);
  }
  return api as unknown as BridgeApi;
}
