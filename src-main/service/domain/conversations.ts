// Long on purpose (over 400 lines): starting a chat and sending a message follow the same two-step
// write (begin checks, prepare asks the assistant outside any transaction, commit checks again
// and stores), and both share this module's private steps (the active check, message insert,
// the close job and its settle). Split apart, those steps would have to become public.
import type {
  Assistant,
  AssistantReply,
  ChatSetup,
  ChatTurn,
  ReplyMetadata,
} from '../assistant/assistant';
import { ProblemError } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { ScheduleInput } from '../jobs/job-handler';
import type {
  Conversation,
  ConversationListQuery,
  CreateConversation,
  MessageExchange,
} from '../schemas/conversation';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { CONVERSATION_LIST, type ConversationRow } from '../store/queries/conversations';
import type { PatientRow } from '../store/queries/patients';
import type { Credits } from './credits';
import type { EventLog } from './event-log';
import type { NotificationRaiser } from './notifications';
import type { AlertRaiser } from './alerts';
import { activePatient } from './patient-checks';
import { resourceReader } from './resource-reader';
import type { Prices } from './pricing';
import { eventData } from './event-data';
import { ledgerReasonText } from './ledger-reasons';

export const CONVERSATION_CLOSE_JOB = 'conversation.close';
/** A conversation closes after this long without a message (interface spec, Limits). */
export const INACTIVITY_MS = 30 * 60_000;

/** A conversation start whose welcome message is written, ready to commit. */
export interface PreparedStart {
  id: string;
  createdAt: string;
  input: CreateConversation;
  welcome: AssistantReply;
}

/** A patient message whose reply is written, ready to commit. */
export interface PreparedMessage {
  id: string;
  content: string;
  reply: AssistantReply;
  /** The message count the reply was written for; another exchange in between makes it stale. */
  seenCount: number;
}

/** What chats and calls are built from: the store, the clock, credits and the assistant. */
export interface EngagementDeps {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  events: EventLog;
  credits: Credits;
  prices: Prices;
  listPage: ListRunner;
  assistant: Assistant;
  clinicName: () => Promise<string>;
}

/**
 * AI chat conversations (interface spec: Conversation, Message; api-decisions §§7, 8). Each write
 * is two steps: `prepare…` checks what can be checked and lets the assistant write (which may
 * take seconds with a language model, so no transaction is held open meanwhile), then `commit…`
 * checks again and stores the messages, the charge and the close deadline in one transaction.
 * A refusal (402, 400 conversation_ended) therefore leaves nothing behind.
 */
export function createConversations(
  deps: EngagementDeps & {
    rescheduleJob: (job: ScheduleInput & { dedupeKey: string }) => Promise<unknown>;
    /** The notification centre; absent while seeding (history is not news). */
    notifications?: NotificationRaiser;
    /** Alerts for escalated and "for the team" messages; absent while seeding. */
    alerts?: AlertRaiser;
  },
) {
  const { db, clock, newId, q, events, credits, prices } = deps;

  const { row, getJson, get } = resourceReader<ConversationRow, Conversation>(
    'conversation',
    q.conversations.get,
    async (id) => {
      const json = await q.conversations.getJson(id);
      // The stored summary with the messages added as the last member.
      return json && `${json.slice(0, -1)},"messages":${await q.conversationMessages.jsonOf(id)}}`;
    },
  );

  async function setup(
    conversation: { id: string; context: string; language: ConversationRow['language'] },
    patient: PatientRow,
  ): Promise<ChatSetup> {
    return {
      key: conversation.id,
      firstName: patient.first_name,
      context: conversation.context,
      language: conversation.language,
      clinicName: await deps.clinicName(),
    };
  }

  async function armClose(id: string, lastMessageAt: string): Promise<void> {
    await deps.rescheduleJob({
      kind: CONVERSATION_CLOSE_JOB,
      dueAt: new Date(Date.parse(lastMessageAt) + INACTIVITY_MS).toISOString(),
      payload: { conversationId: id },
      dedupeKey: `${CONVERSATION_CLOSE_JOB}:${id}`,
    });
  }

  /** Ends the conversation and writes conversation.ended; false when it had already ended. */
  async function end(
    conversation: ConversationRow,
    at: string,
    reason: 'inactivity' | 'closed',
  ): Promise<boolean> {
    if (!(await q.conversations.end(conversation.id, at, reason))) return false;
    await events.emit('conversation.ended', eventData.conversationEnded(conversation, at, reason));
    return true;
  }

  /**
   * Closes a conversation whose 30 minutes have passed even if its job has not run yet (the
   * server was stopped, say): the close happened at the deadline, whoever notices it first.
   */
  const closeIfIdle = (conversation: ConversationRow): Promise<boolean> =>
    db.transaction(async () => {
      if (conversation.status !== 'active') return false;
      const deadline = Date.parse(conversation.last_message_at) + INACTIVITY_MS;
      if (clock.now() < deadline) return false;
      return await end(conversation, new Date(deadline).toISOString(), 'inactivity');
    });

  function ended(conversation: ConversationRow): ProblemError {
    return new ProblemError(
      400,
      'conversation_ended',
      `This conversation ended${conversation.end_reason === 'inactivity' ? ' after 30 minutes without messages' : ''}; start a new one to keep talking.`,
      {
        conversationStatus: 'ended',
        ...(conversation.end_reason ? { endReason: conversation.end_reason } : {}),
      },
    );
  }

  /** The conversation, if it still takes messages; 400 conversation_ended otherwise. */
  async function active(id: string): Promise<ConversationRow> {
    const conversation = await row(id);
    if (conversation.status !== 'active') throw ended(conversation);
    if (await closeIfIdle(conversation)) throw ended(await row(id));
    return conversation;
  }

  async function history(id: string): Promise<ChatTurn[]> {
    return (await q.conversationMessages.of(id)).map((m) => ({
      role: m.role,
      content: m.content,
      metadata: JSON.parse(m.metadata) as ReplyMetadata,
    }));
  }

  async function insertMessage(
    conversationId: string,
    role: 'assistant' | 'patient',
    content: string,
    escalated: boolean,
    metadata: ReplyMetadata,
    atMs: number,
  ): Promise<string> {
    const id = newId('msg', atMs);
    await q.conversationMessages.insert({
      id,
      conversation_id: conversationId,
      role,
      content,
      escalated: escalated ? 1 : 0,
      metadata: JSON.stringify(metadata),
      created_at: new Date(atMs).toISOString(),
    });
    return id;
  }

  /** The checks and the assistant's brief for a start; the welcome is written from `setup`. */
  async function beginStart(input: CreateConversation) {
    const patient = await activePatient(q, input.patientId, 'starting a conversation');
    await credits.requireBalance(prices.conversationStart);
    const nowMs = clock.now();
    const id = newId('conv', nowMs);
    const language = input.language ?? 'es';
    return {
      id,
      createdAt: new Date(nowMs).toISOString(),
      input,
      setup: await setup({ id, context: input.context, language }, patient),
    };
  }

  async function prepareStart(input: CreateConversation): Promise<PreparedStart> {
    const begun = await beginStart(input);
    return { ...begun, welcome: await deps.assistant.welcome(begun.setup) };
  }

  const commitStart = (prepared: PreparedStart): Promise<Conversation> =>
    db.transaction(async () => {
      const { id, input, welcome } = prepared;
      // The patient may have changed while the welcome was being written.
      await activePatient(q, input.patientId, 'starting a conversation');
      await credits.charge({
        amount: prices.conversationStart,
        reason: ledgerReasonText({ code: 'conversationStarted' }),
        resourceType: 'conversation',
        resourceId: id,
      });
      const atMs = Math.max(clock.now(), Date.parse(prepared.createdAt));
      const at = new Date(atMs).toISOString();
      await q.conversations.insert({
        id,
        patient_id: input.patientId,
        context: input.context,
        language: input.language ?? 'es',
        status: 'active',
        message_count: 1,
        credits_consumed: prices.conversationStart,
        escalated_at: null,
        last_message_at: at,
        ended_at: null,
        end_reason: null,
        created_at: prepared.createdAt,
        updated_at: at,
      });
      await insertMessage(id, 'assistant', welcome.content, false, welcome.metadata, atMs);
      await armClose(id, at);
      return await get(id);
    });

  /** The checks and the assistant's brief for a message; the reply is written from them. */
  async function beginMessage(id: string, content: string) {
    const conversation = await active(id);
    await credits.requireBalance(prices.conversationMessage);
    const patient = (await q.patients.get(conversation.patient_id))!;
    return {
      id,
      content,
      seenCount: conversation.message_count,
      setup: await setup(conversation, patient),
      history: await history(id),
    };
  }

  async function prepareMessage(id: string, content: string): Promise<PreparedMessage> {
    const begun = await beginMessage(id, content);
    return { ...begun, reply: await deps.assistant.reply(begun.setup, begun.history, content) };
  }

  /** Stores the exchange; throws StaleExchange when another exchange got in first. */
  const commitMessage = (prepared: PreparedMessage): Promise<MessageExchange> =>
    db.transaction(async () => {
      const conversation = await active(prepared.id);
      if (conversation.message_count !== prepared.seenCount) throw new StaleExchange();
      await credits.charge({
        amount: prices.conversationMessage,
        reason: ledgerReasonText({ code: 'conversationMessage' }),
        resourceType: 'conversation',
        resourceId: prepared.id,
      });
      const { reply } = prepared;
      const atMs = clock.now();
      const at = new Date(atMs).toISOString();
      const patientMeta: ReplyMetadata = reply.metadata.redFlags
        ? { redFlags: reply.metadata.redFlags }
        : {};
      const patientId = await insertMessage(
        prepared.id,
        'patient',
        prepared.content,
        reply.escalated,
        patientMeta,
        atMs,
      );
      const assistantId = await insertMessage(
        prepared.id,
        'assistant',
        reply.content,
        reply.escalated,
        reply.metadata,
        atMs,
      );
      await q.conversations.recordExchange({
        id: prepared.id,
        messages: 2,
        credits: prices.conversationMessage,
        at,
        escalatedAt: reply.escalated ? at : null,
      });
      // The coordinator hears about a conversation once, when it first escalates; later red flags
      // in it are in the chat, which is already flagged.
      if (reply.escalated && conversation.escalated_at === null) {
        const patient = (await q.patients.get(conversation.patient_id))!;
        await deps.notifications?.raise('conversation.escalated', {
          conversationId: conversation.id,
          patient: { id: patient.id, firstName: patient.first_name, lastName: patient.last_name },
          redFlags: reply.metadata.redFlags ?? [],
          escalatedAt: at,
        });
      }
      const level = reply.metadata.triage?.level;
      if (reply.escalated || reply.metadata.forTeam) {
        await deps.alerts?.raise({
          patientId: conversation.patient_id,
          source: { type: 'conversation', id: conversation.id },
          priority: reply.escalated ? 'urgent' : 'review',
          code: reply.escalated
            ? level === 'emergency'
              ? 'chat_emergency'
              : 'chat_urgent'
            : 'chat_for_team',
          signs: reply.metadata.redFlags ?? reply.metadata.triage?.signs ?? [],
          detail: { conversationId: conversation.id, messageId: patientId },
        });
      }
      await armClose(prepared.id, at);
      return {
        patientMessage: JSON.parse(
          (await q.conversationMessages.getJson(patientId))!,
        ) as MessageExchange['patientMessage'],
        assistantMessage: JSON.parse(
          (await q.conversationMessages.getJson(assistantId))!,
        ) as MessageExchange['assistantMessage'],
        creditsConsumed: 1,
      };
    });

  const closeNow = (id: string): Promise<Conversation> =>
    db.transaction(async () => {
      const conversation = await row(id);
      if (conversation.status !== 'active') throw ended(conversation);
      await end(conversation, clock.nowIso(), 'closed');
      return await get(id);
    });

  /**
   * Closes the conversation now if its 30 minutes have passed and the job has not run yet, so a
   * read never shows as active what is by now ended. Every public read and the end settle first,
   * outside their own transaction, so the close commits even when the end is then refused.
   */
  async function settle(id: string): Promise<void> {
    await closeIfIdle(await row(id));
  }

  return {
    beginStart,
    prepareStart,
    commitStart,
    beginMessage,
    prepareMessage,
    commitMessage,
    /** Starts a conversation in one call (the seed, tests, IPC). */
    async start(input: CreateConversation): Promise<Conversation> {
      return await commitStart(await prepareStart(input));
    },
    /** Sends a message in one call (the seed, tests, IPC). */
    send(id: string, content: string): Promise<MessageExchange> {
      return retryStale(() => prepareMessage(id, content), commitMessage);
    },
    /**
     * For a caller that runs the end inside its own transaction (the HTTP route stores the
     * idempotent answer with it): settle first, outside, so an idle close commits even when the
     * end is then refused.
     */
    settle,
    /** Ends it now (POST /conversations/{id}/end); one already ended, by inactivity too, is 400. */
    async close(id: string): Promise<Conversation> {
      await settle(id);
      return await closeNow(id);
    },
    /** The inactivity job: closes the conversation if its deadline has really passed. */
    async onCloseDue(conversationId: string): Promise<void> {
      const conversation = await q.conversations.get(conversationId);
      if (!conversation || conversation.status !== 'active') return;
      if (!(await closeIfIdle(conversation)))
        await armClose(conversation.id, conversation.last_message_at);
    },
    async get(id: string): Promise<Conversation> {
      await settle(id);
      return await get(id);
    },
    async getJson(id: string): Promise<string> {
      await settle(id);
      return await getJson(id);
    },
    row,
    async list(query: ConversationListQuery): Promise<ListPage> {
      const where = equalTo({ patient_id: query.patientId, status: query.status });
      if (query.escalated !== undefined)
        where.push({ sql: `escalated_at IS ${query.escalated ? 'NOT ' : ''}NULL`, params: [] });
      return await deps.listPage(CONVERSATION_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { patientId: query.patientId, status: query.status, escalated: query.escalated },
        where,
      });
    },
  };
}

export type Conversations = ReturnType<typeof createConversations>;

/** Another message was stored while this one's reply was being written. */
export class StaleExchange extends Error {
  constructor() {
    super('The conversation moved on while the reply was written.');
    this.name = 'StaleExchange';
  }
}

/**
 * Prepares and commits, preparing again (up to three times) when another exchange got in first,
 * so a reply is always written for the conversation as it stands.
 */
export async function retryStale<P, T>(
  prepare: () => Promise<P>,
  commit: (prepared: P) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await commit(await prepare());
    } catch (error) {
      if (!(error instanceof StaleExchange)) throw error;
      if (attempt === 3) {
        throw new ProblemError(
          409,
          'conversation_busy',
          'Other messages keep arriving in this conversation; send this one again.',
        );
      }
    }
  }
}
