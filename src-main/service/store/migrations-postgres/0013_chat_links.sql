-- 0013 (PostgreSQL): chat links (only the token's hash is kept), as migrations/0013_chat_links.sql
-- makes them on SQLite. Same shape.

CREATE TABLE chat_links (
  token_hash      text COLLATE "C" PRIMARY KEY CHECK (length(token_hash) = 64),
  conversation_id text COLLATE "C" NOT NULL REFERENCES conversations (id),
  channel         text COLLATE "C" CHECK (channel IN ('whatsapp', 'email')),
  outbox_id       text COLLATE "C" REFERENCES outbox (id),
  created_at      text COLLATE "C" NOT NULL,
  CHECK ((channel IS NULL) = (outbox_id IS NULL))
);

CREATE INDEX chat_links_by_conversation ON chat_links (conversation_id, created_at);
