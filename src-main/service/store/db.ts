import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { applyKey, fileEncryption, type DataKey } from './data-key';
import { LATEST_VERSION, migrations, type Migration } from './migrations';
import { foldForSearch } from './search-text';

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

/** The database is encrypted and no key was given. */
export class DataKeyRequiredError extends Error {
  override name = 'DataKeyRequiredError';
  constructor(readonly file: string) {
    super(`The database ${file} is encrypted, and no data key was given to open it.`);
  }
}

/** The key given does not open the database (or the file is not a database at all). */
export class WrongDataKeyError extends Error {
  override name = 'WrongDataKeyError';
  constructor(readonly file: string) {
    super(
      `The data key does not open ${file}: it is not this database's key, or the file is not an Engage Desk database. Nothing was changed.`,
    );
  }
}

/**
 * A key was given for a database still in clear: it must be converted first (store/encrypt-plain),
 * never opened as if it were encrypted nor silently left plain.
 */
export class PlainDatabaseError extends Error {
  override name = 'PlainDatabaseError';
  constructor(readonly file: string) {
    super(
      `The database ${file} is not encrypted yet; it must be converted before it is opened with a key.`,
    );
  }
}

export interface OpenDbOptions {
  /** Directory holding engage-desk.db; created when missing. */
  dataDir?: string;
  /** A throwaway in-memory database. */
  memory?: boolean;
  /**
   * The data key: a new database is created encrypted with it, an existing one must be encrypted
   * with it. Without one, the database is plain (throwaway sandboxes, `--plain`). Ignored with
   * `memory`: an in-memory database never touches the disk.
   */
  key?: DataKey;
  /** Where the one-line warning about a data folder others can read goes (default: a process warning). */
  onFileWarning?: (message: string) => void;
}

export const DB_FILE_NAME = 'engage-desk.db';

/** Modes on POSIX: the data folder and the database files are the user's alone. */
export const DATA_DIR_MODE = 0o700;
export const DB_FILE_MODE = 0o600;

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * The data folder and database files hold patient data, the JWT signing secret and webhook
 * secrets, so on POSIX they are for this user only (docs/api-decisions.md, "Resources"): a new
 * folder is created 0700, the database is created 0600 (SQLite gives its -wal and -shm files the
 * database's mode) and existing database files are tightened to 0600 at every start. An existing
 * folder is never changed, since the user (or Electron, for the desktop app) chose it, but a
 * folder others can enter or read is reported in one warning line. Windows keeps its ACLs.
 */
function secureFiles(dataDir: string, file: string, warn: (message: string) => void): void {
  if (process.platform === 'win32') {
    mkdirSync(dataDir, { recursive: true });
    return;
  }
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  } else {
    const mode = statSync(dataDir).mode;
    if (mode & 0o077) {
      warn(
        `Engage Desk: the data folder ${dataDir} is open to other users of this computer (mode ${octal(mode)}) and holds patient data; make it private with: chmod 700 '${dataDir}'`,
      );
    }
  }
  try {
    closeSync(openSync(file, 'wx', DB_FILE_MODE)); // SQLite takes an empty file as a new database
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  tightenDbFiles(file, warn);
}

/** The database and its companions to 0600 when they exist with more. */
function tightenDbFiles(file: string, warn: (message: string) => void): void {
  if (process.platform === 'win32') return;
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    let mode: number;
    try {
      mode = statSync(path).mode;
    } catch {
      continue; // not there (yet)
    }
    if ((mode & 0o777) === DB_FILE_MODE) continue;
    try {
      chmodSync(path, DB_FILE_MODE);
    } catch (error) {
      warn(
        `Engage Desk: could not make ${path} private (mode ${octal(mode)}): ${(error as Error).message}`,
      );
    }
  }
}

const processWarning = (message: string) =>
  process.emitWarning(message, { code: 'ENGAGE_DESK_FILE_MODE' });

/** Opens (creating when needed) the database, sets the pragmas and brings the schema up to date. */
export function openDb(options: OpenDbOptions): {
  db: Db;
  created: boolean;
  /** The database file, absent in memory. */
  file?: string;
} {
  let file = ':memory:';
  const warn = options.onFileWarning ?? processWarning;
  const key = options.memory ? undefined : options.key;
  if (!options.memory) {
    if (!options.dataDir) throw new Error('openDb needs dataDir or memory');
    file = join(options.dataDir, DB_FILE_NAME);
    // Decided before anything is created or written: a refusal leaves every file as it was.
    const found = fileEncryption(file);
    if (found === 'encrypted' && !key) throw new DataKeyRequiredError(file);
    if (found === 'plain' && key) throw new PlainDatabaseError(file);
    secureFiles(options.dataDir, file, warn);
  }
  const db = new Database(file);
  try {
    if (key) {
      applyKey(db, key);
      // The first read tells a wrong key (SQLITE_NOTADB) before any pragma writes.
      try {
        db.prepare('SELECT count(*) FROM sqlite_master').pluck().get();
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_NOTADB')
          throw new WrongDataKeyError(file);
        throw error;
      }
    } else {
      // Sorts and temporary tables stay in memory for plain databases too (one behaviour).
      db.pragma('temp_store = MEMORY');
    }
    // Refuse a database from the future before any pragma writes to its header.
    const found = db.pragma('user_version', { simple: true }) as number;
    if (found > LATEST_VERSION) throw new DatabaseFromTheFutureError(found, LATEST_VERSION);
    db.pragma('journal_mode = WAL');
    if (!options.memory) tightenDbFiles(file, warn); // -wal and -shm exist from here on
    // NORMAL is durable against application crashes in WAL mode; FULL also survives power loss on
    // the last transactions, which is what a clinic desktop needs from "never losing a record".
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const before = db.pragma('user_version', { simple: true }) as number;
    migrate(db);
    return { db, created: before === 0, ...(options.memory ? {} : { file }) };
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
  // A migration that backfills a folded column calls the service's own folding (0011).
  db.function('engage_fold', { deterministic: true }, (text: unknown) =>
    foldForSearch(String(text ?? '')),
  );
  db.transaction(() => {
    for (const m of pending) db.exec(m.sql);
    // user_version is part of the database header, so it commits or rolls back with the schema.
    db.pragma(`user_version = ${latest}`);
  })();
  return latest;
}
