-- Notes: what the clinic's staff write about a patient (a phone call, an arrangement, a caution),
-- shown in the patient's timeline and served over the API. A note is part of the record: it is
-- never changed or deleted (a correction is a new note), like a paper chart's entries; a sandbox
-- reset is the one exception (store/clinic-reset.ts).
CREATE TABLE patient_notes (
  seq         INTEGER PRIMARY KEY,
  id          TEXT NOT NULL UNIQUE,
  patient_id  TEXT NOT NULL REFERENCES patients (id),
  text        TEXT NOT NULL CHECK (length(trim(text)) > 0),
  -- The person who wrote it, as they signed it (a name), and the credential that stored it.
  author      TEXT NOT NULL CHECK (length(trim(author)) > 0),
  created_by  TEXT NOT NULL CHECK (json_type(created_by) = 'object'),
  created_at  TEXT NOT NULL,
  api_json    TEXT NOT NULL GENERATED ALWAYS AS (
    '{"id":' || json_quote(id)
    || ',"patientId":' || json_quote(patient_id)
    || ',"text":' || json_quote(text)
    || ',"author":' || json_quote(author)
    || ',"createdBy":' || created_by
    || ',"createdAt":' || json_quote(created_at)
    || '}'
  ) STORED
) STRICT;

CREATE INDEX patient_notes_by_patient ON patient_notes (patient_id, seq);

CREATE TRIGGER patient_notes_no_update BEFORE UPDATE ON patient_notes
BEGIN
  SELECT RAISE(ABORT, 'a note is kept as written: add another to correct it');
END;

CREATE TRIGGER patient_notes_no_delete BEFORE DELETE ON patient_notes
BEGIN
  SELECT RAISE(ABORT, 'a note is kept as written: add another to correct it');
END;
