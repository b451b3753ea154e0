import type { OutboxListQuery, OutboxMessage } from '../schemas/form-schedule';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import { OUTBOX_LIST } from '../store/queries/outbox';
import { listItems } from './list-page';

/** How a stored row's link starts when it is relative to the link base (the demo seed's). */
const RELATIVE_LINK = Buffer.from('"link":"/');

/**
 * The messages the service sent, newest first: the sandbox outbox and the app's message log.
 * `linkBase` is where patient form links point now (delivery settings: the public URL, else the
 * server's own address).
 */
export function createOutbox(deps: { listPage: ListRunner; linkBase: () => string }) {
  return {
    async list(query: OutboxListQuery): Promise<ListPage> {
      const where = equalTo({
        channel: query.channel,
        patient_id: query.patientId,
        schedule_id: query.scheduleId,
      });
      const page = await deps.listPage(OUTBOX_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: {
          channel: query.channel,
          patientId: query.patientId,
          scheduleId: query.scheduleId,
        },
        where,
      });
      return page.rows.includes(RELATIVE_LINK)
        ? { ...page, rows: resolveRelativeLinks(page, deps.linkBase()) }
        : page;
    },
  };
}

/**
 * A message sent by the service records the absolute link it carried, as the patient got it. The
 * demo clinic's messages were never sent to anyone: the seed stores their links relative to the
 * link base (`/f/<token>`), and they are shown against the server running now, so that a link
 * in the demo's outbox opens its form whatever port the demo runs on today.
 */
function resolveRelativeLinks(page: ListPage, base: string): Buffer {
  const messages = listItems<OutboxMessage>(page).map((message) => {
    const { link } = message;
    if (!link?.startsWith('/')) return message;
    // The token is random and unique, so the relative link appears in the text only as itself.
    return { ...message, body: message.body.replaceAll(link, base + link), link: base + link };
  });
  return Buffer.from(messages.map((message) => JSON.stringify(message)).join(','));
}
