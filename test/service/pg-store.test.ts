import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseFromTheFutureError } from '../../src-main/service/store/db';
import { LATEST_VERSION, postgresMigrations } from '../../src-main/service/store/migrations';
import { explainConnectError, openPgStore } from '../../src-main/service/store/pg-store';
import type { Sql } from '../../src-main/service/store/sql-port';
import { createTestDatabase, postgresUrl } from './postgres-test-db';

/**
 * Opening the store on PostgreSQL (store/pg-store.ts): the migrations, once, under a lock, with
 * a version table; a database from a newer Engage Desk refused; and the errors a person setting
 * up a clinic server meets, each said plainly.
 */
describe.skipIf(!postgresUrl)('the PostgreSQL store, opened', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const opened: Sql[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await database?.drop();
  });
  const versions = async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (
        await client.query<{ version: number; name: string }>(
          'SELECT version, name FROM engage_schema_version ORDER BY version',
        )
      ).rows;
    } finally {
      await client.end();
    }
  };

  it('migrates a new database once, even when three instances open it together', async () => {
    const three = await Promise.all([1, 2, 3].map(() => openPgStore(database.url)));
    opened.push(...three.map((s) => s.db));
    // Exactly one found it empty (and will seed it); the others found it migrated.
    expect(three.filter((s) => s.created)).toHaveLength(1);
    expect(await versions()).toEqual(
      postgresMigrations.map((m) => ({ version: m.version, name: m.name })),
    );
    expect((await versions()).at(-1)!.version).toBe(LATEST_VERSION);
    const again = await openPgStore(database.url);
    opened.push(again.db);
    expect(again.created).toBe(false);
    const tables = await again.db
      .prepare<[], number>(
        "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'",
      )
      .pluck()
      .get();
    expect(tables).toBeGreaterThan(20);
  });

  it('refuses a database a newer Engage Desk has migrated, and changes nothing', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `INSERT INTO engage_schema_version (version, name) VALUES (${LATEST_VERSION + 1}, 'from_the_future')`,
    );
    await client.end();
    await expect(openPgStore(database.url)).rejects.toBeInstanceOf(DatabaseFromTheFutureError);
    expect((await versions()).at(-1)).toEqual({
      version: LATEST_VERSION + 1,
      name: 'from_the_future',
    });
  });

  it('undoes a migration that fails and says which', async () => {
    const other = await createTestDatabase();
    try {
      const broken = [
        ...postgresMigrations.slice(0, 1),
        { version: 2, name: 'broken', sql: 'CREATE TABLE half (n bigint); SELECT 1/0;' },
      ];
      await expect(openPgStore(other.url, { migrations: broken })).rejects.toThrow(
        /PostgreSQL migration 2 \(broken\) failed: division by zero/,
      );
      const client = new pg.Client({ connectionString: other.url });
      await client.connect();
      const rows = (await client.query('SELECT version FROM engage_schema_version')).rows;
      const half = (await client.query("SELECT to_regclass('half') AS t")).rows[0] as {
        t: unknown;
      };
      await client.end();
      expect(rows).toEqual([{ version: 1 }]);
      expect(half.t).toBeNull();
    } finally {
      await other.drop();
    }
  });

  it('says plainly when the server is not there, the database is missing or the user unknown', async () => {
    const url = new URL(postgresUrl!);
    const closedPort = new URL(postgresUrl!);
    closedPort.port = '1';
    await expect(openPgStore(closedPort.toString())).rejects.toThrow(
      /PostgreSQL cannot be reached at 127\.0\.0\.1:1 \(ECONNREFUSED\)/,
    );
    const noDatabase = new URL(url);
    noDatabase.pathname = '/engage_no_such_database';
    await expect(openPgStore(noDatabase.toString())).rejects.toThrow(
      /has no database "engage_no_such_database": create it first/,
    );
    const noUser = new URL(url);
    noUser.username = 'engage_nobody';
    await expect(openPgStore(noUser.toString())).rejects.toThrow(
      /refused the credentials of engage_nobody/,
    );
    // A wrong password (a server that asks for one) is told the same way.
    expect(
      explainConnectError({ code: '28P01' }, 'postgres://clinic:bad@db.example:6543/desk').message,
    ).toBe(
      'PostgreSQL at db.example:6543 refused the credentials of clinic: check the user and password in the URL.',
    );
    expect(explainConnectError(new Error('x'), 'not a url').message).toMatch(/not a valid/);
  });
});
