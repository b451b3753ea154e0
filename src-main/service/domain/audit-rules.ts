import type { AuditEntry, AuditRules } from './audit-trail';
import type { createAlerts } from './alerts';
import type { createCalls } from './calls';
import type { createConversations } from './conversations';
import type { createDeskExports } from './desk-exports';
import type { createDeskViews } from './desk-views';
import type { createChatLinks } from './chat-links';
import type { createFormScheduleSeries } from './form-schedule-series';
import type { createFormSchedules } from './form-schedules';
import type { createForms } from './forms';
import type { createPatientBulk } from './patient-bulk';
import type { createPatientNotes } from './patient-notes';
import type { createPatients } from './patients';
import type { ArchivePassphrase, ArchiveSummary } from '../backup/clinic-archive';
import { patientsIn, type CsvFile } from './csv-file';

/**
 * What is audited (docs/data-safety.md), declared once per domain method the transports
 * call: every read of one patient's record and every change to it. Lists of many patients are
 * not reads of a record (their rows are names and states, the record is one click further, and
 * that click is recorded); exports are, for every patient they hold. Writes (`write: true`)
 * record in their own transaction; conversation starts and ends are recorded once they committed
 * (the start waits for the assistant between its steps, and an end commits a due close even when
 * it is then refused, so neither can be one transaction with its event).
 */

const ofPatient = (patientId: string): AuditEntry => ({
  resourceType: 'patient',
  resourceId: patientId,
  patientId,
});
/** A record read as its stored JSON: its id and patient, without parsing the rest. */
const patientOfJson = (json: string): string =>
  (JSON.parse(json) as { patientId: string }).patientId;
const exported = (resourceId: string, file: CsvFile): AuditEntry[] => {
  const patients = patientsIn(file);
  return patients.map((patientId) => ({
    resourceType: 'export',
    resourceId,
    patientId,
    count: patients.length,
  }));
};

export const PATIENT_AUDIT: AuditRules<ReturnType<typeof createPatients>> = {
  get: { action: 'patient.viewed', entries: ([id]) => [ofPatient(id)] },
  // GET /patients/{id}: the id is the patient's, so the stored JSON goes out unparsed.
  getJson: { action: 'patient.viewed', entries: ([id]) => [ofPatient(id)] },
  create: { action: 'patient.created', write: true, entries: (_, p) => [ofPatient(p.id)] },
  update: { action: 'patient.updated', write: true, entries: (_, p) => [ofPatient(p.id)] },
  // The CSV import: one event per patient it created, in the import's own transaction.
  createMany: { action: 'patient.created', write: true, entries: (_, ids) => ids.map(ofPatient) },
};

export const PATIENT_BULK_AUDIT: AuditRules<ReturnType<typeof createPatientBulk>> = {
  retag: {
    action: 'patient.updated',
    write: true,
    entries: ([input], report) => {
      const refused = new Set(report.refused.map((r) => r.id));
      return [...new Set(input.ids)].filter((id) => !refused.has(id)).map(ofPatient);
    },
  },
};

export const NOTE_AUDIT: AuditRules<ReturnType<typeof createPatientNotes>> = {
  list: { action: 'note.viewed', entries: ([patientId]) => [ofPatient(patientId)] },
  getJson: {
    action: 'note.viewed',
    entries: ([id], json) => [
      { resourceType: 'note', resourceId: id, patientId: patientOfJson(json) },
    ],
  },
  create: {
    action: 'note.created',
    write: true,
    entries: ([patientId], note) => [{ resourceType: 'note', resourceId: note.id, patientId }],
  },
};

export const FORM_AUDIT: AuditRules<ReturnType<typeof createForms>> = {
  responseJson: {
    action: 'response.viewed',
    entries: ([id], json) => [
      { resourceType: 'response', resourceId: id, patientId: patientOfJson(json) },
    ],
  },
};

type DeskViews = ReturnType<typeof createDeskViews>;

export const RESPONSE_VIEW_AUDIT: AuditRules<DeskViews['responses']> = {
  detail: {
    action: 'response.viewed',
    entries: ([id], response) => [
      { resourceType: 'response', resourceId: id, patientId: response.patientId },
    ],
  },
};

export const RESPONSE_EXPORT_AUDIT: AuditRules<Pick<DeskViews, 'exportResponses'>> = {
  exportResponses: {
    action: 'responses.exported',
    entries: ([input], file) => exported(input.formId, file),
  },
};

export const EXPORT_AUDIT: AuditRules<ReturnType<typeof createDeskExports>> = {
  patients: { action: 'patients.exported', entries: (_, file) => exported('patients', file) },
  deliveries: { action: 'patients.exported', entries: (_, file) => exported('deliveries', file) },
  calls: { action: 'patients.exported', entries: (_, file) => exported('calls', file) },
  alerts: { action: 'patients.exported', entries: (_, file) => exported('alerts', file) },
  ledger: { action: 'patients.exported', entries: (_, file) => exported('ledger', file) },
};

type Conversations = ReturnType<typeof createConversations>;

/** A message's or a link's answer names the conversation, not the patient: read from its row. */
export const conversationAudit = (conversations: Conversations): AuditRules<Conversations> => ({
  ...CONVERSATION_AUDIT,
  // Over HTTP a start and a message run in two steps around the assistant's reply (the route
  // stores its idempotent answer with the commit): the commit is the write, with its event.
  commitStart: {
    action: 'conversation.started',
    write: true,
    entries: (_, c) => [{ resourceType: 'conversation', resourceId: c.id, patientId: c.patientId }],
  },
  commitMessage: {
    action: 'message.sent',
    write: true,
    entries: async ([prepared]) => [await inConversation(conversations, prepared.id)],
  },
  // The window's one-call send (the sandbox composer), recorded once it committed.
  send: {
    action: 'message.sent',
    after: true,
    entries: async ([id]) => [await inConversation(conversations, id)],
  },
});

const inConversation = async (conversations: Conversations, id: string): Promise<AuditEntry> => ({
  resourceType: 'conversation',
  resourceId: id,
  patientId: (await conversations.row(id)).patient_id,
});

/**
 * A chat link opens the patient's conversation to whoever holds it, and a sent one goes to their
 * phone or e-mail: recorded once stored (an e-mail is sent before the link is stored).
 */
export const chatLinkAudit = (
  conversations: Conversations,
): AuditRules<ReturnType<typeof createChatLinks>> => ({
  create: {
    action: 'link.created',
    after: true,
    entries: async ([id]) => [await inConversation(conversations, id)],
  },
});

const CONVERSATION_AUDIT: AuditRules<Conversations> = {
  get: {
    action: 'conversation.viewed',
    entries: ([id], c) => [
      { resourceType: 'conversation', resourceId: id, patientId: c.patientId },
    ],
  },
  getJson: {
    action: 'conversation.viewed',
    entries: ([id], json) => [
      { resourceType: 'conversation', resourceId: id, patientId: patientOfJson(json) },
    ],
  },
  start: {
    action: 'conversation.started',
    after: true,
    entries: (_, c) => [{ resourceType: 'conversation', resourceId: c.id, patientId: c.patientId }],
  },
  close: {
    action: 'conversation.ended',
    after: true,
    entries: ([id], c) => [
      { resourceType: 'conversation', resourceId: id, patientId: c.patientId },
    ],
  },
};

export const CALL_AUDIT: AuditRules<ReturnType<typeof createCalls>> = {
  get: {
    action: 'call.viewed',
    entries: ([id], c) => [{ resourceType: 'call', resourceId: id, patientId: c.patientId }],
  },
  getJson: {
    action: 'call.viewed',
    entries: ([id], json) => [
      { resourceType: 'call', resourceId: id, patientId: patientOfJson(json) },
    ],
  },
  create: {
    action: 'call.started',
    write: true,
    entries: (_, c) => [{ resourceType: 'call', resourceId: c.id, patientId: c.patientId }],
  },
};

type Schedules = ReturnType<typeof createFormSchedules>;

/** A cancel answers without the patient, so it is read from the delivery's row. */
export const scheduleAudit = (schedules: Schedules): AuditRules<Schedules> => ({
  create: {
    action: 'delivery.created',
    write: true,
    entries: (_, s) => [{ resourceType: 'delivery', resourceId: s.id, patientId: s.patientId }],
  },
  cancel: {
    action: 'delivery.cancelled',
    write: true,
    entries: async ([id]) => [
      { resourceType: 'delivery', resourceId: id, patientId: (await schedules.row(id)).patient_id },
    ],
  },
  // A retry is a new delivery (pointing at the failed one), so it is one more `delivery.created`.
  retry: {
    action: 'delivery.created',
    write: true,
    entries: (_, s) => [{ resourceType: 'delivery', resourceId: s.id, patientId: s.patientId }],
  },
  // Answers stored for the patient by someone else: the sandbox's "answer as the patient". The
  // patient's own form page runs with no one's scope, so their own answer records nothing.
  submit: {
    action: 'response.created',
    write: true,
    entries: (_, r) => [{ resourceType: 'response', resourceId: r.id, patientId: r.patientId }],
  },
});

type Series = ReturnType<typeof createFormScheduleSeries>;

/** A series is one event (its deliveries are its occurrences); a cancel reads its row. */
export const seriesAudit = (series: Series): AuditRules<Series> => ({
  create: {
    action: 'series.created',
    write: true,
    entries: (_, s) => [{ resourceType: 'series', resourceId: s.id, patientId: s.patientId }],
  },
  cancel: {
    action: 'series.cancelled',
    write: true,
    entries: async ([id]) => [
      { resourceType: 'series', resourceId: id, patientId: (await series.get(id)).patientId },
    ],
  },
});

export const ALERT_AUDIT: AuditRules<ReturnType<typeof createAlerts>> = {
  acknowledge: {
    action: 'alert.acknowledged',
    write: true,
    entries: ([id], a) => [{ resourceType: 'alert', resourceId: id, patientId: a.patientId }],
  },
  resolve: {
    action: 'alert.resolved',
    write: true,
    entries: ([id], a) => [{ resourceType: 'alert', resourceId: id, patientId: a.patientId }],
  },
};

/** The whole-clinic archive's export (backup/clinic-archive.ts), as core.clinicArchive runs it. */
export interface ClinicArchiveExport {
  export(options: {
    passphrase: ArchivePassphrase;
    to: string;
    now: Date;
  }): Promise<ArchiveSummary>;
}

/**
 * A clinic archive leaves the desk with every patient in it, so, like a CSV export, it records one
 * event per patient (`patientIds`: the clinic's patients once the copy is taken; one created in
 * between is named too, the safe side for a trail). A backup is not an export: it stays with the
 * clinic's own key.
 */
export const clinicArchiveAudit = (
  patientIds: () => Promise<string[]>,
): AuditRules<ClinicArchiveExport> => ({
  export: {
    action: 'clinic.exported',
    after: true,
    entries: async () => {
      const ids = await patientIds();
      return ids.map((patientId) => ({
        resourceType: 'export',
        resourceId: 'clinic',
        patientId,
        count: ids.length,
      }));
    },
  },
});
