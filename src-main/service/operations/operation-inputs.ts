import { AlertListQuery } from '../schemas/alert';
import { AuditEventListQuery } from '../schemas/audit-event';
import { LedgerQuery } from '../schemas/billing';
import { CallListQuery, CreateCall } from '../schemas/call';
import { ClinicalFormListQuery, FormDefinition, FormUpdate } from '../schemas/clinical-form';
import { ConversationListQuery, CreateConversation } from '../schemas/conversation';
import { CalendarInput, RetryScheduleInput } from '../schemas/deliveries';
import {
  AlertActionInput,
  ArchiveFileInput,
  BackupFileInput,
  BackupFolderInput,
  DeliveriesInput,
  IdInput,
  KeyCreateInput,
  NoteCreateInput,
  InboxInput,
  MarkResponsesInput,
  PatientIdsInput,
  PatientMatchInput,
  PatientRetagInput,
  NoteListInput,
  NotificationListInput,
  RecentInput,
  ResponseListInput,
  RetryInput,
  SendInput,
  RetentionInput,
  SettingsUpdate,
  TopUpInput,
  UpcomingInput,
} from '../schemas/desktop';
import { RequestLogInput } from '../schemas/developer';
import { SendChatLinkInput } from '../schemas/chat-link';
import { AddInstrumentInput, FormPreviewInput } from '../schemas/form-authoring';
import {
  CreateFormSchedule,
  CreateFormScheduleSeries,
  FormScheduleListQuery,
  OutboxListQuery,
} from '../schemas/form-schedule';
import { CreatePatient, PatientListQuery, UpdatePatient } from '../schemas/patient';
import { PatientImportInput } from '../schemas/patient-import';
import {
  AlertExportInput,
  AuditExportInput,
  BreakdownInput,
  CallExportInput,
  DeliveryExportInput,
  LedgerExportInput,
  PatientExportInput,
} from '../schemas/desk-export';
import { ResponseAnalysisInput, ResponseExportInput } from '../schemas/response-analysis';
import { ClockAdvance, SandboxReset } from '../schemas/sandbox';
import {
  ReceiverConfigureInput,
  ReceiverListInput,
  ReceiverUrlInput,
} from '../schemas/test-receiver';
import { CreateWebhook, UpdateWebhook, WebhookListQuery } from '../schemas/webhook';
import { body, checkedByDomain, none, patch, type InputSpec } from '../contract/input-spec';
import type { OperationOutputs } from '../contract/operation-outputs';

/**
 * Every window operation's input, by the schema that checks it: the one declaration its type
 * (`InputOf`) is derived from and the operation registry validates with. Checked against the
 * outputs' list both ways: an operation missing here, or one here without an output, fails tsc.
 *
 * This module holds runtime schemas, so only the service imports it; the contract, the preload
 * and the renderer import its type.
 */
export const OPERATION_INPUTS = {
  app: { info: none },
  patients: {
    list: body(PatientListQuery),
    get: body(IdInput),
    create: body(CreatePatient),
    update: patch(UpdatePatient),
    tags: none,
    timeline: body(IdInput),
    matching: body(PatientMatchInput),
    byIds: body(PatientIdsInput),
    retag: body(PatientRetagInput),
  },
  notes: { list: body(NoteListInput), create: body(NoteCreateInput) },
  forms: {
    list: body(ClinicalFormListQuery),
    get: body(IdInput),
    create: checkedByDomain(FormDefinition),
    update: patch(FormUpdate, 'domain'),
    archive: body(IdInput),
    restore: body(IdInput),
    remove: body(IdInput),
    preview: body(FormPreviewInput),
    instruments: none,
    addInstrument: body(AddInstrumentInput),
  },
  responses: {
    list: body(ResponseListInput),
    get: body(IdInput),
    recent: body(RecentInput),
    analysis: body(ResponseAnalysisInput),
    exportCsv: body(ResponseExportInput),
    inbox: body(InboxInput),
    mark: body(MarkResponsesInput),
  },
  patientImport: { preview: body(PatientImportInput), run: body(PatientImportInput) },
  exports: {
    patients: body(PatientExportInput),
    deliveries: body(DeliveryExportInput),
    calls: body(CallExportInput),
    alerts: body(AlertExportInput),
    ledger: body(LedgerExportInput),
  },
  schedules: {
    list: body(FormScheduleListQuery),
    get: body(IdInput),
    upcoming: body(UpcomingInput),
    calendar: body(CalendarInput),
    create: body(CreateFormSchedule),
    cancel: body(IdInput),
    retry: body(RetryScheduleInput),
  },
  series: {
    get: body(IdInput),
    create: body(CreateFormScheduleSeries),
    cancel: body(IdInput),
  },
  outbox: { list: body(OutboxListQuery) },
  conversations: {
    list: body(ConversationListQuery),
    attention: body(RecentInput),
    get: body(IdInput),
    start: body(CreateConversation),
    send: body(SendInput),
    end: body(IdInput),
    linkOptions: body(IdInput),
    sendLink: body(SendChatLinkInput),
  },
  calls: { list: body(CallListQuery), get: body(IdInput), start: body(CreateCall) },
  credits: {
    balance: none,
    ledger: body(LedgerQuery),
    breakdown: body(BreakdownInput),
    usage: none,
    topUp: body(TopUpInput),
    prices: none,
  },
  keys: { list: none, create: body(KeyCreateInput), revoke: body(IdInput) },
  webhooks: {
    list: body(WebhookListQuery),
    get: body(IdInput),
    create: body(CreateWebhook),
    update: patch(UpdateWebhook),
    remove: body(IdInput),
    deliveries: body(DeliveriesInput),
    failedDeliveries: body(RecentInput),
    retry: body(RetryInput),
  },
  receiver: {
    url: body(ReceiverUrlInput),
    list: body(ReceiverListInput),
    clear: none,
    configure: body(ReceiverConfigureInput),
  },
  audit: {
    list: body(AuditEventListQuery),
    exportCsv: body(AuditExportInput),
    purgePreview: body(RetentionInput),
  },
  alerts: {
    list: body(AlertListQuery),
    get: body(IdInput),
    counts: none,
    ofPatient: body(IdInput),
    acknowledge: body(AlertActionInput),
    resolve: body(AlertActionInput),
  },
  notifications: {
    list: body(NotificationListInput),
    markRead: body(IdInput),
    unreadCount: none,
    markAllRead: none,
  },
  developer: { openapi: none, requestLog: body(RequestLogInput), clearRequestLog: none },
  settings: { get: none, update: body(SettingsUpdate) },
  backups: {
    status: none,
    list: none,
    run: none,
    setFolder: body(BackupFolderInput),
    chooseFolder: none,
    inspect: body(BackupFileInput),
    restore: body(BackupFileInput),
  },
  archives: {
    chooseExportFile: none,
    chooseImportFile: none,
    export: body(ArchiveFileInput),
    inspect: body(ArchiveFileInput),
    import: body(ArchiveFileInput),
  },
  sandbox: { clock: none, advance: body(ClockAdvance), reset: body(SandboxReset) },
} as const satisfies {
  [G in keyof OperationOutputs]: Record<keyof OperationOutputs[G], InputSpec>;
};

export type OperationInputs = typeof OPERATION_INPUTS;
