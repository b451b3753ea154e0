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

/** A database of its own (`template`'s copy, else empty), dropped by `drop()`. */
export async function createTestDatabase(
  admin = postgresUrl,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!admin) throw new Error('ENGAGE_DESK_TEST_POSTGRES_URL is not set');
  // A template's copies carry its name, so that the run that made it can drop them all.
  const name = `${template ?? 'engage_test'}_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One statement on its own connection (databases are created and dropped outside any). */
export async function adminQuery(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}
