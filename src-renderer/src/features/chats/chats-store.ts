import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Patient } from '../../../../src-preload/contract';

export interface ChatFilter {
  /** The whole patient, so a new chat from the filtered list starts in their language. */
  patient: Patient | undefined;
  escalatedOnly: boolean;
}

/** The Chats screen's filters (kept while the app runs); the conversations are queries. */
export interface ChatsState {
  filter: ChatFilter;
  setFilter(patch: Partial<ChatFilter>): void;
}

export function createChatsStore(): StoreApi<ChatsState> {
  return createStore<ChatsState>()((set, get) => ({
    filter: { patient: undefined, escalatedOnly: false },
    setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } });
    },
  }));
}
