import type { Sql } from '../sql-port';

export interface ApiKeyRow {
  id: string;
  name: string;
  key_hash: string;
  hint: string;
  permissions: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function createApiKeyQueries(db: Sql) {
  const insert = db.prepare<ApiKeyRow>(
    `INSERT INTO api_keys (id, name, key_hash, hint, permissions, created_at, last_used_at, revoked_at)
     VALUES (@id, @name, @key_hash, @hint, @permissions, @created_at, @last_used_at, @revoked_at)`,
  );
  const byHash = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE key_hash = ?');
  const byId = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE id = ?');
  const all = db.prepare<[], ApiKeyRow>('SELECT * FROM api_keys ORDER BY created_at DESC, id DESC');
  const revoke = db.prepare<[string, string]>(
    'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const touch = db.prepare<[string, string]>('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
  const restore = db.prepare<[string, string]>(
    'UPDATE api_keys SET revoked_at = NULL, permissions = ? WHERE id = ?',
  );
  return {
    insert: (row: ApiKeyRow) => insert.run(row),
    byHash: (hash: string) => byHash.get(hash),
    byId: (id: string) => byId.get(id),
    all: () => all.all(),
    revoke: async (id: string, at: string) => (await revoke.run(at, id)).changes > 0,
    touch: (id: string, at: string) => touch.run(at, id),
    restore: (id: string, permissions: string) => restore.run(permissions, id),
  };
}
