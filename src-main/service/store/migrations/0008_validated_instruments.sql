-- Validated instruments (PHQ-9, GAD-7): a form made from a published edition records it. Its
-- items, options and instruction are the edition's word for word; the service keeps them so
-- (instruments/validated-instruments.ts), and the database keeps a form from ever losing or
-- changing the record, or its instruction (the edition's wording the patient reads).
ALTER TABLE clinical_forms ADD COLUMN instrument TEXT
  CHECK (instrument IS NULL OR (json_valid(instrument) AND json_type(instrument) = 'object'));

CREATE TRIGGER clinical_forms_instrument_kept BEFORE UPDATE ON clinical_forms
WHEN OLD.instrument IS NOT NULL
  AND (NEW.instrument IS NOT OLD.instrument OR NEW.description <> OLD.description
    OR NEW.type <> OLD.type)
BEGIN
  SELECT RAISE(ABORT, 'a validated instrument keeps its edition, instruction and type');
END;
