import { randomBytes } from 'node:crypto';
import type { Sql } from '../sql-port';

/** Key/value settings of this install (secrets, clock offset, sandbox switches). */
export function createSettingsQueries(db: Sql) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  const insertIfMissing = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
  );
  return {
    get: async (key: string): Promise<string | undefined> => (await get.get(key))?.value,
    set: async (key: string, value: string): Promise<void> => {
      await put.run(key, value);
    },
    delete: async (key: string): Promise<void> => {
      await remove.run(key);
    },
    /** A random secret created once per install and kept; 32 bytes, base64url. */
    async secret(key: string): Promise<Buffer> {
      await insertIfMissing.run(key, randomBytes(32).toString('base64url'));
      return Buffer.from((await get.get(key))!.value, 'base64url');
    },
  };
}

export type SettingsQueries = ReturnType<typeof createSettingsQueries>;
