import type {
  AttentionConversation,
  Call,
  ConversationSummary,
} from '../../../src-preload/contract';
import { CallListQuery, CreateCall } from '../schemas/call';
import { ConversationListQuery, CreateConversation } from '../schemas/conversation';
import { IdInput, RecentInput, SendInput } from '../schemas/desktop';
import { patientRef } from './forms-operations';
import {
  op,
  pageOf,
  pageWithPatients,
  schemaInput,
  withPatient,
  type GroupHandlers,
  type OperationDeps,
} from './operation-kit';

export function conversationOperations({ core }: OperationDeps): GroupHandlers<'conversations'> {
  const { conversations, changes } = core;
  const told = (conversationId: string) =>
    changes.emit({ type: 'conversation.message', data: { conversationId } });
  return {
    list: op({
      parse: schemaInput(ConversationListQuery),
      run: (query) =>
        pageWithPatients(core, pageOf<ConversationSummary>(conversations.list(query))),
    }),
    attention: op({
      parse: schemaInput<{ limit: number }>(RecentInput),
      run: ({ limit }) =>
        core.q.overview.attention(limit).map((row): AttentionConversation => ({
          ...(JSON.parse(row.json) as ConversationSummary),
          patient: patientRef(row),
        })),
    }),
    get: op({
      parse: schemaInput(IdInput),
      run({ id }) {
        // As over HTTP: one idle past its 30 minutes is shown ended, not active.
        conversations.settle(id);
        return withPatient(core, conversations.get(id));
      },
    }),
    start: op({
      parse: schemaInput(CreateConversation),
      async run(input) {
        const conversation = await conversations.start(input);
        told(conversation.id);
        return withPatient(core, conversation);
      },
      topics: ['conversations', 'credits'],
    }),
    send: op({
      parse: schemaInput(SendInput),
      async run({ id, content }) {
        conversations.settle(id);
        const exchange = await conversations.send(id, content);
        told(id);
        return exchange;
      },
      topics: ['conversations', 'credits'],
    }),
    end: op({
      parse: schemaInput(IdInput),
      run({ id }) {
        conversations.settle(id);
        const conversation = conversations.close(id);
        told(id);
        return withPatient(core, conversation);
      },
      topics: ['conversations', 'credits'],
    }),
  };
}

export function callOperations({ core }: OperationDeps): GroupHandlers<'calls'> {
  return {
    list: op({
      parse: schemaInput(CallListQuery),
      run: (query) => pageWithPatients(core, pageOf<Call>(core.calls.list(query))),
    }),
    get: op({
      parse: schemaInput(IdInput),
      run: ({ id }) => withPatient(core, core.calls.get(id)),
    }),
    start: op({
      parse: schemaInput(CreateCall),
      run: (input) => withPatient(core, core.calls.create(input)),
      topics: ['calls'],
    }),
  };
}
