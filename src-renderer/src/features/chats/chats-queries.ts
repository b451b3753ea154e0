import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Channel,
  ConversationStatus,
  ConversationView,
  InputOf,
  MessageExchange,
} from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import type { Bridge } from '../../bridge/bridge';
import {
  callOperation,
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../data/bridge-query';
import { invalidateTopics, useWrite } from '../../data/topic-invalidation';
import type { ChatFilter } from './chats-store';

export const CHAT_PAGE_SIZE = 20;

export type StartChat = InputOf<'conversations', 'start'>;

/** One section of the list (active or ended conversations), each with its own cursor. */
export function useChatSection(status: ConversationStatus, filter: ChatFilter) {
  return usePagedList(
    pagedOperation(useBridge(), ['conversations'], 'conversations', 'list', {
      status,
      limit: CHAT_PAGE_SIZE,
      ...(filter.patient ? { patientId: filter.patient.id } : {}),
      ...(filter.escalatedOnly ? { escalated: true } : {}),
    }),
  );
}

function conversationQuery(bridge: Bridge, id: string) {
  return operationQuery(bridge, ['conversations'], 'conversations', 'get', { id });
}

/** One conversation with its messages. */
export function useConversation(id: string) {
  return useQuery(conversationQuery(useBridge(), id));
}

/** Starts a conversation; its answer is cached, so opening it shows it at once. */
export function useStartChat() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useWrite({
    mutationFn: (input: StartChat) => callOperation(bridge, 'conversations', 'start', input),
    onSuccess: (conversation) =>
      void client.setQueryData(conversationQuery(bridge, conversation.id).queryKey, conversation),
  });
}

/**
 * Sends a patient message to conversation `id`: both messages are added to the cached
 * conversation as soon as the service answers, then it is read again (counts, credits and the
 * escalation come from the service). A conversation that ended meanwhile is read again too.
 */
export function useSendMessage(id: string) {
  const bridge = useBridge();
  const client = useQueryClient();
  const key = conversationQuery(bridge, id).queryKey;
  return useWrite({
    mutationFn: (content: string) =>
      callOperation(bridge, 'conversations', 'send', { id, content }),
    onSuccess: ({ patientMessage, assistantMessage }: MessageExchange) =>
      void client.setQueryData(key, (data) =>
        data ? { ...data, messages: [...data.messages, patientMessage, assistantMessage] } : data,
      ),
    onError: (error) => {
      // An ended conversation is shown as it now is: read-only, with its reason.
      if (error.code === 'conversation_ended') void invalidateTopics(client, ['conversations']);
    },
  });
}

/** Ends conversation `id`; throws the BridgeFailure for the dialog to show. */
export function useEndChat(id: string) {
  const bridge = useBridge();
  const client = useQueryClient();
  return useWrite({
    mutationFn: () => callOperation(bridge, 'conversations', 'end', { id }),
    onSuccess: (conversation: ConversationView) =>
      void client.setQueryData(conversationQuery(bridge, id).queryKey, conversation),
    onError: (error) => {
      if (error.code === 'conversation_ended') void invalidateTopics(client, ['conversations']);
    },
  });
}

/** How a chat link could reach the patient (address, consent), and the links already sent. */
export function useLinkOptions(id: string, enabled: boolean) {
  return useQuery({
    ...operationQuery(
      useBridge(),
      ['conversations', 'outbox', 'patients'],
      'conversations',
      'linkOptions',
      { id },
    ),
    enabled,
  });
}

/** Sends the patient a link to write in conversation `id` themselves; refreshes what it changed. */
export function useSendLink(id: string) {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (channel: Channel) =>
      callOperation(bridge, 'conversations', 'sendLink', { id, channel }),
  });
}
