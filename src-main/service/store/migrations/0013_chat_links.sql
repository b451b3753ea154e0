-- Chat links: the patient's own address of a conversation (`/c/<token>`), sent by WhatsApp or
-- e-mail like a form link, or handed to an integrator. Only the token's SHA-256 is kept, as for
-- form links: the database never holds a live link. A link opens its conversation while that is
-- active; once the conversation ends every link to it stops working. Several links may point at
-- one conversation (sent again on another channel): each keeps working while the chat does.
CREATE TABLE chat_links (
  token_hash      TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
  conversation_id TEXT NOT NULL REFERENCES conversations (id),
  -- NULL: the link was only handed back to the caller (an integrator sends it themselves).
  channel         TEXT CHECK (channel IN ('whatsapp', 'email')),
  outbox_id       TEXT REFERENCES outbox (id),
  created_at      TEXT NOT NULL,
  CHECK ((channel IS NULL) = (outbox_id IS NULL))
) STRICT;

CREATE INDEX chat_links_by_conversation ON chat_links (conversation_id, created_at);
