-- 0014 (PostgreSQL): recurring deliveries (a series and its occurrences), as
-- migrations/0014_schedule_series.sql makes them on SQLite. Two shapes differ:
-- * form_schedules.resource_json is VIRTUAL on SQLite and reads api_json. PostgreSQL 15 has STORED
--   generated columns only, and one may not read another, so it repeats 0002's api_json expression
--   without the closing brace, then adds the new fields (the test compares both columns with
--   SQLite's for every status). The rows are rewritten once, on an empty table.
-- * The view's json_object is concatenation, as everywhere here; its counts and sums print as
--   SQLite's integers do (sum of bigint is numeric, which prints no decimals for whole numbers).

CREATE TABLE form_schedule_series (
  id                text COLLATE "C" PRIMARY KEY,
  form_id           text COLLATE "C" NOT NULL REFERENCES clinical_forms (id),
  patient_id        text COLLATE "C" NOT NULL REFERENCES patients (id),
  channel           text COLLATE "C" NOT NULL CHECK (channel IN ('whatsapp', 'email')),
  language          text COLLATE "C" NOT NULL CHECK (language IN ('es', 'ca', 'en')),
  message           text COLLATE "C",
  interval_unit     text COLLATE "C" NOT NULL CHECK (interval_unit IN ('day', 'week')),
  interval_count    bigint NOT NULL CHECK (interval_count >= 1),
  end_count         bigint CHECK (end_count >= 2),
  end_until         text COLLATE "C",
  occurrences       bigint NOT NULL CHECK (occurrences >= 2),
  remind_after_days bigint CHECK (remind_after_days >= 1),
  starts_at         text COLLATE "C" NOT NULL,
  cancelled_at      text COLLATE "C",
  created_at        text COLLATE "C" NOT NULL,
  CHECK ((end_count IS NULL) <> (end_until IS NULL))
);

CREATE INDEX form_schedule_series_by_created ON form_schedule_series (created_at, id);
CREATE INDEX form_schedule_series_by_patient ON form_schedule_series (patient_id, created_at, id);

CREATE TRIGGER form_schedule_series_no_delete BEFORE DELETE ON form_schedule_series
FOR EACH ROW EXECUTE FUNCTION engage_refuse('series are kept');

ALTER TABLE form_schedules ADD COLUMN series_id text COLLATE "C" REFERENCES form_schedule_series (id);
ALTER TABLE form_schedules ADD COLUMN series_index bigint CHECK (series_index >= 1);
ALTER TABLE form_schedules ADD COLUMN remind_after_days bigint CHECK (remind_after_days >= 1);
ALTER TABLE form_schedules ADD COLUMN reminded_at text COLLATE "C";
ALTER TABLE form_schedules ADD COLUMN retry_of text COLLATE "C" REFERENCES form_schedules (id);
ALTER TABLE form_schedules ADD COLUMN retried_by text COLLATE "C" REFERENCES form_schedules (id);

ALTER TABLE form_schedules ADD COLUMN resource_json text COLLATE "C" GENERATED ALWAYS AS (
  -- 0002's api_json, less its closing brace:
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
  || ',"createdAt":' || engage_json_text(created_at)
  -- then the series fields:
  || CASE WHEN series_id IS NULL THEN '' ELSE ',"seriesId":' || engage_json_text(series_id)
       || ',"seriesIndex":' || series_index::text END
  || CASE WHEN remind_after_days IS NULL THEN '' ELSE ',"remindAfterDays":' || remind_after_days::text END
  || CASE WHEN reminded_at IS NULL THEN '' ELSE ',"remindedAt":' || engage_json_text(reminded_at) END
  || CASE WHEN retry_of IS NULL THEN '' ELSE ',"retryOf":' || engage_json_text(retry_of) END
  || CASE WHEN retried_by IS NULL THEN '' ELSE ',"retriedBy":' || engage_json_text(retried_by) END
  || '}'
) STORED;

CREATE INDEX form_schedules_by_series ON form_schedules (series_id, series_index) WHERE series_id IS NOT NULL;
CREATE INDEX form_schedules_by_scheduled ON form_schedules (scheduled_at, id);
CREATE UNIQUE INDEX form_schedules_one_retry ON form_schedules (retry_of) WHERE retry_of IS NOT NULL;

CREATE VIEW form_schedule_series_view AS
SELECT s.*,
  '{"id":' || engage_json_text(s.id)
  || ',"formId":' || engage_json_text(s.form_id)
  || ',"patientId":' || engage_json_text(s.patient_id)
  || ',"channel":' || engage_json_text(s.channel)
  || ',"language":' || engage_json_text(s.language)
  || CASE WHEN s.message IS NULL THEN '' ELSE ',"message":' || engage_json_text(s.message) END
  || ',"status":' || engage_json_text(CASE
       WHEN s.cancelled_at IS NOT NULL THEN 'cancelled'
       WHEN EXISTS (SELECT 1 FROM form_schedules o WHERE o.series_id = s.id AND o.status = 'pending') THEN 'active'
       ELSE 'finished' END)
  || ',"recurrence":{"interval":' || engage_json_text(s.interval_unit)
  || ',"intervalCount":' || s.interval_count::text
  || CASE WHEN s.end_count IS NULL THEN ',"until":' || engage_json_text(s.end_until) ELSE ',"count":' || s.end_count::text END
  || '}'
  || CASE WHEN s.remind_after_days IS NULL THEN '' ELSE ',"remindAfterDays":' || s.remind_after_days::text END
  || ',"startsAt":' || engage_json_text(s.starts_at)
  || ',"occurrences":' || s.occurrences::text
  || ',"counts":' || (SELECT
       '{"pending":' || (count(*) FILTER (WHERE o.status = 'pending'))::text
       || ',"sent":' || (count(*) FILTER (WHERE o.status = 'sent'))::text
       || ',"completed":' || (count(*) FILTER (WHERE o.status = 'completed'))::text
       || ',"failed":' || (count(*) FILTER (WHERE o.status = 'failed'))::text
       || ',"cancelled":' || (count(*) FILTER (WHERE o.status = 'cancelled'))::text || '}'
     FROM form_schedules o WHERE o.series_id = s.id AND o.retried_by IS NULL)
  || ',"creditsConsumed":' || (SELECT coalesce(sum(o.credits_consumed), 0) FROM form_schedules o WHERE o.series_id = s.id)::text
  || ',"creditsRefunded":' || (SELECT coalesce(sum(o.credits_refunded), 0) FROM form_schedules o WHERE o.series_id = s.id)::text
  || CASE WHEN s.cancelled_at IS NULL THEN '' ELSE ',"cancelledAt":' || engage_json_text(s.cancelled_at) END
  || ',"createdAt":' || engage_json_text(s.created_at)
  || '}' AS api_json
FROM form_schedule_series s;
