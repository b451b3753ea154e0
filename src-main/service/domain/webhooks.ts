import { validationFailed } from '../errors';
import type { IdFactory } from '../ids';
import type { Clock } from '../jobs/clock';
import type { CreatedWebhook, CreateWebhook, UpdateWebhook, Webhook } from '../schemas/webhook';
import type { Sql } from '../store/sql-port';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { WEBHOOK_LIST, type WebhookRow } from '../store/queries/webhooks';
import { newWebhookSecret } from '../webhooks/webhook-signature';
import { checkResolvedHost, checkUrlSyntax, type Resolver } from '../webhooks/webhook-url-policy';
import { resourceReader } from './resource-reader';

export interface WebhookListQuery {
  limit?: number;
  cursor?: string;
  status?: 'active' | 'disabled';
}

/**
 * Webhook registration. URL rules depend on the mode only for this machine: sandbox mode accepts
 * localhost and 127.0.0.1 (http too); in every mode a host must otherwise resolve to public
 * addresses only (checked here, and again by the sender at every connection), so private,
 * link-local and metadata targets are refused whatever the mode. The DNS check is asynchronous,
 * so it runs before the write (`checkUrl`), and the write itself repeats the synchronous rules.
 */
export function createWebhooks(deps: {
  db: Sql;
  clock: Clock;
  newId: IdFactory;
  q: Queries;
  listPage: ListRunner;
  sandbox: () => boolean;
  resolve: Resolver;
}) {
  const { db, clock, newId, q } = deps;
  const read = resourceReader<WebhookRow, Webhook>('webhook', q.webhooks.get, q.webhooks.getJson);

  function syntax(url: string): void {
    const checked = checkUrlSyntax(url, deps.sandbox());
    if ('error' in checked) throw validationFailed([checked.error]);
  }

  return {
    ...read,

    /** The URL rules, DNS included; call before create/update (the write repeats the rest). */
    async checkUrl(url: string | undefined): Promise<void> {
      if (url === undefined) return;
      const sandbox = deps.sandbox();
      const checked = checkUrlSyntax(url, sandbox);
      if ('error' in checked) throw validationFailed([checked.error]);
      const refused = await checkResolvedHost(checked.url, deps.resolve, sandbox);
      if (refused) throw validationFailed([refused]);
    },

    create: (input: CreateWebhook): Promise<CreatedWebhook> =>
      db.transaction(async () => {
        syntax(input.url);
        const at = clock.nowIso();
        const row: WebhookRow = {
          id: newId('wh'),
          url: input.url,
          events: JSON.stringify(input.events),
          secret: newWebhookSecret(),
          status: 'active',
          disabled_at: null,
          disabled_reason: null,
          stats_since: at,
          stats_after_seq: await q.webhookAttempts.lastSeq(),
          created_at: at,
          updated_at: at,
        };
        await q.webhooks.insert(row);
        return { ...(await read.get(row.id)), secret: row.secret };
      }),

    update: (id: string, input: UpdateWebhook): Promise<Webhook> =>
      db.transaction(async () => {
        const current = await read.row(id);
        if (input.url !== undefined) syntax(input.url);
        const at = clock.nowIso();
        const reactivate = input.status === 'active' && current.status === 'disabled';
        await q.webhooks.update({
          ...current,
          url: input.url ?? current.url,
          events: input.events ? JSON.stringify(input.events) : current.events,
          ...(reactivate
            ? {
                status: 'active',
                disabled_at: null,
                disabled_reason: null,
                stats_since: at,
                stats_after_seq: await q.webhookAttempts.lastSeq(),
              }
            : {}),
          updated_at: at,
        });
        return await read.get(id);
      }),

    /** Removes the webhook with its deliveries and attempts (they mean nothing without it). */
    delete: (id: string): Promise<void> =>
      db.transaction(async () => {
        await read.row(id);
        await q.webhooks.delete(id);
      }),

    async list(query: WebhookListQuery): Promise<ListPage> {
      return await deps.listPage(WEBHOOK_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: { status: query.status },
        where: equalTo({ status: query.status }),
      });
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
