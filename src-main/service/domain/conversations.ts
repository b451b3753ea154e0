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
import type { ScheduleInput } from '../jobs/job-runner';
import type {
  Conversation,
  ConversationListQuery,
  CreateConversation,
  MessageExchange,
} from '../schemas/conversation';
import type { Db } from '../store/db';
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
  db: Db;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  events: EventLog;
  credits: Credits;
  prices: Prices;
  listPage: ListRunner;
  assistant: Assistant;
  clinicName: () => string;
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
    rescheduleJob: (job: ScheduleInput & { dedupeKey: string }) => void;
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
    (id) => {
      const json = q.conversations.getJson(id);
      // The stored summary with the messages added as the last member.
      return json && `${json.slice(0, -1)},"messages":${q.conversationMessages.jsonOf(id)}}`;
    },
  );

  function setup(
    conversation: { id: string; context: string; language: ConversationRow['language'] },
    patient: PatientRow,
  ): ChatSetup {
    return {
      key: conversation.id,
      firstName: patient.first_name,
      context: conversation.context,
      language: conversation.language,
      clinicName: deps.clinicName(),
    };
  }

  function armClose(id: string, lastMessageAt: string): void {
    deps.rescheduleJob({
      kind: CONVERSATION_CLOSE_JOB,
      dueAt: new Date(Date.parse(lastMessageAt) + INACTIVITY_MS).toISOString(),
      payload: { conversationId: id },
      dedupeKey: `${CONVERSATION_CLOSE_JOB}:${id}`,
    });
  }

  /** Ends the conversation and writes conversation.ended; false when it had already ended. */
  function end(
    conversation: ConversationRow,
    at: string,
    reason: 'inactivity' | 'closed',
  ): boolean {
    if (!q.conversations.end(conversation.id, at, reason)) return false;
    events.emit('conversation.ended', eventData.conversationEnded(conversation, at, reason));
    return true;
  }

  /**
   * Closes a conversation whose 30 minutes have passed even if its job has not run yet (the
   * server was stopped, say): the close happened at the deadline, whoever notices it first.
   */
  const closeIfIdle = db.transaction((conversation: ConversationRow): boolean => {
    if (conversation.status !== 'active') return false;
    const deadline = Date.parse(conversation.last_message_at) + INACTIVITY_MS;
    if (clock.now() < deadline) return false;
    return end(conversation, new Date(deadline).toISOString(), 'inactivity');
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
  function active(id: string): ConversationRow {
    const conversation = row(id);
    if (conversation.status !== 'active') throw ended(conversation);
    if (closeIfIdle(conversation)) throw ended(row(id));
    return conversation;
  }

  function history(id: string): ChatTurn[] {
    return q.conversationMessages.of(id).map((m) => ({
      role: m.role,
      content: m.content,
      metadata: JSON.parse(m.metadata) as ReplyMetadata,
    }));
  }

  function insertMessage(
    conversationId: string,
    role: 'assistant' | 'patient',
    content: string,
    escalated: boolean,
    metadata: ReplyMetadata,
    atMs: number,
  ): string {
    const id = newId('msg', atMs);
    q.conversationMessages.insert({
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
  function beginStart(input: CreateConversation) {
    const patient = activePatient(q, input.patientId, 'starting a conversation');
    credits.requireBalance(prices.conversationStart);
    const nowMs = clock.now();
    const id = newId('conv', nowMs);
    const language = input.language ?? 'es';
    return {
      id,
      createdAt: new Date(nowMs).toISOString(),
      input,
      setup: setup({ id, context: input.context, language }, patient),
    };
  }

  async function prepareStart(input: CreateConversation): Promise<PreparedStart> {
    const begun = beginStart(input);
    return { ...begun, welcome: await deps.assistant.welcome(begun.setup) };
  }

  const commitStart = db.transaction((prepared: PreparedStart): Conversation => {
    const { id, input, welcome } = prepared;
    // The patient may have changed while the welcome was being written.
    activePatient(q, input.patientId, 'starting a conversation');
    credits.charge({
      amount: prices.conversationStart,
      reason: ledgerReasonText({ code: 'conversationStarted' }),
      resourceType: 'conversation',
      resourceId: id,
    });
    const atMs = Math.max(clock.now(), Date.parse(prepared.createdAt));
    const at = new Date(atMs).toISOString();
    q.conversations.insert({
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
    insertMessage(id, 'assistant', welcome.content, false, welcome.metadata, atMs);
    armClose(id, at);
    return get(id);
  });

  /** The checks and the assistant's brief for a message; the reply is written from them. */
  function beginMessage(id: string, content: string) {
    const conversation = active(id);
    credits.requireBalance(prices.conversationMessage);
    const patient = q.patients.get(conversation.patient_id)!;
    return {
      id,
      content,
      seenCount: conversation.message_count,
      setup: setup(conversation, patient),
      history: history(id),
    };
  }

  async function prepareMessage(id: string, content: string): Promise<PreparedMessage> {
    const begun = beginMessage(id, content);
    return { ...begun, reply: await deps.assistant.reply(begun.setup, begun.history, content) };
  }

  /** Stores the exchange; throws StaleExchange when another exchange got in first. */
  const commitMessage = db.transaction((prepared: PreparedMessage): MessageExchange => {
    const conversation = active(prepared.id);
    if (conversation.message_count !== prepared.seenCount) throw new StaleExchange();
    credits.charge({
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
    const patientId = insertMessage(
      prepared.id,
      'patient',
      prepared.content,
      reply.escalated,
      patientMeta,
      atMs,
    );
    const assistantId = insertMessage(
      prepared.id,
      'assistant',
      reply.content,
      reply.escalated,
      reply.metadata,
      atMs,
    );
    q.conversations.recordExchange({
      id: prepared.id,
      messages: 2,
      credits: prices.conversationMessage,
      at,
      escalatedAt: reply.escalated ? at : null,
    });
    // The coordinator hears about a conversation once, when it first escalates; later red flags
    // in it are in the chat, which is already flagged.
    if (reply.escalated && conversation.escalated_at === null) {
      const patient = q.patients.get(conversation.patient_id)!;
      deps.notifications?.raise('conversation.escalated', {
        conversationId: conversation.id,
        patient: { id: patient.id, firstName: patient.first_name, lastName: patient.last_name },
        redFlags: reply.metadata.redFlags ?? [],
        escalatedAt: at,
      });
    }
    const level = reply.metadata.triage?.level;
    if (reply.escalated || reply.metadata.forTeam) {
      deps.alerts?.raise({
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
    armClose(prepared.id, at);
    return {
      patientMessage: JSON.parse(
        q.conversationMessages.getJson(patientId)!,
      ) as MessageExchange['patientMessage'],
      assistantMessage: JSON.parse(
        q.conversationMessages.getJson(assistantId)!,
      ) as MessageExchange['assistantMessage'],
      creditsConsumed: 1,
    };
  });

  const closeNow = db.transaction((id: string): Conversation => {
    const conversation = row(id);
    if (conversation.status !== 'active') throw ended(conversation);
    end(conversation, clock.nowIso(), 'closed');
    return get(id);
  });

  /**
   * Closes the conversation now if its 30 minutes have passed and the job has not run yet, so a
   * read never shows as active what is by now ended. Every public read and the end settle first,
   * outside their own transaction, so the close commits even when the end is then refused.
   */
  function settle(id: string): void {
    closeIfIdle(row(id));
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
      return commitStart(await prepareStart(input));
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
    close(id: string): Conversation {
      settle(id);
      return closeNow(id);
    },
    /** The inactivity job: closes the conversation if its deadline has really passed. */
    onCloseDue(conversationId: string): void {
      const conversation = q.conversations.get(conversationId);
      if (!conversation || conversation.status !== 'active') return;
      if (!closeIfIdle(conversation)) armClose(conversation.id, conversation.last_message_at);
    },
    get(id: string): Conversation {
      settle(id);
      return get(id);
    },
    getJson(id: string): string {
      settle(id);
      return getJson(id);
    },
    row,
    list(query: ConversationListQuery): ListPage {
      const where = equalTo({ patient_id: query.patientId, status: query.status });
      if (query.escalated !== undefined)
        where.push({ sql: `escalated_at IS ${query.escalated ? 'NOT ' : ''}NULL`, params: [] });
      return deps.listPage(CONVERSATION_LIST, {
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
  commit: (prepared: P) => T,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return commit(await prepare());
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
