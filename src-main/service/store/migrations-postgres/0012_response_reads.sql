-- 0012 (PostgreSQL): which responses a coordinator has opened, as migrations/0012_response_reads.sql
-- makes it on SQLite. Same shape.

CREATE TABLE response_reads (
  response_id text COLLATE "C" PRIMARY KEY REFERENCES form_responses (id),
  read_at     text COLLATE "C" NOT NULL
);

CREATE INDEX form_responses_by_completed ON form_responses (completed_at, id);
