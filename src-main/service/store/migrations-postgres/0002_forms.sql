-- 0002 (PostgreSQL): clinical forms, their responses, scheduled deliveries and the outbox, as
-- migrations/0002_forms.sql makes them on SQLite. Same shape; the type, JSON and trigger mapping
-- is the one 0001 describes.

CREATE TABLE clinical_forms (
  id          text COLLATE "C" PRIMARY KEY,
  name        text COLLATE "C" NOT NULL,
  type        text COLLATE "C" NOT NULL CHECK (type IN ('assessment', 'follow_up', 'survey')),
  description text COLLATE "C" NOT NULL DEFAULT '',
  status      text COLLATE "C" NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'archived')),
  fields      text COLLATE "C" NOT NULL CHECK (json_typeof(fields::json) = 'array'),
  created_at  text COLLATE "C" NOT NULL,
  updated_at  text COLLATE "C" NOT NULL,
  archived_at text COLLATE "C",
  api_json    text COLLATE "C" NOT NULL GENERATED ALWAYS AS (
    '{"id":' || engage_json_text(id)
    || ',"name":' || engage_json_text(name)
    || ',"type":' || engage_json_text(type)
    || ',"description":' || engage_json_text(description)
    || ',"status":' || engage_json_text(status)
    || ',"fields":' || fields
    || ',"createdAt":' || engage_json_text(created_at)
    || ',"updatedAt":' || engage_json_text(updated_at) || '}'
  ) STORED
);

CREATE INDEX clinical_forms_by_created ON clinical_forms (created_at, id);

CREATE TRIGGER clinical_forms_no_delete BEFORE DELETE ON clinical_forms
FOR EACH ROW EXECUTE FUNCTION engage_refuse('forms are kept: archive them instead');

CREATE TABLE form_schedules (
  id               text COLLATE "C" PRIMARY KEY,
  form_id          text COLLATE "C" NOT NULL REFERENCES clinical_forms (id),
  patient_id       text COLLATE "C" NOT NULL REFERENCES patients (id),
  channel          text COLLATE "C" NOT NULL CHECK (channel IN ('whatsapp', 'email')),
  language         text COLLATE "C" NOT NULL CHECK (language IN ('es', 'ca', 'en')),
  status           text COLLATE "C" NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'completed', 'cancelled')),
  scheduled_at     text COLLATE "C" NOT NULL,
  message          text COLLATE "C",
  credits_consumed bigint NOT NULL CHECK (credits_consumed >= 0),
  credits_refunded bigint CHECK (credits_refunded >= 0),
  token_hash       text COLLATE "C" UNIQUE,
  sent_at          text COLLATE "C",
  failed_at        text COLLATE "C",
  failure_reason   text COLLATE "C",
  cancelled_at     text COLLATE "C",
  completed_at     text COLLATE "C",
  response_id      text COLLATE "C",
  created_at       text COLLATE "C" NOT NULL,
  updated_at       text COLLATE "C" NOT NULL,
  -- 0014 repeats this expression for resource_json: keep the two alike.
  api_json         text COLLATE "C" NOT NULL GENERATED ALWAYS AS (
    '{"id":' || engage_json_text(id)
    || ',"formId":' || engage_json_text(form_id)
    || ',"patientId":' || engage_json_text(patient_id)
    || ',"channel":' || engage_json_text(channel)
    || ',"language":' || engage_json_text(language)
    || ',"status":' || engage_json_text(status)
    || ',"scheduledAt":' || engage_json_text(scheduled_at)
    || CASE WHEN message IS NULL THEN '' ELSE ',"message":' || engage_json_text(message) END
    || CASE WHEN status = 'sent' THEN ',"sentAt":' || engage_json_text(sent_at) ELSE '' END
    || CASE WHEN status = 'completed' THEN ',"completedAt":' || engage_json_text(completed_at)
         || ',"responseId":' || engage_json_text(response_id) ELSE '' END
    || CASE WHEN status = 'failed' THEN ',"failedAt":' || engage_json_text(failed_at)
         || ',"failureReason":' || engage_json_text(failure_reason) ELSE '' END
    || CASE WHEN status = 'cancelled' THEN ',"cancelledAt":' || engage_json_text(cancelled_at) ELSE '' END
    || ',"creditsConsumed":' || credits_consumed::text
    || CASE WHEN credits_refunded IS NULL THEN '' ELSE ',"creditsRefunded":' || credits_refunded::text END
    || ',"createdAt":' || engage_json_text(created_at) || '}'
  ) STORED,
  CHECK (status <> 'sent' OR (sent_at IS NOT NULL AND token_hash IS NOT NULL)),
  CHECK (status <> 'failed' OR (failed_at IS NOT NULL AND failure_reason IS NOT NULL)),
  CHECK (status <> 'cancelled' OR cancelled_at IS NOT NULL),
  CHECK (status <> 'completed' OR (completed_at IS NOT NULL AND response_id IS NOT NULL))
);

CREATE INDEX form_schedules_by_created ON form_schedules (created_at, id);
CREATE INDEX form_schedules_by_patient ON form_schedules (patient_id, created_at, id);
CREATE INDEX form_schedules_by_status ON form_schedules (status, created_at, id);
CREATE INDEX form_schedules_by_form ON form_schedules (form_id, created_at, id);

CREATE TRIGGER form_schedules_no_delete BEFORE DELETE ON form_schedules
FOR EACH ROW EXECUTE FUNCTION engage_refuse('schedules are kept');

CREATE TABLE form_responses (
  id           text COLLATE "C" PRIMARY KEY,
  form_id      text COLLATE "C" NOT NULL REFERENCES clinical_forms (id),
  patient_id   text COLLATE "C" NOT NULL REFERENCES patients (id),
  schedule_id  text COLLATE "C" UNIQUE REFERENCES form_schedules (id),
  responses    text COLLATE "C" NOT NULL CHECK (json_typeof(responses::json) = 'array'),
  completed_at text COLLATE "C" NOT NULL,
  api_json     text COLLATE "C" NOT NULL GENERATED ALWAYS AS (
    '{"id":' || engage_json_text(id)
    || ',"formId":' || engage_json_text(form_id)
    || ',"patientId":' || engage_json_text(patient_id)
    || CASE WHEN schedule_id IS NULL THEN '' ELSE ',"scheduleId":' || engage_json_text(schedule_id) END
    || ',"responses":' || responses
    || ',"completedAt":' || engage_json_text(completed_at) || '}'
  ) STORED
);

CREATE INDEX form_responses_by_form ON form_responses (form_id, completed_at, id);
CREATE INDEX form_responses_by_form_patient ON form_responses (form_id, patient_id, completed_at, id);
CREATE INDEX form_responses_by_patient ON form_responses (patient_id, completed_at, id);

CREATE TRIGGER form_responses_immutable BEFORE UPDATE ON form_responses
FOR EACH ROW EXECUTE FUNCTION engage_refuse('form responses are clinical records and never change');

CREATE TRIGGER form_responses_no_delete BEFORE DELETE ON form_responses
FOR EACH ROW EXECUTE FUNCTION engage_refuse('form responses are clinical records and are kept');

CREATE TABLE form_answered_fields (
  form_id  text COLLATE "C" NOT NULL REFERENCES clinical_forms (id),
  field_id text COLLATE "C" NOT NULL,
  type     text COLLATE "C" NOT NULL,
  PRIMARY KEY (form_id, field_id)
);

CREATE TABLE outbox (
  id          text COLLATE "C" PRIMARY KEY,
  channel     text COLLATE "C" NOT NULL CHECK (channel IN ('whatsapp', 'email')),
  transport   text COLLATE "C" NOT NULL CHECK (transport IN ('outbox', 'smtp')),
  to_address  text COLLATE "C" NOT NULL,
  subject     text COLLATE "C",
  body        text COLLATE "C" NOT NULL,
  html        text COLLATE "C",
  link        text COLLATE "C",
  schedule_id text COLLATE "C" REFERENCES form_schedules (id),
  patient_id  text COLLATE "C" REFERENCES patients (id),
  created_at  text COLLATE "C" NOT NULL,
  api_json    text COLLATE "C" NOT NULL GENERATED ALWAYS AS (
    '{"id":' || engage_json_text(id)
    || ',"channel":' || engage_json_text(channel)
    || ',"transport":' || engage_json_text(transport)
    || ',"to":' || engage_json_text(to_address)
    || CASE WHEN subject IS NULL THEN '' ELSE ',"subject":' || engage_json_text(subject) END
    || ',"body":' || engage_json_text(body)
    || CASE WHEN link IS NULL THEN '' ELSE ',"link":' || engage_json_text(link) END
    || CASE WHEN schedule_id IS NULL THEN '' ELSE ',"scheduleId":' || engage_json_text(schedule_id) END
    || CASE WHEN patient_id IS NULL THEN '' ELSE ',"patientId":' || engage_json_text(patient_id) END
    || ',"createdAt":' || engage_json_text(created_at) || '}'
  ) STORED
);

CREATE INDEX outbox_by_created ON outbox (created_at, id);
CREATE INDEX outbox_by_schedule ON outbox (schedule_id);
