import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  CreatedWebhook,
  InputOf,
  Page,
  ReceivedRequest,
  ReceiverInfo,
  Webhook,
  WebhookDelivery,
  WebhookView,
} from '../../../../src-preload/contract';
import { useBridge } from '../../app/app-context';
import { BridgeFailure, type Bridge } from '../../bridge/bridge';
import {
  callOperation,
  failingAs,
  operationQuery,
  pagedOperation,
  usePagedList,
} from '../../data/bridge-query';
import { dataKey, whatOf } from '../../data/query-keys';
import { editCachedNow, useWrite, type CacheEdit } from '../../data/topic-invalidation';

/** Webhooks a clinic has are few; one page holds them all in practice, "load more" the rest. */
const PAGE = 50;
/** Deliveries per page of a webhook's log. */
const DELIVERY_PAGE = 20;
/** Received requests fetched: all the receiver keeps (its maximum). */
const RECEIVED_SHOWN = 200;

export type DeliveryStatus = WebhookDelivery['status'];
export type WebhookPatch = InputOf<'webhooks', 'update'>['patch'];

/** The test receiver as the panel shows it; `available: false` outside sandbox mode. */
export type ReceiverView =
  { available: false } | { available: true; info: ReceiverInfo; received: ReceivedRequest[] };

/** Every webhook with its figures, a page at a time. */
export function useWebhookList() {
  return usePagedList(
    pagedOperation(useBridge(), ['webhooks'], 'webhooks', 'list', { limit: PAGE }),
  );
}

function webhookQuery(bridge: Bridge, id: string) {
  return operationQuery(bridge, ['webhooks'], 'webhooks', 'get', { id });
}

/** One webhook with its figures. */
export function useWebhook(id: string) {
  return useQuery(webhookQuery(useBridge(), id));
}

/** A webhook's deliveries, newest first, each with every attempt it took; by status. */
export function useDeliveryLog(id: string, status: DeliveryStatus | undefined) {
  return usePagedList(
    pagedOperation(useBridge(), ['webhooks'], 'webhooks', 'deliveries', {
      id,
      limit: DELIVERY_PAGE,
      ...(status ? { status } : {}),
    }),
    (delivery) => delivery.eventId,
  );
}

function receiverKey() {
  // Requests arrive over HTTP; the sandbox switch lives in the settings.
  return dataKey(['receiver', 'settings'], 'receiver.view');
}

/** The sandbox's test receiver: its URL and switch, and what it received. */
export function useReceiver() {
  const bridge = useBridge();
  return useQuery({
    queryKey: receiverKey(),
    queryFn: (): Promise<ReceiverView> =>
      failingAs(async () => {
        try {
          const [info, received] = await Promise.all([
            callOperation(bridge, 'receiver', 'url', {}),
            callOperation(bridge, 'receiver', 'list', { limit: RECEIVED_SHOWN }),
          ]);
          return { available: true, info, received };
        } catch (error) {
          if (error instanceof BridgeFailure && error.code === 'sandbox_off') {
            return { available: false };
          }
          throw error;
        }
      }),
  });
}

function withoutSecret(created: CreatedWebhook): WebhookView {
  const { secret: _secret, ...webhook } = created;
  return {
    ...webhook,
    stats: { attempts: 0, failedAttempts: 0, pendingDeliveries: 0, failedDeliveries: 0 },
  };
}

type WebhookPages = InfiniteData<Page<WebhookView>, string>;

/** `webhook` where the cached lists and the webhook's own answer show it (new ones on top). */
function placeWebhook(webhook: WebhookView) {
  return (data: unknown, key: readonly unknown[]) => {
    switch (whatOf(key)) {
      case 'webhooks.list:pages': {
        const pages = data as WebhookPages;
        const known = pages.pages.some((p) => p.data.some((w) => w.id === webhook.id));
        return {
          ...pages,
          pages: pages.pages.map((page, i) => ({
            ...page,
            data: known
              ? page.data.map((w) => (w.id === webhook.id ? webhook : w))
              : i === 0
                ? [webhook, ...page.data]
                : page.data,
          })),
        };
      }
      case 'webhooks.get':
        return (data as WebhookView).id === webhook.id ? webhook : data;
      default:
        return data;
    }
  };
}

/** Edits every cached read that shows webhooks or their deliveries (a write's answer, placed). */
function useEditWebhooks(): (edit: CacheEdit) => void {
  const client = useQueryClient();
  return (edit) => editCachedNow(client, ['webhooks'], edit);
}

/**
 * Registers a webhook and resolves with it and its secret for the caller to show once. The cache
 * gets the webhook without the secret: it never enters shared state. (Not a useMutation for that
 * reason: Query's mutation cache would keep the answer, secret included.)
 */
export function useCreateWebhook() {
  const bridge = useBridge();
  const editWebhooks = useEditWebhooks();
  return async (input: { url: string; events: Webhook['events'] }): Promise<CreatedWebhook> => {
    const created = await callOperation(bridge, 'webhooks', 'create', input);
    editWebhooks(placeWebhook(withoutSecret(created)));
    return created;
  };
}

/** Changes a webhook (its URL, events or status); the answer shows at once. */
export function useUpdateWebhook() {
  const bridge = useBridge();
  const editWebhooks = useEditWebhooks();
  return useWrite({
    mutationFn: ({ id, patch }: { id: string; patch: WebhookPatch }) =>
      callOperation(bridge, 'webhooks', 'update', { id, patch }),
    onSuccess: (webhook) => editWebhooks(placeWebhook(webhook)),
  });
}

export function useRemoveWebhook() {
  const bridge = useBridge();
  const editWebhooks = useEditWebhooks();
  return useWrite({
    mutationFn: (id: string) => callOperation(bridge, 'webhooks', 'remove', { id }),
    onSuccess: (_, id) =>
      editWebhooks((data, key) => {
        if (whatOf(key) !== 'webhooks.list:pages') return data;
        const pages = data as WebhookPages;
        return {
          ...pages,
          pages: pages.pages.map((p) => ({ ...p, data: p.data.filter((w) => w.id !== id) })),
        };
      }),
  });
}

/** One manual attempt now; the delivery as it stands afterwards replaces the listed one. */
export function useRetryDelivery(webhookId: string) {
  const bridge = useBridge();
  const editWebhooks = useEditWebhooks();
  return useWrite({
    mutationFn: (eventId: string) =>
      callOperation(bridge, 'webhooks', 'retry', { id: webhookId, eventId }),
    onSuccess: (delivery) =>
      editWebhooks((data, key) => {
        if (whatOf(key) !== 'webhooks.deliveries:pages') return data;
        const pages = data as InfiniteData<Page<WebhookDelivery>, string>;
        return {
          ...pages,
          pages: pages.pages.map((p) => ({
            ...p,
            data: p.data.map((d) => (d.eventId === delivery.eventId ? delivery : d)),
          })),
        };
      }),
  });
}

/** The receiver's answer changed by `edit`, where it is cached. */
function useEditReceiver() {
  const client = useQueryClient();
  return (edit: (view: Extract<ReceiverView, { available: true }>) => ReceiverView) =>
    client.setQueryData<ReceiverView>(receiverKey(), (view) =>
      view?.available ? edit(view) : view,
    );
}

/** The "make it fail" switch. */
export function useSetReceiverFailing() {
  const bridge = useBridge();
  const edit = useEditReceiver();
  return useWrite({
    mutationFn: (failing: boolean) => callOperation(bridge, 'receiver', 'configure', { failing }),
    onSuccess: (info) => void edit((view) => ({ ...view, info })),
  });
}

/** Forgets what the receiver received. */
export function useClearReceived() {
  const bridge = useBridge();
  const edit = useEditReceiver();
  return useWrite({
    mutationFn: () => callOperation(bridge, 'receiver', 'clear'),
    onSuccess: () => void edit((view) => ({ ...view, received: [] })),
  });
}
