-- 0008 (PostgreSQL): a form made from a validated instrument keeps its record, as
-- migrations/0008_validated_instruments.sql makes it on SQLite. SQLite's `IS NOT` (NULL-safe
-- inequality) is PostgreSQL's IS DISTINCT FROM.

ALTER TABLE clinical_forms ADD COLUMN instrument text COLLATE "C"
  CHECK (instrument IS NULL OR (engage_json_valid(instrument) AND json_typeof(instrument::json) = 'object'));

CREATE TRIGGER clinical_forms_instrument_kept BEFORE UPDATE ON clinical_forms
FOR EACH ROW WHEN (OLD.instrument IS NOT NULL
  AND (NEW.instrument IS DISTINCT FROM OLD.instrument OR NEW.description <> OLD.description
    OR NEW.type <> OLD.type))
EXECUTE FUNCTION engage_refuse('a validated instrument keeps its edition, instruction and type');
