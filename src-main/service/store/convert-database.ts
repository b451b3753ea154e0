import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { applyKey, changeKey, fileEncryption, type DataKey } from './data-key';
import { DB_FILE_MODE, DB_FILE_NAME, PlainDatabaseError, WrongDataKeyError } from './db';

/**
 * Encrypting a plain database and changing an encrypted one's key (docs/data-safety.md).
 * Both work on a copy, never on the clinic's file: the copy is written beside it under a name
 * nothing opens (engage-desk.db.converting), encrypted with the new key, verified (integrity_check,
 * user_version, the row count of every table), fsynced, and only then renamed over the database in
 * one atomic step. A SIGKILL or power cut at any moment leaves the old database intact (and a
 * leftover copy that the next conversion removes) or the new one complete; never neither.
 *
 * The key never enters SQL text: the copy is given its key with `db.rekey(buffer)`.
 */

export type ConversionPhase = 'copy' | 'encrypt' | 'verify' | 'replace';

export interface ConversionProgress {
  phase: ConversionPhase;
  /** Pages copied, tables verified; 0/1 then 1/1 for the steps that cannot be split. */
  done: number;
  total: number;
}

export type OnConversionProgress = (progress: ConversionProgress) => void;

/** The share of the whole conversion each phase ends at, for one progress bar. */
const PHASE_END: Record<ConversionPhase, number> = {
  copy: 0.45,
  encrypt: 0.75,
  verify: 0.97,
  replace: 1,
};
const PHASE_START: Record<ConversionPhase, number> = {
  copy: 0,
  encrypt: 0.45,
  verify: 0.75,
  replace: 0.97,
};

/** 0..1 for a progress bar, from any progress report. */
export function conversionFraction(progress: ConversionProgress): number {
  const share = progress.total > 0 ? Math.min(1, progress.done / progress.total) : 0;
  const start = PHASE_START[progress.phase];
  return start + (PHASE_END[progress.phase] - start) * share;
}

/** Another connection holds the database (the app, `engage-desk serve`): close it first. */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
  constructor(readonly file: string) {
    super(
      `The database ${file} is open in another process (Engage Desk or engage-desk serve). Close it and try again; nothing was changed.`,
    );
  }
}

/** The verified copy did not match its source; the database was left as it was. */
export class ConversionVerifyError extends Error {
  override name = 'ConversionVerifyError';
}

/** The copy's name: beside the database (one filesystem, so the rename is atomic), never opened. */
export const CONVERTING_SUFFIX = '.converting';

export interface ConversionResult {
  tables: number;
  rows: number;
  bytes: number;
}

/**
 * Encrypts the plain database of `dataDir` with `key` (verified copy, atomic swap). Refuses a
 * folder whose database is not plain, and a database another process has open.
 */
export async function encryptPlainDatabase(
  dataDir: string,
  key: DataKey,
  onProgress: OnConversionProgress = () => {},
): Promise<ConversionResult> {
  const file = join(dataDir, DB_FILE_NAME);
  const found = fileEncryption(file);
  if (found !== 'plain') {
    throw new Error(
      found === 'encrypted'
        ? `The database ${file} is encrypted already.`
        : `There is no database in ${dataDir} to encrypt.`,
    );
  }
  return convert(file, undefined, key, onProgress);
}

/**
 * Changes the key of the encrypted database of `dataDir` from `oldKey` to `newKey` (verified copy,
 * atomic swap): until the rename, the old key opens it; after, the new one.
 */
export async function rekeyDatabase(
  dataDir: string,
  oldKey: DataKey,
  newKey: DataKey,
  onProgress: OnConversionProgress = () => {},
): Promise<ConversionResult> {
  const file = join(dataDir, DB_FILE_NAME);
  const found = fileEncryption(file);
  if (found === 'plain') throw new PlainDatabaseError(file);
  if (found === 'empty') throw new Error(`There is no database in ${dataDir} to rekey.`);
  if (oldKey.sameSecretAs(newKey)) throw new Error('The new data key is the same as the old one.');
  return convert(file, oldKey, newKey, onProgress);
}

/**
 * Removes what an interrupted conversion left (a copy is never the database, and one cut short
 * during a rekey still holds the clinic under the old key). Safe at any time: a conversion whose
 * copy disappears fails its verification or its rename and leaves the database as it was.
 */
export function removeConversionLeftovers(dataDir: string): void {
  const copy = join(dataDir, DB_FILE_NAME + CONVERTING_SUFFIX);
  for (const path of [copy, `${copy}-journal`, `${copy}-wal`, `${copy}-shm`]) {
    rmSync(path, { force: true });
  }
}

async function convert(
  file: string,
  oldKey: DataKey | undefined,
  newKey: DataKey,
  onProgress: OnConversionProgress,
): Promise<ConversionResult> {
  const dataDir = join(file, '..');
  const copy = file + CONVERTING_SUFFIX;

  const source = new Database(file, { fileMustExist: true });
  let sourceOpen = true;
  let owned = false; // the copy is ours to remove only once the database is
  try {
    if (oldKey) applyKey(source, oldKey);
    else source.pragma('temp_store = MEMORY');
    try {
      source.prepare('SELECT count(*) FROM sqlite_master').pluck().get();
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw new WrongDataKeyError(file);
      throw error;
    }
    takeExclusive(source, file);
    owned = true;
    // Only once the database is ours: a copy being written by a conversion still running
    // elsewhere is never removed from under it by one that is about to be refused.
    removeConversionLeftovers(dataDir);
    const expected = tableCounts(source);
    const version = source.pragma('user_version', { simple: true }) as number;

    // 1. The copy, with the source's key (or in clear), from this one connection.
    onProgress({ phase: 'copy', done: 0, total: 1 });
    if (oldKey) {
      // An encrypted source: VACUUM INTO writes the copy with the same key (the backup API
      // refuses an encrypted source). The file name is bound, not spliced into the SQL.
      source.prepare('VACUUM INTO ?').run(copy);
      onProgress({ phase: 'copy', done: 1, total: 1 });
    } else {
      await source.backup(copy, {
        progress: ({ totalPages, remainingPages }) => {
          onProgress({ phase: 'copy', done: totalPages - remainingPages, total: totalPages });
          return 512;
        },
      });
    }

    // 2. The copy gets the new key; a journal file, not a WAL, so the copy is one file.
    onProgress({ phase: 'encrypt', done: 0, total: 1 });
    const target = new Database(copy, { fileMustExist: true });
    try {
      if (oldKey) applyKey(target, oldKey);
      else {
        target.pragma(`cipher = 'sqlcipher'`);
        target.pragma('legacy = 4');
      }
      target.pragma('journal_mode = DELETE');
      changeKey(target, newKey);
    } finally {
      target.close();
    }
    onProgress({ phase: 'encrypt', done: 1, total: 1 });

    // 3. Verified from a fresh connection with the new key, as the next start will open it.
    await verify(copy, newKey, expected, version, onProgress);

    // 4. Durable, private, then the atomic swap.
    onProgress({ phase: 'replace', done: 0, total: 1 });
    // The copy was created with the process umask; the database is the user's alone.
    if (process.platform !== 'win32') chmodSync(copy, DB_FILE_MODE);
    fsyncPath(copy);
    if (process.platform === 'win32') {
      // Windows cannot rename over an open file; the window in between is the app's own start.
      source.close();
      sourceOpen = false;
    }
    // The source is in rollback-journal mode with no -wal: nothing of the old file can be
    // replayed over the new one. Removed all the same, before the swap.
    for (const extra of ['-wal', '-shm', '-journal']) rmSync(file + extra, { force: true });
    renameSync(copy, file);
    fsyncPath(dataDir, true);
    onProgress({ phase: 'replace', done: 1, total: 1 });
    const rows = [...expected.values()].reduce((sum, n) => sum + n, 0);
    return { tables: expected.size, rows, bytes: statSync(file).size };
  } catch (error) {
    if (sourceOpen) {
      source.close();
      sourceOpen = false;
    }
    if (owned) removeConversionLeftovers(dataDir);
    throw error;
  } finally {
    if (sourceOpen) source.close();
  }
}

/**
 * Makes this the only connection, and keeps it so: leaving WAL mode fails while another
 * connection (any process) has the database open, and the exclusive locking mode then holds the
 * file's lock until the conversion ends, so nobody can write to the old file meanwhile.
 */
function takeExclusive(db: Database.Database, file: string): void {
  db.pragma('busy_timeout = 0');
  try {
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw new DatabaseInUseError(file);
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
      throw new DatabaseInUseError(file);
    throw error;
  }
}

/** Every table's row count (sqlite_sequence included), by name. */
function tableCounts(db: Database.Database): Map<string, number> {
  const names = db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name`,
    )
    .pluck()
    .all() as string[];
  return new Map(
    names.map((name) => [
      name,
      db
        .prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number,
    ]),
  );
}

async function verify(
  copy: string,
  key: DataKey,
  expected: Map<string, number>,
  version: number,
  onProgress: OnConversionProgress,
): Promise<void> {
  if (fileEncryption(copy) !== 'encrypted')
    throw new ConversionVerifyError('The copy is not encrypted.');
  const db = new Database(copy, { readonly: true, fileMustExist: true });
  try {
    applyKey(db, key);
    const total = expected.size + 1;
    onProgress({ phase: 'verify', done: 0, total });
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new ConversionVerifyError(`The copy failed its integrity check: ${String(check)}`);
    const found = db.pragma('user_version', { simple: true });
    if (found !== version)
      throw new ConversionVerifyError(
        `The copy is at schema version ${String(found)}, not ${version}.`,
      );
    onProgress({ phase: 'verify', done: 1, total });
    const counts = tableCounts(db);
    let done = 1;
    for (const [name, count] of expected) {
      if (counts.get(name) !== count)
        throw new ConversionVerifyError(
          `The copy's table ${name} has ${String(counts.get(name))} rows, not ${count}.`,
        );
      onProgress({ phase: 'verify', done: ++done, total });
      // Lets a window repaint its progress bar between tables.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (counts.size !== expected.size)
      throw new ConversionVerifyError('The copy does not hold the same tables.');
  } finally {
    db.close();
  }
}

/** fsync a file (or, on POSIX, a directory, so a rename in it is durable). */
function fsyncPath(path: string, directory = false): void {
  if (directory && process.platform === 'win32') return;
  const fd = openSync(path, directory ? 'r' : 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
