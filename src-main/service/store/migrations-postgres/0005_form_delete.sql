-- 0005 (PostgreSQL): a form nothing references may be deleted; one in use is kept, as
-- migrations/0005_form_delete.sql decides on SQLite. SQLite's WHEN reads other tables, which a
-- PostgreSQL trigger's WHEN cannot, so the test is in the trigger's function.

DROP TRIGGER clinical_forms_no_delete ON clinical_forms;

CREATE FUNCTION clinical_forms_no_delete_in_use() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM form_responses WHERE form_id = OLD.id)
    OR EXISTS (SELECT 1 FROM form_schedules WHERE form_id = OLD.id)
    OR EXISTS (SELECT 1 FROM form_answered_fields WHERE form_id = OLD.id)
  THEN
    RAISE EXCEPTION USING
      MESSAGE = 'forms with deliveries or responses are kept: archive them instead',
      ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER clinical_forms_no_delete_in_use BEFORE DELETE ON clinical_forms
FOR EACH ROW EXECUTE FUNCTION clinical_forms_no_delete_in_use();
