-- 0002: clinical forms, their responses, scheduled deliveries and the outbox of sent messages.
-- Each table renders its API shape in a STORED generated column, as patients do (see 0001): lists
-- read one stored string per row.

CREATE TABLE clinical_forms (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  type        TEXT NOT NULL CHECK (type IN ('assessment', 'follow_up', 'survey')),
  description TEXT NOT NULL DEFAULT '',
  status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
  fields      TEXT NOT NULL CHECK (json_type(fields) = 'array'),
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  archived_at TEXT,
  api_json    TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"name":' || json_quote(name)
    || ',"type":' || json_quote(type)
    || ',"description":' || json_quote(description)
    || ',"status":' || json_quote(status)
    || ',"fields":' || fields
    || ',"createdAt":' || json_quote(created_at)
    || ',"updatedAt":' || json_quote(updated_at) || '}'
  ) STORED
) STRICT;

CREATE INDEX clinical_forms_by_created ON clinical_forms (created_at, id);

-- Clinical records are kept: a form is archived, never deleted.
CREATE TRIGGER clinical_forms_no_delete BEFORE DELETE ON clinical_forms BEGIN
  SELECT RAISE(ABORT, 'forms are kept: archive them instead');
END;

-- A delivery of a form to a patient. `token_hash` is the SHA-256 of the patient form page token,
-- set when the message is rendered; the token itself only travels in the message.
CREATE TABLE form_schedules (
  id               TEXT PRIMARY KEY,
  form_id          TEXT NOT NULL REFERENCES clinical_forms (id),
  patient_id       TEXT NOT NULL REFERENCES patients (id),
  channel          TEXT NOT NULL CHECK (channel IN ('whatsapp', 'email')),
  language         TEXT NOT NULL CHECK (language IN ('es', 'ca', 'en')),
  status           TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'completed', 'cancelled')),
  scheduled_at     TEXT NOT NULL,
  message          TEXT,
  credits_consumed INTEGER NOT NULL CHECK (credits_consumed >= 0),
  credits_refunded INTEGER CHECK (credits_refunded >= 0),
  token_hash       TEXT UNIQUE,
  sent_at          TEXT,
  failed_at        TEXT,
  failure_reason   TEXT,
  cancelled_at     TEXT,
  completed_at     TEXT,
  response_id      TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  -- sentAt is shown only while the status is sent (interface spec); the column keeps it after.
  api_json         TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"formId":' || json_quote(form_id)
    || ',"patientId":' || json_quote(patient_id)
    || ',"channel":' || json_quote(channel)
    || ',"language":' || json_quote(language)
    || ',"status":' || json_quote(status)
    || ',"scheduledAt":' || json_quote(scheduled_at)
    || CASE WHEN message IS NULL THEN '' ELSE ',"message":' || json_quote(message) END
    || CASE WHEN status = 'sent' THEN ',"sentAt":' || json_quote(sent_at) ELSE '' END
    || CASE WHEN status = 'completed' THEN ',"completedAt":' || json_quote(completed_at)
         || ',"responseId":' || json_quote(response_id) ELSE '' END
    || CASE WHEN status = 'failed' THEN ',"failedAt":' || json_quote(failed_at)
         || ',"failureReason":' || json_quote(failure_reason) ELSE '' END
    || CASE WHEN status = 'cancelled' THEN ',"cancelledAt":' || json_quote(cancelled_at) ELSE '' END
    || ',"creditsConsumed":' || credits_consumed
    || CASE WHEN credits_refunded IS NULL THEN '' ELSE ',"creditsRefunded":' || credits_refunded END
    || ',"createdAt":' || json_quote(created_at) || '}'
  ) STORED,
  -- The state machine's invariants, so no code path can store a half-made transition.
  CHECK (status <> 'sent' OR (sent_at IS NOT NULL AND token_hash IS NOT NULL)),
  CHECK (status <> 'failed' OR (failed_at IS NOT NULL AND failure_reason IS NOT NULL)),
  CHECK (status <> 'cancelled' OR cancelled_at IS NOT NULL),
  CHECK (status <> 'completed' OR (completed_at IS NOT NULL AND response_id IS NOT NULL))
) STRICT;

CREATE INDEX form_schedules_by_created ON form_schedules (created_at, id);
CREATE INDEX form_schedules_by_patient ON form_schedules (patient_id, created_at, id);
CREATE INDEX form_schedules_by_status ON form_schedules (status, created_at, id);
CREATE INDEX form_schedules_by_form ON form_schedules (form_id, created_at, id);

CREATE TRIGGER form_schedules_no_delete BEFORE DELETE ON form_schedules BEGIN
  SELECT RAISE(ABORT, 'schedules are kept');
END;

-- What a patient answered. Answers are immutable once completed; a schedule is answered at most once.
CREATE TABLE form_responses (
  id           TEXT PRIMARY KEY,
  form_id      TEXT NOT NULL REFERENCES clinical_forms (id),
  patient_id   TEXT NOT NULL REFERENCES patients (id),
  schedule_id  TEXT UNIQUE REFERENCES form_schedules (id),
  responses    TEXT NOT NULL CHECK (json_type(responses) = 'array'),
  completed_at TEXT NOT NULL,
  api_json     TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"formId":' || json_quote(form_id)
    || ',"patientId":' || json_quote(patient_id)
    || CASE WHEN schedule_id IS NULL THEN '' ELSE ',"scheduleId":' || json_quote(schedule_id) END
    || ',"responses":' || responses
    || ',"completedAt":' || json_quote(completed_at) || '}'
  ) STORED
) STRICT;

CREATE INDEX form_responses_by_form ON form_responses (form_id, completed_at, id);
CREATE INDEX form_responses_by_form_patient ON form_responses (form_id, patient_id, completed_at, id);
CREATE INDEX form_responses_by_patient ON form_responses (patient_id, completed_at, id);

CREATE TRIGGER form_responses_immutable BEFORE UPDATE ON form_responses BEGIN
  SELECT RAISE(ABORT, 'form responses are clinical records and never change');
END;

CREATE TRIGGER form_responses_no_delete BEFORE DELETE ON form_responses BEGIN
  SELECT RAISE(ABORT, 'form responses are clinical records and are kept');
END;

-- The type each answered field had when it was answered: a field with answers keeps its type,
-- also when it is removed from the form and added back later (see domain/forms.ts).
CREATE TABLE form_answered_fields (
  form_id  TEXT NOT NULL REFERENCES clinical_forms (id),
  field_id TEXT NOT NULL,
  type     TEXT NOT NULL,
  PRIMARY KEY (form_id, field_id)
) STRICT, WITHOUT ROWID;

-- Every message the service sent (form links, notices): the sandbox outbox and the app's log.
-- `transport` says whether it also went to an SMTP server.
CREATE TABLE outbox (
  id          TEXT PRIMARY KEY,
  channel     TEXT NOT NULL CHECK (channel IN ('whatsapp', 'email')),
  transport   TEXT NOT NULL CHECK (transport IN ('outbox', 'smtp')),
  to_address  TEXT NOT NULL,
  subject     TEXT,
  body        TEXT NOT NULL,
  html        TEXT,
  link        TEXT,
  schedule_id TEXT REFERENCES form_schedules (id),
  patient_id  TEXT REFERENCES patients (id),
  created_at  TEXT NOT NULL,
  api_json    TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"channel":' || json_quote(channel)
    || ',"transport":' || json_quote(transport)
    || ',"to":' || json_quote(to_address)
    || CASE WHEN subject IS NULL THEN '' ELSE ',"subject":' || json_quote(subject) END
    || ',"body":' || json_quote(body)
    || CASE WHEN link IS NULL THEN '' ELSE ',"link":' || json_quote(link) END
    || CASE WHEN schedule_id IS NULL THEN '' ELSE ',"scheduleId":' || json_quote(schedule_id) END
    || CASE WHEN patient_id IS NULL THEN '' ELSE ',"patientId":' || json_quote(patient_id) END
    || ',"createdAt":' || json_quote(created_at) || '}'
  ) STORED
) STRICT;

CREATE INDEX outbox_by_created ON outbox (created_at, id);
CREATE INDEX outbox_by_schedule ON outbox (schedule_id);
