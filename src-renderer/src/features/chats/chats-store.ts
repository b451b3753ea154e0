import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ConversationListItem,
  ConversationStatus,
  ConversationView,
  InputOf,
  Patient,
} from '../../../../src-preload/contract';
import { asFailure, BridgeFailure, unwrap, type Bridge } from '../../bridge/bridge';
import { idle, type Async } from '../../stores/async';
import { emptyPagedList, pagedLoader, type PagedList } from './paged-list';

export const CHAT_PAGE_SIZE = 20;

export type StartChat = InputOf<'conversations', 'start'>;

/** One section of the list (active or ended conversations), paged by cursor. */
export type ChatSection = PagedList<ConversationListItem>;

export interface ChatFilter {
  /** The whole patient, so a new chat from the filtered list starts in their language. */
  patient: Patient | undefined;
  escalatedOnly: boolean;
}

export interface ChatsState {
  filter: ChatFilter;
  /** Active conversations first, then ended ones: two lists, each with its own cursor. */
  sections: Record<ConversationStatus, ChatSection>;
  /** The conversation on the right; answers for another id are dropped. */
  openId: string | undefined;
  conversation: Async<ConversationView>;
  /** The patient message on its way (shown at once, greyed, until the reply arrives). */
  pending: string | undefined;
  sendError: BridgeFailure | undefined;
  loadLists(): Promise<void>;
  loadMore(section: ConversationStatus): Promise<void>;
  setFilter(patch: Partial<ChatFilter>): Promise<void>;
  /** Shows conversation `id` (or none). */
  open(id: string | undefined): Promise<void>;
  refreshConversation(): Promise<void>;
  /** Starts a conversation and opens it; throws the BridgeFailure for the dialog to show. */
  start(input: StartChat): Promise<ConversationView>;
  /** Sends a patient message; false when it was refused (see `sendError`). */
  send(content: string): Promise<boolean>;
  /** Ends the open conversation; throws the BridgeFailure for the dialog to show. */
  end(): Promise<void>;
  clearSendError(): void;
}

export type ChatsStore = StoreApi<ChatsState>;

const STATUSES: ConversationStatus[] = ['active', 'ended'];

function listInput(
  filter: ChatFilter,
  status: ConversationStatus,
  limit: number,
  cursor?: string,
): InputOf<'conversations', 'list'> {
  return {
    status,
    limit,
    ...(filter.patient ? { patientId: filter.patient.id } : {}),
    ...(filter.escalatedOnly ? { escalated: true } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

export function createChatsStore(bridge: Bridge): ChatsStore {
  // Each conversation load takes a number; an answer whose number is no longer the latest is stale
  // (another conversation was opened, or a newer load went out) and is dropped.
  let conversationSeq = 0;

  return createStore<ChatsState>()((set, get) => {
    const section = (status: ConversationStatus) =>
      pagedLoader({
        read: () => get().sections[status],
        write: (patch) =>
          set({
            sections: { ...get().sections, [status]: { ...get().sections[status], ...patch } },
          }),
        fetch: (limit, cursor) =>
          unwrap(bridge.conversations.list(listInput(get().filter, status, limit, cursor))),
        pageSize: CHAT_PAGE_SIZE,
      });
    const sections = { active: section('active'), ended: section('ended') };

    async function loadConversation(id: string): Promise<void> {
      const seq = ++conversationSeq;
      const current = get().conversation;
      const data = 'data' in current ? current.data : undefined;
      set({ conversation: data ? { status: 'loading', data } : { status: 'loading' } });
      try {
        const conversation = await unwrap(bridge.conversations.get({ id }));
        if (seq !== conversationSeq || get().openId !== id) return;
        set({ conversation: { status: 'ready', data: conversation } });
      } catch (error) {
        if (seq !== conversationSeq || get().openId !== id) return;
        set({
          conversation: data
            ? { status: 'error', error: asFailure(error), data }
            : { status: 'error', error: asFailure(error) },
        });
      }
    }

    return {
      filter: { patient: undefined, escalatedOnly: false },
      sections: { active: emptyPagedList, ended: emptyPagedList },
      openId: undefined,
      conversation: idle,
      pending: undefined,
      sendError: undefined,

      async loadLists() {
        await Promise.all(STATUSES.map((status) => sections[status].reload()));
      },

      async loadMore(status) {
        await sections[status].loadMore();
      },

      async setFilter(patch) {
        // A new filter starts from the first page, not from as many rows as were shown.
        set({
          filter: { ...get().filter, ...patch },
          sections: {
            active: { ...get().sections.active, items: [], status: 'loading' },
            ended: { ...get().sections.ended, items: [], status: 'loading' },
          },
        });
        await get().loadLists();
      },

      async open(id) {
        if (get().openId !== id) {
          conversationSeq++;
          set({ openId: id, conversation: idle, pending: undefined, sendError: undefined });
        }
        if (id) await loadConversation(id);
      },

      async refreshConversation() {
        const { openId } = get();
        if (openId) await loadConversation(openId);
      },

      async start(input) {
        const conversation = await unwrap(bridge.conversations.start(input));
        conversationSeq++;
        set({
          openId: conversation.id,
          conversation: { status: 'ready', data: conversation },
          pending: undefined,
          sendError: undefined,
        });
        void get().loadLists();
        return conversation;
      },

      async send(content) {
        const id = get().openId;
        if (!id || get().pending !== undefined) return false;
        set({ pending: content, sendError: undefined });
        const result = await bridge.conversations.send({ id, content });
        if (get().openId !== id) return result.ok;
        // Whatever a load started before this answer holds is older than it.
        conversationSeq++;
        if (!result.ok) {
          set({ pending: undefined, sendError: new BridgeFailure(result.error) });
          // An ended conversation is shown as it now is: read-only, with its reason.
          if (result.error.code === 'conversation_ended') void get().refreshConversation();
          return false;
        }
        const { patientMessage, assistantMessage } = result.value;
        const current = get().conversation;
        if ('data' in current && current.data) {
          const data = current.data;
          set({
            conversation: {
              status: 'ready',
              data: { ...data, messages: [...data.messages, patientMessage, assistantMessage] },
            },
          });
        }
        set({ pending: undefined });
        // The counts, the credits and the escalation come from the service.
        void get().refreshConversation();
        return true;
      },

      async end() {
        const id = get().openId;
        if (!id) return;
        const result = await bridge.conversations.end({ id });
        if (!result.ok) {
          if (result.error.code === 'conversation_ended') void get().refreshConversation();
          throw new BridgeFailure(result.error);
        }
        conversationSeq++;
        if (get().openId === id) set({ conversation: { status: 'ready', data: result.value } });
        void get().loadLists();
      },

      clearSendError() {
        set({ sendError: undefined });
      },
    };
  });
}
