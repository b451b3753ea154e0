-- The responses inbox: which responses a coordinator has opened. A response itself never changes
-- (a clinical record, see 0002), so being read lives beside it: one row per response read, removed
-- again when it is marked unread. The desk is one inbox (coordinator accounts come later).
CREATE TABLE response_reads (
  response_id TEXT PRIMARY KEY REFERENCES form_responses (id),
  read_at     TEXT NOT NULL
) STRICT;

-- Every form's responses newest first (the inbox), on the key the per-form lists already use.
CREATE INDEX form_responses_by_completed ON form_responses (completed_at, id);
