-- 0017 (PostgreSQL): TRUNCATE runs no row trigger, so every table whose rows refuse deletes (the
-- records a clinic keeps, the append-only ledger and trails) refused DELETE and took TRUNCATE: an
-- operator's TRUNCATE in psql, or a bug, emptied the ledger or the audit trail without a word.
-- Each such table now refuses TRUNCATE with a statement trigger, in the words of its delete guard.
--
-- The one sanctioned exception is the sandbox reset (store/clinic-reset.ts), which empties the
-- clinic's tables with one TRUNCATE after setting engage.clinic_reset for that statement, inside
-- its transaction. The tables a reset keeps (the audit trail, the sandbox audit) refuse even then.
CREATE FUNCTION engage_refuse_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'clinic' AND current_setting('engage.clinic_reset', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION USING MESSAGE = TG_ARGV[1], ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER patients_no_truncate BEFORE TRUNCATE ON patients
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate(
  'clinic', 'patients are kept: set status to inactive instead');
CREATE TRIGGER credit_ledger_no_truncate BEFORE TRUNCATE ON credit_ledger
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate(
  'clinic', 'credit_ledger is append-only');
CREATE TRIGGER clinical_forms_no_truncate BEFORE TRUNCATE ON clinical_forms
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate(
  'clinic', 'forms are kept: archive them instead');
CREATE TRIGGER form_schedules_no_truncate BEFORE TRUNCATE ON form_schedules
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate('clinic', 'schedules are kept');
CREATE TRIGGER form_schedule_series_no_truncate BEFORE TRUNCATE ON form_schedule_series
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate('clinic', 'series are kept');
CREATE TRIGGER form_responses_no_truncate BEFORE TRUNCATE ON form_responses
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate(
  'clinic', 'form responses are clinical records and are kept');
CREATE TRIGGER conversations_no_truncate BEFORE TRUNCATE ON conversations
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate('clinic', 'conversations are kept');
CREATE TRIGGER conversation_messages_no_truncate BEFORE TRUNCATE ON conversation_messages
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate('clinic', 'messages are kept');
CREATE TRIGGER calls_no_truncate BEFORE TRUNCATE ON calls
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate('clinic', 'calls are kept');
CREATE TRIGGER alerts_no_truncate BEFORE TRUNCATE ON alerts
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate(
  'clinic', 'alerts are kept: acknowledge or resolve them instead');
CREATE TRIGGER patient_notes_no_truncate BEFORE TRUNCATE ON patient_notes
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate(
  'clinic', 'a note is kept as written: add another to correct it');
CREATE TRIGGER sandbox_audit_no_truncate BEFORE TRUNCATE ON sandbox_audit
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate(
  'kept', 'the sandbox audit is kept as written');
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate(
  'kept', 'audit_events is append-only: only events past the retention period are purged');
-- Settings keep the audit trail's retention period (0015 refuses deleting that row).
CREATE TRIGGER settings_no_truncate BEFORE TRUNCATE ON settings
FOR EACH STATEMENT EXECUTE FUNCTION engage_refuse_truncate(
  'kept', 'audit_retention_years is kept: set another period instead');
