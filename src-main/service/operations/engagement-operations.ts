import type { Call, ConversationSummary } from '../contract';
import { op, pageOf, type GroupHandlers, type OperationDeps } from './operation-kit';

export function conversationOperations({ core }: OperationDeps): GroupHandlers<'conversations'> {
  const { conversations, changes } = core;
  const told = (conversationId: string) =>
    changes.emit({ type: 'conversation.message', data: { conversationId } });
  return {
    list: op({
      run: async (query) =>
        core.views.patientNames.page(pageOf<ConversationSummary>(await conversations.list(query))),
    }),
    attention: op({ run: ({ limit }) => core.views.dashboard.attention(limit) }),
    get: op({
      // As over HTTP: one idle past its 30 minutes is shown ended, not active (the domain settles).
      run: async ({ id }) => core.views.patientNames.withPatient(await conversations.get(id)),
    }),
    start: op({
      async run(input) {
        const conversation = await conversations.start(input);
        told(conversation.id);
        return await core.views.patientNames.withPatient(conversation);
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
      async run({ id }) {
        const conversation = await conversations.close(id);
        told(id);
        return await core.views.patientNames.withPatient(conversation);
      },
    }),
    linkOptions: op({ run: ({ id }) => core.chatLinks.options(id) }),
    sendLink: op({ run: ({ id, channel }) => core.chatLinks.create(id, channel) }),
  };
}

export function callOperations({ core }: OperationDeps): GroupHandlers<'calls'> {
  return {
    list: op({
      run: async (query) =>
        core.views.patientNames.page(pageOf<Call>(await core.calls.list(query))),
    }),
    get: op({
      run: async ({ id }) => core.views.patientNames.withPatient(await core.calls.get(id)),
    }),
    start: op({
      run: async (input) => core.views.patientNames.withPatient(await core.calls.create(input)),
    }),
  };
}
