import type { AssistantRouter } from '../assistant/assistant-settings';
import type { DeliverySettings } from '../delivery/delivery-settings';
import type { createAlerts } from '../domain/alerts';
import type { createApiKeys } from '../domain/api-keys';
import type { createCalls } from '../domain/calls';
import type { createChatLinks } from '../domain/chat-links';
import type { createConversations } from '../domain/conversations';
import type { createCredits } from '../domain/credits';
import type { createFormSchedules } from '../domain/form-schedules';
import type { createFormScheduleSeries } from '../domain/form-schedule-series';
import type { createForms } from '../domain/forms';
import type { createNotifications } from '../domain/notifications';
import type { createPatientNotes } from '../domain/patient-notes';
import type { createPatients } from '../domain/patients';
import type { createPatientBulk } from '../domain/patient-bulk';
import type { createResponseInbox } from '../domain/response-inbox';
import type { createPatientImport } from '../domain/patient-import';
import type { createWebhooks } from '../domain/webhooks';
import type { createDeskSettings } from '../domain/desk-settings';
import type { createNoticeEmail } from '../delivery/notice-email';
import type { createTestReceiver } from '../webhooks/test-receiver';
import type { createSampleEvents } from '../webhooks/sample-events';
import type { createWebhookDispatcher } from '../webhooks/webhook-dispatcher';
import type { TopicsOf } from './announce';

/** The domain services whose writes the window hears about, by their name on the core. */
interface AnnouncedServices {
  patients: ReturnType<typeof createPatients>;
  patientImport: ReturnType<typeof createPatientImport>;
  patientNotes: ReturnType<typeof createPatientNotes>;
  patientBulk: ReturnType<typeof createPatientBulk>;
  responseInbox: ReturnType<typeof createResponseInbox>;
  forms: ReturnType<typeof createForms>;
  schedules: ReturnType<typeof createFormSchedules>;
  scheduleSeries: ReturnType<typeof createFormScheduleSeries>;
  conversations: ReturnType<typeof createConversations>;
  chatLinks: ReturnType<typeof createChatLinks>;
  calls: ReturnType<typeof createCalls>;
  credits: ReturnType<typeof createCredits>;
  apiKeys: ReturnType<typeof createApiKeys>;
  webhooks: ReturnType<typeof createWebhooks>;
  dispatcher: ReturnType<typeof createWebhookDispatcher>;
  sampleEvents: ReturnType<typeof createSampleEvents>;
  alerts: ReturnType<typeof createAlerts>;
  notifications: ReturnType<typeof createNotifications>;
  delivery: DeliverySettings;
  assistants: AssistantRouter;
  notices: ReturnType<typeof createNoticeEmail>;
  testReceiver: ReturnType<typeof createTestReceiver>;
  deskSettings: ReturnType<typeof createDeskSettings>;
}

/**
 * What each domain write changes, declared once: the window's operations, the HTTP API and the
 * CLI all call these services (announced in core.ts), so a schedule created over IPC and one
 * created over HTTP refresh the same views. Jobs declare theirs in job-topics.ts, logged events in
 * event-topics.ts.
 */
export const DOMAIN_TOPICS: { [S in keyof AnnouncedServices]: TopicsOf<AnnouncedServices[S]> } = {
  patients: {
    create: ['patients'],
    createMany: ['patients'],
    update: ['patients'],
    problemsOf: [],
    identities: [],
    get: [],
    getJson: [],
    list: [],
  },
  patientImport: { preview: [], run: ['patients'] },
  forms: {
    create: ['forms'],
    addInstrument: ['forms'],
    update: ['forms'],
    remove: ['forms'],
    archive: ['forms'],
    restore: ['forms'],
    check: [],
    usage: [],
    get: [],
    getJson: [],
    definition: [],
    list: [],
    responses: [],
    responseJson: [],
  },
  schedules: {
    // A new delivery is paid for when it is scheduled, and refunded when cancelled or failed.
    create: ['schedules', 'credits'],
    // A retry is a new delivery, paid for like any other (the failed one was refunded).
    retry: ['schedules', 'credits'],
    cancel: ['schedules', 'credits'],
    submit: ['schedules', 'responses'],
    markSent: ['schedules', 'outbox'],
    markReminded: ['schedules', 'outbox'],
    markFailed: ['schedules', 'credits'],
    get: [],
    getJson: [],
    row: [],
    byToken: [],
    list: [],
  },
  scheduleSeries: {
    // Every occurrence is charged at creation and the pending ones refunded on cancel.
    create: ['schedules', 'credits'],
    cancel: ['schedules', 'credits'],
    get: [],
    getJson: [],
    list: [],
  },
  conversations: {
    // begin… checks and prepare… asks the assistant; only commit… writes (see conversations.ts).
    beginStart: [],
    prepareStart: [],
    commitStart: ['conversations', 'credits'],
    beginMessage: [],
    prepareMessage: [],
    commitMessage: ['conversations', 'credits'],
    start: ['conversations', 'credits'],
    send: ['conversations', 'credits'],
    settle: ['conversations'],
    close: ['conversations'],
    onCloseDue: ['conversations'],
    get: [],
    getJson: [],
    row: [],
    list: [],
  },
  chatLinks: {
    options: [],
    // A link sent is an outbox message, and the conversation's list of links sent.
    create: ['conversations', 'outbox'],
    conversationOf: [],
    unanswered: ['notifications'],
  },
  calls: {
    create: ['calls', 'credits'],
    onStepDue: ['calls', 'credits'],
    get: [],
    getJson: [],
    row: [],
    list: [],
  },
  credits: {
    charge: ['credits'],
    refund: ['credits'],
    topUp: ['credits'],
    open: ['credits'],
    setPlan: ['credits', 'settings'],
    resetPeriod: ['credits'],
    requireBalance: [],
    ensureResetScheduled: [],
    balance: [],
    ledger: [],
  },
  apiKeys: {
    create: ['keys'],
    ensure: ['keys'],
    revoke: ['keys'],
    // Stamps a key's last use on every request: not worth a refresh of the keys screen each time.
    touch: [],
    authenticate: [],
    activeById: [],
    list: [],
    checkPermissions: [],
  },
  webhooks: {
    create: ['webhooks'],
    update: ['webhooks'],
    delete: ['webhooks'],
    checkUrl: [],
    list: [],
    row: [],
    getJson: [],
    get: [],
  },
  dispatcher: { flush: ['webhooks'], retry: ['webhooks'] },
  sampleEvents: { emit: ['webhooks'] },
  patientNotes: { create: ['notes'], get: [], getJson: [], list: [] },
  patientBulk: { matchingIds: [], byIds: [], retag: ['patients'] },
  responseInbox: { list: [], mark: ['responses'] },
  alerts: {
    raise: ['alerts'],
    acknowledge: ['alerts'],
    resolve: ['alerts'],
    get: [],
    getJson: [],
    list: [],
    openCounts: [],
    unresolvedOf: [],
    hasUrgentUnresolved: [],
  },
  notifications: {
    raise: ['notifications'],
    markRead: ['notifications'],
    markAllRead: ['notifications'],
    list: [],
    unreadCount: [],
  },
  delivery: {
    setNotificationEmail: ['settings'],
    setAppLanguage: ['settings'],
    setClinicName: ['settings'],
    saveSmtp: ['settings'],
    // Where this run listens and links point: wiring of the run, not a setting the window shows.
    setListeningUrl: [],
    setPublicUrl: [],
    publicUrl: [],
    listeningUrl: [],
    clinicName: [],
    notificationEmail: [],
    appLanguage: [],
    smtpSettings: [],
    smtpSource: [],
    smtp: [],
    close: [],
  },
  assistants: { save: ['settings'], describe: [] },
  notices: { send: ['outbox'], deliver: ['outbox'] },
  deskSettings: { update: ['settings'], read: [] },
  testReceiver: {
    receive: ['receiver'],
    clear: ['receiver'],
    configure: ['receiver'],
    info: [],
    list: [],
    isOn: [],
  },
};
