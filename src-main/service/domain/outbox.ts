import type { OutboxListQuery } from '../schemas/form-schedule';
import type { ListPage, ListRunner } from '../store/keyset-list';
import { OUTBOX_LIST } from '../store/queries/outbox';

/** The messages the service sent, newest first: the sandbox outbox and the app's message log. */
export function createOutbox(deps: { listPage: ListRunner }) {
  return {
    list(query: OutboxListQuery): ListPage {
      const where = [];
      if (query.channel) where.push({ sql: 'channel = ?', params: [query.channel] });
      if (query.patientId) where.push({ sql: 'patient_id = ?', params: [query.patientId] });
      if (query.scheduleId) where.push({ sql: 'schedule_id = ?', params: [query.scheduleId] });
      return deps.listPage(OUTBOX_LIST, {
        limit: query.limit ?? 20,
        cursor: query.cursor,
        filters: {
          channel: query.channel,
          patientId: query.patientId,
          scheduleId: query.scheduleId,
        },
        where,
      });
    },
  };
}
