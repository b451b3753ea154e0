import { randomBytes } from 'node:crypto';
import type { Db } from '../db';

/** Key/value settings of this install (secrets, clock offset, sandbox switches). */
export function createSettingsQueries(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  const insertIfMissing = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
  );
  return {
    get: (key: string): string | undefined => get.get(key)?.value,
    set: (key: string, value: string): void => {
      put.run(key, value);
    },
    delete: (key: string): void => {
      remove.run(key);
    },
    /** A random secret created once per install and kept; 32 bytes, base64url. */
    secret(key: string): Buffer {
      insertIfMissing.run(key, randomBytes(32).toString('base64url'));
      return Buffer.from(get.get(key)!.value, 'base64url');
    },
  };
}

export type SettingsQueries = ReturnType<typeof createSettingsQueries>;
