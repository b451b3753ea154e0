import { inject } from 'vitest';
import type { CoreOptions } from '../../src-main/service/core-options';
// Not the aliased './store/open-store' specifier: this is the real opener, for everything else.
import { openStore as openReal } from '../../src-main/service/store/open-store';
import { openPgStore } from '../../src-main/service/store/pg-store';
import type { Sql } from '../../src-main/service/store/sql-port';
import { createTestDatabase } from './postgres-test-db';

/**
 * The store opener of the `service-postgres` test project (vitest.config.ts puts it in place of
 * src-main/service/store/open-store.ts): a core the suites open in memory gets a PostgreSQL
 * database of its own instead, cloned from the template the global setup migrated
 * (test/service/postgres-global-setup.ts), and dropped when the core closes. Cores on a data
 * folder stay on SQLite: those suites test the desk's files (encryption, backups, crashes).
 */
export async function openStore(options: CoreOptions): Promise<{ db: Sql; created: boolean }> {
  return options.memory && !options.databaseUrl ? await cloneTemplate() : await openReal(options);
}

async function cloneTemplate(): Promise<{ db: Sql; created: boolean }> {
  const database = await createTestDatabase(inject('postgresAdminUrl'), inject('postgresTemplate'));
  const { db } = await openPgStore(database.url);
  const close = db.close.bind(db);
  // Migrated but empty, like a new SQLite file: the core seeds it.
  return {
    created: true,
    db: Object.assign(db, {
      async close() {
        await close();
        await database.drop();
      },
    }),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}
