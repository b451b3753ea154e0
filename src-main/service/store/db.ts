import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { LATEST_VERSION, migrations, type Migration } from './migrations';

export type Db = Database.Database;

export class DatabaseFromTheFutureError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `This database is at schema version ${found}, but this Engage Desk only knows versions up to ${supported}. ` +
        `It was written by a newer Engage Desk; update the app (or use another data directory) instead of risking the data.`,
    );
    this.name = 'DatabaseFromTheFutureError';
  }
}

export interface OpenDbOptions {
  /** Directory holding engage-desk.db; created when missing. */
  dataDir?: string;
  /** A throwaway in-memory database. */
  memory?: boolean;
}

export const DB_FILE_NAME = 'engage-desk.db';

/** Opens (creating when needed) the database, sets the pragmas and brings the schema up to date. */
export function openDb(options: OpenDbOptions): { db: Db; created: boolean } {
  let file = ':memory:';
  if (!options.memory) {
    if (!options.dataDir) throw new Error('openDb needs dataDir or memory');
    mkdirSync(options.dataDir, { recursive: true });
    file = join(options.dataDir, DB_FILE_NAME);
  }
  const db = new Database(file);
  try {
    // Refuse a database from the future before any pragma writes to its header.
    const found = db.pragma('user_version', { simple: true }) as number;
    if (found > LATEST_VERSION) throw new DatabaseFromTheFutureError(found, LATEST_VERSION);
    db.pragma('journal_mode = WAL');
    // NORMAL is durable against application crashes in WAL mode; FULL also survives power loss on
    // the last transactions, which is what a clinic desktop needs from "never losing a record".
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const before = db.pragma('user_version', { simple: true }) as number;
    migrate(db);
    return { db, created: before === 0 };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Applies every pending migration in one transaction; refuses a database from a newer version. */
export function migrate(db: Db, all: Migration[] = migrations): number {
  const latest = all.length === migrations.length ? LATEST_VERSION : all.length;
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latest) throw new DatabaseFromTheFutureError(current, latest);
  const pending = all.filter((m) => m.version > current);
  if (pending.length === 0) return current;
  db.transaction(() => {
    for (const m of pending) db.exec(m.sql);
    // user_version is part of the database header, so it commits or rolls back with the schema.
    db.pragma(`user_version = ${latest}`);
  })();
  return latest;
}
