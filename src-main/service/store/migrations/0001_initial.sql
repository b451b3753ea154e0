-- 0001: the service spine. Settings, API keys, patients (+ search index and counts), the event log,
-- durable jobs, the credit account and its append-only ledger, and idempotency records.
-- Timestamps are ISO 8601 UTC text with milliseconds (they sort as text in time order).

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE api_keys (
  id           TEXT PRIMARY KEY,
  name         TEXT NOT NULL,
  key_hash     TEXT NOT NULL UNIQUE,          -- SHA-256 hex of the whole key; the key itself is never stored
  hint         TEXT NOT NULL,                 -- 'sk_Ab12…yZ9' so people can tell keys apart
  permissions  TEXT NOT NULL,                 -- JSON array of permission names
  created_at   TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at   TEXT
) STRICT;

-- Patients are kept in time order: `seq` grows with (created_at, id), which the insert trigger
-- guarantees, so `seq` is the list order (newest first) and the search index's rowid. An explicit
-- INTEGER PRIMARY KEY also keeps VACUUM from renumbering rows under the index.
CREATE TABLE patients (
  seq           INTEGER PRIMARY KEY,
  id            TEXT NOT NULL UNIQUE,
  first_name    TEXT NOT NULL,
  last_name     TEXT NOT NULL,
  email         TEXT,
  phone         TEXT,
  date_of_birth TEXT,
  status        TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
  tags          TEXT NOT NULL DEFAULT '[]' CHECK (json_type(tags) = 'array'),
  metadata      TEXT NOT NULL DEFAULT '{}' CHECK (json_type(metadata) = 'object'),
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  -- Names, e-mail and phone digits folded to lower case without accents (see patient-search.ts):
  -- what the search index holds, so that substring search is case- and accent-insensitive for
  -- queries of any length.
  search_text   TEXT NOT NULL DEFAULT '',
  -- The patient as the API shows it, rendered by SQLite when the row is written: lists read one
  -- stored string per row instead of rebuilding JSON from eleven columns on every request.
  -- Optional fields that are not known are left out rather than sent as null.
  api_json      TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"firstName":' || json_quote(first_name)
    || ',"lastName":' || json_quote(last_name)
    || CASE WHEN email IS NULL THEN '' ELSE ',"email":' || json_quote(email) END
    || CASE WHEN phone IS NULL THEN '' ELSE ',"phone":' || json_quote(phone) END
    || CASE WHEN date_of_birth IS NULL THEN '' ELSE ',"dateOfBirth":' || json_quote(date_of_birth) END
    || ',"status":' || json_quote(status)
    || ',"tags":' || tags
    || ',"metadata":' || metadata
    || ',"createdAt":' || json_quote(created_at)
    || ',"updatedAt":' || json_quote(updated_at) || '}'
  ) STORED
) STRICT;

CREATE INDEX patients_by_created ON patients (created_at, id);
CREATE INDEX patients_by_status ON patients (status, seq);

CREATE TRIGGER patients_insert_in_time_order BEFORE INSERT ON patients
WHEN EXISTS (SELECT 1 FROM patients WHERE (created_at, id) >= (new.created_at, new.id))
BEGIN
  SELECT RAISE(ABORT, 'patients must be inserted in (created_at, id) order');
END;

CREATE TRIGGER patients_created_immutable BEFORE UPDATE OF seq, id, created_at ON patients BEGIN
  SELECT RAISE(ABORT, 'a patient''s seq, id and created_at never change');
END;

-- Substring search over patients.search_text. The trigram index answers substrings of three or
-- more characters without a table scan; its rowid is the patient's seq, so matches come out in
-- list order without sorting. External content: the text is stored once, in patients.
CREATE VIRTUAL TABLE patient_search USING fts5(
  search_text,
  content = 'patients',
  content_rowid = 'seq',
  tokenize = 'trigram'
);

CREATE TRIGGER patients_search_insert AFTER INSERT ON patients BEGIN
  INSERT INTO patient_search (rowid, search_text) VALUES (new.seq, new.search_text);
END;

CREATE TRIGGER patients_search_update AFTER UPDATE OF search_text ON patients BEGIN
  INSERT INTO patient_search (patient_search, rowid, search_text) VALUES ('delete', old.seq, old.search_text);
  INSERT INTO patient_search (rowid, search_text) VALUES (new.seq, new.search_text);
END;

-- Row counts per status, kept by triggers, so `total` of an unfiltered list costs one lookup
-- instead of counting 100,000 rows on every page.
CREATE TABLE patient_counts (
  status TEXT PRIMARY KEY CHECK (status IN ('active', 'inactive')),
  n      INTEGER NOT NULL CHECK (n >= 0)
) STRICT;
INSERT INTO patient_counts (status, n) VALUES ('active', 0), ('inactive', 0);

CREATE TRIGGER patients_count_insert AFTER INSERT ON patients BEGIN
  UPDATE patient_counts SET n = n + 1 WHERE status = new.status;
END;

CREATE TRIGGER patients_count_status AFTER UPDATE OF status ON patients WHEN old.status <> new.status BEGIN
  UPDATE patient_counts SET n = n - 1 WHERE status = old.status;
  UPDATE patient_counts SET n = n + 1 WHERE status = new.status;
END;

-- Patients are never deleted over the API; the guard keeps the search index and counts honest
-- should anything else try.
CREATE TRIGGER patients_no_delete BEFORE DELETE ON patients BEGIN
  SELECT RAISE(ABORT, 'patients are kept: set status to inactive instead');
END;

-- The event log. Every domain change that others may want to hear about writes one row here in the
-- same transaction as the change; the webhook dispatcher reads it in `seq` order.
CREATE TABLE events (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  type       TEXT NOT NULL,
  data       TEXT NOT NULL CHECK (json_valid(data)),
  created_at TEXT NOT NULL
) STRICT;

CREATE INDEX events_by_type ON events (type, seq);

-- Durable jobs on the service clock. A job runs once its due time has come; jobs left 'running' by a
-- crash go back to 'pending' at start. `dedupe_key` keeps a job from being scheduled twice.
CREATE TABLE jobs (
  id          TEXT PRIMARY KEY,
  kind        TEXT NOT NULL,
  payload     TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
  due_at      TEXT NOT NULL,
  status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT,
  dedupe_key  TEXT UNIQUE,
  created_at  TEXT NOT NULL,
  finished_at TEXT
) STRICT;

CREATE INDEX jobs_pending_by_due ON jobs (due_at, id) WHERE status = 'pending';

-- The credit account (one per install) and its append-only ledger. The account caches the balance,
-- split into the monthly allowance (which expires at the reset) and top-ups (which do not).
CREATE TABLE credit_account (
  id                INTEGER PRIMARY KEY CHECK (id = 1),
  plan              TEXT NOT NULL CHECK (plan IN ('starter', 'professional', 'enterprise')),
  monthly_allowance INTEGER NOT NULL CHECK (monthly_allowance >= 0),
  allowance_balance INTEGER NOT NULL CHECK (allowance_balance >= 0),
  topup_balance     INTEGER NOT NULL CHECK (topup_balance >= 0),
  balance           INTEGER NOT NULL CHECK (balance >= 0),
  used_this_period  INTEGER NOT NULL DEFAULT 0,
  period_start      TEXT NOT NULL,
  resets_at         TEXT NOT NULL,
  low_armed         INTEGER NOT NULL DEFAULT 1 CHECK (low_armed IN (0, 1)),
  updated_at        TEXT NOT NULL,
  CHECK (balance = allowance_balance + topup_balance)
) STRICT;

CREATE TABLE credit_ledger (
  seq            INTEGER PRIMARY KEY,
  id             TEXT NOT NULL UNIQUE,
  kind           TEXT NOT NULL CHECK (kind IN ('grant', 'consume', 'refund', 'reset')),
  amount         INTEGER NOT NULL,            -- signed: grants and refunds add, consumes and resets take
  from_allowance INTEGER NOT NULL DEFAULT 0,  -- how much of |amount| moved the allowance part
  balance_after  INTEGER NOT NULL CHECK (balance_after >= 0),
  reason         TEXT NOT NULL,
  resource_type  TEXT,
  resource_id    TEXT,
  created_at     TEXT NOT NULL
) STRICT;

CREATE INDEX credit_ledger_by_created ON credit_ledger (created_at DESC, id DESC);
CREATE INDEX credit_ledger_by_resource ON credit_ledger (resource_id) WHERE resource_id IS NOT NULL;

CREATE TRIGGER credit_ledger_append_only_update BEFORE UPDATE ON credit_ledger BEGIN
  SELECT RAISE(ABORT, 'credit_ledger is append-only');
END;
CREATE TRIGGER credit_ledger_append_only_delete BEFORE DELETE ON credit_ledger BEGIN
  SELECT RAISE(ABORT, 'credit_ledger is append-only');
END;

-- Idempotency-Key records, per credential, kept 24 h (service clock).
CREATE TABLE idempotency_keys (
  credential_id   TEXT NOT NULL,
  key             TEXT NOT NULL,
  method          TEXT NOT NULL,
  path            TEXT NOT NULL,
  request_hash    TEXT NOT NULL,
  state           TEXT NOT NULL CHECK (state IN ('in_flight', 'done')),
  response_status INTEGER,
  response_type   TEXT,
  response_body   TEXT,
  response_location TEXT,                     -- the Location header of a replayed 201
  created_at      TEXT NOT NULL,
  expires_at      TEXT NOT NULL,
  PRIMARY KEY (credential_id, key)
) STRICT, WITHOUT ROWID;
