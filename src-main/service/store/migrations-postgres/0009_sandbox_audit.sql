-- 0009 (PostgreSQL): the sandbox audit, and `sandbox:write` for keys made with every permission, as
-- migrations/0009_sandbox_audit.sql does on SQLite. The key update has to produce the text SQLite's
-- json_insert does: the array minified, the new name last. jsonb would print ", " between
-- elements, so the array is put back together from its elements, which json_array_elements hands
-- out as written, without the whitespace around them (permission names are plain strings).

CREATE TABLE sandbox_audit (
  id        text COLLATE "C" PRIMARY KEY,
  at        text COLLATE "C" NOT NULL,
  action    text COLLATE "C" NOT NULL CHECK (action IN ('enabled', 'disabled', 'reset_demo', 'reset_empty')),
  source    text COLLATE "C" NOT NULL CHECK (source IN ('window', 'cli', 'api')),
  patients  bigint NOT NULL CHECK (patients >= 0)
);

CREATE INDEX sandbox_audit_by_at ON sandbox_audit (at, id);

CREATE TRIGGER sandbox_audit_no_update BEFORE UPDATE ON sandbox_audit
FOR EACH ROW EXECUTE FUNCTION engage_refuse('the sandbox audit is kept as written');

CREATE TRIGGER sandbox_audit_no_delete BEFORE DELETE ON sandbox_audit
FOR EACH ROW EXECUTE FUNCTION engage_refuse('the sandbox audit is kept as written');

UPDATE api_keys SET permissions = (
  SELECT '[' || string_agg(element::text, ',' ORDER BY position) || ',"sandbox:write"]'
  FROM json_array_elements(api_keys.permissions::json) WITH ORDINALITY AS e (element, position)
)
WHERE (
  SELECT count(DISTINCT value) FROM json_array_elements_text(api_keys.permissions::json) AS p (value)
  WHERE value IN ('patients:read', 'patients:write', 'forms:read', 'schedules:write',
    'conversations:write', 'calls:write', 'credits:read', 'webhooks:write')
) = 8;
