export interface paths {
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Service health
     * @description Never rate limited: a monitor probing it spends nobody's bucket.
     *
     *     No credential needed.
     */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This OpenAPI 3.1 description
     * @description Generated from the same schemas that validate requests.
     *
     *     No credential needed.
     */
    get: operations['getOpenApi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange an API key for an access token
     * @description Returns a JWT valid for one hour (by the service clock). An unknown or revoked key answers 401 `invalid_api_key`. Limited to 30 requests per 60 s per client address.
     *
     *     No credential needed.
     */
    post: operations['createAccessToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/patients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List patients
     * @description Newest first. `search` is a case- and accent-insensitive substring of first name, last name, full name, e-mail or phone digits ("612 345" finds +34612345678). `total` counts every patient matching the filters.
     *
     *     Requires the `patients:read` permission.
     */
    get: operations['listPatients'];
    put?: never;
    /**
     * Register a patient
     * @description firstName and lastName are required; email, phone (E.164), dateOfBirth (not in the future), status (default active), tags (at most 20) and metadata (at most 16 KiB) are optional. Emits `patient.created`.
     *
     *     Requires the `patients:write` permission.
     */
    post: operations['createPatient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/patients/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a patient
     * @description Requires the `patients:read` permission.
     */
    get: operations['getPatient'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update a patient
     * @description Send only the fields that change; `null` clears email, phone or dateOfBirth. Patients are never deleted: set `status` to `inactive` instead.
     *
     *     Requires the `patients:write` permission.
     */
    patch: operations['updatePatient'];
    trace?: never;
  };
  '/clinical-forms': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List clinical forms
     * @description Newest first, with their complete field definitions. Forms are authored in the desktop app; `status` filters active or archived forms.
     *
     *     Requires the `forms:read` permission.
     */
    get: operations['listClinicalForms'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clinical-forms/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a clinical form
     * @description The form with its complete field definitions.
     *
     *     Requires the `forms:read` permission.
     */
    get: operations['getClinicalForm'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/clinical-forms/{id}/responses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a form's responses
     * @description Newest completedAt first. Filters: `patientId`, `from` (inclusive) and `to` (exclusive) on completedAt.
     *
     *     Requires the `forms:read` permission.
     */
    get: operations['listFormResponses'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-responses/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a form response
     * @description Requires the `forms:read` permission.
     */
    get: operations['getFormResponse'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-schedules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List form schedules
     * @description Newest created first, or by delivery time with `sort=scheduledAt` (soonest first) or `sort=-scheduledAt` (latest first). Filters: `patientId`, `formId`, `status`, `channel`, `seriesId`.
     *
     *     Requires the `schedules:write` permission.
     */
    get: operations['listFormSchedules'];
    put?: never;
    /**
     * Schedule a form delivery
     * @description Sends the form to the patient over WhatsApp or e-mail at `scheduledAt` (default now) with a link to the patient form page. The delivery price (e-mail 1, WhatsApp 2 credits) is charged now and refunded in full if the schedule is cancelled or the delivery fails. The patient must be active and have a phone (whatsapp) or an e-mail address (email). With `remindAfterDays`, one reminder with the same link goes that many days after delivery if the form is still unanswered (included in the price). For a recurring delivery, see `POST /form-schedule-series`.
     *
     *     Requires the `schedules:write` permission.
     */
    post: operations['createFormSchedule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-schedules/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a form schedule
     * @description Requires the `schedules:write` permission.
     */
    get: operations['getFormSchedule'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-schedules/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a pending form schedule
     * @description Only pending schedules can be cancelled; the credits they consumed are refunded to the part of the balance they came from while it is valid (allowance of a period since reset stays expired; `creditsRefunded` says what came back). Any other status answers 400 `schedule_not_cancellable` and changes nothing.
     *
     *     Requires the `schedules:write` permission.
     */
    post: operations['cancelFormSchedule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-schedules/{id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retry a failed form schedule
     * @description Creates a new pending delivery of the same form to the same patient, by the failed one's channel or `channel`, now or at `scheduledAt` (a reschedule), charged like any delivery (the failed one was refunded). The failed schedule stays failed and gets `retriedBy`; the new one has `retryOf` (and the series place of the failed one). A schedule that is not failed, or was retried already, answers 400 `schedule_not_retriable` and changes nothing.
     *
     *     Requires the `schedules:write` permission.
     */
    post: operations['retryFormSchedule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-schedule-series': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List form schedule series
     * @description Newest first. Filter: `patientId`. A series' deliveries are listed by `GET /form-schedules?seriesId=`.
     *
     *     Requires the `schedules:write` permission.
     */
    get: operations['listFormScheduleSeries'];
    put?: never;
    /**
     * Schedule a recurring form delivery
     * @description Makes every delivery of the series at once, as pending form schedules with `seriesId` and `seriesIndex`: the first at `startsAt` (default now), then every `recurrence.intervalCount` days or weeks, `recurrence.count` times or until `recurrence.until` (2 to 52 deliveries, the last at most 366 days ahead). Each delivery is charged its price now, all in one step: 402 and nothing made when the balance cannot pay them all. With `remindAfterDays` (fewer days than the interval) each delivery gets one reminder if unanswered. The patient and form rules of `POST /form-schedules` apply.
     *
     *     Requires the `schedules:write` permission.
     */
    post: operations['createFormScheduleSeries'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-schedule-series/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a form schedule series
     * @description Requires the `schedules:write` permission.
     */
    get: operations['getFormScheduleSeries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-schedule-series/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a form schedule series
     * @description Cancels every pending delivery of the series in one step, each refunded as `POST /form-schedules/{id}/cancel` would; sent, completed and failed ones stay as they are. `cancelledSchedules` and `creditsRefunded` say what it did. A series cancelled already answers 400 `series_not_cancellable` and changes nothing.
     *
     *     Requires the `schedules:write` permission.
     */
    post: operations['cancelFormScheduleSeries'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/conversations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List conversations
     * @description Newest first, without their messages. Filters: `patientId`, `status`, `escalated`.
     *
     *     Requires the `conversations:write` permission.
     */
    get: operations['listConversations'];
    put?: never;
    /**
     * Start an AI conversation
     * @description Starts a chat with an active patient. The assistant writes a welcome message in the conversation's `language` (default es), addressing the patient by first name and following `context` (purpose, tone, limits). Consumes 10 credits, charged in the same transaction. Closes by itself after 30 minutes without a message.
     *
     *     Requires the `conversations:write` permission.
     */
    post: operations['createConversation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/conversations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a conversation with its messages
     * @description Requires the `conversations:write` permission.
     */
    get: operations['getConversation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/conversations/{id}/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send the patient's message
     * @description Stores the patient's message and the assistant's reply, and consumes 1 credit. Only while the conversation is active: an ended one answers 400 `conversation_ended`, a short balance 402, and neither stores anything. A red-flag message (chest pain, breathing difficulty, suicidal thoughts, heavy bleeding) gets an urgent-care instruction and both messages are marked `escalated`.
     *
     *     Requires the `conversations:write` permission.
     */
    post: operations['sendConversationMessage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/conversations/{id}/end': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * End a conversation
     * @description Ends an active conversation (`endReason: "closed"`) and writes `conversation.ended`. An ended one answers 400 `conversation_ended`.
     *
     *     Requires the `conversations:write` permission.
     */
    post: operations['endConversation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/alerts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List alerts
     * @description Warning signs raised for a coordinator: escalated chats and calls, form answers that met an alert rule, failed deliveries of urgent forms. Newest first. Filters: `patientId`, `state` (open, acknowledged, resolved), `priority` (urgent, review), `sourceType`.
     *
     *     Requires the `patients:read` permission.
     */
    get: operations['listAlerts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/alerts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an alert
     * @description Requires the `patients:read` permission.
     */
    get: operations['getAlert'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/alerts/{id}/acknowledge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Acknowledge an alert
     * @description Someone has seen the alert and is acting on it: `open` → `acknowledged`, with who (this API key) and an optional `note`. Changes nothing else. An alert that is not open answers 400 `alert_acknowledged` or `alert_resolved`.
     *
     *     Requires the `patients:write` permission.
     */
    post: operations['acknowledgeAlert'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/alerts/{id}/resolve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resolve an alert
     * @description The alert is dealt with: → `resolved`, with who and an optional `note` (an open alert is acknowledged in the same step). A resolved one answers 400 `alert_resolved`.
     *
     *     Requires the `patients:write` permission.
     */
    post: operations['resolveAlert'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/patients/{id}/notes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a patient's notes
     * @description Newest first. An unknown patient is 404.
     *
     *     Requires the `patients:read` permission.
     */
    get: operations['listPatientNotes'];
    put?: never;
    /**
     * Add a note to a patient
     * @description `text` (up to 5,000 characters, line breaks kept) and, optionally, `author` as the writer signs; without it the author is the API key's name. `createdBy` records the key. Notes are never changed or deleted: correct one by adding another.
     *
     *     Requires the `patients:write` permission.
     */
    post: operations['createPatientNote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/patient-notes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a patient note
     * @description Requires the `patients:read` permission.
     */
    get: operations['getPatientNote'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/voice/calls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List voice calls
     * @description Newest first, without transcript or summary. Filters: `patientId`, `status`, and `from`/`to` on `createdAt`.
     *
     *     Requires the `calls:write` permission.
     */
    get: operations['listVoiceCalls'];
    put?: never;
    /**
     * Start an automated voice call
     * @description Queues a call to an active patient with a phone number; it then rings, is answered and completes on the service clock (or fails: `no_answer`, `busy`, `invalid_number`). Nothing is charged now, but the balance must be at least 5 credits; a completed call costs 5 credits per started minute, charged when it ends, and a failed one costs nothing. `call.ended` is written when it finishes.
     *
     *     Requires the `calls:write` permission.
     */
    post: operations['createVoiceCall'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/voice/calls/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a voice call
     * @description The full record: a completed call adds its `transcript` and `summary`.
     *
     *     Requires the `calls:write` permission.
     */
    get: operations['getVoiceCall'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/balance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the credit balance
     * @description Requires the `credits:read` permission.
     */
    get: operations['getBalance'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/ledger': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List credit ledger entries
     * @description Every grant, consumption, refund and monthly reset, newest first. Filters: `kind`, `from` (inclusive) and `to` (exclusive) on createdAt.
     *
     *     Requires the `credits:read` permission.
     */
    get: operations['listLedgerEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List audit events
     * @description Who read or changed which patient's record, when and from where (`window`, `api`, `cli`), newest first: ids, codes and counts, never clinical content. Filters: `patientId`, `actor` (an API key id, `desk` or `cli`), `action`, `channel`, `from` (inclusive) and `to` (exclusive). Needs `audit:read`, which no other permission implies. Reading the trail is not itself recorded.
     *
     *     Requires the `audit:read` permission.
     */
    get: operations['listAuditEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhooks
     * @description Newest first, without secrets. Filter: `status`.
     *
     *     Requires the `webhooks:write` permission.
     */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Register a webhook
     * @description Subscribes an HTTPS URL to event kinds. The answer carries the signing `secret` (`whsec_…`), shown only here: each delivery has `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed with the secret>`. Outside sandbox mode, hosts that resolve to private, loopback or link-local addresses are refused (422 `private_address`).
     *
     *     Requires the `webhooks:write` permission.
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook
     * @description Without its secret, which is only shown when the webhook is created.
     *
     *     Requires the `webhooks:write` permission.
     */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /**
     * Delete a webhook
     * @description Stops all deliveries to it at once and removes it with its delivery log. Attempts already in flight finish but are not recorded.
     *
     *     Requires the `webhooks:write` permission.
     */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Update or reactivate a webhook
     * @description Changes `url` and/or `events`; `{"status": "active"}` reactivates a disabled webhook, and its failure rate is counted afresh from then on. The secret does not change.
     *
     *     Requires the `webhooks:write` permission.
     */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a webhook's deliveries
     * @description Newest first, each with the event it carries and every attempt (time, duration, status code or error, the first 4 KiB of the response). Filters: `status` (`pending`, `delivered`, `failed`; `failed` lists the events that will not be retried automatically) and `event`.
     *
     *     Requires the `webhooks:write` permission.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/deliveries/{eventId}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retry a delivery now
     * @description Makes one manual attempt at once, with the same event id (`X-Service-Delivery`), body and signature scheme, and answers with the delivery once the attempt is recorded (up to 10 s with a slow receiver). A success marks the delivery `delivered`; a failure is recorded but does not change its retry plan. A disabled webhook must be reactivated first (400 `webhook_disabled`).
     *
     *     Requires the `webhooks:write` permission.
     */
    post: operations['retryWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sandbox/clock': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the service clock
     * @description Requires the `sandbox:write` permission.
     */
    get: operations['getSandboxClock'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sandbox/clock/advance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move the service clock forward
     * @description Answers only after every job due up to the new time has run, in due order, each seeing the clock at its own due time: deliveries, retries, conversation closes, calls, monthly credit resets and token expiry all follow. The clock never moves back.
     *
     *     Requires the `sandbox:write` permission.
     */
    post: operations['advanceSandboxClock'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sandbox/outbox': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the messages the service sent
     * @description Form links over WhatsApp and e-mail, newest first, exactly as the patient receives them. `transport` is `smtp` for e-mail that also went to the configured SMTP server. Filters: `channel`, `patientId`, `scheduleId`.
     *
     *     Requires the `sandbox:write` permission.
     */
    get: operations['listSandboxOutbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sandbox/form-schedules/{id}/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Answer a delivered form as the patient
     * @description Does what the patient form page does: validates the answers with the same rules, creates the form response, completes the schedule and writes `form.completed`, in one transaction. Only a sent schedule can be answered (else 400 `schedule_not_submittable`); each bad answer is named in the 422 with a pointer.
     *
     *     Requires the `sandbox:write` permission.
     */
    post: operations['submitSandboxFormSchedule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sandbox/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Emit a sample event
     * @description Writes a sample event of the kind to the event log, from which it reaches every active webhook subscribed to it exactly like a real one (signed, retried, logged). The sample describes the latest real record of its kind when there is one (the newest patient, response, call, ...), else made-up ids; `credits.low` shows the account with a balance under the threshold.
     *
     *     Requires the `sandbox:write` permission.
     */
    post: operations['emitSandboxEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sandbox/reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace the clinic data
     * @description Replaces every patient, form, schedule, response, conversation, call, ledger entry, event, outbox message and notification with the demo clinic (`demo`) or nothing (`empty`, with a fresh credit account on the current plan), in one transaction. API keys, settings and webhook registrations stay (their delivery logs go with the events); the service clock is not moved back.
     *
     *     Requires the `sandbox:write` permission.
     */
    post: operations['resetSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description An RFC 9457 problem document (`application/problem+json`), the body of every 4xx and 5xx. Switch on `code`; extensions such as `errors`, `balance` or `requiredPermission` depend on it. */
    Problem: {
      /** @description URI identifying the problem type. */
      type: string;
      title: string;
      status: number;
      detail: string;
      instance: string;
      /** @description Stable snake_case identifier to switch on. */
      code: string;
      requestId: string;
      errors?: components['schemas']['FieldError'][];
    } & {
      [key: string]: unknown;
    };
    /** @description One invalid value of a 422: where it is and what is wrong with it. */
    FieldError: {
      /** @description JSON pointer into the request body. */
      pointer?: string;
      /** @description Name of the query or path parameter. */
      parameter?: string;
      code: string;
      detail: string;
    };
    /** @description Where a list page stands: pass `cursor` back for the next one. */
    Pagination: {
      /** @description Opaque; pass it back as `cursor` for the next page. Empty when hasMore is false. */
      cursor: string;
      hasMore: boolean;
      limit: number;
    };
    /** @enum {string} */
    Language: 'es' | 'ca' | 'en';
    /** @enum {string} */
    Channel: 'whatsapp' | 'email';
    /** @enum {string} */
    EventType:
      | 'patient.created'
      | 'form.completed'
      | 'call.ended'
      | 'conversation.ended'
      | 'credits.low'
      | 'schedule.sent';
    Health: {
      /** @enum {string} */
      status: 'ok';
      version: string;
    };
    AccessToken: {
      /** @description A JWT (HS256, typ at+jwt). */
      accessToken: string;
      /** @description Lifetime in seconds: 3600. */
      expiresIn: number;
      /** @enum {string} */
      tokenType: 'Bearer';
    };
    /** @description A patient of the clinic. Optional fields that are not known (email, phone, dateOfBirth) are left out. */
    Patient: {
      /** @example pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      firstName: string;
      lastName: string;
      email?: string;
      phone?: string;
      /**
       * Format: date
       * @example 1984-03-17
       */
      dateOfBirth?: string;
      status: components['schemas']['PatientStatus'];
      tags: string[];
      /** @description Free-form key/value content, at most 16 KiB as JSON. */
      metadata: {
        [key: string]: unknown;
      };
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      updatedAt: string;
    };
    /** @enum {string} */
    PatientStatus: 'active' | 'inactive';
    /** @description Patients, newest first. */
    PatientList: {
      data: components['schemas']['Patient'][];
      pagination: components['schemas']['Pagination'];
      /** @description Number of patients matching the filters. */
      total: number;
    };
    /** @description A clinical form with its complete field definitions. */
    ClinicalForm: {
      /** @example form_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      name: string;
      /**
       * @description `assessment` (scored instruments), `follow_up` or `survey`.
       * @enum {string}
       */
      type: 'assessment' | 'follow_up' | 'survey';
      description: string;
      /**
       * @description Archived forms keep their responses but cannot be scheduled.
       * @enum {string}
       */
      status: 'active' | 'archived';
      fields: components['schemas']['FormField'][];
      /** @description Alert rules on the form's instrument totals. */
      scoreAlerts?: components['schemas']['ScoreAlert'][];
      instrument?: components['schemas']['ValidatedInstrument'];
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      updatedAt: string;
    };
    /** @description Clinical forms, newest first. */
    ClinicalFormList: {
      data: components['schemas']['ClinicalForm'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description A question of a clinical form; `type` decides which of min, max, step and options apply. */
    FormField: {
      /** @description Unique within the form; lower case letters, digits and underscores. */
      id: string;
      /** @enum {string} */
      type: 'text' | 'number' | 'slider' | 'select' | 'multiselect' | 'boolean' | 'date';
      /** @description Question text. */
      label: string;
      required: boolean;
      /** @description Help text shown under the question. */
      hint?: string;
      /** @description Slider (required) and number (optional). */
      min?: number;
      /** @description Slider (required) and number (optional). */
      max?: number;
      /** @description Slider only: answers are min + k·step (default 1). */
      step?: number;
      /** @description Select and multiselect: the choices, distinct. */
      options?: string[];
      /** @description Answers that raise an alert (number, slider, select, multiselect, boolean). */
      alertRules?: components['schemas']['AlertRule'][];
    };
    AlertRule: {
      min?: number;
      max?: number;
      equals?: string | boolean;
      /**
       * @description `urgent`: an alert for a same-day call; `review`: a person should read it.
       * @enum {string}
       */
      priority: 'urgent' | 'review';
    };
    ScoreAlert: {
      /** @enum {string} */
      instrument: 'phq9' | 'gad7';
      min?: number;
      max?: number;
      /**
       * @description `urgent`: an alert for a same-day call; `review`: a person should read it.
       * @enum {string}
       */
      priority: 'urgent' | 'review';
    };
    /** @description Present when the form is a validated instrument: its questions, options and instruction are the edition’s, word for word, and cannot be edited. */
    ValidatedInstrument: {
      /** @enum {string} */
      key: 'phq9' | 'gad7';
      /**
       * @description The published wording: instrument, language and version, e.g. `phq9-es-us`.
       * @example phq9-es-us
       */
      edition: string;
      language: components['schemas']['Language'];
    };
    /** @description A patient's answers to a form; never changed once stored. */
    FormResponse: {
      id: string;
      formId: string;
      patientId: string;
      /** @description The schedule whose delivery was answered, if any. */
      scheduleId?: string;
      responses: components['schemas']['FormAnswer'][];
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      completedAt: string;
    };
    FormAnswer: {
      fieldId: string;
      value: string | number | boolean | string[];
    };
    /** @description Responses, newest completedAt first. */
    FormResponseList: {
      data: components['schemas']['FormResponse'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description A scheduled delivery of a form to a patient: pending, then sent (with a link to the form page) and completed when answered; or failed, or cancelled. */
    FormSchedule: {
      /** @example sch_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      formId: string;
      patientId: string;
      channel: components['schemas']['Channel'];
      language: components['schemas']['Language'];
      /** @enum {string} */
      status: 'pending' | 'sent' | 'failed' | 'completed' | 'cancelled';
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      scheduledAt: string;
      message?: string;
      /**
       * Format: date-time
       * @description Present only when status is sent.
       */
      sentAt?: string;
      /**
       * Format: date-time
       * @description Present when status is completed.
       */
      completedAt?: string;
      /** @description The form response, when status is completed. */
      responseId?: string;
      /** Format: date-time */
      failedAt?: string;
      /**
       * @description Why the delivery failed; present when status is failed.
       * @enum {string}
       */
      failureReason?:
        | 'patient_inactive'
        | 'patient_unreachable'
        | 'invalid_number'
        | 'email_bounced'
        | 'smtp_error';
      /** Format: date-time */
      cancelledAt?: string;
      /** @description Charged when the schedule was created. */
      creditsConsumed: number;
      /** @description Given back on cancel or failed delivery. */
      creditsRefunded?: number;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /** @description The recurring series this delivery is an occurrence of. */
      seriesId?: string;
      /** @description Its 1-based place in the series (a retry keeps the place of the delivery it retries). */
      seriesIndex?: number;
      /** @description Days after delivery without an answer before the one reminder is sent. */
      remindAfterDays?: number;
      /**
       * Format: date-time
       * @description When the reminder was sent.
       */
      remindedAt?: string;
      /** @description The failed delivery this one retries. */
      retryOf?: string;
      /** @description The delivery that retried this failed one. */
      retriedBy?: string;
    };
    /** @description Form schedules, newest first unless `sort` says otherwise. */
    FormScheduleList: {
      data: components['schemas']['FormSchedule'][];
      pagination: components['schemas']['Pagination'];
    };
    CancelledSchedule: {
      id: string;
      /** @enum {string} */
      status: 'cancelled';
      creditsRefunded: number;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      cancelledAt: string;
    };
    /** @description A recurring delivery of a form to a patient. Its deliveries are form schedules made (and charged) at once, each with `seriesId`; cancelling the series cancels every pending one. */
    FormScheduleSeries: {
      /** @example ser_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      formId: string;
      patientId: string;
      channel: components['schemas']['Channel'];
      language: components['schemas']['Language'];
      message?: string;
      /**
       * @description `active` while a delivery is pending, `finished` when none is, `cancelled` once cancelled.
       * @enum {string}
       */
      status: 'active' | 'finished' | 'cancelled';
      recurrence: components['schemas']['Recurrence'];
      remindAfterDays?: number;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      startsAt: string;
      /** @description How many deliveries the series planned. */
      occurrences: number;
      /** @description Its deliveries by status (a retried delivery counts as its retry). */
      counts: {
        pending: number;
        sent: number;
        completed: number;
        failed: number;
        cancelled: number;
      };
      /** @description Charged for all its deliveries. */
      creditsConsumed: number;
      /** @description Given back for cancelled and failed ones. */
      creditsRefunded: number;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      cancelledAt?: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
    };
    /** @description Series, newest first. */
    FormScheduleSeriesList: {
      data: components['schemas']['FormScheduleSeries'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description Every `intervalCount` days or weeks from `startsAt`, `count` times or until `until`: at least 2 and at most 52 deliveries, the last at most 366 days ahead. */
    Recurrence: {
      /** @enum {string} */
      interval: 'day' | 'week';
      /** @description Every this many days or weeks. */
      intervalCount: number;
      /** @description How many deliveries in all, the first included. Give `count` or `until`. */
      count?: number;
      /**
       * Format: date-time
       * @description The last delivery is the last one at or before this time. Give `count` or `until`.
       */
      until?: string;
    };
    CancelledSeries: {
      id: string;
      /** @enum {string} */
      status: 'cancelled';
      /** @description The pending deliveries this cancel cancelled. */
      cancelledSchedules: string[];
      /** @description What came back for them, in all. */
      creditsRefunded: number;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      cancelledAt: string;
    };
    OutboxMessage: {
      id: string;
      channel: components['schemas']['Channel'];
      /**
       * @description `outbox`: kept here only; `smtp`: also handed to the SMTP server.
       * @enum {string}
       */
      transport: 'outbox' | 'smtp';
      /** @description Phone (whatsapp) or e-mail address. */
      to: string;
      subject?: string;
      /** @description The text as the patient receives it. */
      body: string;
      /** @description The patient form page link. */
      link?: string;
      scheduleId?: string;
      patientId?: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
    };
    /** @description Messages the service sent, newest first. */
    OutboxList: {
      data: components['schemas']['OutboxMessage'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description An AI chat conversation with a patient, with its messages in order. */
    Conversation: {
      /** @example conv_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      patientId: string;
      /** @description Instructions to the AI: purpose, tone, limits. */
      context: string;
      language: components['schemas']['Language'];
      /** @enum {string} */
      status: 'active' | 'ended';
      messageCount: number;
      /**
       * Format: date-time
       * @description Inactivity (30 minutes) is measured from here.
       */
      lastMessageAt: string;
      /** @description A red-flag message was escalated in this chat. */
      escalated: boolean;
      /** Format: date-time */
      escalatedAt?: string;
      /** @description 10 to start, plus 1 per message exchange. */
      creditsConsumed: number;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description When status is ended.
       */
      endedAt?: string;
      /**
       * @description `inactivity` (30 minutes without a message) or `closed` (ended by request).
       * @enum {string}
       */
      endReason?: 'inactivity' | 'closed';
      messages: components['schemas']['Message'][];
    };
    /** @description A conversation in a list: without its messages. */
    ConversationSummary: {
      /** @example conv_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      patientId: string;
      /** @description Instructions to the AI: purpose, tone, limits. */
      context: string;
      language: components['schemas']['Language'];
      /** @enum {string} */
      status: 'active' | 'ended';
      messageCount: number;
      /**
       * Format: date-time
       * @description Inactivity (30 minutes) is measured from here.
       */
      lastMessageAt: string;
      /** @description A red-flag message was escalated in this chat. */
      escalated: boolean;
      /** Format: date-time */
      escalatedAt?: string;
      /** @description 10 to start, plus 1 per message exchange. */
      creditsConsumed: number;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description When status is ended.
       */
      endedAt?: string;
      /**
       * @description `inactivity` (30 minutes without a message) or `closed` (ended by request).
       * @enum {string}
       */
      endReason?: 'inactivity' | 'closed';
    };
    /** @description Conversations, newest first, without their messages. */
    ConversationList: {
      data: components['schemas']['ConversationSummary'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description A message of a conversation, from the patient or the AI assistant. */
    Message: {
      /** @example msg_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      /** @enum {string} */
      role: 'assistant' | 'patient';
      content: string;
      /** @description A red-flag exchange: the patient message that raised it and the urgent-care reply. */
      escalated: boolean;
      metadata?: components['schemas']['MessageMetadata'];
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
    };
    MessageMetadata: {
      /**
       * @description Which assistant wrote the reply.
       * @enum {string}
       */
      provider?: 'builtin' | 'openai';
      /** @description The language model, for `openai`. */
      model?: string;
      /** @description Present when the configured language model failed and the built-in assistant answered instead. */
      fallback?: {
        /** @description The provider that failed. */
        from: string;
        /** @description `timeout`, `network_error`, `http_error` or `invalid_response`. */
        reason: string;
        detail: string;
      };
      /** @description What the built-in assistant asked about in this reply. */
      topic?: string;
      /** @description Red-flag symptoms recognised in the patient message (chest_pain, breathing_difficulty, suicidal_thoughts, heavy_bleeding). */
      redFlags?: string[];
      /** @description What the assistant understood from the patient message (pain level, fever…). */
      findings?: {
        [key: string]: unknown;
      };
    } & {
      [key: string]: unknown;
    };
    MessageExchange: {
      patientMessage: components['schemas']['Message'];
      assistantMessage: components['schemas']['Message'];
      /**
       * @description Always 1: one credit an exchange.
       * @enum {integer}
       */
      creditsConsumed: 1;
    };
    /** @description A call in a list: without transcript and summary. */
    Call: {
      /** @example call_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      patientId: string;
      /** @enum {string} */
      status: 'queued' | 'ringing' | 'in-progress' | 'completed' | 'failed';
      purpose: string;
      language: components['schemas']['Language'];
      /** @description Seconds from answer to hang-up; 0 on a call that failed without answer. */
      duration: number;
      /** @description 5 per started minute: the first reserved when the call is created, the rest taken when it is answered (a call ends when the credits do); 0 for a call never answered, whose reservation is returned. */
      creditsConsumed: number;
      /**
       * @description Present on failed calls.
       * @enum {string}
       */
      failureReason?: 'no_answer' | 'busy' | 'invalid_number';
      /** Format: date-time */
      failedAt?: string;
      /** Format: date-time */
      answeredAt?: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Present on completed calls.
       */
      completedAt?: string;
    };
    /** @description A voice call with everything known about it: a completed call adds its transcript and summary. */
    CallDetail: {
      /** @example call_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      patientId: string;
      /** @enum {string} */
      status: 'queued' | 'ringing' | 'in-progress' | 'completed' | 'failed';
      purpose: string;
      language: components['schemas']['Language'];
      /** @description Seconds from answer to hang-up; 0 on a call that failed without answer. */
      duration: number;
      /** @description 5 per started minute: the first reserved when the call is created, the rest taken when it is answered (a call ends when the credits do); 0 for a call never answered, whose reservation is returned. */
      creditsConsumed: number;
      /**
       * @description Present on failed calls.
       * @enum {string}
       */
      failureReason?: 'no_answer' | 'busy' | 'invalid_number';
      /** Format: date-time */
      failedAt?: string;
      /** Format: date-time */
      answeredAt?: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description Present on completed calls.
       */
      completedAt?: string;
      /** @description Present on completed calls. */
      transcript?: components['schemas']['TranscriptTurn'][];
      /** @description Present on completed calls. */
      summary?: string;
      /** @description Which assistant produced the conversation (`provider`, `model`), a `fallback` when the language model failed, and what was understood (`findings`, `redFlags`). */
      metadata: {
        [key: string]: unknown;
      };
    };
    /** @description Calls, newest first, without transcript or summary. */
    CallList: {
      data: components['schemas']['Call'][];
      pagination: components['schemas']['Pagination'];
    };
    TranscriptTurn: {
      /** @enum {string} */
      role: 'assistant' | 'patient';
      content: string;
      /**
       * Format: date-time
       * @description When the turn began.
       */
      at: string;
    };
    /** @description A warning sign in front of a coordinator, raised by the service; move it forward with acknowledge and resolve. */
    Alert: {
      /** @example alert_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      patientId: string;
      source: {
        /** @enum {string} */
        type: 'conversation' | 'call' | 'form_response' | 'form_schedule';
        /** @description The conversation, call, form response or schedule. */
        id: string;
      };
      /**
       * @description `urgent` (an emergency or a same-day call) or `review` (a person should read it).
       * @enum {string}
       */
      priority: 'urgent' | 'review';
      /** @description The reason in words (English). */
      reason: string;
      /** @enum {string} */
      reasonCode:
        | 'chat_emergency'
        | 'chat_urgent'
        | 'chat_for_team'
        | 'call_emergency'
        | 'call_urgent'
        | 'call_for_team'
        | 'call_failed'
        | 'response_rule'
        | 'response_text'
        | 'delivery_failed';
      /** @description The warning signs found, e.g. `chest_pain`, `severe_pain` (triage). */
      signs: string[];
      /** @description What the reason refers to: the rule met and the value, the failure, … */
      detail: {
        [key: string]: unknown;
      };
      /** @enum {string} */
      state: 'open' | 'acknowledged' | 'resolved';
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      raisedAt: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      acknowledgedAt?: string;
      acknowledgedBy?: components['schemas']['Actor'];
      acknowledgeNote?: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      resolvedAt?: string;
      resolvedBy?: components['schemas']['Actor'];
      resolveNote?: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      updatedAt: string;
    };
    /** @description Who did it: the API key used, or the desk. */
    Actor: {
      /**
       * @description `api_key` (over the API) or `desk` (in the desktop app).
       * @enum {string}
       */
      type: 'api_key' | 'desk';
      /** @description The API key id, for `api_key`. */
      id?: string;
      /** @description The API key's name, or the desk. */
      name: string;
    };
    /** @description Alerts, newest first. */
    AlertList: {
      data: components['schemas']['Alert'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description A note in a patient's record: never changed or deleted; correct it with another. */
    PatientNote: {
      /** @example note_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      patientId: string;
      /** @description What was written, as written (line breaks kept). */
      text: string;
      /** @description Who wrote it, as they signed it. */
      author: string;
      createdBy: components['schemas']['Actor'];
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
    };
    /** @description A patient's notes, newest first. */
    PatientNoteList: {
      data: components['schemas']['PatientNote'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description The credit balance shared by the API and the web platform. */
    CreditBalance: {
      /** @description Credits currently available. */
      balance: number;
      plan: components['schemas']['Plan'];
      monthlyAllowance: number;
      /** @description Credits consumed (net of refunds) in the current period. */
      usedThisMonth: number;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      resetsAt: string;
    };
    /** @enum {string} */
    Plan: 'starter' | 'professional' | 'enterprise';
    /** @description One movement of credits: a grant, a charge (consume), a refund or a monthly reset. */
    LedgerEntry: {
      id: string;
      kind: components['schemas']['LedgerKind'];
      /** @description Signed: grants and refunds are positive, consumes and resets negative. */
      amount: number;
      balanceAfter: number;
      reason: string;
      resourceType?: string;
      resourceId?: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
    };
    /** @enum {string} */
    LedgerKind: 'grant' | 'consume' | 'refund' | 'reset';
    /** @description Ledger entries, newest first. */
    LedgerList: {
      data: components['schemas']['LedgerEntry'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description A registered receiver of event notifications; its signing secret is never shown again. */
    Webhook: {
      /** @example wh_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      url: string;
      events: components['schemas']['EventType'][];
      /**
       * @description `disabled` after more than 95% of its attempts over 24 hours failed (at least 10); reactivate with PATCH `{"status": "active"}`.
       * @enum {string}
       */
      status: 'active' | 'disabled';
      /** Format: date-time */
      disabledAt?: string;
      disabledReason?: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      updatedAt: string;
    };
    CreatedWebhook: {
      /** @example wh_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      url: string;
      events: components['schemas']['EventType'][];
      /**
       * @description `disabled` after more than 95% of its attempts over 24 hours failed (at least 10); reactivate with PATCH `{"status": "active"}`.
       * @enum {string}
       */
      status: 'active' | 'disabled';
      /** Format: date-time */
      disabledAt?: string;
      disabledReason?: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      updatedAt: string;
      /** @description The signing secret: the HMAC-SHA256 key (its UTF-8 bytes, prefix included) of `X-Service-Signature`. Shown only in this response. */
      secret: string;
    };
    /** @description Webhooks, newest first, without their secrets. */
    WebhookList: {
      data: components['schemas']['Webhook'][];
      pagination: components['schemas']['Pagination'];
    };
    /** @description The body a receiver gets, byte for byte as signed. */
    EventEnvelope: {
      id: string;
      event: components['schemas']['EventType'];
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /** @description The event data; see the webhook guide for each kind. */
      data: {
        [key: string]: unknown;
      };
    };
    /** @description One event on its way to one webhook, with every attempt made. */
    WebhookDelivery: {
      /** @description Also the X-Service-Delivery header: stable across retries. */
      eventId: string;
      event: components['schemas']['EventType'];
      webhookId: string;
      /** @enum {string} */
      status: 'pending' | 'delivered' | 'failed';
      /** @description Automatic attempts so far: the first and up to three retries. */
      attemptCount: number;
      /**
       * Format: date-time
       * @description Pending deliveries: the next attempt.
       */
      nextAttemptAt?: string;
      /** Format: date-time */
      lastAttemptAt?: string;
      /** Format: date-time */
      deliveredAt?: string;
      /** Format: date-time */
      failedAt?: string;
      /** @enum {string} */
      failureReason?: 'retries_exhausted' | 'webhook_disabled';
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      payload: components['schemas']['EventEnvelope'];
      /** @description Every attempt, oldest first. */
      attempts: components['schemas']['WebhookDeliveryAttempt'][];
    };
    WebhookDeliveryAttempt: {
      id: string;
      /** @enum {string} */
      trigger: 'automatic' | 'manual';
      succeeded: boolean;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      attemptedAt: string;
      durationMs: number;
      /** @description Where the attempt went. */
      url: string;
      /** @description The receiver's HTTP status, when it answered. */
      statusCode?: number;
      /**
       * @description Why the attempt failed: `connection_error` (no complete HTTP answer within 10 s, whatever the cause: refused, reset, timed out, TLS; one wording for all), `redirect` (a 3xx; never followed), `http_error` (another non-2xx), `blocked_address` (the host resolved to an address webhooks may not reach), `url_not_allowed` (the URL breaks the rules of the current mode). `timeout` appears only on attempts recorded by earlier versions.
       * @enum {string}
       */
      error?:
        | 'timeout'
        | 'connection_error'
        | 'redirect'
        | 'http_error'
        | 'blocked_address'
        | 'url_not_allowed';
      errorDetail?: string;
      /** @description The headers sent (Content-Type and the X-Service-* headers). */
      requestHeaders: {
        [key: string]: string;
      };
      /** @description The first 4 KiB of the response body; never kept from a receiver on this machine (sandbox mode), whose status alone is recorded. */
      responseBody?: string;
    };
    /** @description Deliveries of one webhook, newest first. */
    WebhookDeliveryList: {
      data: components['schemas']['WebhookDelivery'][];
      pagination: components['schemas']['Pagination'];
    };
    /**
     * @description One read or change of a patient's record (or of the trail's retention period). Never changed or deleted until past the retention period; never holds clinical content.
     * @example {
     *       "id": "aud_01JD8X3V6Q9R2T5W7Y0B4C6E8G",
     *       "at": "2026-11-26T10:15:00.000Z",
     *       "actor": {
     *         "type": "api_key",
     *         "id": "key_01JD8X3V6Q9R2T5W7Y0B4C6E8G",
     *         "name": "EHR sync"
     *       },
     *       "channel": "api",
     *       "action": "patient.viewed",
     *       "resourceType": "patient",
     *       "resourceId": "pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G",
     *       "patientId": "pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G",
     *       "count": null
     *     }
     */
    AuditEvent: {
      /** @example aud_01JD8X3V6Q9R2T5W7Y0B4C6E8G */
      id: string;
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      at: string;
      actor: components['schemas']['AuditActor'];
      /**
       * @description From where.
       * @enum {string}
       */
      channel: 'window' | 'api' | 'cli';
      /**
       * @description What was done.
       * @enum {string}
       */
      action:
        | 'patient.viewed'
        | 'patient.created'
        | 'patient.updated'
        | 'patients.exported'
        | 'clinic.exported'
        | 'note.viewed'
        | 'note.created'
        | 'response.viewed'
        | 'responses.exported'
        | 'conversation.viewed'
        | 'conversation.started'
        | 'conversation.ended'
        | 'message.sent'
        | 'link.created'
        | 'call.viewed'
        | 'call.started'
        | 'delivery.created'
        | 'delivery.cancelled'
        | 'series.created'
        | 'series.cancelled'
        | 'response.created'
        | 'alert.acknowledged'
        | 'alert.resolved'
        | 'retention.changed';
      /**
       * @description The kind of record `resourceId` names (`export`: one CSV export; `retention`: the trail's own retention period).
       * @enum {string}
       */
      resourceType:
        | 'patient'
        | 'note'
        | 'response'
        | 'conversation'
        | 'call'
        | 'delivery'
        | 'series'
        | 'alert'
        | 'export'
        | 'retention';
      /**
       * @description The record's id; for `retention.changed`, the change in whole years as `from-<years>-to-<years>`.
       * @example pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G
       * @example from-6-to-8
       */
      resourceId: string;
      /** @description The patient whose record it was (an export has one event per patient); empty for `retention.changed`, which concerns no patient. */
      patientId: string;
      /** @description For an export: how many patients it held (each has its own event). */
      count: number | null;
    };
    /** @description Who did it. */
    AuditActor: {
      /**
       * @description `desk` (the desktop app), `api_key` (over the API) or `cli` (a command).
       * @enum {string}
       */
      type: 'desk' | 'api_key' | 'cli';
      /** @description The API key id, for `api_key`. */
      id?: string;
      /** @description The API key's name, the desk, or the command. */
      name: string;
    };
    /** @description Audit events, newest first. */
    AuditEventList: {
      data: components['schemas']['AuditEvent'][];
      pagination: components['schemas']['Pagination'];
    };
    SandboxClock: {
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      now: string;
      /** @description How far the service clock runs ahead of real time. */
      offsetSeconds: number;
    };
    SandboxResetResult: {
      /** @enum {string} */
      seed: 'demo' | 'empty';
      /** @description Patients in the clinic after the reset. */
      patients: number;
    };
    SandboxEventResult: {
      id: string;
      event: components['schemas']['EventType'];
      /**
       * Format: date-time
       * @example 2026-11-22T09:30:00.000Z
       */
      createdAt: string;
      /** @description The event data; see the webhook guide for each kind. */
      data: {
        [key: string]: unknown;
      };
      /** @description The active webhooks subscribed to this kind: each got a delivery. */
      webhookIds: string[];
    };
  };
  responses: {
    /** @description Rate limit exceeded; see Retry-After. */
    TooManyRequests: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Bad request (invalid JSON, invalid cursor, or an action the resource state forbids). */
    BadRequest: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Missing, invalid, revoked or expired credential. */
    Unauthorized: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'WWW-Authenticate': components['headers']['WWW-Authenticate'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The body is larger than 1 MiB. */
    PayloadTooLarge: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The body is not JSON. */
    UnsupportedMediaType: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The request is well-formed but its values are not valid. */
    UnprocessableEntity: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The credential lacks the permission this route requires. */
    Forbidden: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'WWW-Authenticate': components['headers']['WWW-Authenticate'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Bad request (invalid JSON, invalid cursor, or an action the resource state forbids). */
    BadRequestReplayable: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description A request with the same Idempotency-Key is still in flight, or the resource kept changing while the request ran. */
    Conflict: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The request is well-formed but its values are not valid. */
    UnprocessableEntityReplayable: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The resource does not exist. */
    NotFound: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The credit balance cannot cover the action; nothing was changed. */
    PaymentRequiredReplayable: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The resource does not exist. */
    NotFoundReplayable: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        RateLimit: components['headers']['RateLimit'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
  };
  parameters: never;
  requestBodies: never;
  headers: {
    /**
     * @description Identifies this request in the service log; a problem document repeats it as `requestId`.
     * @example req_01JD8X3V6Q9R2T5W7Y0B4C6E8G
     */
    'X-Request-Id': string;
    /**
     * @description The bucket this request drew from: name, quota `q` and window `w` in seconds (IETF draft-ietf-httpapi-ratelimit-headers-10). Absent when the server runs with `--rate-limit off`.
     * @example "default";q=600;w=60
     */
    'RateLimit-Policy': string;
    /**
     * @description What is left in the bucket: `r` requests, full again in `t` seconds (IETF draft-10 syntax). Absent when the server runs with `--rate-limit off`.
     * @example "default";r=599;t=1
     */
    RateLimit: string;
    /**
     * @description Requests the bucket holds (its quota per window). Absent when the server runs with `--rate-limit off`.
     * @example 600
     */
    'X-RateLimit-Limit': number;
    /**
     * @description Requests left in the bucket after this one. Absent when the server runs with `--rate-limit off`.
     * @example 599
     */
    'X-RateLimit-Remaining': number;
    /**
     * @description When the bucket is full again, in seconds since the Unix epoch. Absent when the server runs with `--rate-limit off`.
     * @example 1795000000
     */
    'X-RateLimit-Reset': number;
    /**
     * @description Seconds to wait before the bucket holds a request again.
     * @example 6
     */
    'Retry-After': number;
    /**
     * @description The Bearer challenge (RFC 6750): `error="invalid_token"` with a description on a 401, `error="insufficient_scope"` with the `scope` the route needs on a 403.
     * @example Bearer realm="engage-desk", error="insufficient_scope", scope="patients:write"
     */
    'WWW-Authenticate': string;
    /**
     * @description Present on an answer replayed for a repeated `Idempotency-Key` (same key and body within 24 hours): the action did not run again.
     * @example true
     */
    'Idempotent-Replayed': 'true';
    /**
     * @description The URL of the resource this request created.
     * @example /api/v1/patients/pat_01JD8X3V6Q9R2T5W7Y0B4C6E8G
     */
    Location: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
    };
  };
  getOpenApi: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI 3.1 document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      429: components['responses']['TooManyRequests'];
    };
  };
  createAccessToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          apiKey: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccessToken'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listPatients: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Case- and accent-insensitive substring of first name, last name, full name, e-mail or phone digits. */
        search?: string;
        /** @description Only patients in this status. */
        status?: 'active' | 'inactive';
        /** @description Only patients carrying this tag (exact match). */
        tag?: string;
        /** @description Only patients at least this old (whole years, on the service clock). */
        minAge?: number;
        /** @description Only patients at most this old (whole years). */
        maxAge?: number;
        /** @description Only patients with a form response in the last N days. */
        respondedWithinDays?: number;
        /** @description Only patients without a form response in the last N days (never answered included). */
        notRespondedWithinDays?: number;
        /** @description The two response filters count only responses to this form ("no answer to PHQ-9 in 30 days"); needs one of them. */
        responseFormId?: string;
        /** @description `created` (the default: registration order), `name` (last name, then first name, without case or accents) or `dateOfBirth` (patients without one come last in either direction). */
        sort?: 'created' | 'name' | 'dateOfBirth';
        /** @description Default `desc` for `created` (newest first) and `asc` otherwise (A to Z, oldest patient first). A cursor belongs to one sort and direction. */
        direction?: 'asc' | 'desc';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Patients, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PatientList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  createPatient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description At least one letter; no control characters, bidirectional controls (U+202A–U+202E, U+2066–U+2069) or invisible spaces (U+200B, U+2060, U+FEFF).
           * @example Ana
           */
          firstName: string;
          /**
           * @description At least one letter; no control characters, bidirectional controls (U+202A–U+202E, U+2066–U+2069) or invisible spaces (U+200B, U+2060, U+FEFF).
           * @example García Puig
           */
          lastName: string;
          /** Format: email */
          email?: string;
          /** @description E.164, e.g. +34612345678. */
          phone?: string;
          /**
           * Format: date
           * @example 1984-03-17
           */
          dateOfBirth?: string;
          /** @enum {string} */
          status?: 'active' | 'inactive';
          tags?: string[];
          /** @description Free-form key/value content, at most 16 KiB as JSON. */
          metadata?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description A patient of the clinic. Optional fields that are not known (email, phone, dateOfBirth) are left out. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Patient'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getPatient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A patient of the clinic. Optional fields that are not known (email, phone, dateOfBirth) are left out. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Patient'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  updatePatient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description At least one letter; no control characters, bidirectional controls (U+202A–U+202E, U+2066–U+2069) or invisible spaces (U+200B, U+2060, U+FEFF).
           * @example Ana
           */
          firstName?: string;
          /**
           * @description At least one letter; no control characters, bidirectional controls (U+202A–U+202E, U+2066–U+2069) or invisible spaces (U+200B, U+2060, U+FEFF).
           * @example García Puig
           */
          lastName?: string;
          email?: string | null;
          phone?: string | null;
          dateOfBirth?: string | null;
          /** @enum {string} */
          status?: 'active' | 'inactive';
          tags?: string[];
          /** @description Free-form key/value content, at most 16 KiB as JSON. */
          metadata?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description A patient of the clinic. Optional fields that are not known (email, phone, dateOfBirth) are left out. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Patient'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listClinicalForms: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only forms in this status. */
        status?: 'active' | 'archived';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Clinical forms, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClinicalFormList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getClinicalForm: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A clinical form with its complete field definitions. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClinicalForm'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listFormResponses: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only this patient's responses. */
        patientId?: string;
        /** @description Inclusive lower bound (ISO date or date-time). */
        from?: string | unknown | unknown;
        /** @description Exclusive upper bound (ISO date or date-time). */
        to?: string | unknown | unknown;
      };
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Responses, newest completedAt first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormResponseList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getFormResponse: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A patient's answers to a form; never changed once stored. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormResponse'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listFormSchedules: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only deliveries to this patient. */
        patientId?: string;
        /** @description Only deliveries of this form. */
        formId?: string;
        /** @description Only schedules in this status. */
        status?: 'pending' | 'sent' | 'failed' | 'completed' | 'cancelled';
        /** @description Only deliveries by this channel. */
        channel?: 'whatsapp' | 'email';
        /** @description Only the occurrences of this series. */
        seriesId?: string;
        /** @description Order: `-createdAt` (default, newest created first), `scheduledAt` (soonest delivery time first: the queue ahead with status=pending) or `-scheduledAt` (latest delivery time first). Ties by id; a cursor is valid only for the order it came from. */
        sort?: '-createdAt' | 'scheduledAt' | '-scheduledAt';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Form schedules, newest first unless `sort` says otherwise. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormScheduleList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  createFormSchedule: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          formId: string;
          patientId: string;
          /** @enum {string} */
          channel: 'whatsapp' | 'email';
          /**
           * Format: date-time
           * @description When to deliver, by the service clock; default now. At most 366 days ahead. A time up to 5 minutes in the past counts as now (clock skew); earlier, later than 366 days ahead, or a leap second (23:59:60) is refused with 422.
           */
          scheduledAt?: string;
          /** @description Text sent with the form link. */
          message?: string;
          /**
           * @description Language of the message and the form page; default the patient's metadata.preferredLanguage, else es.
           * @enum {string}
           */
          language?: 'es' | 'ca' | 'en';
          /** @description Send one reminder with the same link this many days after delivery if the patient has not answered by then (not if the delivery failed or was cancelled). Included in the delivery price. */
          remindAfterDays?: number;
        };
      };
    };
    responses: {
      /** @description A scheduled delivery of a form to a patient: pending, then sent (with a link to the form page) and completed when answered; or failed, or cancelled. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormSchedule'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequiredReplayable'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getFormSchedule: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A scheduled delivery of a form to a patient: pending, then sent (with a link to the form page) and completed when answered; or failed, or cancelled. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormSchedule'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  cancelFormSchedule: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CancelledSchedule'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  retryFormSchedule: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The channel of the new delivery; default the failed one's.
           * @enum {string}
           */
          channel?: 'whatsapp' | 'email';
          /**
           * Format: date-time
           * @description When to deliver the retry (a reschedule); default now. Same rules as on create.
           */
          scheduledAt?: string;
        };
      };
    };
    responses: {
      /** @description A scheduled delivery of a form to a patient: pending, then sent (with a link to the form page) and completed when answered; or failed, or cancelled. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormSchedule'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequiredReplayable'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listFormScheduleSeries: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only series for this patient. */
        patientId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Series, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormScheduleSeriesList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  createFormScheduleSeries: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          formId: string;
          patientId: string;
          /** @enum {string} */
          channel: 'whatsapp' | 'email';
          /**
           * Format: date-time
           * @description The first delivery; default now. Same rules as `scheduledAt`.
           */
          startsAt?: string;
          /** @description Every `intervalCount` days or weeks from `startsAt`, `count` times or until `until`: at least 2 and at most 52 deliveries, the last at most 366 days ahead. */
          recurrence: {
            /** @enum {string} */
            interval: 'day' | 'week';
            /** @description Every this many days or weeks. */
            intervalCount: number;
            /** @description How many deliveries in all, the first included. Give `count` or `until`. */
            count?: number;
            /**
             * Format: date-time
             * @description The last delivery is the last one at or before this time. Give `count` or `until`.
             */
            until?: string;
          };
          message?: string;
          /** @enum {string} */
          language?: 'es' | 'ca' | 'en';
          /** @description Send one reminder with the same link this many days after delivery if the patient has not answered by then (not if the delivery failed or was cancelled). Included in the delivery price. */
          remindAfterDays?: number;
        };
      };
    };
    responses: {
      /** @description A recurring delivery of a form to a patient. Its deliveries are form schedules made (and charged) at once, each with `seriesId`; cancelling the series cancels every pending one. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormScheduleSeries'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequiredReplayable'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getFormScheduleSeries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A recurring delivery of a form to a patient. Its deliveries are form schedules made (and charged) at once, each with `seriesId`; cancelling the series cancels every pending one. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormScheduleSeries'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  cancelFormScheduleSeries: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CancelledSeries'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listConversations: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only conversations with this patient. */
        patientId?: string;
        /** @description Only conversations in this status. */
        status?: 'active' | 'ended';
        /** @description Only conversations with (true) or without (false) escalation. */
        escalated?: boolean;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Conversations, newest first, without their messages. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConversationList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  createConversation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          patientId: string;
          /** @description Instructions to the AI: purpose, tone, limits. */
          context: string;
          /**
           * @description Default es.
           * @default es
           * @enum {string}
           */
          language?: 'es' | 'ca' | 'en';
        };
      };
    };
    responses: {
      /** @description An AI chat conversation with a patient, with its messages in order. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Conversation'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequiredReplayable'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getConversation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An AI chat conversation with a patient, with its messages in order. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Conversation'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  sendConversationMessage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Text of the patient's message. */
          content: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageExchange'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequiredReplayable'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  endConversation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An AI chat conversation with a patient, with its messages in order. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Conversation'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listAlerts: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only this patient's alerts. */
        patientId?: string;
        /** @description Only alerts in this state. */
        state?: 'open' | 'acknowledged' | 'resolved';
        /** @description Only alerts of this priority. */
        priority?: 'urgent' | 'review';
        /** @description Only alerts raised by this kind of record. */
        sourceType?: 'conversation' | 'call' | 'form_response' | 'form_schedule';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Alerts, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AlertList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getAlert: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A warning sign in front of a coordinator, raised by the service; move it forward with acknowledge and resolve. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Alert'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  acknowledgeAlert: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description What was done or decided, for the record. */
          note?: string;
        };
      };
    };
    responses: {
      /** @description A warning sign in front of a coordinator, raised by the service; move it forward with acknowledge and resolve. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Alert'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  resolveAlert: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description What was done or decided, for the record. */
          note?: string;
        };
      };
    };
    responses: {
      /** @description A warning sign in front of a coordinator, raised by the service; move it forward with acknowledge and resolve. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Alert'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listPatientNotes: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A patient's notes, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PatientNoteList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  createPatientNote: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The note, up to 5,000 characters; line breaks are kept. */
          text: string;
          /** @description Who wrote it, as they sign ("Dra. Puig"). Default: the API key's name, or the desk. */
          author?: string;
        };
      };
    };
    responses: {
      /** @description A note in a patient's record: never changed or deleted; correct it with another. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PatientNote'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getPatientNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A note in a patient's record: never changed or deleted; correct it with another. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PatientNote'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listVoiceCalls: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only calls to this patient. */
        patientId?: string;
        /** @description Only calls in this status. */
        status?: 'queued' | 'ringing' | 'in-progress' | 'completed' | 'failed';
        /** @description Inclusive lower bound (ISO date or date-time). */
        from?: string | unknown | unknown;
        /** @description Exclusive upper bound (ISO date or date-time). */
        to?: string | unknown | unknown;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Calls, newest first, without transcript or summary. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  createVoiceCall: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          patientId: string;
          /** @description What the call is for, e.g. post-operative follow-up after knee surgery. */
          purpose: string;
          /**
           * @description Default the patient's metadata.preferredLanguage, else es.
           * @enum {string}
           */
          language?: 'es' | 'ca' | 'en';
        };
      };
    };
    responses: {
      /** @description A voice call with everything known about it: a completed call adds its transcript and summary. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallDetail'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequiredReplayable'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getVoiceCall: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A voice call with everything known about it: a completed call adds its transcript and summary. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallDetail'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getBalance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The credit balance shared by the API and the web platform. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreditBalance'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listLedgerEntries: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only entries of this kind. */
        kind?: 'grant' | 'consume' | 'refund' | 'reset';
        /** @description Inclusive lower bound (ISO date or date-time). */
        from?: string | unknown | unknown;
        /** @description Exclusive upper bound (ISO date or date-time). */
        to?: string | unknown | unknown;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ledger entries, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LedgerList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listAuditEvents: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Inclusive lower bound (ISO date or date-time). */
        from?: string | unknown | unknown;
        /** @description Exclusive upper bound (ISO date or date-time). */
        to?: string | unknown | unknown;
        /** @description Only events about this patient's record. */
        patientId?: string;
        /** @description Only what this actor did: an API key id (`key_…`), `desk` or `cli`. */
        actor?: string;
        /** @description Only this action. */
        action?:
          | 'patient.viewed'
          | 'patient.created'
          | 'patient.updated'
          | 'patients.exported'
          | 'clinic.exported'
          | 'note.viewed'
          | 'note.created'
          | 'response.viewed'
          | 'responses.exported'
          | 'conversation.viewed'
          | 'conversation.started'
          | 'conversation.ended'
          | 'message.sent'
          | 'link.created'
          | 'call.viewed'
          | 'call.started'
          | 'delivery.created'
          | 'delivery.cancelled'
          | 'series.created'
          | 'series.cancelled'
          | 'response.created'
          | 'alert.acknowledged'
          | 'alert.resolved'
          | 'retention.changed';
        /** @description Only from this channel. */
        channel?: 'window' | 'api' | 'cli';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Audit events, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditEventList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listWebhooks: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only webhooks in this status. */
        status?: 'active' | 'disabled';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Webhooks, newest first, without their secrets. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description HTTPS URL of the receiver. Hosts that are or resolve to private, link-local (cloud metadata) or reserved addresses are refused in every mode; this machine (`localhost`, `127.0.0.1`, `[::1]`, also over `http://` for the first two) only in sandbox mode, and only written as such.
           * @example https://example.org/hooks/engage
           */
          url: string;
          /** @description The event kinds to receive; at least one, each once. */
          events: (
            | 'patient.created'
            | 'form.completed'
            | 'call.ended'
            | 'conversation.ended'
            | 'credits.low'
            | 'schedule.sent'
          )[];
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWebhook'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A registered receiver of event notifications; its signing secret is never shown again. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Webhook'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description HTTPS URL of the receiver. Hosts that are or resolve to private, link-local (cloud metadata) or reserved addresses are refused in every mode; this machine (`localhost`, `127.0.0.1`, `[::1]`, also over `http://` for the first two) only in sandbox mode, and only written as such.
           * @example https://example.org/hooks/engage
           */
          url?: string;
          /** @description The event kinds to receive; at least one, each once. */
          events?: (
            | 'patient.created'
            | 'form.completed'
            | 'call.ended'
            | 'conversation.ended'
            | 'credits.low'
            | 'schedule.sent'
          )[];
          /**
           * @description Reactivates a disabled webhook; its failure count starts afresh.
           * @enum {string}
           */
          status?: 'active';
        };
      };
    };
    responses: {
      /** @description A registered receiver of event notifications; its signing secret is never shown again. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Webhook'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only deliveries in this status (`failed`: those no longer retried). */
        status?: 'pending' | 'delivered' | 'failed';
        /** @description Only deliveries of this event kind. */
        event?:
          | 'patient.created'
          | 'form.completed'
          | 'call.ended'
          | 'conversation.ended'
          | 'credits.low'
          | 'schedule.sent';
      };
      header?: never;
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deliveries of one webhook, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  retryWebhookDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The webhook (`wh_…`). */
        id: string;
        /** @description The event (`evt_…`) whose delivery to this webhook is meant. */
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One event on its way to one webhook, with every attempt made. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getSandboxClock: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxClock'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
    };
  };
  advanceSandboxClock: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description How far to move the service clock forward (at most ten years at a time). */
          seconds: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxClock'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listSandboxOutbox: {
    parameters: {
      query?: {
        /** @description Page size, 1..100. */
        limit?: number;
        /** @description pagination.cursor of the previous page; empty for the first page. */
        cursor?: string;
        /** @description Only messages sent by this channel. */
        channel?: 'whatsapp' | 'email';
        /** @description Only messages to this patient. */
        patientId?: string;
        /** @description Only messages of this schedule's delivery. */
        scheduleId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Messages the service sent, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OutboxList'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
    };
  };
  submitSandboxFormSchedule: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path: {
        /** @description The id of the resource the path names, with its type prefix (`pat_…`, `form_…`, …). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          responses: {
            fieldId: string;
            value: unknown;
          }[];
        };
      };
    };
    responses: {
      /** @description A patient's answers to a form; never changed once stored. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormResponse'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFoundReplayable'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  emitSandboxEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          event:
            | 'patient.created'
            | 'form.completed'
            | 'call.ended'
            | 'conversation.ended'
            | 'credits.low'
            | 'schedule.sent';
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxEventResult'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
  resetSandbox: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe: the same key and body within 24 h replay the first answer (Idempotent-Replayed: true) instead of acting twice. */
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description demo: the deterministic demo clinic; empty: no patients, forms or history.
           * @enum {string}
           */
          seed: 'demo' | 'empty';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxResetResult'];
        };
      };
      400: components['responses']['BadRequestReplayable'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['UnprocessableEntityReplayable'];
      429: components['responses']['TooManyRequests'];
    };
  };
}
