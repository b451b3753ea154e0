import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';
import type { Channel } from '../../schemas/form-schedule';

export interface OutboxRow {
  id: string;
  channel: Channel;
  transport: 'outbox' | 'smtp';
  to_address: string;
  subject: string | null;
  body: string;
  html: string | null;
  link: string | null;
  schedule_id: string | null;
  patient_id: string | null;
  created_at: string;
}

export const OUTBOX_LIST: ListDefinition = {
  name: 'outbox',
  from: 'outbox',
  json: 'api_json',
  keys: ['created_at', 'id'],
};

export function createOutboxQueries(db: Sql) {
  const insert = db.prepare<OutboxRow>(
    `INSERT INTO outbox (id, channel, transport, to_address, subject, body, html, link, schedule_id, patient_id, created_at)
     VALUES (@id, @channel, @transport, @to_address, @subject, @body, @html, @link, @schedule_id, @patient_id, @created_at)`,
  );
  const bySchedule = db.prepare<[string], OutboxRow>(
    `SELECT id, channel, transport, to_address, subject, body, html, link, schedule_id, patient_id, created_at
     FROM outbox WHERE schedule_id = ? ORDER BY created_at, id`,
  );
  const byId = db.prepare<[string], OutboxRow>(
    `SELECT id, channel, transport, to_address, subject, body, html, link, schedule_id, patient_id, created_at
     FROM outbox WHERE id = ?`,
  );
  const sentBySmtp = db.prepare<[string]>(`UPDATE outbox SET transport = 'smtp' WHERE id = ?`);
  return {
    insert: (row: OutboxRow) => insert.run(row),
    get: (id: string): Promise<OutboxRow | undefined> => byId.get(id),
    /** A notice recorded in the outbox has also left through SMTP. */
    markSentBySmtp: (id: string) => sentBySmtp.run(id),
    bySchedule: (scheduleId: string): Promise<OutboxRow[]> => bySchedule.all(scheduleId),
  };
}
