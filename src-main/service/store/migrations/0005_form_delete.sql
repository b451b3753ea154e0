-- 0005: a form that nothing references may be deleted (a draft made by mistake); once a delivery
-- or a response points at it, it is a clinical record and is only ever archived. The guard stays
-- in the database, so no code path can remove a form whose answers would lose their definition.

DROP TRIGGER clinical_forms_no_delete;

CREATE TRIGGER clinical_forms_no_delete_in_use BEFORE DELETE ON clinical_forms
WHEN EXISTS (SELECT 1 FROM form_responses WHERE form_id = OLD.id)
  OR EXISTS (SELECT 1 FROM form_schedules WHERE form_id = OLD.id)
  OR EXISTS (SELECT 1 FROM form_answered_fields WHERE form_id = OLD.id)
BEGIN
  SELECT RAISE(ABORT, 'forms with deliveries or responses are kept: archive them instead');
END;
