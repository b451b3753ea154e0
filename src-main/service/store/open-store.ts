import type { CoreOptions } from '../core-options';
import { openDb } from './db';
import { openPgStore } from './pg-store';
import type { Sql } from './sql-port';
import { createSqlitePort } from './sqlite-port';

/**
 * The store a core runs on: PostgreSQL when a database URL is given (a clinic server), otherwise
 * SQLite, in the data folder or in memory (the desk, the sandbox). Nothing above the port knows
 * which.
 */
export async function openStore(options: CoreOptions): Promise<{ db: Sql; created: boolean }> {
  if (options.databaseUrl)
    return await openPgStore(
      options.databaseUrl,
      options.onStoreRetry ? { onRetry: options.onStoreRetry } : {},
    );
  const opened = openDb(options);
  const db = createSqlitePort(opened.db, {
    ...(opened.file ? { file: opened.file } : {}),
    ...(options.key && !options.memory ? { key: options.key } : {}),
  });
  return { db, created: opened.created };
}
