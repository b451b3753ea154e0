import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DeliveryStatus } from './webhooks-queries';

/**
 * The webhook page's status filter of the delivery log (kept while the app runs, cleared for
 * another webhook); the webhook and its deliveries are queries.
 */
export interface WebhookLogState {
  /** The webhook the filter belongs to. */
  id: string | undefined;
  status: DeliveryStatus | undefined;
  /** Shows webhook `id`: its log starts unfiltered when it is another webhook. */
  open(id: string): void;
  setStatus(status: DeliveryStatus | undefined): void;
}

export function createWebhookLogStore(): StoreApi<WebhookLogState> {
  return createStore<WebhookLogState>()((set, get) => ({
    id: undefined,
    status: undefined,
    open(id) {
      if (get().id !== id) set({ id, status: undefined });
    },
    setStatus(status) {
      set({ status });
    },
  }));
}
