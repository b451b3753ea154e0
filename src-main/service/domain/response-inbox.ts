import type { Clock } from '../jobs/clock';
import type { Sql } from '../store/sql-port';
import type { ListPage, ListRunner } from '../store/keyset-list';
import type { Queries } from '../store/queries';
import { inboxConditions, RESPONSE_INBOX } from '../store/queries/response-reads';
import { createReadCache } from '../store/read-cache';

export interface InboxQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
  /** Only responses nobody has opened yet. */
  unread?: boolean | undefined;
  formId?: string | undefined;
}

/**
 * The responses inbox: what came back, across every form, newest first, and which of it a
 * coordinator has opened. Reading is the desk's own mark beside the response (which never changes);
 * marking read or unread is a write the window announces like any other.
 */
export function createResponseInbox(deps: {
  db: Sql;
  clock: Clock;
  q: Queries;
  listPage: ListRunner;
}) {
  const { db, clock, q, listPage } = deps;
  const unread = createReadCache<number>(q.changeToken);
  const mark = (ids: readonly string[], read: boolean): Promise<number> =>
    db.transaction(async () =>
      read
        ? await q.responseReads.markRead(ids, clock.nowIso())
        : await q.responseReads.markUnread(ids),
    );
  return {
    async list(query: InboxQuery): Promise<ListPage & { unread: number }> {
      const filters = {
        ...(query.unread ? { unread: true } : {}),
        ...(query.formId ? { formId: query.formId } : {}),
      };
      const page = await listPage(RESPONSE_INBOX, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters,
        where: inboxConditions(filters),
      });
      return { ...page, unread: await unread.get('all', () => q.responseReads.unreadCount()) };
    },
    /** Marks responses read or unread; answers how many changed (unknown ids change nothing). */
    mark: async (ids: readonly string[], read: boolean): Promise<{ changed: number }> => ({
      changed: await mark(ids, read),
    }),
  };
}
