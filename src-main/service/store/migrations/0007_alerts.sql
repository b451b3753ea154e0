-- Alerts: every warning sign in front of a coordinator. An alert is raised in the transaction of
-- its cause (an escalated chat message, a triaged call, a form response that met an alert rule,
-- a failed delivery of an urgent form) and moves open -> acknowledged -> resolved, never back.
-- Records are kept: no deletes (a sandbox reset is the one exception, see clinic-reset.ts).
CREATE TABLE alerts (
  seq               INTEGER PRIMARY KEY,
  id                TEXT NOT NULL UNIQUE,
  patient_id        TEXT NOT NULL REFERENCES patients (id),
  source_type       TEXT NOT NULL
                    CHECK (source_type IN ('conversation', 'call', 'form_response', 'form_schedule')),
  source_id         TEXT NOT NULL,
  priority          TEXT NOT NULL CHECK (priority IN ('urgent', 'review')),
  reason_code       TEXT NOT NULL,
  -- The reason in English words, for integrators; the window says it in its own language
  -- from the code, the signs and the detail.
  reason            TEXT NOT NULL CHECK (length(reason) > 0),
  signs             TEXT NOT NULL DEFAULT '[]' CHECK (json_type(signs) = 'array'),
  detail            TEXT NOT NULL DEFAULT '{}' CHECK (json_type(detail) = 'object'),
  state             TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'acknowledged', 'resolved')),
  raised_at         TEXT NOT NULL,
  acknowledged_at   TEXT,
  acknowledged_by   TEXT CHECK (acknowledged_by IS NULL OR json_type(acknowledged_by) = 'object'),
  acknowledge_note  TEXT,
  resolved_at       TEXT,
  resolved_by       TEXT CHECK (resolved_by IS NULL OR json_type(resolved_by) = 'object'),
  resolve_note      TEXT,
  updated_at        TEXT NOT NULL,
  api_json          TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"patientId":' || json_quote(patient_id)
    || ',"source":{"type":' || json_quote(source_type) || ',"id":' || json_quote(source_id) || '}'
    || ',"priority":' || json_quote(priority)
    || ',"reason":' || json_quote(reason)
    || ',"reasonCode":' || json_quote(reason_code)
    || ',"signs":' || signs
    || ',"detail":' || detail
    || ',"state":' || json_quote(state)
    || ',"raisedAt":' || json_quote(raised_at)
    || CASE WHEN acknowledged_at IS NULL THEN '' ELSE
         ',"acknowledgedAt":' || json_quote(acknowledged_at) || ',"acknowledgedBy":' || acknowledged_by
         || CASE WHEN acknowledge_note IS NULL THEN '' ELSE ',"acknowledgeNote":' || json_quote(acknowledge_note) END
       END
    || CASE WHEN resolved_at IS NULL THEN '' ELSE
         ',"resolvedAt":' || json_quote(resolved_at) || ',"resolvedBy":' || resolved_by
         || CASE WHEN resolve_note IS NULL THEN '' ELSE ',"resolveNote":' || json_quote(resolve_note) END
       END
    || ',"updatedAt":' || json_quote(updated_at)
    || '}'
  ) STORED,
  CHECK ((state = 'open') = (acknowledged_at IS NULL)),
  CHECK ((acknowledged_at IS NULL) = (acknowledged_by IS NULL)),
  CHECK ((state = 'resolved') = (resolved_at IS NOT NULL)),
  CHECK ((resolved_at IS NULL) = (resolved_by IS NULL))
) STRICT;

-- One open alert per source: a second warning sign in the same chat updates it (priority up,
-- signs added) instead of piling up; once acknowledged, a new sign raises a new alert.
CREATE UNIQUE INDEX alerts_open_source ON alerts (source_type, source_id) WHERE state = 'open';
CREATE INDEX alerts_by_patient ON alerts (patient_id, seq);
CREATE INDEX alerts_by_state ON alerts (state, priority, seq);

CREATE TRIGGER alerts_no_delete BEFORE DELETE ON alerts
BEGIN
  SELECT RAISE(ABORT, 'alerts are kept: acknowledge or resolve them instead');
END;

-- What was raised stays as it was raised; the state only moves forward.
CREATE TRIGGER alerts_forward_only BEFORE UPDATE ON alerts
WHEN NEW.id <> OLD.id OR NEW.patient_id <> OLD.patient_id OR NEW.source_type <> OLD.source_type
  OR NEW.source_id <> OLD.source_id OR NEW.raised_at <> OLD.raised_at
  OR (OLD.state = 'acknowledged' AND NEW.state = 'open')
  OR (OLD.state = 'resolved' AND NEW.state <> 'resolved')
  OR (OLD.state <> 'open' AND (NEW.priority <> OLD.priority OR NEW.signs <> OLD.signs))
BEGIN
  SELECT RAISE(ABORT, 'an alert only moves forward: open, acknowledged, resolved');
END;

-- Alert rules on a form's instrument totals (PHQ-9, GAD-7). The form's API shape adds them when
-- there are any (store/queries/clinical-forms.ts); alert rules on a field live in its definition.
ALTER TABLE clinical_forms ADD COLUMN score_alerts TEXT NOT NULL DEFAULT '[]'
  CHECK (json_type(score_alerts) = 'array');
