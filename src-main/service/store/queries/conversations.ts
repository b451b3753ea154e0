import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';
import type { Language } from '../../schemas/form-schedule';

export interface ConversationRow {
  id: string;
  patient_id: string;
  context: string;
  language: Language;
  status: 'active' | 'ended';
  message_count: number;
  credits_consumed: number;
  escalated_at: string | null;
  last_message_at: string;
  ended_at: string | null;
  end_reason: 'inactivity' | 'closed' | null;
  created_at: string;
  updated_at: string;
}

export const CONVERSATION_LIST: ListDefinition = {
  name: 'conversations',
  from: 'conversations',
  json: 'api_json',
  keys: ['created_at', 'id'],
};

const COLUMNS = `id, patient_id, context, language, status, message_count, credits_consumed, escalated_at,
  last_message_at, ended_at, end_reason, created_at, updated_at`;

export function createConversationQueries(db: Sql) {
  const insert = db.prepare<ConversationRow>(
    `INSERT INTO conversations (${COLUMNS}) VALUES (@id, @patient_id, @context, @language, @status,
       @message_count, @credits_consumed, @escalated_at, @last_message_at, @ended_at, @end_reason,
       @created_at, @updated_at)`,
  );
  // A message exchange: counted, paid and timed in one statement, only while the chat is active.
  const recordExchange = db.prepare<{
    id: string;
    messages: number;
    credits: number;
    at: string;
    escalated_at: string | null;
  }>(
    `UPDATE conversations SET message_count = message_count + @messages,
       credits_consumed = credits_consumed + @credits, last_message_at = @at, updated_at = @at,
       escalated_at = coalesce(escalated_at, @escalated_at)
     WHERE id = @id AND status = 'active'`,
  );
  const end = db.prepare<{ id: string; at: string; reason: 'inactivity' | 'closed' }>(
    `UPDATE conversations SET status = 'ended', ended_at = @at, end_reason = @reason, updated_at = @at
     WHERE id = @id AND status = 'active'`,
  );
  const byId = db.prepare<[string], ConversationRow>(
    `SELECT ${COLUMNS} FROM conversations WHERE id = ?`,
  );
  const jsonById = db
    .prepare<[string], string>('SELECT api_json FROM conversations WHERE id = ?')
    .pluck();
  const latestEnded = db.prepare<[], ConversationRow>(
    `SELECT ${COLUMNS} FROM conversations WHERE status = 'ended' ORDER BY ended_at DESC, id DESC LIMIT 1`,
  );
  return {
    /** The conversation that ended last (the sandbox's sample conversation.ended). */
    latestEnded: (): Promise<ConversationRow | undefined> => latestEnded.get(),
    insert: (row: ConversationRow) => insert.run(row),
    /** Adds an exchange to an active conversation; false when it is no longer active. */
    recordExchange: async (input: {
      id: string;
      messages: number;
      credits: number;
      at: string;
      escalatedAt: string | null;
    }): Promise<boolean> =>
      (
        await recordExchange.run({
          id: input.id,
          messages: input.messages,
          credits: input.credits,
          at: input.at,
          escalated_at: input.escalatedAt,
        })
      ).changes === 1,
    /** Ends an active conversation; false when it had already ended. */
    end: async (id: string, at: string, reason: 'inactivity' | 'closed'): Promise<boolean> =>
      (await end.run({ id, at, reason })).changes === 1,
    get: (id: string): Promise<ConversationRow | undefined> => byId.get(id),
    getJson: (id: string): Promise<string | undefined> => jsonById.get(id),
  };
}
