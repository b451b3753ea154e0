import type { Sql } from '../sql-port';

export interface IdempotencyRow {
  credential_id: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  response_location?: string | null;
  created_at: string;
  expires_at: string;
}

export function createIdempotencyQueries(db: Sql) {
  const get = db.prepare<[string, string], IdempotencyRow>(
    'SELECT * FROM idempotency_keys WHERE credential_id = ? AND key = ?',
  );
  const begin = db.prepare<IdempotencyRow>(
    `INSERT INTO idempotency_keys (credential_id, key, method, path, request_hash, state, response_status, response_type, response_body, created_at, expires_at)
     VALUES (@credential_id, @key, @method, @path, @request_hash, @state, @response_status, @response_type, @response_body, @created_at, @expires_at)
     ON CONFLICT (credential_id, key) DO UPDATE SET
       method = excluded.method, path = excluded.path, request_hash = excluded.request_hash, state = excluded.state,
       response_status = NULL, response_type = NULL, response_body = NULL,
       created_at = excluded.created_at, expires_at = excluded.expires_at
     WHERE idempotency_keys.expires_at <= excluded.created_at`,
  );
  const complete = db.prepare<[number, string, string, string | null, string, string]>(
    `UPDATE idempotency_keys SET state = 'done', response_status = ?, response_type = ?, response_body = ?,
       response_location = ?
     WHERE credential_id = ? AND key = ? AND state = 'in_flight'`,
  );
  const release = db.prepare<[string, string]>(
    `DELETE FROM idempotency_keys WHERE credential_id = ? AND key = ? AND state = 'in_flight'`,
  );
  const releaseAllInFlight = db.prepare(`DELETE FROM idempotency_keys WHERE state = 'in_flight'`);
  const purge = db.prepare<[string]>('DELETE FROM idempotency_keys WHERE expires_at <= ?');
  return {
    get: (credentialId: string, key: string) => get.get(credentialId, key),
    /** Claims the key; false when a live record (in flight or done) already holds it. */
    begin: async (row: IdempotencyRow) => (await begin.run(row)).changes > 0,
    complete: (
      credentialId: string,
      key: string,
      status: number,
      type: string,
      body: string,
      location: string | null,
    ) => complete.run(status, type, body, location, credentialId, key),
    release: (credentialId: string, key: string) => release.run(credentialId, key),
    /** At start: requests in flight when the process died will never finish. */
    releaseAllInFlight: async () => (await releaseAllInFlight.run()).changes,
    purgeExpired: async (now: string) => (await purge.run(now)).changes,
  };
}

export type IdempotencyQueries = ReturnType<typeof createIdempotencyQueries>;
