-- Recurring deliveries, reminders and retries (issue 19). A series is the coordinator's plan
-- ("PHQ-9 every two weeks, 7 times"); its occurrences are ordinary form_schedules rows made at
-- once, so each keeps the spec'd state machine, charge and refund. The series row records the
-- plan and when it was cancelled as one; what each occurrence did lives on the occurrence.
CREATE TABLE form_schedule_series (
  id                TEXT PRIMARY KEY,
  form_id           TEXT NOT NULL REFERENCES clinical_forms (id),
  patient_id        TEXT NOT NULL REFERENCES patients (id),
  channel           TEXT NOT NULL CHECK (channel IN ('whatsapp', 'email')),
  language          TEXT NOT NULL CHECK (language IN ('es', 'ca', 'en')),
  message           TEXT,
  interval_unit     TEXT NOT NULL CHECK (interval_unit IN ('day', 'week')),
  interval_count    INTEGER NOT NULL CHECK (interval_count >= 1),
  -- Exactly one of the two ends the series, as the coordinator gave it.
  end_count         INTEGER CHECK (end_count >= 2),
  end_until         TEXT,
  occurrences       INTEGER NOT NULL CHECK (occurrences >= 2),
  remind_after_days INTEGER CHECK (remind_after_days >= 1),
  starts_at         TEXT NOT NULL,
  cancelled_at      TEXT,
  created_at        TEXT NOT NULL,
  CHECK ((end_count IS NULL) <> (end_until IS NULL))
) STRICT;

CREATE INDEX form_schedule_series_by_created ON form_schedule_series (created_at, id);
CREATE INDEX form_schedule_series_by_patient ON form_schedule_series (patient_id, created_at, id);

CREATE TRIGGER form_schedule_series_no_delete BEFORE DELETE ON form_schedule_series BEGIN
  SELECT RAISE(ABORT, 'series are kept');
END;

-- Which series an occurrence belongs to (1-based index), the reminder it asked for and when it
-- went, and the failed delivery it retries / the delivery that retried it.
ALTER TABLE form_schedules ADD COLUMN series_id TEXT REFERENCES form_schedule_series (id);
ALTER TABLE form_schedules ADD COLUMN series_index INTEGER CHECK (series_index >= 1);
ALTER TABLE form_schedules ADD COLUMN remind_after_days INTEGER CHECK (remind_after_days >= 1);
ALTER TABLE form_schedules ADD COLUMN reminded_at TEXT;
ALTER TABLE form_schedules ADD COLUMN retry_of TEXT REFERENCES form_schedules (id);
ALTER TABLE form_schedules ADD COLUMN retried_by TEXT REFERENCES form_schedules (id);

-- The API representation: the original api_json (a STORED column ALTER TABLE cannot replace)
-- with the new fields spliced in before its closing brace. VIRTUAL, so no row is rewritten.
ALTER TABLE form_schedules ADD COLUMN resource_json TEXT GENERATED ALWAYS AS (
  substr(api_json, 1, length(api_json) - 1)
  || CASE WHEN series_id IS NULL THEN '' ELSE ',"seriesId":' || json_quote(series_id)
       || ',"seriesIndex":' || series_index END
  || CASE WHEN remind_after_days IS NULL THEN '' ELSE ',"remindAfterDays":' || remind_after_days END
  || CASE WHEN reminded_at IS NULL THEN '' ELSE ',"remindedAt":' || json_quote(reminded_at) END
  || CASE WHEN retry_of IS NULL THEN '' ELSE ',"retryOf":' || json_quote(retry_of) END
  || CASE WHEN retried_by IS NULL THEN '' ELSE ',"retriedBy":' || json_quote(retried_by) END
  || '}'
) VIRTUAL;

CREATE INDEX form_schedules_by_series ON form_schedules (series_id, series_index) WHERE series_id IS NOT NULL;
-- Deliveries by date (GET /form-schedules?sort=scheduledAt / -scheduledAt).
CREATE INDEX form_schedules_by_scheduled ON form_schedules (scheduled_at, id);
CREATE UNIQUE INDEX form_schedules_one_retry ON form_schedules (retry_of) WHERE retry_of IS NOT NULL;

-- A series as the API shows it: the plan and what its occurrences did so far (a retried
-- occurrence counts as its retry). A series is
-- `cancelled` once cancelled, `active` while an occurrence is pending, else `finished`.
CREATE VIEW form_schedule_series_view AS
SELECT s.*,
  '{"id":' || json_quote(s.id)
  || ',"formId":' || json_quote(s.form_id)
  || ',"patientId":' || json_quote(s.patient_id)
  || ',"channel":' || json_quote(s.channel)
  || ',"language":' || json_quote(s.language)
  || CASE WHEN s.message IS NULL THEN '' ELSE ',"message":' || json_quote(s.message) END
  || ',"status":' || json_quote(CASE
       WHEN s.cancelled_at IS NOT NULL THEN 'cancelled'
       WHEN EXISTS (SELECT 1 FROM form_schedules o WHERE o.series_id = s.id AND o.status = 'pending') THEN 'active'
       ELSE 'finished' END)
  || ',"recurrence":{"interval":' || json_quote(s.interval_unit)
  || ',"intervalCount":' || s.interval_count
  || CASE WHEN s.end_count IS NULL THEN ',"until":' || json_quote(s.end_until) ELSE ',"count":' || s.end_count END
  || '}'
  || CASE WHEN s.remind_after_days IS NULL THEN '' ELSE ',"remindAfterDays":' || s.remind_after_days END
  || ',"startsAt":' || json_quote(s.starts_at)
  || ',"occurrences":' || s.occurrences
  || ',"counts":' || (SELECT json_object(
       'pending', count(*) FILTER (WHERE o.status = 'pending'),
       'sent', count(*) FILTER (WHERE o.status = 'sent'),
       'completed', count(*) FILTER (WHERE o.status = 'completed'),
       'failed', count(*) FILTER (WHERE o.status = 'failed'),
       'cancelled', count(*) FILTER (WHERE o.status = 'cancelled'))
     FROM form_schedules o WHERE o.series_id = s.id AND o.retried_by IS NULL)
  || ',"creditsConsumed":' || (SELECT coalesce(sum(o.credits_consumed), 0) FROM form_schedules o WHERE o.series_id = s.id)
  || ',"creditsRefunded":' || (SELECT coalesce(sum(o.credits_refunded), 0) FROM form_schedules o WHERE o.series_id = s.id)
  || CASE WHEN s.cancelled_at IS NULL THEN '' ELSE ',"cancelledAt":' || json_quote(s.cancelled_at) END
  || ',"createdAt":' || json_quote(s.created_at)
  || '}' AS api_json
FROM form_schedule_series s;
