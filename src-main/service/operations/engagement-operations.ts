import type { Call, ConversationSummary } from '../contract';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function conversationOperations({ core }: OperationDeps): GroupHandlers<'conversations'> {
  const { conversations, changes } = core;
  const told = (conversationId: string) =>
    changes.emit({ type: 'conversation.message', data: { conversationId } });
  return {
    list: op({
      run: (query) =>
        core.views.patientNames.page(pageOf<ConversationSummary>(conversations.list(query))),
    }),
    attention: op({ run: ({ limit }) => core.views.dashboard.attention(limit) }),
    get: op({
      // As over HTTP: one idle past its 30 minutes is shown ended, not active (the domain settles).
      run: ({ id }) => core.views.patientNames.withPatient(conversations.get(id)),
    }),
    start: op({
      async run(input) {
        const conversation = await conversations.start(input);
        told(conversation.id);
        return core.views.patientNames.withPatient(conversation);
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
        return core.views.patientNames.withPatient(conversation);
      },
    }),
    linkOptions: op({ run: ({ id }) => core.chatLinks.options(id) }),
    sendLink: op({ run: ({ id, channel }) => core.chatLinks.create(id, channel) }),
  };
}

export function callOperations({ core }: OperationDeps): GroupHandlers<'calls'> {
  return {
    list: op({
      run: (query) => core.views.patientNames.page(pageOf<Call>(core.calls.list(query))),
    }),
    get: op({
      run: ({ id }) => core.views.patientNames.withPatient(core.calls.get(id)),
    }),
    start: op({
      run: (input) => core.views.patientNames.withPatient(core.calls.create(input)),
    }),
  };
}
