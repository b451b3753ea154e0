-- 0016 (PostgreSQL): the time-order guard on new patients reads the newest patient through the
-- (created_at, id) index. 0001's check asked whether any patient sorts at or after the new one.
-- After a few inserts on a connection PostgreSQL keeps one generic plan for it, which guesses that
-- a third of the table matches and so scans it from the start; none ever matches, so every new
-- patient read the whole table (5,000 new patients beside 20,000 took 50 s, 2 s with the index).
-- The newest patient, read backwards on the index, answers the same question in one probe
-- whatever the plan: the new row is refused when it does not sort after that one.
CREATE OR REPLACE FUNCTION patients_insert_in_time_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1
    FROM (SELECT created_at, id FROM patients ORDER BY created_at DESC, id DESC LIMIT 1) AS newest
    WHERE (newest.created_at, newest.id) >= (NEW.created_at, NEW.id)
  ) THEN
    RAISE EXCEPTION USING MESSAGE = 'patients must be inserted in (created_at, id) order',
      ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
