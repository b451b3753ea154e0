import type { Call, ConversationSummary } from '../contract';
import {
  op,
  pageOf,
  pageWithPatients,
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
      run: (query) =>
        pageWithPatients(core, pageOf<ConversationSummary>(conversations.list(query))),
    }),
    attention: op({ run: ({ limit }) => core.views.dashboard.attention(limit) }),
    get: op({
      // As over HTTP: one idle past its 30 minutes is shown ended, not active (the domain settles).
      run: ({ id }) => withPatient(core, conversations.get(id)),
    }),
    start: op({
      async run(input) {
        const conversation = await conversations.start(input);
        told(conversation.id);
        return withPatient(core, conversation);
      },
    }),
    send: op({
      async run({ id, content }) {
        const exchange = await conversations.send(id, content);
        told(id);
        return exchange;
      },
    }),
    end: op({
      run({ id }) {
        const conversation = conversations.close(id);
        told(id);
        return withPatient(core, conversation);
      },
    }),
  };
}

export function callOperations({ core }: OperationDeps): GroupHandlers<'calls'> {
  return {
    list: op({
      run: (query) => pageWithPatients(core, pageOf<Call>(core.calls.list(query))),
    }),
    get: op({
      run: ({ id }) => withPatient(core, core.calls.get(id)),
    }),
    start: op({
      run: (input) => withPatient(core, core.calls.create(input)),
    }),
  };
}
