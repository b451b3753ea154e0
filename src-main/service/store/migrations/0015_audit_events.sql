-- The audit trail (docs/data-safety.md): who read or changed which patient's record, when
-- (service clock) and from where. Ids, codes and counts only: never a name, an answer, a note's
-- text or a transcript. Appended by domain/audit-trail.ts, in the same transaction as a write.
CREATE TABLE audit_events (
  seq            INTEGER PRIMARY KEY,
  id             TEXT NOT NULL UNIQUE,
  at             TEXT NOT NULL,
  -- Who: the desk (the window), an API key (its id and name, never the secret), a CLI command.
  actor_type     TEXT NOT NULL CHECK (actor_type IN ('desk', 'api_key', 'cli')),
  actor_id       TEXT CHECK ((actor_type = 'api_key') = (actor_id IS NOT NULL)),
  actor_name     TEXT NOT NULL CHECK (length(actor_name) BETWEEN 1 AND 200),
  channel        TEXT NOT NULL CHECK (channel IN ('window', 'api', 'cli')),
  -- What: a code such as `patient.viewed`, and the record it concerns.
  action         TEXT NOT NULL CHECK (action GLOB '[a-z]*.[a-z]*' AND length(action) <= 64),
  resource_type  TEXT NOT NULL CHECK (resource_type GLOB '[a-z]*' AND length(resource_type) <= 32),
  resource_id    TEXT NOT NULL CHECK (length(resource_id) <= 64),
  patient_id     TEXT NOT NULL CHECK (length(patient_id) <= 64),
  -- How many patients an export held (the same on each of its events), otherwise NULL.
  count          INTEGER CHECK (count >= 0),
  api_json       TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"at":' || json_quote(at)
    || ',"actor":' || CASE WHEN actor_id IS NULL THEN json_object('type', actor_type, 'name', actor_name)
      ELSE json_object('type', actor_type, 'id', actor_id, 'name', actor_name) END
    || ',"channel":' || json_quote(channel)
    || ',"action":' || json_quote(action)
    || ',"resourceType":' || json_quote(resource_type)
    || ',"resourceId":' || json_quote(resource_id)
    || ',"patientId":' || json_quote(patient_id)
    || ',"count":' || json_quote(count)
    || '}'
  ) VIRTUAL
) STRICT;

CREATE INDEX audit_events_by_patient ON audit_events (patient_id, seq);
CREATE INDEX audit_events_by_at ON audit_events (at);

-- Append-only, like the credit ledger: an event is never changed.
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
BEGIN
  SELECT RAISE(ABORT, 'audit_events is append-only');
END;

-- Deleted only once past the retention period, by the computer's own clock (SQLite's 'now', which
-- no row or setting can move), whatever the service clock says: the purge job's path and the only
-- one. The period is the setting `audit_retention_years` (default 6), which the triggers below
-- keep between 1 and 30 years, so no SQL statement can delete an event younger than a year, nor
-- one younger than the period the clinic chose.
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
WHEN NOT (old.at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || coalesce(
  (SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'audit_retention_years'), 6) || ' years'))
BEGIN
  SELECT RAISE(ABORT, 'audit_events is append-only: only events past the retention period are purged');
END;

CREATE TRIGGER audit_retention_insert_checked BEFORE INSERT ON settings
WHEN new.key = 'audit_retention_years'
  AND NOT (new.value GLOB '[1-9]' OR new.value GLOB '[1-2][0-9]' OR new.value = '30')
BEGIN
  SELECT RAISE(ABORT, 'audit_retention_years must be a whole number of years from 1 to 30');
END;

CREATE TRIGGER audit_retention_update_checked BEFORE UPDATE ON settings
WHEN new.key = 'audit_retention_years'
  AND NOT (new.value GLOB '[1-9]' OR new.value GLOB '[1-2][0-9]' OR new.value = '30')
BEGIN
  SELECT RAISE(ABORT, 'audit_retention_years must be a whole number of years from 1 to 30');
END;

CREATE TRIGGER audit_retention_kept BEFORE UPDATE OF key ON settings
WHEN old.key = 'audit_retention_years'
BEGIN
  SELECT RAISE(ABORT, 'audit_retention_years is kept: set another period instead');
END;

-- Deleting the setting would bring back the default, which may be shorter than the chosen period.
CREATE TRIGGER audit_retention_no_delete BEFORE DELETE ON settings
WHEN old.key = 'audit_retention_years'
BEGIN
  SELECT RAISE(ABORT, 'audit_retention_years is kept: set another period instead');
END;
