import type { Sql } from '../sql-port';
import type { Channel } from '../../schemas/form-schedule';

export interface ChatLinkRow {
  token_hash: string;
  conversation_id: string;
  channel: Channel | null;
  outbox_id: string | null;
  created_at: string;
}

/** The links sent for a conversation, with the outbox message that carried each one. */
export interface SentChatLink {
  channel: Channel | null;
  outbox_id: string | null;
  to_address: string | null;
  transport: 'outbox' | 'smtp' | null;
  created_at: string;
}

export function createChatLinkQueries(db: Sql) {
  const insert = db.prepare<[ChatLinkRow]>(
    `INSERT INTO chat_links (token_hash, conversation_id, channel, outbox_id, created_at)
     VALUES (@token_hash, @conversation_id, @channel, @outbox_id, @created_at)`,
  );
  const conversationOf = db
    .prepare<[string], string>('SELECT conversation_id FROM chat_links WHERE token_hash = ?')
    .pluck();
  // Newest first; links made at the same moment in the order they were made: by rowid on SQLite.
  // PostgreSQL's table has no such column; its rows are never updated, so their place in the heap
  // (ctid) follows the order they were inserted in.
  const ofConversationSql = (insertOrder: string) =>
    `SELECT l.channel, l.outbox_id, o.to_address, o.transport, l.created_at
     FROM chat_links l LEFT JOIN outbox o ON o.id = l.outbox_id
     WHERE l.conversation_id = ? ORDER BY l.created_at DESC, ${insertOrder} DESC`;
  const ofConversation = db.prepare<[string], SentChatLink>({
    sqlite: ofConversationSql('l.rowid'),
    postgres: ofConversationSql('l.ctid'),
  });
  return {
    insert: async (row: ChatLinkRow) => {
      await insert.run(row);
    },
    /** The conversation a token's hash opens, if any. */
    conversationOf: (tokenHash: string): Promise<string | undefined> =>
      conversationOf.get(tokenHash),
    /** Newest first. */
    ofConversation: (conversationId: string): Promise<SentChatLink[]> =>
      ofConversation.all(conversationId),
  };
}
