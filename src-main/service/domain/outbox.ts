import type { OutboxListQuery } from '../schemas/form-schedule';
import { equalTo, type ListPage, type ListRunner } from '../store/keyset-list';
import { OUTBOX_LIST } from '../store/queries/outbox';

/** The messages the service sent, newest first: the sandbox outbox and the app's message log. */
export function createOutbox(deps: { listPage: ListRunner }) {
  return {
    list(query: OutboxListQuery): ListPage {
      const where = equalTo({
        channel: query.channel,
        patient_id: query.patientId,
        schedule_id: query.scheduleId,
      });
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
