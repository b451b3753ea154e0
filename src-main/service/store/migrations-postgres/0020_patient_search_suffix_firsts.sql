-- 0020 (PostgreSQL): a search's count without DISTINCT. A term can start several suffixes of one
-- patient (`mar` in maria and martinez), so the count of 0018 was count(DISTINCT seq), which
-- sorts the rows it reads: 1.5 of the 2.0 ms of counting `nez` at 100,000 patients. In byte
-- order a patient's suffixes that start with a term lie next to each other, and only the first
-- of them shares fewer than the term's length of characters with the suffix before it. So each
-- row keeps how many characters it shares with its patient's previous suffix, and a term of L
-- characters counts the rows of its key range sharing fewer than L: one per patient, read from
-- the index alone (docs/benchmarks.md). Below three the number is kept as 0, since no term is
-- shorter. The table is rebuilt, as in 0019, and the triggers of 0018 insert the new column.
CREATE FUNCTION patient_search_suffix_rows(search_text text)
RETURNS TABLE (suffix text, shared_prefix smallint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- One test per length rather than a subquery over them: the triggers plan this body with the
  -- text unknown, and a subquery per row made its estimate large enough for PostgreSQL to
  -- compile it (JIT, 100 ms a patient).
  SELECT suffix, CASE
      WHEN previous IS NULL OR NOT starts_with(previous, left(suffix, 3)) THEN 0
      WHEN NOT starts_with(previous, left(suffix, 4)) THEN 3
      WHEN NOT starts_with(previous, left(suffix, 5)) THEN 4
      WHEN NOT starts_with(previous, left(suffix, 6)) THEN 5
      WHEN NOT starts_with(previous, left(suffix, 7)) THEN 6
      WHEN NOT starts_with(previous, left(suffix, 8)) THEN 7
      WHEN NOT starts_with(previous, left(suffix, 9)) THEN 8
      WHEN NOT starts_with(previous, left(suffix, 10)) THEN 9
      WHEN NOT starts_with(previous, left(suffix, 11)) THEN 10
      WHEN NOT starts_with(previous, left(suffix, 12)) THEN 11
      ELSE 12
    END::smallint
  FROM (
    SELECT suffix, lag(suffix) OVER (ORDER BY suffix COLLATE "C") AS previous
    FROM patient_search_suffixes_of(search_text) AS suffix
  ) AS ordered
$$;

CREATE OR REPLACE FUNCTION patients_search_suffixes_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_search_suffixes (suffix, seq, status, shared_prefix)
  SELECT r.suffix, NEW.seq, NEW.status, r.shared_prefix
  FROM patient_search_suffix_rows(NEW.search_text) AS r;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION patients_search_suffixes_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_search_suffixes
  WHERE seq = OLD.seq AND suffix IN (SELECT patient_search_suffixes_of(OLD.search_text));
  INSERT INTO patient_search_suffixes (suffix, seq, status, shared_prefix)
  SELECT r.suffix, NEW.seq, NEW.status, r.shared_prefix
  FROM patient_search_suffix_rows(NEW.search_text) AS r;
  RETURN NULL;
END $$;

-- Rebuilt without its index, which is made once over the whole table afterwards; the column is
-- added to the emptied table, so it needs no default (and no CHECK: only the function above
-- writes it).
DROP INDEX patient_search_suffixes_by_suffix;
TRUNCATE patient_search_suffixes;
ALTER TABLE patient_search_suffixes ADD COLUMN shared_prefix smallint NOT NULL;
INSERT INTO patient_search_suffixes (suffix, seq, status, shared_prefix)
SELECT r.suffix, p.seq, p.status, r.shared_prefix
FROM patients AS p, patient_search_suffix_rows(p.search_text) AS r;
CREATE INDEX patient_search_suffixes_by_suffix ON patient_search_suffixes (suffix, seq)
  INCLUDE (status, shared_prefix);
ANALYZE patient_search_suffixes;
