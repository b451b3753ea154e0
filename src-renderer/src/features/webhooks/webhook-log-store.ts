import { createStore, type StoreApi } from 'zustand/vanilla';
import type { InputOf, WebhookDelivery, WebhookView } from '../../../../src-preload/contract';
import { unwrap, type Bridge } from '../../bridge/bridge';
import { idle, load, type Async } from '../../stores/async';

const PAGE = 20;

export type DeliveryStatus = WebhookDelivery['status'];
export type WebhookPatch = InputOf<'webhooks', 'update'>['patch'];

export interface DeliveryPage {
  items: WebhookDelivery[];
  cursor?: string;
  hasMore: boolean;
}

export interface WebhookLogState {
  /** The webhook the page shows; everything below belongs to it. */
  id: string | undefined;
  webhook: Async<WebhookView>;
  status: DeliveryStatus | undefined;
  deliveries: Async<DeliveryPage>;
  /** Switches to a webhook (a no-op when it is already the one shown) and loads it. */
  open(id: string): Promise<void>;
  refresh(): Promise<void>;
  loadMore(): Promise<void>;
  setStatus(status: DeliveryStatus | undefined): Promise<void>;
  /** One manual attempt now; the delivery as it stands afterwards replaces the listed one. */
  retry(eventId: string): Promise<WebhookDelivery>;
  update(patch: WebhookPatch): Promise<WebhookView>;
}

export type WebhookLogStore = StoreApi<WebhookLogState>;

/** The webhook page: one webhook and its delivery log, paged and filtered by status. */
export function createWebhookLogStore(bridge: Bridge): WebhookLogStore {
  return createStore<WebhookLogState>()((set, get) => {
    const shown = (): DeliveryPage | undefined => {
      const state = get().deliveries;
      return 'data' in state ? state.data : undefined;
    };
    const pageOf = (page: {
      data: WebhookDelivery[];
      pagination: { cursor: string; hasMore: boolean };
    }) => ({
      items: page.data,
      hasMore: page.pagination.hasMore,
      ...(page.pagination.hasMore ? { cursor: page.pagination.cursor } : {}),
    });

    async function loadWebhook(id: string) {
      await load(
        get().webhook,
        (webhook) => {
          if (get().id === id) set({ webhook });
        },
        () => unwrap(bridge.webhooks.get({ id })),
      );
    }

    async function loadDeliveries(id: string) {
      const status = get().status;
      // A refresh reloads as many as are shown, so "load more" is not undone by a change.
      const limit = Math.min(100, Math.max(PAGE, shown()?.items.length ?? 0));
      await load(
        get().deliveries,
        (deliveries) => {
          if (get().id === id && get().status === status) set({ deliveries });
        },
        async () =>
          pageOf(
            await unwrap(bridge.webhooks.deliveries({ id, limit, ...(status ? { status } : {}) })),
          ),
      );
    }

    return {
      id: undefined,
      webhook: idle,
      status: undefined,
      deliveries: idle,
      async open(id) {
        if (get().id !== id) {
          set({ id, webhook: idle, deliveries: idle, status: undefined });
        }
        await Promise.all([loadWebhook(id), loadDeliveries(id)]);
      },
      async refresh() {
        const id = get().id;
        if (!id) return;
        await Promise.all([loadWebhook(id), loadDeliveries(id)]);
      },
      async loadMore() {
        const id = get().id;
        const current = shown();
        if (!id || !current?.cursor) return;
        const status = get().status;
        const page = pageOf(
          await unwrap(
            bridge.webhooks.deliveries({
              id,
              limit: PAGE,
              cursor: current.cursor,
              ...(status ? { status } : {}),
            }),
          ),
        );
        if (get().id !== id || get().status !== status) return;
        const seen = new Set(current.items.map((d) => d.eventId));
        set({
          deliveries: {
            status: 'ready',
            data: {
              ...page,
              items: [...current.items, ...page.items.filter((d) => !seen.has(d.eventId))],
            },
          },
        });
      },
      async setStatus(status) {
        const id = get().id;
        set({ status, deliveries: idle });
        if (id) await loadDeliveries(id);
      },
      async retry(eventId) {
        const id = get().id!;
        const delivery = await unwrap(bridge.webhooks.retry({ id, eventId }));
        const current = shown();
        if (current && get().id === id) {
          set({
            deliveries: {
              status: 'ready',
              data: {
                ...current,
                items: current.items.map((d) => (d.eventId === eventId ? delivery : d)),
              },
            },
          });
        }
        return delivery;
      },
      async update(patch) {
        const id = get().id!;
        const webhook = await unwrap(bridge.webhooks.update({ id, patch }));
        if (get().id === id) set({ webhook: { status: 'ready', data: webhook } });
        return webhook;
      },
    };
  });
}
