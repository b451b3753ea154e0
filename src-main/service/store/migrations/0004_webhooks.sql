-- 0004: webhooks, their deliveries (one per webhook and event) with every attempt, and the app's
-- in-app notifications. As before, tables render their API shape in a STORED generated column.

-- A registered receiver. The secret is kept as is: it is the HMAC key of every delivery, so it has
-- to be readable (it is never returned after creation). The deactivation rule counts only the
-- attempts after `stats_after_seq` (the last attempt recorded when the webhook was last
-- activated; timestamps cannot order attempts made in the same millisecond), and `stats_since`
-- says when that was.
CREATE TABLE webhooks (
  id              TEXT PRIMARY KEY,
  url             TEXT NOT NULL,
  events          TEXT NOT NULL CHECK (json_type(events) = 'array'),
  secret          TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
  disabled_at     TEXT,
  disabled_reason TEXT,
  stats_since     TEXT NOT NULL,
  stats_after_seq INTEGER NOT NULL DEFAULT 0,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  api_json        TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"url":' || json_quote(url)
    || ',"events":' || events
    || ',"status":' || json_quote(status)
    || CASE WHEN status = 'disabled' THEN ',"disabledAt":' || json_quote(disabled_at)
         || ',"disabledReason":' || json_quote(disabled_reason) ELSE '' END
    || ',"createdAt":' || json_quote(created_at)
    || ',"updatedAt":' || json_quote(updated_at) || '}'
  ) STORED,
  CHECK ((status = 'disabled') = (disabled_at IS NOT NULL AND disabled_reason IS NOT NULL))
) STRICT;

CREATE INDEX webhooks_by_created ON webhooks (created_at, id);

-- One event for one webhook. Made in the transaction that writes the event (UNIQUE: never twice),
-- then worked through by the webhook's flush job: `next_attempt_at` is when the next automatic
-- attempt is due (NULL once the delivery is settled). `attempt_count` counts automatic attempts
-- (1 + up to 3 retries); manual ones are recorded as attempts but do not move the schedule.
CREATE TABLE webhook_deliveries (
  seq             INTEGER PRIMARY KEY,
  webhook_id      TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id        TEXT NOT NULL REFERENCES events (id),
  event_type      TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempt_count   INTEGER NOT NULL DEFAULT 0 CHECK (attempt_count BETWEEN 0 AND 4),
  next_attempt_at TEXT,
  last_attempt_at TEXT,
  delivered_at    TEXT,
  failed_at       TEXT,
  failure_reason  TEXT CHECK (failure_reason IN ('retries_exhausted', 'webhook_disabled')),
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (webhook_id, event_id),
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
  CHECK ((status = 'failed') = (failed_at IS NOT NULL AND failure_reason IS NOT NULL)),
  CHECK ((status = 'delivered') = (delivered_at IS NOT NULL))
) STRICT;

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (webhook_id, next_attempt_at, seq)
  WHERE status = 'pending';
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, seq);
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id);

-- One HTTP attempt. `request_headers` are the headers sent (signature included: it proves nothing
-- without the secret); `response_body` keeps the first 4 KiB of what the receiver answered.
CREATE TABLE webhook_attempts (
  seq             INTEGER PRIMARY KEY,
  id              TEXT NOT NULL UNIQUE,
  webhook_id      TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id        TEXT NOT NULL,
  trigger         TEXT NOT NULL CHECK (trigger IN ('automatic', 'manual')),
  succeeded       INTEGER NOT NULL CHECK (succeeded IN (0, 1)),
  url             TEXT NOT NULL,
  status_code     INTEGER,
  error           TEXT CHECK (error IN ('timeout', 'connection_error', 'redirect', 'http_error',
                    'blocked_address', 'url_not_allowed')),
  error_detail    TEXT,
  request_headers TEXT NOT NULL CHECK (json_type(request_headers) = 'object'),
  response_body   TEXT,
  duration_ms     INTEGER NOT NULL CHECK (duration_ms >= 0),
  attempted_at    TEXT NOT NULL,
  api_json        TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"trigger":' || json_quote(trigger)
    || ',"succeeded":' || CASE WHEN succeeded = 1 THEN 'true' ELSE 'false' END
    || ',"attemptedAt":' || json_quote(attempted_at)
    || ',"durationMs":' || duration_ms
    || ',"url":' || json_quote(url)
    || CASE WHEN status_code IS NULL THEN '' ELSE ',"statusCode":' || status_code END
    || CASE WHEN error IS NULL THEN '' ELSE ',"error":' || json_quote(error) END
    || CASE WHEN error_detail IS NULL THEN '' ELSE ',"errorDetail":' || json_quote(error_detail) END
    || ',"requestHeaders":' || request_headers
    || CASE WHEN response_body IS NULL THEN '' ELSE ',"responseBody":' || json_quote(response_body) END
    || '}'
  ) STORED,
  FOREIGN KEY (webhook_id, event_id) REFERENCES webhook_deliveries (webhook_id, event_id) ON DELETE CASCADE,
  CHECK ((succeeded = 1) = (error IS NULL))
) STRICT;

CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (webhook_id, event_id, seq);
CREATE INDEX webhook_attempts_by_time ON webhook_attempts (webhook_id, attempted_at);

-- What the app tells the coordinator (a webhook switched off, ...). `data` holds the ids the
-- notification is about; the app renders the text in the coordinator's language.
CREATE TABLE notifications (
  seq        INTEGER PRIMARY KEY,
  id         TEXT NOT NULL UNIQUE,
  kind       TEXT NOT NULL,
  data       TEXT NOT NULL CHECK (json_type(data) = 'object'),
  created_at TEXT NOT NULL,
  read_at    TEXT,
  api_json   TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"kind":' || json_quote(kind)
    || ',"data":' || data
    || ',"createdAt":' || json_quote(created_at)
    || CASE WHEN read_at IS NULL THEN '' ELSE ',"readAt":' || json_quote(read_at) END
    || '}'
  ) STORED
) STRICT;

CREATE INDEX notifications_unread ON notifications (seq) WHERE read_at IS NULL;
