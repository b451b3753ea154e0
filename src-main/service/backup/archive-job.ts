import Database from 'better-sqlite3-multiple-ciphers';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';
import { applyKey, changeKey, openKeyed, type SqliteKey } from '../store/data-key';
import { ArchivePassphrase, ArchivePassphraseError } from './archive-passphrase';
import {
  BackupJobError,
  copyDatabase,
  countRows,
  describe,
  fsyncDir,
  fsyncFile,
  keyOf,
} from './backup-job';

/**
 * The heavy half of a clinic archive (docs/data-safety.md), run in the backup worker:
 * the export (the backup's online copy, rekeyed to the passphrase, verified, renamed into place),
 * the inspection of an archive, and the staging of an import (a verified copy rekeyed to this
 * computer's data key, which the restore then swaps in).
 */

/** The one table an archive adds: its manifest, readable only with the passphrase. */
export const ARCHIVE_TABLE = 'engage_desk_archive';

/** What an archive holds, written inside it (docs/data-safety.md). */
export interface ArchiveManifest {
  format: 1;
  exportedAt: string;
  /** The Engage Desk that wrote it. */
  appVersion: string;
  schemaVersion: number;
  clinicName: string | null;
  patients: number;
  lastActivityAt: string | null;
  /** Rows per table of the clinic (the manifest's own table aside). */
  counts: Record<string, number>;
}

export type ArchiveJobRequest =
  | {
      kind: 'archive-export';
      source: string;
      target: string;
      partial: string;
      /** The data key's secret, absent for a plain clinic; never logged. */
      secret?: string;
      passphrase: string;
      schemaVersion: number;
      appVersion: string;
      exportedAt: string;
      appendOnly: readonly string[];
      /** Settings of this computer, not of the clinic (the backup folder and its record). */
      localSettings: readonly string[];
    }
  | { kind: 'archive-inspect'; file: string; passphrase: string }
  | { kind: 'archive-stage'; file: string; passphrase: string; staged: string; secret?: string };

export type ArchiveFailureCode =
  | 'wrong_passphrase'
  | 'wrong_key'
  | 'passphrase'
  | 'not_archive'
  | 'exists'
  | 'corrupt'
  | 'inconsistent'
  | 'io'
  | 'unreadable';

export type ArchiveJobResult =
  | { ok: true; manifest: ArchiveManifest; size: number }
  | { ok: false; code: ArchiveFailureCode; message: string };

export const isArchiveJob = (request: { kind: string }): request is ArchiveJobRequest =>
  request.kind.startsWith('archive-');

class ArchiveJobError extends Error {
  constructor(
    readonly code: ArchiveFailureCode,
    message: string,
  ) {
    super(message);
  }
}

export function runArchiveJob(request: ArchiveJobRequest): ArchiveJobResult {
  try {
    const file = request.kind === 'archive-export' ? request.target : request.file;
    const manifest =
      request.kind === 'archive-export'
        ? exportOrClean(request)
        : request.kind === 'archive-inspect'
          ? readArchive(request.file, ArchivePassphrase.from(request.passphrase))
          : stageArchive(request);
    return { ok: true, manifest, size: statSync(file).size };
  } catch (error) {
    if (error instanceof ArchiveJobError || error instanceof BackupJobError)
      return { ok: false, code: error.code, message: error.message };
    if (error instanceof ArchivePassphraseError)
      return { ok: false, code: 'passphrase', message: error.message };
    const code = (error as { code?: string }).code ?? '';
    if (code === 'SQLITE_NOTADB')
      return {
        ok: false,
        code: 'wrong_passphrase',
        message:
          'The passphrase does not open this archive, or the file is not an Engage Desk archive. Nothing was changed.',
      };
    if (code.startsWith('SQLITE_CORRUPT'))
      return { ok: false, code: 'corrupt', message: 'The archive is damaged (SQLite: corrupt).' };
    if (code.startsWith('E')) return { ok: false, code: 'io', message: (error as Error).message };
    return { ok: false, code: 'unreadable', message: (error as Error).message };
  }
}

/** Opens a copy for writing with its key, or in clear ready to be given one. */
function openForRekey(file: string, key: SqliteKey | undefined): Database.Database {
  const db = new Database(file, { fileMustExist: true });
  try {
    if (key) applyKey(db, key);
    else {
      db.pragma(`cipher = 'sqlcipher'`);
      db.pragma('legacy = 4');
      db.pragma('temp_store = MEMORY');
    }
    // One file (no WAL), and what is deleted is overwritten, not left in free pages.
    db.pragma('journal_mode = DELETE');
    db.pragma('secure_delete = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** An export that fails removes its own partial file (a killed one is cleared next time). */
function exportOrClean(request: Extract<ArchiveJobRequest, { kind: 'archive-export' }>) {
  try {
    return exportArchive(request);
  } catch (error) {
    for (const path of [request.partial, `${request.partial}-journal`])
      rmSync(path, { force: true });
    throw error;
  }
}

function exportArchive(request: Extract<ArchiveJobRequest, { kind: 'archive-export' }>) {
  const passphrase = ArchivePassphrase.from(request.passphrase);
  if (existsSync(request.target))
    throw new ArchiveJobError('exists', `${request.target} exists already; it is never replaced.`);
  const copied = copyDatabase(request, {
    file: basename(request.target),
    takenAt: request.exportedAt,
  });
  const db = openForRekey(request.partial, keyOf(request.secret));
  let manifest: ArchiveManifest;
  try {
    manifest = db.transaction(() => {
      if (copied.counts.settings !== undefined) {
        const forget = db.prepare('DELETE FROM settings WHERE key = ?');
        for (const key of request.localSettings) forget.run(key);
      }
      const written: ArchiveManifest = {
        format: 1,
        exportedAt: request.exportedAt,
        appVersion: request.appVersion,
        schemaVersion: copied.schemaVersion,
        clinicName: copied.clinicName,
        patients: copied.patients,
        lastActivityAt: copied.lastActivityAt,
        counts: countRows(db),
      };
      db.exec(`CREATE TABLE ${ARCHIVE_TABLE} (manifest TEXT NOT NULL) STRICT`);
      db.prepare(`INSERT INTO ${ARCHIVE_TABLE} (manifest) VALUES (?)`).run(JSON.stringify(written));
      return written;
    })();
    // Every page rewritten under the passphrase's key (PBKDF2 with a new random salt).
    changeKey(db, passphrase);
  } finally {
    db.close();
  }
  // Verified as an import will read it: with the passphrase, from a fresh connection.
  const found = readArchive(request.partial, passphrase);
  if (JSON.stringify(found) !== JSON.stringify(manifest))
    throw new ArchiveJobError('inconsistent', 'The archive does not read back as it was written.');
  if (process.platform !== 'win32') chmodSync(request.partial, 0o600);
  fsyncFile(request.partial);
  if (existsSync(request.target))
    throw new ArchiveJobError('exists', `${request.target} exists already; it is never replaced.`);
  renameSync(request.partial, request.target);
  fsyncDir(dirname(request.target));
  return manifest;
}

/**
 * Opens an archive with its passphrase, read-only: SQLite's integrity check, its manifest, and
 * every table's rows against the manifest. Changes nothing.
 */
function readArchive(file: string, passphrase: SqliteKey): ArchiveManifest {
  const db = openKeyed(file, passphrase, true);
  try {
    // The first read tells a wrong passphrase (SQLITE_NOTADB) before anything else.
    db.prepare('SELECT count(*) FROM sqlite_master').pluck().get();
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new ArchiveJobError('corrupt', `The archive is damaged: ${String(check)}`);
    const counts = countRows(db);
    if (counts[ARCHIVE_TABLE] !== 1)
      throw new ArchiveJobError(
        'not_archive',
        'This file is an SQLite database but not an Engage Desk archive (it has no manifest).',
      );
    delete counts[ARCHIVE_TABLE];
    const text = db.prepare(`SELECT manifest FROM ${ARCHIVE_TABLE}`).pluck().get() as string;
    const manifest = JSON.parse(text) as ArchiveManifest;
    if (manifest.format !== 1)
      throw new ArchiveJobError(
        'not_archive',
        `This archive has format ${String(manifest.format)}; this Engage Desk reads format 1.`,
      );
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== manifest.schemaVersion)
      throw new ArchiveJobError(
        'corrupt',
        `The archive is at schema version ${version}; its manifest says ${manifest.schemaVersion}.`,
      );
    sameCounts(counts, manifest.counts, 'The archive');
    return manifest;
  } finally {
    db.close();
  }
}

function sameCounts(found: Record<string, number>, expected: Record<string, number>, what: string) {
  const tables = new Set([...Object.keys(found), ...Object.keys(expected)]);
  for (const table of tables)
    if (found[table] !== expected[table])
      throw new ArchiveJobError(
        'corrupt',
        `${what} holds ${found[table] ?? 'no'} rows of ${table}; its manifest says ${expected[table] ?? 'none'}.`,
      );
}

/**
 * A copy of the archive beside the clinic, its manifest table dropped, rekeyed to this
 * computer's data key (or decrypted, for a plain clinic), verified with that key and synced:
 * what the restore swaps in.
 */
function stageArchive(request: Extract<ArchiveJobRequest, { kind: 'archive-stage' }>) {
  const passphrase = ArchivePassphrase.from(request.passphrase);
  const manifest = readArchive(request.file, passphrase);
  const { staged } = request;
  for (const path of [staged, `${staged}-journal`]) rmSync(path, { force: true });
  closeSync(openSync(staged, 'wx', 0o600));
  copyFileSync(request.file, staged);
  const db = openForRekey(staged, passphrase);
  try {
    db.exec(`DROP TABLE ${ARCHIVE_TABLE}`);
    const key = keyOf(request.secret);
    if (key) changeKey(db, key);
    else db.rekey(Buffer.alloc(0)); // an empty key: the copy in clear, for a plain clinic
  } finally {
    db.close();
  }
  const found = describe(staged, keyOf(request.secret), { file: staged, takenAt: '' });
  if (found.schemaVersion !== manifest.schemaVersion)
    throw new ArchiveJobError('inconsistent', 'The staged copy changed schema version.');
  sameCounts(found.counts, manifest.counts, 'The staged copy');
  fsyncFile(staged);
  return manifest;
}
