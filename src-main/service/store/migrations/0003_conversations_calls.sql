-- 0003: AI chat conversations with their messages, and automated voice calls.
-- As in 0001/0002, each table renders its API shape in a STORED generated column so lists read one
-- stored string per row.

-- A chat with a patient. `credits_consumed` is the running total (10 at start, +1 per message);
-- `last_message_at` is where the 30-minute inactivity close is measured from.
CREATE TABLE conversations (
  id               TEXT PRIMARY KEY,
  patient_id       TEXT NOT NULL REFERENCES patients (id),
  context          TEXT NOT NULL,
  language         TEXT NOT NULL CHECK (language IN ('es', 'ca', 'en')),
  status           TEXT NOT NULL CHECK (status IN ('active', 'ended')),
  message_count    INTEGER NOT NULL CHECK (message_count >= 1),
  credits_consumed INTEGER NOT NULL CHECK (credits_consumed >= 0),
  escalated_at     TEXT,
  last_message_at  TEXT NOT NULL,
  ended_at         TEXT,
  end_reason       TEXT CHECK (end_reason IN ('inactivity', 'closed')),
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  api_json         TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"patientId":' || json_quote(patient_id)
    || ',"context":' || json_quote(context)
    || ',"language":' || json_quote(language)
    || ',"status":' || json_quote(status)
    || ',"messageCount":' || message_count
    || ',"lastMessageAt":' || json_quote(last_message_at)
    || ',"escalated":' || CASE WHEN escalated_at IS NULL THEN 'false' ELSE 'true' END
    || CASE WHEN escalated_at IS NULL THEN '' ELSE ',"escalatedAt":' || json_quote(escalated_at) END
    || ',"creditsConsumed":' || credits_consumed
    || ',"createdAt":' || json_quote(created_at)
    || CASE WHEN status = 'ended' THEN ',"endedAt":' || json_quote(ended_at)
         || ',"endReason":' || json_quote(end_reason) ELSE '' END
    || '}'
  ) STORED,
  CHECK ((status = 'ended') = (ended_at IS NOT NULL AND end_reason IS NOT NULL))
) STRICT;

CREATE INDEX conversations_by_created ON conversations (created_at, id);
CREATE INDEX conversations_by_patient ON conversations (patient_id, created_at, id);
CREATE INDEX conversations_escalated ON conversations (escalated_at) WHERE escalated_at IS NOT NULL;

-- Chat records are kept, like every clinical record.
CREATE TRIGGER conversations_no_delete BEFORE DELETE ON conversations BEGIN
  SELECT RAISE(ABORT, 'conversations are kept');
END;

-- One message. `seq` is the order within the conversation (ids minted in the same millisecond
-- would sort by their random part). `metadata` says which assistant wrote a reply and what it
-- understood; messages never change once written.
CREATE TABLE conversation_messages (
  seq             INTEGER PRIMARY KEY,
  id              TEXT NOT NULL UNIQUE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id),
  role            TEXT NOT NULL CHECK (role IN ('assistant', 'patient')),
  content         TEXT NOT NULL,
  escalated       INTEGER NOT NULL DEFAULT 0 CHECK (escalated IN (0, 1)),
  metadata        TEXT NOT NULL DEFAULT '{}' CHECK (json_type(metadata) = 'object'),
  created_at      TEXT NOT NULL,
  api_json        TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"role":' || json_quote(role)
    || ',"content":' || json_quote(content)
    || ',"escalated":' || CASE WHEN escalated = 1 THEN 'true' ELSE 'false' END
    || CASE WHEN metadata = '{}' THEN '' ELSE ',"metadata":' || metadata END
    || ',"createdAt":' || json_quote(created_at) || '}'
  ) STORED
) STRICT;

CREATE INDEX conversation_messages_by_conversation ON conversation_messages (conversation_id, seq);

CREATE TRIGGER conversation_messages_immutable BEFORE UPDATE ON conversation_messages BEGIN
  SELECT RAISE(ABORT, 'messages never change');
END;
CREATE TRIGGER conversation_messages_no_delete BEFORE DELETE ON conversation_messages BEGIN
  SELECT RAISE(ABORT, 'messages are kept');
END;

-- An automated voice call. The simulated lifecycle fills the timestamps in turn; the transcript
-- (and so the length of the call) is written when the patient answers, and shown once the call has
-- completed: until then the API says duration 0.
CREATE TABLE calls (
  id               TEXT PRIMARY KEY,
  patient_id       TEXT NOT NULL REFERENCES patients (id),
  phone            TEXT NOT NULL,              -- the number dialled, as it was then
  purpose          TEXT NOT NULL,
  language         TEXT NOT NULL CHECK (language IN ('es', 'ca', 'en')),
  status           TEXT NOT NULL CHECK (status IN ('queued', 'ringing', 'in-progress', 'completed', 'failed')),
  duration         INTEGER NOT NULL DEFAULT 0 CHECK (duration >= 0),
  credits_consumed INTEGER NOT NULL DEFAULT 0 CHECK (credits_consumed >= 0),
  failure_reason   TEXT CHECK (failure_reason IN ('no_answer', 'busy', 'invalid_number')),
  transcript       TEXT CHECK (transcript IS NULL OR json_type(transcript) = 'array'),
  summary          TEXT,
  metadata         TEXT NOT NULL DEFAULT '{}' CHECK (json_type(metadata) = 'object'),
  ringing_at       TEXT,
  answered_at      TEXT,
  completed_at     TEXT,
  failed_at        TEXT,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  -- The list form: no transcript, no summary (interface spec).
  api_json         TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"patientId":' || json_quote(patient_id)
    || ',"status":' || json_quote(status)
    || ',"purpose":' || json_quote(purpose)
    || ',"language":' || json_quote(language)
    || ',"duration":' || CASE WHEN status = 'completed' THEN duration ELSE 0 END
    || ',"creditsConsumed":' || credits_consumed
    || CASE WHEN status = 'failed' THEN ',"failureReason":' || json_quote(failure_reason)
         || ',"failedAt":' || json_quote(failed_at) ELSE '' END
    || CASE WHEN answered_at IS NULL THEN '' ELSE ',"answeredAt":' || json_quote(answered_at) END
    || ',"createdAt":' || json_quote(created_at)
    || CASE WHEN status = 'completed' THEN ',"completedAt":' || json_quote(completed_at) ELSE '' END
    || '}'
  ) STORED,
  CHECK (status <> 'ringing' OR ringing_at IS NOT NULL),
  CHECK (status <> 'in-progress' OR (answered_at IS NOT NULL AND transcript IS NOT NULL)),
  CHECK (status <> 'completed' OR (completed_at IS NOT NULL AND transcript IS NOT NULL AND summary IS NOT NULL)),
  CHECK (status <> 'failed' OR (failed_at IS NOT NULL AND failure_reason IS NOT NULL AND duration = 0))
) STRICT;

CREATE INDEX calls_by_created ON calls (created_at, id);
CREATE INDEX calls_by_patient ON calls (patient_id, created_at, id);
CREATE INDEX calls_by_status ON calls (status, created_at, id);

CREATE TRIGGER calls_no_delete BEFORE DELETE ON calls BEGIN
  SELECT RAISE(ABORT, 'calls are kept');
END;
