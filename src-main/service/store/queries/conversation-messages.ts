import type { Sql } from '../sql-port';

export interface ConversationMessageRow {
  id: string;
  conversation_id: string;
  role: 'assistant' | 'patient';
  content: string;
  escalated: 0 | 1;
  metadata: string;
  created_at: string;
}

export function createConversationMessageQueries(db: Sql) {
  const insert = db.prepare<ConversationMessageRow>(
    `INSERT INTO conversation_messages (id, conversation_id, role, content, escalated, metadata, created_at)
     VALUES (@id, @conversation_id, @role, @content, @escalated, @metadata, @created_at)`,
  );
  const ofConversation = db.prepare<[string], ConversationMessageRow>(
    `SELECT id, conversation_id, role, content, escalated, metadata, created_at
     FROM conversation_messages WHERE conversation_id = ? ORDER BY seq`,
  );
  // The messages as one JSON array, rendered by the database from the stored api_json of each.
  const jsonOf = db
    .prepare<[string], string>(
      `SELECT '[' || coalesce(string_agg(api_json, ',' ORDER BY seq), '') || ']'
       FROM conversation_messages WHERE conversation_id = ?`,
    )
    .pluck();
  const jsonById = db
    .prepare<[string], string>('SELECT api_json FROM conversation_messages WHERE id = ?')
    .pluck();
  return {
    insert: (row: ConversationMessageRow) => insert.run(row),
    /** The conversation's messages in the order they were written. */
    of: (conversationId: string): Promise<ConversationMessageRow[]> =>
      ofConversation.all(conversationId),
    jsonOf: async (conversationId: string): Promise<string> =>
      (await jsonOf.get(conversationId)) ?? '[]',
    getJson: (id: string): Promise<string | undefined> => jsonById.get(id),
  };
}
