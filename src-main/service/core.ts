// Long on purpose: the composition root, where every service of the core is built and wired once;
// split, the order in which services depend on each other would be spread over several files.
import { createAssistantRouter } from './assistant/assistant-settings';
import type { CoreOptions, SeedName } from './core-options';
import { createAccessTokens } from './domain/access-tokens';
import { createApiKeys } from './domain/api-keys';
import { CALL_STEP_JOB, createCalls } from './domain/calls';
import type { CallStatus } from './schemas/call';
import { createChatLinks } from './domain/chat-links';
import { CONVERSATION_CLOSE_JOB, createConversations } from './domain/conversations';
import { createCredits, CREDITS_RESET_JOB } from './domain/credits';
import { createEventLog } from './domain/event-log';
import { createForms } from './domain/forms';
import { createFormSchedules, DELIVER_JOB, REMIND_JOB } from './domain/form-schedules';
import { createFormScheduleSeries } from './domain/form-schedule-series';
import { createFormReminder } from './delivery/form-reminder';
import { createOutbox } from './domain/outbox';
import { createPatients } from './domain/patients';
import { createPatientBulk } from './domain/patient-bulk';
import { createResponseInbox } from './domain/response-inbox';
import { createDeskSettings } from './domain/desk-settings';
import { createDeskViews } from './domain/desk-views';
import { createCreditViews } from './domain/credit-views';
import { createDeskExports } from './domain/desk-exports';
import { createPatientImport } from './domain/patient-import';
import { createSandboxSwitch } from './domain/sandbox-switch';
import { createNotifications } from './domain/notifications';
import { createAlerts } from './domain/alerts';
import { createPatientNotes } from './domain/patient-notes';
import { createAuditTrail } from './domain/audit-trail';
import { createAuditExport } from './domain/audit-export';
import {
  ALERT_AUDIT,
  CALL_AUDIT,
  chatLinkAudit,
  clinicArchiveAudit,
  conversationAudit,
  EXPORT_AUDIT,
  FORM_AUDIT,
  NOTE_AUDIT,
  PATIENT_AUDIT,
  PATIENT_BULK_AUDIT,
  RESPONSE_EXPORT_AUDIT,
  RESPONSE_VIEW_AUDIT,
  scheduleAudit,
  seriesAudit,
} from './domain/audit-rules';
import { createWebhookDeliveries, FLUSH_JOB } from './domain/webhook-deliveries';
import { createWebhooks } from './domain/webhooks';
import { createNoticeEmail, NOTICE_EMAIL_JOB } from './delivery/notice-email';
import { createSampleEvents } from './webhooks/sample-events';
import { createTestReceiver } from './webhooks/test-receiver';
import { createWebhookDispatcher } from './webhooks/webhook-dispatcher';
import { createWebhookSender } from './webhooks/webhook-sender';
import { systemResolver } from './webhooks/webhook-url-policy';
import { createDeliverySettings } from './delivery/delivery-settings';
import { createFormDelivery } from './delivery/form-delivery';
import { DEFAULT_PLANS, DEFAULT_PRICES } from './domain/pricing';
import { createIdFactory } from './ids';
import { createClock, type MutableClock } from './jobs/clock';
import { createJobRunner } from './jobs/job-runner';
import { createCursorSigner } from './security/cursor-signer';
import { seedDemoClinic } from './seed/demo-clinic';
import { openStore } from './store/open-store';
import { createListRunner } from './store/keyset-list';
import { createQueries } from './store/queries';
import { clearClinicData } from './store/clinic-reset';
import type { SandboxSource } from './store/queries/sandbox-audit';
import { createChangeFeed } from './changes/change-feed';
import { ALL_TOPICS, type Topic } from './contract/topics';
import { announce } from './changes/announce';
import { DOMAIN_TOPICS } from './changes/domain-topics';
import { createJobEvents } from './changes/job-events';
import { createApiDocument } from './developer/api-document';
import { createRequestLog } from './developer/request-log';
import { createBackupSchedule } from './backup/backup-schedule';
import { exportClinic, type ArchivePassphrase } from './backup/clinic-archive';

export type { CoreOptions, SeedName } from './core-options';

type ResetResult = { seed: SeedName; patients: number };
const CLOCK_OFFSET_SETTING = 'clock_offset_ms';

/**
 * The service without its transports: database, clock, jobs and domain operations. HTTP, IPC and
 * the CLI are adapters around this object.
 */
export async function createCore(options: CoreOptions) {
  // The store port (store/sql-port.ts): everything below reads and writes through it.
  const { db } = await openStore(options);
  const q = createQueries(db);
  const clock: MutableClock = createClock({
    offsetMs: Number((await q.settings.get(CLOCK_OFFSET_SETTING)) ?? 0),
    ...(options.realNow ? { realNow: options.realNow } : {}),
  });
  const newId = createIdFactory(() => clock.now(), options.idRandom);
  const listPage = createListRunner(
    db,
    createCursorSigner(await q.settings.secret('cursor_secret')),
  );
  /** What most domain services are built from (each takes the part it needs). */
  const base = { db, clock, newId, q, listPage };
  // What the window hears about (IPC or the web bridge's event stream); see changes/.
  const changes = createChangeFeed({
    onListenerError: (error) => options.onJobError?.('changes.listener', error),
  });
  /**
   * What changed is told once the write has committed: a window that reads it then sees it (the
   * caller's collect scope is still the one around it; see changes/change-feed.ts).
   */
  const told = (...topics: Topic[]) => db.afterCommit(() => changes.changed(...topics));
  /** A domain service whose writes tell the window what they changed (changes/domain-topics). */
  const announced = <S extends keyof typeof DOMAIN_TOPICS, T extends object>(name: S, service: T) =>
    announce(service, DOMAIN_TOPICS[name] as never, told);
  const runner = createJobRunner({
    db,
    clock,
    newId,
    jobs: q.jobs,
    onError: (job, error) => options.onJobError?.(job.kind, error),
    onJobDone: createJobEvents(q, changes),
  });
  const scheduleJob = async (job: Parameters<typeof runner.schedule>[0]) => {
    await runner.schedule(job);
  };
  const rescheduleJob = async (job: Parameters<typeof runner.reschedule>[0]) => {
    await runner.reschedule(job);
  };
  const sandboxSwitch = await createSandboxSwitch({
    db,
    q,
    clock,
    newId,
    explicit: options.sandbox,
    fallback: options.sandboxDefault ?? false,
    source: options.sandboxSource ?? 'cli',
  });
  const isSandbox = sandboxSwitch.isOn;
  // Who read or changed which record (domain/audit-trail.ts): the services handed to the
  // transports below are wrapped with their rules; the ones the domain passes around are not, so
  // a read the service makes for itself (is this patient there?) is no read of a record.
  const trail = createAuditTrail({
    ...base,
    onFlushError: (error) => options.onJobError?.('audit.flush', error),
  });
  const audited: typeof trail.audited =
    options.auditTrail === false ? (service) => service : trail.audited;
  const delivery = announced('delivery', createDeliverySettings(q.settings, options));
  const notificationStore = createNotifications({ clock, newId, q, listPage });
  const notifications: typeof notificationStore = announced('notifications', {
    ...notificationStore,
    async raise(kind, data) {
      const id = await notificationStore.raise(kind, data);
      db.afterCommit(() => changes.emit({ type: 'notification', data: { id, kind } }));
      return id;
    },
  });
  const alertStore = createAlerts({ db, clock, newId, q, listPage });
  const alerts: typeof alertStore = announced('alerts', {
    ...alertStore,
    async raise(input) {
      const id = await alertStore.raise(input);
      db.afterCommit(() =>
        changes.emit({
          type: 'alert',
          data: { id, priority: input.priority, patientId: input.patientId, code: input.code },
        }),
      );
      return id;
    },
  });
  const notices = announced(
    'notices',
    createNoticeEmail({ clock, newId, q, settings: delivery, scheduleJob }),
  );
  const webhookDeliveries = createWebhookDeliveries({
    db,
    clock,
    newId,
    q,
    listPage,
    notifications,
    notice: {
      send: notices.send,
      language: delivery.appLanguage,
      clinicName: delivery.clinicName,
    },
    wake: (job) => runner.wake(job),
  });
  // Every event fans out to the subscribed webhooks in the transaction that writes it; what the
  // event's own write changed is announced by the domain service that wrote it.
  const events = createEventLog(q.events, clock, newId, async (id, type, createdAt) => {
    if ((await webhookDeliveries.fanOut(id, type, createdAt)).length) told('webhooks');
  });
  const resolve = options.webhookResolver ?? systemResolver;
  const webhooks = announced('webhooks', createWebhooks({ ...base, sandbox: isSandbox, resolve }));
  const webhookSender = createWebhookSender({
    sandbox: isSandbox,
    resolve,
    ...(options.webhookTimeoutMs ? { timeoutMs: options.webhookTimeoutMs } : {}),
  });
  const dispatcher = announced(
    'dispatcher',
    createWebhookDispatcher({
      db,
      clock,
      q,
      webhooks,
      deliveries: webhookDeliveries,
      sender: webhookSender,
      ...(options.webhookConcurrency ? { concurrency: options.webhookConcurrency } : {}),
    }),
  );
  const sampleEvents = announced(
    'sampleEvents',
    createSampleEvents({ db, clock, newId, q, events }),
  );
  const testReceiver = announced(
    'testReceiver',
    createTestReceiver({
      db,
      clock,
      q,
      sandbox: isSandbox,
      baseUrl: () => delivery.listeningUrl(),
    }),
  );
  const plans = options.plans ?? DEFAULT_PLANS;
  const prices = options.prices ?? DEFAULT_PRICES;
  const credits = announced(
    'credits',
    createCredits({ ...base, events, plans, notifications, scheduleJob }),
  );
  const patients = announced('patients', createPatients({ db, clock, newId, q, events, listPage }));
  const patientBulk = announced('patientBulk', createPatientBulk({ db, clock, q, patients }));
  const responseInbox = announced('responseInbox', createResponseInbox({ db, clock, q, listPage }));
  const forms = announced('forms', createForms({ db, clock, newId, q, listPage }));
  const schedules = announced(
    'schedules',
    createFormSchedules({ ...base, events, credits, forms, prices, scheduleJob, alerts }),
  );
  const scheduleSeries = announced(
    'scheduleSeries',
    createFormScheduleSeries({ ...base, credits, prices, schedules }),
  );
  const formDelivery = createFormDelivery({ ...base, schedules, settings: delivery, scheduleJob });
  const formReminder = createFormReminder({ ...base, schedules, settings: delivery });
  const outbox = createOutbox({ listPage, linkBase: () => delivery.publicUrl() });
  const assistants = announced('assistants', createAssistantRouter(q.settings, options));
  // Chats and calls share what they are built from.
  const engagement = {
    db,
    clock,
    newId,
    q,
    events,
    credits,
    prices,
    listPage,
    assistant: assistants.assistant,
    clinicName: delivery.clinicName,
  };
  const conversations = announced(
    'conversations',
    createConversations({
      ...engagement,
      notifications,
      alerts,
      rescheduleJob,
    }),
  );
  const chatLinks = announced(
    'chatLinks',
    createChatLinks({ ...base, conversations, settings: delivery, notifications }),
  );
  const calls = announced('calls', createCalls({ ...engagement, scheduleJob, alerts }));
  const apiKeys = announced('apiKeys', createApiKeys({ clock, newId, q }));
  /** An unknown patient is a 404 before anything of theirs is read or written. */
  const requirePatient = async (id: string) => void (await patients.getJson(id));
  const patientNotes = announced('patientNotes', createPatientNotes({ ...base, requirePatient }));
  const tokens = createAccessTokens({
    secret: await q.settings.secret('jwt_secret'),
    clock,
    apiKeys,
  });

  // The window's reads across resources, as domain functions any transport may use.
  const views = createDeskViews({
    q,
    clock,
    credits,
    forms,
    appLanguage: () => delivery.appLanguage(),
    requirePatient,
  });
  const creditViews = createCreditViews({ q, credits, names: views.patientNames });
  // The CSV exports read each list with its screen's filters (docs/api-decisions.md).
  const exports = createDeskExports({
    q,
    clock,
    lists: {
      patients: patients.list,
      schedules: schedules.list,
      calls: calls.list,
      alerts: alerts.list,
      ledger: credits.ledger,
    },
    names: views.patientNames,
    creditViews,
    appLanguage: () => delivery.appLanguage(),
  });
  // The import creates through the audited patients: one `patient.created` per patient.
  const auditedPatients = audited(patients, PATIENT_AUDIT);
  const patientImport = announced(
    'patientImport',
    createPatientImport({ patients: auditedPatients }),
  );
  const deskSettings = announced(
    'deskSettings',
    createDeskSettings({
      db,
      q,
      assistants,
      delivery,
      credits,
      audit: trail,
      isSandbox,
      setSandbox: sandboxSwitch.set,
      sandboxAudit: sandboxSwitch.latest,
      developerModeDefault: options.developerModeDefault ?? false,
    }),
  );

  runner.register(DELIVER_JOB, formDelivery.deliver);
  runner.register(REMIND_JOB, formReminder.remind);
  runner.register(CONVERSATION_CLOSE_JOB, async ({ payload }) => {
    await conversations.onCloseDue((payload as { conversationId: string }).conversationId);
  });
  runner.register(CALL_STEP_JOB, ({ payload, dueAt }) => {
    const step = payload as { callId: string; from?: CallStatus };
    return calls.onStepDue(step.callId, dueAt, step.from);
  });
  runner.register(CREDITS_RESET_JOB, async ({ payload }) => {
    await credits.resetPeriod((payload as { resetsAt: string }).resetsAt);
  });
  // Both wait on the network from their first line: webhook receivers, the mail server.
  runner.register(FLUSH_JOB, dispatcher.flush, { concurrent: true, network: true });
  runner.register(NOTICE_EMAIL_JOB, notices.deliver, { network: true });

  // A clinic that was never seeded is seeded now. Decided inside the seed's own transaction from
  // what every seed commits (the credit account), not from whether this start made the schema:
  // a start killed during its seed (the demo takes seconds, more over PostgreSQL) commits the
  // schema and nothing else, and the next start, finding the schema, left a clinic with no
  // patients and no credit account for good. Two instances starting on a new PostgreSQL
  // database both find no account; the serializable retry makes the second find the first's.
  // A database with patients and no account (the benchmarks' fixture writer fills one) is a
  // clinic, not a new one: it is left as it is, as before.
  let seeded = false;
  await db.transaction(async () => {
    seeded = false;
    if (await q.creditAccount.get()) return;
    if ((await q.patients.count({})) > 0) return;
    if ((options.seed ?? 'demo') === 'demo') {
      await seedDemoClinic({ db, q, clock, plans, prices, scheduleJob, rescheduleJob });
    } else {
      await credits.open(options.plan ?? 'professional');
    }
    seeded = true;
  });
  // Backups of a database on disk (backup/): started by createService, at quit too.
  const backups =
    options.dataDir && !options.memory
      ? createBackupSchedule({
          dataDir: options.dataDir,
          ...(options.key ? { key: options.key } : {}),
          clock,
          settings: q.settings,
          notifications,
          onChange: () => changes.changed('settings'),
        })
      : undefined;

  /** The database on disk and its key, for a clinic archive (absent in memory). */
  const disk =
    options.dataDir && !options.memory
      ? { dataDir: options.dataDir, ...(options.key ? { key: options.key } : {}) }
      : undefined;
  // The whole clinic as a passphrase-protected archive; audited as an export of every patient.
  const allPatientIds = db.prepare<[], string>('SELECT id FROM patients ORDER BY id').pluck();
  const clinicArchive = disk
    ? audited(
        {
          export: (o: { passphrase: ArchivePassphrase; to: string; now: Date }) =>
            exportClinic({ ...disk, ...o }),
        },
        clinicArchiveAudit(() => allPatientIds.all()),
      )
    : undefined;

  await credits.ensureResetScheduled();
  // The audit trail's retention: at start, then every day while the service runs. Not a durable
  // job: a missed day is caught up by the next start, and the job list stays the clinic's work.
  const purgeAudit = async () => {
    try {
      await trail.purge();
    } catch (error) {
      options.onJobError?.('audit.purge', error);
    }
  };
  await purgeAudit();
  const auditPurgeTimer = setInterval(() => void purgeAudit(), 24 * 60 * 60 * 1000).unref();
  await webhookDeliveries.wakeAllPending();
  await q.idempotency.releaseAllInFlight();
  await q.idempotency.purgeExpired(clock.nowIso());

  return {
    db,
    q,
    clock,
    /** Whether this start seeded the clinic (a new one, or one whose first start was cut off). */
    created: seeded,
    prices,
    events,
    credits,
    patients: auditedPatients,
    patientBulk: audited(patientBulk, PATIENT_BULK_AUDIT),
    responseInbox,
    patientNotes: audited(patientNotes, NOTE_AUDIT),
    forms: audited(forms, FORM_AUDIT),
    schedules: audited(schedules, scheduleAudit(schedules)),
    scheduleSeries: audited(scheduleSeries, seriesAudit(scheduleSeries)),
    delivery,
    outbox,
    assistants,
    conversations: audited(conversations, conversationAudit(conversations)),
    chatLinks: audited(chatLinks, chatLinkAudit(conversations)),
    calls: audited(calls, CALL_AUDIT),
    webhooks,
    webhookDeliveries,
    dispatcher,
    sampleEvents,
    testReceiver,
    notifications,
    alerts: audited(alerts, ALERT_AUDIT),
    apiKeys,
    tokens,
    runner,
    /** The audit trail: `as` (who acts, from where), the list and its CSV, retention and purge. */
    audit: {
      ...trail,
      exportCsv: createAuditExport({
        clock,
        list: trail.list,
        names: views.patientNames,
        appLanguage: () => delivery.appLanguage(),
      }),
    },
    /** Pushed events for the window: subscribe(listener) -> unsubscribe. */
    changes,
    /** The Developer screen's live log of HTTP requests (fed by the HTTP interface). */
    requestLog: createRequestLog({ clock, changes }),
    /** The OpenAPI document the HTTP interface serves, for the window's API reference. */
    apiDocument: createApiDocument(),
    /** The stored answers to Idempotency-Keys (the HTTP API's replay, http/idempotency.ts). */
    idempotency: q.idempotency,
    /** Whether sandbox mode is on (the HTTP adapter mounts /sandbox accordingly). */
    isSandbox,
    /** The window's views across resources (names beside ids, timeline, dashboard, usage). */
    views: {
      ...views,
      responses: audited(views.responses, RESPONSE_VIEW_AUDIT),
      ...audited({ exportResponses: views.exportResponses }, RESPONSE_EXPORT_AUDIT),
    },
    /** The credits screen's ledger rows and breakdown. */
    creditViews,
    /** The CSV exports of patients, deliveries, calls, alerts and the ledger. */
    exports: audited(exports, EXPORT_AUDIT),
    /** The patient import from CSV: a preview that writes nothing, and the import. */
    patientImport,
    deskSettings,
    /** The clinic's backups (absent for an in-memory database). */
    backups,
    /** The database on disk and its key, for a clinic archive (absent in memory). */
    disk,
    /** Exports the clinic as an archive, recorded in the audit trail (absent in memory). */
    clinicArchive,
    /** Switches sandbox mode, saves and records it (domain/sandbox-switch.ts). */
    setSandbox: sandboxSwitch.set,
    /** The latest sandbox switches and resets, newest first (the settings screen shows them). */
    sandboxAudit: sandboxSwitch.latest,
    /** Moves the sandbox clock, running due jobs on the way, and remembers the offset. */
    async advanceClock(seconds: number) {
      // Saved before the jobs run, not after: if the process dies half-way, it comes back at the
      // target time (the rest runs as overdue at start) rather than before work it committed.
      // Both saves run in the runner's queue: the server answers during an advance, and a second
      // advance asked for meanwhile must not save its target over this one's.
      const ran = await runner.advance(seconds, {
        before: (targetOffsetMs) => q.settings.set(CLOCK_OFFSET_SETTING, String(targetOffsetMs)),
        after: () => q.settings.set(CLOCK_OFFSET_SETTING, String(clock.offsetMs)),
      });
      const now = { now: clock.nowIso(), offsetSeconds: clock.offsetSeconds };
      changes.emit({ type: 'clock', data: now });
      changes.changed('clock');
      return ran;
    },
    /**
     * The sandbox reset (POST /sandbox/reset): replaces the clinic's data with the demo clinic or
     * an empty one in one transaction. API keys, settings (the clinic name included) and webhooks
     * stay; so does the clock offset, since service time never goes back. Runs with no job in
     * flight. An empty clinic keeps the current plan.
     */
    resetClinic(seed: SeedName, source: SandboxSource): Promise<ResetResult> {
      return runner.exclusive(async () => {
        await db.transaction(async () => {
          // Recorded first, with the patients the reset is about to replace.
          await sandboxSwitch.audit(seed === 'demo' ? 'reset_demo' : 'reset_empty', source);
          const plan = (await q.creditAccount.get())?.plan ?? options.plan ?? 'professional';
          const clinicName = await q.settings.get('clinic_name');
          await clearClinicData(db, clock.nowIso());
          if (seed === 'demo')
            await seedDemoClinic({ db, q, clock, plans, prices, scheduleJob, rescheduleJob });
          else await credits.open(plan);
          if (clinicName !== undefined) await q.settings.set('clinic_name', clinicName);
          await credits.ensureResetScheduled();
        });
        changes.changed(...ALL_TOPICS);
        return { seed, patients: await q.patients.count({}) };
      });
    },
    async close() {
      if (!db.open) return;
      clearInterval(auditPurgeTimer);
      // The reads' last group commit, before anything else closes: a refusal is reported and
      // the database still closes (the events are lost then, as in a power cut).
      try {
        await trail.flush();
      } catch (error) {
        options.onJobError?.('audit.flush', error);
      }
      delivery.close();
      webhookSender.close().catch((error: unknown) => options.onJobError?.('webhook.close', error));
      await db.close();
    },
  };
}

export type Core = Awaited<ReturnType<typeof createCore>>;
