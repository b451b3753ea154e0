-- The patient list sorts by name as a coordinator reads a register: last name, then first name,
-- without case or accents, so Álvarez sits among the A's and not after Zapata. SQLite cannot fold
-- accents by itself: the service writes `sort_name` with every insert and update, folded by the
-- same function as the search text (store/search-text.ts), which migrate() registers as
-- `engage_fold` for this backfill only (no index, trigger or generated column depends on it, so
-- the file stays readable by any SQLite).
ALTER TABLE patients ADD COLUMN sort_name TEXT NOT NULL DEFAULT '';
UPDATE patients SET sort_name = engage_fold(last_name || ' ' || first_name);
CREATE INDEX patients_by_name ON patients (sort_name, seq);

-- Sorting by age: oldest first reads dates of birth upwards, youngest first downwards, and a
-- patient whose date of birth is unknown comes last either way; one index per direction.
CREATE INDEX patients_by_birth_up ON patients (coalesce(date_of_birth, '9999-12-31'), seq);
CREATE INDEX patients_by_birth_down ON patients (coalesce(date_of_birth, '0000-01-01'), seq);
