-- Sandbox mode lets a key with `sandbox:write` read the outbox, move the clock and replace the
-- clinic, so every switch of it, and every reset, is recorded: when, from where, and how many
-- patients the clinic had at that moment. Kept across resets (store/clinic-reset.ts) and never
-- changed or deleted.
CREATE TABLE sandbox_audit (
  id        TEXT PRIMARY KEY,
  at        TEXT NOT NULL,
  action    TEXT NOT NULL CHECK (action IN ('enabled', 'disabled', 'reset_demo', 'reset_empty')),
  source    TEXT NOT NULL CHECK (source IN ('window', 'cli', 'api')),
  patients  INTEGER NOT NULL CHECK (patients >= 0)
) STRICT;

CREATE INDEX sandbox_audit_by_at ON sandbox_audit (at, id);

CREATE TRIGGER sandbox_audit_no_update BEFORE UPDATE ON sandbox_audit
BEGIN
  SELECT RAISE(ABORT, 'the sandbox audit is kept as written');
END;

CREATE TRIGGER sandbox_audit_no_delete BEFORE DELETE ON sandbox_audit
BEGIN
  SELECT RAISE(ABORT, 'the sandbox audit is kept as written');
END;

-- The sandbox routes now need `sandbox:write`. Keys that held every permission the interface spec
-- names were made as "all" (the developer's key of `engage-desk serve`): they keep the sandbox.
UPDATE api_keys SET permissions = json_insert(permissions, '$[#]', 'sandbox:write')
WHERE (
  SELECT count(DISTINCT value) FROM json_each(api_keys.permissions)
  WHERE value IN ('patients:read', 'patients:write', 'forms:read', 'schedules:write',
    'conversations:write', 'calls:write', 'credits:read', 'webhooks:write')
) = 8;
