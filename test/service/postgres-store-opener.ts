import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { CoreOptions } from '../../src-main/service/core-options';
import { openDb } from '../../src-main/service/store/db';
import { openPgStore } from '../../src-main/service/store/pg-store';
import type { Sql } from '../../src-main/service/store/sql-port';
import { createSqlitePort } from '../../src-main/service/store/sqlite-port';

/**
 * The store opener of the `service-postgres` test project (vitest.config.ts puts it in place of
 * src-main/service/store/open-store.ts): a core the suites open in memory gets a PostgreSQL
 * database of its own instead, cloned from the template the global setup migrated
 * (test/service/postgres-global-setup.ts), and dropped when the core closes. Cores on a data
 * folder stay on SQLite: those suites test the desk's files (encryption, backups, crashes).
 */
export async function openStore(options: CoreOptions): Promise<{ db: Sql; created: boolean }> {
  if (options.databaseUrl) return await openPgStore(options.databaseUrl);
  if (options.memory) return await cloneTemplate();
  const opened = openDb(options);
  const db = createSqlitePort(opened.db, {
    ...(opened.file ? { file: opened.file } : {}),
    ...(options.key ? { key: options.key } : {}),
  });
  return { db, created: opened.created };
}

async function cloneTemplate(): Promise<{ db: Sql; created: boolean }> {
  const admin = inject('postgresAdminUrl');
  const template = inject('postgresTemplate');
  const name = `engage_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const { db } = await openPgStore(url.toString());
  const close = db.close.bind(db);
  // Migrated but empty, like a new SQLite file: the core seeds it.
  return {
    created: true,
    db: Object.assign(db, {
      async close() {
        await close();
        await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    }),
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}
