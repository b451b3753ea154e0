import type { Sql } from '../sql-port';
import { createAlertQueries } from './alerts';
import { createApiKeyQueries } from './api-keys';
import { createAuditEventQueries } from './audit-events';
import { createCallQueries } from './calls';
import { createChatLinkQueries } from './chat-links';
import { createClinicalFormQueries } from './clinical-forms';
import { createConversationMessageQueries } from './conversation-messages';
import { createConversationQueries } from './conversations';
import { createCreditAccountQueries } from './credit-account';
import { createCreditLedgerQueries } from './credit-ledger';
import { createDeliveryViewQueries } from './delivery-views';
import { createEventQueries } from './events';
import { createFormAnsweredFieldQueries } from './form-answered-fields';
import { createFormResponseQueries } from './form-responses';
import { createFormScheduleQueries } from './form-schedules';
import { createFormScheduleSeriesQueries } from './form-schedule-series';
import { createFormUsageQueries } from './form-usage';
import { createIdempotencyQueries } from './idempotency-keys';
import { createJobQueries } from './jobs';
import { createOutboxQueries } from './outbox';
import { createOverviewQueries } from './overview';
import { createPatientNoteQueries } from './patient-notes';
import { createResponseReadQueries } from './response-reads';
import { createPatientQueries } from './patients';
import { createSandboxAuditQueries } from './sandbox-audit';
import { createSettingsQueries } from './settings';
import { createNotificationQueries } from './notifications';
import { createReceiverRequestQueries } from './receiver-requests';
import { createWebhookAttemptQueries } from './webhook-attempts';
import { createWebhookDeliveryQueries } from './webhook-deliveries';
import { createWebhookQueries } from './webhooks';

/** Every table's prepared statements, prepared once per database. */
export function createQueries(db: Sql) {
  const auditEvents = createAuditEventQueries(db);
  const changeToken = () => db.changeToken();
  return {
    /** Changes with every write; read caches are valid while it stays the same. */
    changeToken,
    settings: createSettingsQueries(db),
    apiKeys: createApiKeyQueries(db),
    patients: createPatientQueries(db, changeToken),
    patientNotes: createPatientNoteQueries(db),
    responseReads: createResponseReadQueries(db),
    events: createEventQueries(db),
    jobs: createJobQueries(db),
    creditAccount: createCreditAccountQueries(db),
    creditLedger: createCreditLedgerQueries(db),
    idempotency: createIdempotencyQueries(db),
    clinicalForms: createClinicalFormQueries(db),
    formSchedules: createFormScheduleQueries(db),
    formScheduleSeries: createFormScheduleSeriesQueries(db),
    formResponses: createFormResponseQueries(db),
    overview: createOverviewQueries(db),
    deliveryViews: createDeliveryViewQueries(db),
    formAnsweredFields: createFormAnsweredFieldQueries(db),
    formUsage: createFormUsageQueries(db),
    outbox: createOutboxQueries(db),
    conversations: createConversationQueries(db),
    conversationMessages: createConversationMessageQueries(db),
    chatLinks: createChatLinkQueries(db),
    calls: createCallQueries(db),
    webhooks: createWebhookQueries(db),
    webhookDeliveries: createWebhookDeliveryQueries(db),
    webhookAttempts: createWebhookAttemptQueries(db),
    receiverRequests: createReceiverRequestQueries(db),
    notifications: createNotificationQueries(db),
    alerts: createAlertQueries(db),
    sandboxAudit: createSandboxAuditQueries(db),
    auditEvents,
  };
}

export type Queries = ReturnType<typeof createQueries>;
