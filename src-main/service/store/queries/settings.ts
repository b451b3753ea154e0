import { randomBytes } from 'node:crypto';
import type { Sql } from '../sql-port';

/**
 * Key/value settings of this install (secrets, clock offset, sandbox switches). Within a
 * transaction a setting is read once (Sql.memo) and written through: a delivery batch asks for
 * the clinic's name and the SMTP settings for every job, a round trip each on PostgreSQL.
 * Nothing else writes this table while the service runs (the sandbox reset keeps it).
 */
export function createSettingsQueries(db: Sql) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  const insertIfMissing = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
  );
  const memoKey = (key: string) => `settings\n${key}`;

  async function read(key: string): Promise<string | undefined> {
    const memo = db.memo();
    if (memo?.has(memoKey(key))) return memo.get(memoKey(key)) as string | undefined;
    const value = (await get.get(key))?.value;
    memo?.set(memoKey(key), value);
    return value;
  }

  return {
    get: read,
    set: async (key: string, value: string): Promise<void> => {
      await put.run(key, value);
      db.memo()?.set(memoKey(key), value);
    },
    delete: async (key: string): Promise<void> => {
      await remove.run(key);
      db.memo()?.set(memoKey(key), undefined);
    },
    /** A random secret created once per install and kept; 32 bytes, base64url. */
    async secret(key: string): Promise<Buffer> {
      await insertIfMissing.run(key, randomBytes(32).toString('base64url'));
      db.memo()?.delete(memoKey(key));
      return Buffer.from((await read(key))!, 'base64url');
    },
  };
}

export type SettingsQueries = ReturnType<typeof createSettingsQueries>;
