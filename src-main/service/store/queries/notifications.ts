import type { Db } from '../db';
import type { ListDefinition } from '../keyset-list';

export const NOTIFICATION_LIST: ListDefinition = {
  name: 'notifications',
  from: 'notifications',
  json: 'api_json',
  keys: ['seq'],
};

export function createNotificationQueries(db: Db) {
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
    markRead: (id: string, at: string): boolean => markRead.run(at, id).changes === 1,
    markAllRead: (at: string): number => markAllRead.run(at).changes,
    unreadCount: (): number => unread.get() ?? 0,
    exists: (id: string): boolean => exists.get(id) === 1,
  };
}
