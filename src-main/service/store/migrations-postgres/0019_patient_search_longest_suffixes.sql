-- 0019 (PostgreSQL): the suffix table (0018) keeps only each patient's longest suffixes. A term
-- starts a suffix that is a prefix of a longer one only if it starts that longer one too, so the
-- shorter row never changes a count and only makes it read more: a patient named Martínez whose
-- e-mail is martinez7@… held both `nez` and `nez7`, and counting `nez` read 19,395 rows for its
-- 12,770 patients at 100,000 (3.5 ms; 2.0 with these rows, docs/benchmarks.md). In byte order a
-- suffix that is a prefix of any other is a prefix of the one right after it, so one sort finds
-- them. The table is rebuilt with the new function, which the triggers of 0018 call on both the
-- old and the new text of an update, so no row of the old rule can outlive the migration.
CREATE OR REPLACE FUNCTION patient_search_suffixes_of(search_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT suffix FROM (
    SELECT suffix, lead(suffix) OVER (ORDER BY suffix) AS next
    FROM (
      SELECT DISTINCT left(substr(run, i), 12) COLLATE "C" AS suffix
      FROM regexp_split_to_table(search_text, '[^a-z0-9]+') AS run,
           generate_series(1, length(run) - 2) AS i
    ) AS every_suffix
  ) AS ordered
  WHERE next IS NULL OR NOT starts_with(next, suffix)
$$;

-- Rebuilt without its index, which is made once over the whole table afterwards.
DROP INDEX patient_search_suffixes_by_suffix;
TRUNCATE patient_search_suffixes;
INSERT INTO patient_search_suffixes (suffix, seq, status)
SELECT suffix, p.seq, p.status FROM patients AS p, patient_search_suffixes_of(p.search_text) AS suffix;
CREATE INDEX patient_search_suffixes_by_suffix ON patient_search_suffixes (suffix, seq) INCLUDE (status);
ANALYZE patient_search_suffixes;
