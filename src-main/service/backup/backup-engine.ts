import Database from 'better-sqlite3-multiple-ciphers';
import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { applyKey, type DataKey } from '../store/data-key';
import { DatabaseFromTheFutureError, DB_FILE_NAME } from '../store/db';
import { LATEST_VERSION } from '../store/migrations';
import {
  fileSha256,
  fsyncDir,
  fsyncFile,
  runBackupJob,
  type BackupFailureCode,
  type BackupJobRequest,
  type BackupJobResult,
  type BackupManifest,
} from './backup-job';
import { backupsToKeep, type RotationPolicy } from './backup-rotation';

export type { BackupManifest } from './backup-job';
// For the adapters (operations, CLI), which do not reach into the store.
export { DatabaseFromTheFutureError };

/** Refuses a backup written by a newer Engage Desk, with the usual message. */
export function refuseFromTheFuture(manifest: { schemaVersion: number }): void {
  if (manifest.schemaVersion > LATEST_VERSION)
    throw new DatabaseFromTheFutureError(manifest.schemaVersion, LATEST_VERSION);
}

/**
 * Backups of the clinic's database and their restore (docs/data-safety.md): a copy by
 * `VACUUM INTO` on a connection of its own (encrypted with the same key, while the service keeps
 * writing), verified and described by a manifest beside it; a restore that keeps the current
 * database aside and swaps the verified copy in with one rename.
 */

/** Why a backup, a verification or a restore did not happen; the message never names the key. */
export class BackupError extends Error {
  override name = 'BackupError';
  constructor(
    readonly code: BackupFailureCode | 'folder_missing' | 'not_found' | 'in_use',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Why a backup or restore was refused, as one word (`details.reason` of a backup_failed problem,
 * and a failed restore's record); anything unforeseen is the disk's.
 */
export function backupFailureReason(error: unknown): string | undefined {
  if (error instanceof BackupError) return error.code;
  if (error instanceof DatabaseFromTheFutureError) return 'from_the_future';
  return undefined;
}

/** A backup in a folder: the file and its manifest (a file without one was never finished). */
export interface BackupEntry {
  path: string;
  manifest: BackupManifest;
}

const NAME = /^engage-desk-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.db$/;
/** Tables that only grow (the ledger's triggers forbid updates and deletes; events are a log). */
const APPEND_ONLY = ['credit_ledger', 'events'] as const;

/** `engage-desk-2026-11-26T23-18-00-123Z.db`: sorts by time, legal on every file system. */
export function backupFileName(takenAt: Date): string {
  return `engage-desk-${takenAt.toISOString().replace(/[:.]/g, '-')}.db`;
}

const manifestPathOf = (file: string) => file.replace(/\.db$/, '.json');

function timeOf(name: string): number | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [date, time] = match[1]!.split('T') as [string, string];
  const [h, m, s, ms] = time.replace('Z', '').split('-');
  return Date.parse(`${date}T${h}:${m}:${s}.${ms}Z`);
}

/**
 * Where the worker bundle sits: beside the bundle running this code (out/cli/cli.js,
 * out/main/index.js, out/bench/*.js). From source (the tests) there is none, and the job runs
 * inline on a later tick instead.
 */
function workerFile(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return undefined;
  return join(dirname(here), 'backup-worker.js');
}

/**
 * Runs one job of the worker bundle (backup-worker.ts dispatches by kind) off the event loop, or
 * inline on a later tick from source. `failed` makes the answer when the worker itself fails.
 */
export async function runWorkerJob<Q, R>(
  request: Q,
  inline: (request: Q) => R,
  failed: (message: string) => R,
): Promise<R> {
  const file = workerFile();
  if (!file) {
    await new Promise((resolve) => setImmediate(resolve));
    return inline(request);
  }
  return new Promise((resolve) => {
    const worker = new Worker(file, { workerData: request });
    let answered = false;
    worker.once('message', (result: R) => {
      answered = true;
      resolve(result);
    });
    worker.once('error', (error) => {
      answered = true;
      resolve(failed(`The backup worker failed: ${error.message}`));
    });
    worker.once('exit', (code) => {
      if (!answered) resolve(failed(`The backup worker stopped (exit ${code}).`));
    });
  });
}

const runJob = (request: BackupJobRequest) =>
  runWorkerJob(request, runBackupJob, (message): BackupJobResult => ({
    ok: false,
    code: 'io',
    message,
  }));

function unwrap(result: BackupJobResult): BackupManifest {
  if (!result.ok) throw new BackupError(result.code, result.message);
  return result.manifest;
}

export interface CreateBackupOptions {
  dataDir: string;
  key?: DataKey;
  folder: string;
  /** Create the folder when missing (the default folder); a chosen one must be there. */
  createFolder: boolean;
  takenAt: Date;
}

/** Copies the database into the folder, verifies the copy and writes its manifest. */
export async function createBackup(options: CreateBackupOptions): Promise<BackupEntry> {
  const { folder } = options;
  if (!existsSync(folder)) {
    if (!options.createFolder)
      throw new BackupError(
        'folder_missing',
        `The backup folder ${folder} is not there (a disk or network share not connected?).`,
      );
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  }
  const source = join(options.dataDir, DB_FILE_NAME);
  if (!existsSync(source))
    throw new BackupError('not_found', `There is no database in ${options.dataDir}.`);
  clearLeftovers(folder);
  const path = join(folder, backupFileName(options.takenAt));
  const manifest = unwrap(
    await runJob({
      kind: 'backup',
      source,
      target: path,
      partial: `${path}.${process.pid}.partial`,
      manifestPath: manifestPathOf(path),
      ...(options.key ? { secret: options.key.reveal() } : {}),
      schemaVersion: LATEST_VERSION,
      takenAt: options.takenAt.toISOString(),
      appendOnly: APPEND_ONLY,
    }),
  );
  return { path, manifest };
}

/**
 * What a killed backup left: a partial copy whose process is gone, a manifest whose copy never
 * arrived, a copy whose manifest was removed by an interrupted rotation. Only our own names are
 * touched, and never the work of a backup still running in another process (a server's hourly
 * one beside `engage-desk backup`): its partial file carries its process id.
 */
function clearLeftovers(folder: string): void {
  const names = readdirSync(folder);
  const alive = new Set<string>();
  for (const name of names) {
    const match = /^(engage-desk-.+\.db)\.(\d+)\.partial$/.exec(name);
    if (!match) continue;
    if (processAlive(Number(match[2]))) alive.add(match[1]!);
    else rmSync(join(folder, name), { force: true });
  }
  const present = new Set(names);
  for (const name of names) {
    if (NAME.test(name) && !present.has(manifestPathOf(name)))
      rmSync(join(folder, name), { force: true });
    const db = name.replace(/\.json$/, '.db');
    if (name.endsWith('.json') && NAME.test(db) && !present.has(db) && !alive.has(db))
      rmSync(join(folder, name), { force: true });
  }
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return false; // one backup at a time here: ours is not running
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readManifest(path: string): BackupManifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(manifestPathOf(path), 'utf8')) as BackupManifest;
    return manifest.format === 1 && typeof manifest.sha256 === 'string' ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** The finished backups of a folder, newest first; a missing folder has none. */
export function listBackups(folder: string): BackupEntry[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => NAME.test(name))
    .flatMap((name) => {
      const path = join(folder, name);
      const manifest = readManifest(path);
      return manifest ? [{ path, manifest }] : [];
    })
    .sort((a, b) => b.manifest.takenAt.localeCompare(a.manifest.takenAt));
}

/** Removes the backups the rotation does not keep; returns the files removed. */
export function pruneBackups(folder: string, policy: RotationPolicy): string[] {
  const entries = listBackups(folder).flatMap((entry) => {
    const time = timeOf(basename(entry.path));
    return time === undefined ? [] : [{ entry, time }];
  });
  const keep = backupsToKeep(
    entries.map((e) => e.time),
    policy,
  );
  const removed: string[] = [];
  for (const { entry, time } of entries) {
    if (keep.has(time)) continue;
    // The manifest first: a kill in between leaves an unfinished copy, cleared next time.
    rmSync(manifestPathOf(entry.path), { force: true });
    rmSync(entry.path, { force: true });
    removed.push(entry.path);
  }
  return removed;
}

/**
 * Checks a backup (or any database file) without changing it: its checksum and row counts against
 * its manifest when it has one, SQLite's integrity check, and what it holds.
 */
export async function verifyBackup(file: string, key?: DataKey): Promise<BackupManifest> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new BackupError('not_found', `There is no backup file at ${file}.`);
  const manifest = readManifest(file);
  return unwrap(
    await runJob({
      kind: 'verify',
      file,
      ...(key ? { secret: key.reveal() } : {}),
      ...(manifest ? { manifest } : {}),
    }),
  );
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  key?: DataKey;
  /** When the restore happens (the name the current database is kept aside under). */
  now: Date;
}

export interface RestoreResult {
  restored: BackupManifest;
  /** Where the database that was in place is kept (never deleted); absent for an empty folder. */
  keptAside?: string;
}

/**
 * Puts a verified backup in place of the data folder's database, which must be closed. The
 * current database is folded into one file (its WAL checkpointed), kept aside under a dated
 * name by a hard link (a copy where links are not possible), and the backup, first copied beside
 * it and synced, replaces it by one rename: killed at any point, the folder holds either the old
 * database or the restored one, whole.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const restored = await verifyBackup(options.file, options.key);
  refuseFromTheFuture(restored);
  const dbFile = join(options.dataDir, DB_FILE_NAME);
  const staging = `${dbFile}.restoring`;
  const stamp = options.now.toISOString().replace(/[:.]/g, '-');
  const aside = join(options.dataDir, `engage-desk.before-restore-${stamp}.db`);
  if (!existsSync(options.dataDir)) mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const current = existsSync(dbFile) && statSync(dbFile).size > 0;
  if (current) settle(dbFile, options.key);

  rmSync(staging, { force: true });
  copyFileSync(options.file, staging);
  fsyncFile(staging);
  if (fileSha256(staging) !== restored.sha256)
    throw new BackupError('io', 'The copy of the backup came out different; nothing was changed.');

  let keptAside: string | undefined;
  if (current) {
    try {
      linkSync(dbFile, aside);
    } catch {
      copyFileSync(dbFile, aside);
      fsyncFile(aside);
    }
    keptAside = aside;
    // A WAL that could not be folded in (a damaged database) goes with it, never onto the backup.
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(dbFile + suffix)) renameSync(dbFile + suffix, aside + suffix);
    fsyncDir(options.dataDir);
  }
  renameSync(staging, dbFile);
  fsyncDir(options.dataDir);
  return { restored, ...(keptAside ? { keptAside } : {}) };
}

/**
 * Folds the WAL into the database file and closes it, so the file alone is the database. A WAL
 * still there after the last close means another process has the database open: a running
 * server, whose next write would land on the restored file.
 */
function settle(dbFile: string, key: DataKey | undefined): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(dbFile, { fileMustExist: true });
    if (key) applyKey(db, key);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) {
    db?.close();
    // The key that opened the backup does not open the database in place: another clinic's
    // folder, or a key mixed up. Nothing is moved (its WAL may belong to a running server).
    if ((error as { code?: string }).code === 'SQLITE_NOTADB')
      throw new BackupError(
        'wrong_key',
        `The data key does not open the database in ${dirname(dbFile)}; it was left as it is.`,
      );
    // A damaged database is kept aside as it is, WAL and all.
    return;
  }
  db.close();
  if (existsSync(`${dbFile}-wal`))
    throw new BackupError(
      'in_use',
      `The database in ${dirname(dbFile)} is open in another program (a running Engage Desk or engage-desk serve); stop it first. Nothing was changed.`,
    );
}

/** Whether a folder can be written to (a chosen backup folder is tested before it is saved). */
export function probeFolder(folder: string): void {
  const probe = join(folder, `.engage-desk-probe-${process.pid}`);
  try {
    closeSync(openSync(probe, 'w', 0o600));
    rmSync(probe, { force: true });
  } catch (error) {
    throw new BackupError(
      'folder_missing',
      `The folder ${folder} cannot be written to: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
    );
  }
}
