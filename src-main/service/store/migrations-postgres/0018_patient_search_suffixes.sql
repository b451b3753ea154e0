-- 0018 (PostgreSQL): a patient search's exact total without the heap. The trigram index finds the
-- matches of a fragment, but pg_trgm's LIKE is lossy, so counting them rechecks every match on the
-- patients table (`ria` at 100,000 patients: 4,706 rows on 3,731 heap pages, about 20 ms). A term
-- made only of ASCII letters and digits can only match inside one run of letters and digits of the
-- folded text, so it matches exactly the patients one of whose runs has a suffix starting with it:
-- this table holds those suffixes (three characters or more, cut to twelve: longer terms are
-- counted the old way), one row per patient and suffix, with the patient's status so that the
-- status filter is answered from the index too. The count is an index-only scan of a key range
-- (docs/benchmarks.md). Kept in step with search_text and status by the triggers below; SQLite
-- counts from its FTS5 table and has no twin of it.
CREATE TABLE patient_search_suffixes (
  suffix text COLLATE "C" NOT NULL,
  seq bigint NOT NULL,
  status text COLLATE "C" NOT NULL
);
CREATE INDEX patient_search_suffixes_by_suffix ON patient_search_suffixes (suffix, seq) INCLUDE (status);

-- The suffixes of one folded search text (the runs split on anything but a-z and 0-9).
CREATE FUNCTION patient_search_suffixes_of(search_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(substr(run, i), 12)
  FROM regexp_split_to_table(search_text, '[^a-z0-9]+') AS run,
       generate_series(1, length(run) - 2) AS i
$$;

CREATE FUNCTION patients_search_suffixes_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_search_suffixes (suffix, seq, status)
  SELECT suffix, NEW.seq, NEW.status FROM patient_search_suffixes_of(NEW.search_text) AS suffix;
  RETURN NULL;
END $$;

-- An update that changes neither the text nor the status leaves the rows alone; otherwise the old
-- rows go (found through the index by their own suffixes) and the new ones come.
CREATE FUNCTION patients_search_suffixes_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_search_suffixes
  WHERE seq = OLD.seq AND suffix IN (SELECT patient_search_suffixes_of(OLD.search_text));
  INSERT INTO patient_search_suffixes (suffix, seq, status)
  SELECT suffix, NEW.seq, NEW.status FROM patient_search_suffixes_of(NEW.search_text) AS suffix;
  RETURN NULL;
END $$;

CREATE TRIGGER patients_search_suffixes_insert AFTER INSERT ON patients
FOR EACH ROW EXECUTE FUNCTION patients_search_suffixes_insert();
CREATE TRIGGER patients_search_suffixes_update AFTER UPDATE OF search_text, status ON patients
FOR EACH ROW
WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION patients_search_suffixes_update();

INSERT INTO patient_search_suffixes (suffix, seq, status)
SELECT suffix, p.seq, p.status FROM patients AS p, patient_search_suffixes_of(p.search_text) AS suffix;
