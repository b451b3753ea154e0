import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL the tests' PostgreSQL half runs on: ENGAGE_DESK_TEST_POSTGRES_URL, a role that
 * may create databases (scripts/test-postgres.sh starts a private cluster and prints one). Unset,
 * those tests are skipped, unless ENGAGE_DESK_REQUIRE_POSTGRES is set (as .ci/run sets it): then
 * a missing server fails the run instead of passing it with half its proofs left out.
 */
export const postgresUrl: string | undefined = process.env.ENGAGE_DESK_TEST_POSTGRES_URL;
if (!postgresUrl && process.env.ENGAGE_DESK_REQUIRE_POSTGRES)
  throw new Error(
    'ENGAGE_DESK_REQUIRE_POSTGRES is set but ENGAGE_DESK_TEST_POSTGRES_URL is not: start one with scripts/test-postgres.sh',
  );

/** A database of its own for one test file, dropped by `drop()`. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error('ENGAGE_DESK_TEST_POSTGRES_URL is not set');
  const name = `engage_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
