import { createStore, type StoreApi } from 'zustand/vanilla';

/** The notifications screen's own choices (kept while the app runs). */
export interface NotificationsState {
  onlyUnread: boolean;
  setOnlyUnread(only: boolean): void;
}

export function createNotificationsStore(): StoreApi<NotificationsState> {
  return createStore<NotificationsState>()((set) => ({
    onlyUnread: false,
    setOnlyUnread: (onlyUnread) => set({ onlyUnread }),
  }));
}
