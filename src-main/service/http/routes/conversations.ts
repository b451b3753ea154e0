import type { Core } from '../../core';
import { IdParams } from '../../schemas/common';
import {
  Conversation,
  ConversationList,
  ConversationListQuery,
  CreateConversation,
  MessageExchange,
  SendMessage,
} from '../../schemas/conversation';
import { retryStale } from '../../domain/conversations';
import { listBody } from '../../domain/list-page';
import { replyWithWrite } from '../atomic-reply';
import { sendJsonText } from '../json-text';
import { route } from '../route-docs';
import type { TypedApp } from '../typed-app';

const tags = ['Conversations'];

export function conversationRoutes(app: TypedApp, core: Core): void {
  const { conversations } = core;

  app.get(
    '/conversations',
    route(
      'conversations:write',
      {
        summary: 'List conversations',
        description:
          'Newest first, without their messages. Filters: `patientId`, `status`, `escalated`.',
        tags,
        operationId: 'listConversations',
        querystring: ConversationListQuery,
        response: { 200: ConversationList },
      },
      [400],
    ),
    async (request, reply) =>
      sendJsonText(reply, listBody(await conversations.list(request.query))),
  );

  app.get(
    '/conversations/:id',
    route(
      'conversations:write',
      {
        summary: 'Get a conversation with its messages',
        tags,
        operationId: 'getConversation',
        params: IdParams,
        response: { 200: Conversation },
      },
      [404],
    ),
    async (request, reply) => {
      return sendJsonText(reply, await conversations.getJson(request.params.id));
    },
  );

  app.post(
    '/conversations',
    route(
      'conversations:write',
      {
        summary: 'Start an AI conversation',
        description:
          "Starts a chat with an active patient. The assistant writes a welcome message in the conversation's `language` (default es), addressing the patient by first name and following `context` (purpose, tone, limits). Consumes 10 credits, charged in the same transaction. Closes by itself after 30 minutes without a message.",
        tags,
        operationId: 'createConversation',
        body: CreateConversation,
        response: { 201: Conversation },
      },
      [402, 409],
    ),
    async (request, reply) => {
      const prepared = await conversations.prepareStart(request.body);
      return await replyWithWrite(core, request, reply, () => conversations.commitStart(prepared), {
        status: 201,
        location: (conversation) => `${request.routeOptions.url}/${conversation.id}`,
      });
    },
  );

  app.post(
    '/conversations/:id/messages',
    route(
      'conversations:write',
      {
        summary: "Send the patient's message",
        description:
          "Stores the patient's message and the assistant's reply, and consumes 1 credit. Only while the conversation is active: an ended one answers 400 `conversation_ended`, a short balance 402, and neither stores anything. A red-flag message (chest pain, breathing difficulty, suicidal thoughts, heavy bleeding) gets an urgent-care instruction and both messages are marked `escalated`.",
        tags,
        operationId: 'sendConversationMessage',
        params: IdParams,
        body: SendMessage,
        response: { 200: MessageExchange },
      },
      [400, 402, 404, 409],
    ),
    async (request, reply) =>
      retryStale(
        () => conversations.prepareMessage(request.params.id, request.body.content),
        (prepared) =>
          replyWithWrite(core, request, reply, () => conversations.commitMessage(prepared), {
            status: 200,
          }),
      ),
  );

  app.post(
    '/conversations/:id/end',
    route(
      'conversations:write',
      {
        summary: 'End a conversation',
        description:
          'Ends an active conversation (`endReason: "closed"`) and writes `conversation.ended`. An ended one answers 400 `conversation_ended`.',
        tags,
        operationId: 'endConversation',
        params: IdParams,
        response: { 200: Conversation },
      },
      [400, 404, 409, 413, 415],
    ),
    async (request, reply) => {
      // One that went idle first has ended by inactivity, and the 400 says so.
      await conversations.settle(request.params.id);
      return await replyWithWrite(
        core,
        request,
        reply,
        () => conversations.close(request.params.id),
        {
          status: 200,
        },
      );
    },
  );
}
