-- 0011 (PostgreSQL): the patient list's sort keys, as migrations/0011_patient_sort_keys.sql makes
-- them on SQLite. There, existing patients get their sort_name from engage_fold, the service's own
-- JavaScript fold (store/search-text.ts) registered by migrate(). PostgreSQL cannot call it, and
-- no SQL (lower, unaccent, normalize) folds exactly as it does, so nothing here guesses: a
-- PostgreSQL database is created at the latest version before it holds any patient, the backfill
-- has nothing to update on an empty table, and from then on the service writes sort_name with
-- every insert and update. A database that somehow has patients at this point is refused rather
-- than given sort names that differ from the service's.

ALTER TABLE patients ADD COLUMN sort_name text COLLATE "C" NOT NULL DEFAULT '';

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM patients) THEN
    RAISE EXCEPTION 'migration 0011 cannot fold the sort names of existing patients on PostgreSQL: '
      'create the database empty and copy patients in once it is at the latest version';
  END IF;
END $$;

CREATE INDEX patients_by_name ON patients (sort_name, seq);

CREATE INDEX patients_by_birth_up ON patients (coalesce(date_of_birth, '9999-12-31'), seq);
CREATE INDEX patients_by_birth_down ON patients (coalesce(date_of_birth, '0000-01-01'), seq);
