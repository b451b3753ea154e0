import type Database from 'better-sqlite3-multiple-ciphers';
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';
import { DataKey, openKeyed, type SqliteKey } from '../store/data-key';

/**
 * The heavy half of a backup and of a backup's verification: plain synchronous SQLite and file
 * work, run in a worker thread (backup-worker.ts) so the service's event loop keeps answering for
 * the seconds a large clinic takes, or inline where no worker bundle exists (tests from source).
 * It imports nothing of the service but the key's handling, so the worker bundle stays small.
 */

/** What a backup holds, written beside it as `<name>.json` (docs/data-safety.md). */
export interface BackupManifest {
  format: 1;
  /** The backup file's name, in the same folder. */
  file: string;
  takenAt: string;
  size: number;
  sha256: string;
  encrypted: boolean;
  schemaVersion: number;
  /** Rows per table, counted in the copy and checked against the source around the copy. */
  counts: Record<string, number>;
  clinicName: string | null;
  patients: number;
  /** The newest change to a patient, schedule, message, note or event: the clinic's last work. */
  lastActivityAt: string | null;
}

export type BackupJobRequest =
  | {
      kind: 'backup';
      source: string;
      /** Final path of the backup file. */
      target: string;
      /** Where it is written first (named with the process id, see backup-engine). */
      partial: string;
      manifestPath: string;
      /** The key's secret (the worker cannot be handed a DataKey object); never logged. */
      secret?: string;
      schemaVersion: number;
      takenAt: string;
      /** Tables that only grow: their copied counts must lie between before and after. */
      appendOnly: readonly string[];
    }
  | {
      kind: 'verify';
      file: string;
      secret?: string;
      /** The manifest to hold the file to, when there is one. */
      manifest?: BackupManifest;
    };

export type BackupJobResult =
  { ok: true; manifest: BackupManifest } | { ok: false; code: BackupFailureCode; message: string };

export type BackupFailureCode = 'corrupt' | 'wrong_key' | 'unreadable' | 'io' | 'inconsistent';

/** A failure the job explains itself (the message never holds the key). */
export class BackupJobError extends Error {
  constructor(
    readonly code: BackupFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'BackupJobError';
  }
}

export function runBackupJob(request: BackupJobRequest): BackupJobResult {
  try {
    const manifest = request.kind === 'backup' ? backup(request) : verify(request);
    return { ok: true, manifest };
  } catch (error) {
    if (error instanceof BackupJobError)
      return { ok: false, code: error.code, message: error.message };
    const code = (error as { code?: string }).code ?? '';
    if (code === 'SQLITE_NOTADB')
      return {
        ok: false,
        code: 'wrong_key',
        message: 'The data key does not open this file, or it is not an Engage Desk database.',
      };
    if (code.startsWith('SQLITE_CORRUPT'))
      return { ok: false, code: 'corrupt', message: 'The file is damaged (SQLite: corrupt).' };
    if (code.startsWith('E')) return { ok: false, code: 'io', message: (error as Error).message };
    return { ok: false, code: 'unreadable', message: (error as Error).message };
  }
}

/** The data key a job was handed as its secret (absent: a plain database). */
export const keyOf = (secret: string | undefined): DataKey | undefined =>
  secret === undefined ? undefined : DataKey.from(secret);

const TABLES_SQL = `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
  AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name`;

/** Rows of every ordinary table (virtual tables are rebuilt from their shadow tables). */
export function countRows(db: Database.Database): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of db.prepare(TABLES_SQL).pluck().all() as string[])
    counts[name] = db
      .prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`)
      .pluck()
      .get() as number;
  return counts;
}

/** The counts in one read transaction, with the data version they were read at. */
function snapshotCounts(db: Database.Database) {
  return db.transaction(() => ({
    counts: countRows(db),
    dataVersion: db.pragma('data_version', { simple: true }) as number,
  }))();
}

/** What copyDatabase needs: where from, where to, with which key, and what must hold. */
export interface CopyRequest {
  source: string;
  partial: string;
  secret?: string;
  schemaVersion: number;
  appendOnly: readonly string[];
}

/**
 * Copies the database online into `partial` (VACUUM INTO, with the source's key), synced, and
 * checks the copy: its integrity, its schema version, and its rows against the source's.
 */
export function copyDatabase(
  request: CopyRequest,
  at: { file: string; takenAt: string },
): BackupManifest {
  const { partial } = request;
  // A partial file left by a killed run goes; VACUUM INTO takes an empty file, made private first.
  rmSync(partial, { force: true });
  closeSync(openSync(partial, 'wx', 0o600));
  const source = openKeyed(request.source, keyOf(request.secret), false);
  let before, after;
  try {
    before = snapshotCounts(source);
    // VACUUM INTO is its own read transaction (it cannot run inside ours): a consistent snapshot,
    // written with the connection's key, while the service's connection keeps writing (WAL).
    source.prepare('VACUUM INTO ?').run(partial);
    after = snapshotCounts(source);
  } finally {
    source.close();
  }
  fsyncFile(partial);
  const manifest = describe(partial, keyOf(request.secret), at);
  if (manifest.schemaVersion !== request.schemaVersion)
    throw new BackupJobError(
      'inconsistent',
      `The copy is at schema version ${manifest.schemaVersion}, the service at ${request.schemaVersion}.`,
    );
  // The copy's snapshot lies between the two counts. Nobody else committed in between: the copy
  // holds exactly those rows. Otherwise the tables that only grow must lie between the two.
  const quiet = before.dataVersion === after.dataVersion;
  for (const [table, rows] of Object.entries(before.counts)) {
    const copied = manifest.counts[table];
    const later = after.counts[table] ?? rows;
    const fits = quiet
      ? copied === rows
      : !request.appendOnly.includes(table) ||
        (copied !== undefined && copied >= rows && copied <= later);
    if (!fits)
      throw new BackupJobError(
        'inconsistent',
        `The copy holds ${copied ?? 'no'} rows of ${table}; the database held ${rows}${quiet ? '' : ` to ${later}`}.`,
      );
  }
  return manifest;
}

function backup(request: Extract<BackupJobRequest, { kind: 'backup' }>): BackupManifest {
  const { partial } = request;
  const manifest = copyDatabase(request, {
    file: basename(request.target),
    takenAt: request.takenAt,
  });
  // The manifest first, then the file by one rename: a backup is listed only with both.
  writeFileDurably(request.manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(partial, request.target);
  fsyncDir(dirname(request.target));
  return manifest;
}

function verify(request: Extract<BackupJobRequest, { kind: 'verify' }>): BackupManifest {
  const expected = request.manifest;
  if (expected) {
    const sha256 = fileSha256(request.file);
    if (sha256 !== expected.sha256)
      throw new BackupJobError(
        'corrupt',
        'The file is not the one its manifest describes (its checksum differs): it is damaged.',
      );
  }
  const found = describe(request.file, keyOf(request.secret), {
    file: basename(request.file),
    takenAt: expected?.takenAt ?? statSync(request.file).mtime.toISOString(),
  });
  if (expected) {
    for (const [table, rows] of Object.entries(expected.counts))
      if (found.counts[table] !== rows)
        throw new BackupJobError(
          'corrupt',
          `The backup holds ${found.counts[table] ?? 'no'} rows of ${table}; its manifest says ${rows}.`,
        );
  }
  return found;
}

/** Opens a copy read-only, checks its integrity and reads what it holds. */
export function describe(
  file: string,
  key: SqliteKey | undefined,
  at: { file: string; takenAt: string },
): BackupManifest {
  const db = openKeyed(file, key, true);
  try {
    const check = db.pragma('integrity_check', { simple: false }) as Array<{
      integrity_check: string;
    }>;
    const problems = check.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length)
      throw new BackupJobError(
        'corrupt',
        `The file is damaged: ${problems.slice(0, 3).join('; ')}`,
      );
    const counts = countRows(db);
    const one = (sql: string) => db.prepare(sql).pluck().get() as string | null | undefined;
    const has = (table: string) => counts[table] !== undefined;
    return {
      format: 1,
      file: at.file,
      takenAt: at.takenAt,
      size: statSync(file).size,
      sha256: fileSha256(file),
      encrypted: key !== undefined,
      schemaVersion: db.pragma('user_version', { simple: true }) as number,
      counts,
      clinicName: has('settings')
        ? (one(`SELECT value FROM settings WHERE key = 'clinic_name'`) ?? null)
        : null,
      patients: counts.patients ?? 0,
      lastActivityAt: lastActivity(db, counts),
    };
  } finally {
    db.close();
  }
}

/** Where the clinic's latest work shows: the newest time among these columns. */
const ACTIVITY = [
  ['events', 'created_at'],
  ['patients', 'updated_at'],
  ['form_schedules', 'updated_at'],
  ['conversation_messages', 'created_at'],
  ['patient_notes', 'created_at'],
] as const;

function lastActivity(db: Database.Database, counts: Record<string, number>): string | null {
  let latest: string | null = null;
  for (const [table, column] of ACTIVITY) {
    if (!counts[table]) continue;
    const at = db.prepare(`SELECT max(${column}) FROM ${table}`).pluck().get() as string | null;
    if (at && (!latest || at > latest)) latest = at;
  }
  return latest;
}

export function fileSha256(file: string): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1 << 20);
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      hash.update(chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

export function fsyncFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A rename is durable once its folder is synced (not possible on Windows, where it is a no-op). */
export function fsyncDir(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes a small file under a temporary name, syncs it and renames it into place. */
export function writeFileDurably(path: string, text: string): void {
  const partial = `${path}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
}
