import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  CreatedWebhook,
  ReceivedRequest,
  ReceiverInfo,
  Webhook,
  WebhookView,
} from '../../../../src-preload/contract';
import { BridgeFailure, unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

/** Webhooks a clinic has are few; one page holds them all in practice, "load more" the rest. */
const PAGE = 50;
/** Received requests fetched: all the receiver keeps (its maximum). */
const RECEIVED_SHOWN = 200;

export interface WebhookList {
  items: WebhookView[];
  cursor?: string;
  hasMore: boolean;
}

/** The test receiver as the panel shows it; `available: false` outside sandbox mode. */
export type ReceiverView =
  { available: false } | { available: true; info: ReceiverInfo; received: ReceivedRequest[] };

export interface WebhooksState {
  webhooks: Async<WebhookList>;
  receiver: Async<ReceiverView>;
  load(): Promise<void>;
  loadMore(): Promise<void>;
  /**
   * Registers a webhook and returns it with its secret for the caller to show once. The store
   * keeps the webhook without the secret: it never enters shared state.
   */
  create(input: { url: string; events: Webhook['events'] }): Promise<CreatedWebhook>;
  reactivate(id: string): Promise<WebhookView>;
  remove(id: string): Promise<void>;
  loadReceiver(): Promise<void>;
  setFailing(failing: boolean): Promise<void>;
  clearReceived(): Promise<void>;
}

export type WebhooksStore = StoreApi<WebhooksState>;

function withoutSecret(created: CreatedWebhook): WebhookView {
  const { secret: _secret, ...webhook } = created;
  return {
    ...webhook,
    stats: { attempts: 0, failedAttempts: 0, pendingDeliveries: 0, failedDeliveries: 0 },
  };
}

export function createWebhooksStore(bridge: Bridge): WebhooksStore {
  return createStore<WebhooksState>()((set, get) => {
    const list = (): WebhookList | undefined => {
      const state = get().webhooks;
      return 'data' in state ? state.data : undefined;
    };
    const replace = (webhook: WebhookView) => {
      const current = list();
      if (!current) return;
      const exists = current.items.some((w) => w.id === webhook.id);
      const items = exists
        ? current.items.map((w) => (w.id === webhook.id ? webhook : w))
        : [webhook, ...current.items];
      set({ webhooks: { status: 'ready', data: { ...current, items } } });
    };
    return {
      webhooks: idle,
      receiver: idle,
      async load() {
        // A refresh reloads as many as are shown, so "load more" is not undone by a change.
        const shown = list()?.items.length ?? 0;
        await load(
          get().webhooks,
          (webhooks) => set({ webhooks }),
          async () => {
            const page = await unwrap(
              bridge.webhooks.list({ limit: Math.min(100, Math.max(PAGE, shown)) }),
            );
            return {
              items: page.data,
              hasMore: page.pagination.hasMore,
              ...(page.pagination.hasMore ? { cursor: page.pagination.cursor } : {}),
            };
          },
        );
      },
      async loadMore() {
        const current = list();
        if (!current?.cursor) return;
        const page = await unwrap(bridge.webhooks.list({ limit: PAGE, cursor: current.cursor }));
        const seen = new Set(current.items.map((w) => w.id));
        set({
          webhooks: {
            status: 'ready',
            data: {
              items: [...current.items, ...page.data.filter((w) => !seen.has(w.id))],
              hasMore: page.pagination.hasMore,
              ...(page.pagination.hasMore ? { cursor: page.pagination.cursor } : {}),
            },
          },
        });
      },
      async create(input) {
        const created = await unwrap(bridge.webhooks.create(input));
        replace(withoutSecret(created));
        return created;
      },
      async reactivate(id) {
        const webhook = await unwrap(bridge.webhooks.update({ id, patch: { status: 'active' } }));
        replace(webhook);
        return webhook;
      },
      async remove(id) {
        await unwrap(bridge.webhooks.remove({ id }));
        const current = list();
        if (current) {
          set({
            webhooks: {
              status: 'ready',
              data: { ...current, items: current.items.filter((w) => w.id !== id) },
            },
          });
        }
      },
      async loadReceiver() {
        await load(
          get().receiver,
          (receiver) => set({ receiver }),
          async (): Promise<ReceiverView> => {
            try {
              const [info, received] = await Promise.all([
                unwrap(bridge.receiver.url({})),
                unwrap(bridge.receiver.list({ limit: RECEIVED_SHOWN })),
              ]);
              return { available: true, info, received };
            } catch (error) {
              if (error instanceof BridgeFailure && error.code === 'sandbox_off') {
                return { available: false };
              }
              throw error;
            }
          },
        );
      },
      async setFailing(failing) {
        const info = await unwrap(bridge.receiver.configure({ failing }));
        const state = get().receiver;
        if ('data' in state && state.data?.available) {
          set({ receiver: { status: 'ready', data: { ...state.data, info } } });
        }
      },
      async clearReceived() {
        await unwrap(bridge.receiver.clear());
        const state = get().receiver;
        if ('data' in state && state.data?.available) {
          set({ receiver: { status: 'ready', data: { ...state.data, received: [] } } });
        }
      },
    };
  });
}
