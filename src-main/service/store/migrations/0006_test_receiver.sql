-- 0006: the sandbox's built-in webhook test receiver (POST /sandbox-receiver/{name}). Each request
-- it got, with what it concluded: the webhook it belongs to (matched by the X-Service-Delivery
-- event id and the URL path) and whether the signature verified with that webhook's secret.
-- Bounded: the receiver keeps the newest requests only (see webhooks/test-receiver.ts), so a
-- flood cannot grow the database. AUTOINCREMENT, so a number is never reused after a clear and
-- the window can tell a new arrival from an old one.
CREATE TABLE receiver_requests (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  name           TEXT NOT NULL,
  received_at    TEXT NOT NULL,
  headers        TEXT NOT NULL CHECK (json_type(headers) = 'object'),
  body           TEXT NOT NULL,
  body_size      INTEGER NOT NULL CHECK (body_size >= 0),
  body_truncated INTEGER NOT NULL CHECK (body_truncated IN (0, 1)),
  event_id       TEXT,
  event_type     TEXT,
  -- No foreign key: the record outlives a deleted webhook (it is what was received).
  webhook_id     TEXT,
  verdict        TEXT NOT NULL CHECK (verdict IN ('verified', 'signature_mismatch',
                   'signature_missing', 'unknown_webhook')),
  answered       INTEGER NOT NULL CHECK (answered BETWEEN 100 AND 599),
  CHECK ((verdict = 'verified') <= (webhook_id IS NOT NULL))
) STRICT;
