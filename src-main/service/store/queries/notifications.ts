import type { Sql } from '../sql-port';
import type { ListDefinition } from '../keyset-list';

export const NOTIFICATION_LIST: ListDefinition = {
  name: 'notifications',
  from: 'notifications',
  json: 'api_json',
  keys: ['seq'],
};

export function createNotificationQueries(db: Sql) {
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT INTO notifications (id, kind, data, created_at) VALUES (?, ?, ?, ?)',
  );
  const markRead = db.prepare<[string, string]>(
    'UPDATE notifications SET read_at = ? WHERE id = ? AND read_at IS NULL',
  );
  const markAllRead = db.prepare<[string]>(
    'UPDATE notifications SET read_at = ? WHERE read_at IS NULL',
  );
  const unread = db
    .prepare<[], number>('SELECT count(*) FROM notifications WHERE read_at IS NULL')
    .pluck();
  const exists = db.prepare<[string], number>('SELECT 1 FROM notifications WHERE id = ?').pluck();
  return {
    insert: (id: string, kind: string, data: string, createdAt: string) =>
      insert.run(id, kind, data, createdAt),
    markRead: async (id: string, at: string): Promise<boolean> =>
      (await markRead.run(at, id)).changes === 1,
    markAllRead: async (at: string): Promise<number> => (await markAllRead.run(at)).changes,
    unreadCount: async (): Promise<number> => (await unread.get()) ?? 0,
    exists: async (id: string): Promise<boolean> => (await exists.get(id)) === 1,
  };
}
