import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DataKey } from '../store/data-key';
import { DB_FILE_NAME } from '../store/db';
import { LATEST_VERSION } from '../store/migrations';
import { SERVICE_VERSION } from '../version';
import { ArchivePassphrase, ArchivePassphraseError } from './archive-passphrase';
import {
  runArchiveJob,
  type ArchiveFailureCode,
  type ArchiveJobRequest,
  type ArchiveJobResult,
  type ArchiveManifest,
} from './archive-job';
import {
  refuseFromTheFuture,
  restoreBackup,
  runWorkerJob,
  type RestoreResult,
} from './backup-engine';
import { BACKUP_SETTINGS } from './backup-schedule';

export type { ArchiveManifest } from './archive-job';
export { ArchivePassphrase } from './archive-passphrase';

/**
 * Moving or handing over a clinic (docs/data-safety.md): the whole clinic as one file, an
 * SQLCipher 4 database whose key is derived from a passphrase, made from the backup's online copy
 * and installed on the other computer through the backup's restore.
 */

/** The archive's extension, for the save and open dialogs. */
export const ARCHIVE_EXTENSION = 'engagedesk';

/** Why an export, an inspection or an import did not happen; never names the passphrase. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
  constructor(
    readonly code: ArchiveFailureCode | 'not_found',
    message: string,
  ) {
    super(message);
  }
}

/** What an archive holds, as the window and the CLI show it. */
export interface ArchiveSummary extends ArchiveManifest {
  file: string;
  size: number;
}

const runJob = (request: ArchiveJobRequest) =>
  runWorkerJob(request, runArchiveJob, (message): ArchiveJobResult => ({
    ok: false,
    code: 'io',
    message,
  }));

async function run(request: ArchiveJobRequest, file: string): Promise<ArchiveSummary> {
  const result = await runJob(request);
  if (!result.ok) throw new ArchiveError(result.code, result.message);
  return { ...result.manifest, file, size: result.size };
}

/** `Clinica-Sol-2026-11-27.engagedesk`: the clinic's name in letters a file system takes. */
export function archiveFileName(clinicName: string | null, at: Date): string {
  const name = (clinicName ?? 'Clinica')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${name || 'Clinica'}-${at.toISOString().slice(0, 10)}.${ARCHIVE_EXTENSION}`;
}

/**
 * Partial files (and their rollback journals) of exports whose process is gone (killed): their
 * names never end in the archive's extension, so nobody mistakes one for an archive.
 */
function clearPartials(target: string): void {
  const folder = dirname(target);
  const prefix = `${basename(target)}.`;
  for (const name of readdirSync(folder)) {
    const match = /\.(\d+)\.partial(-journal)?$/.exec(name);
    if (!name.startsWith(prefix) || !match) continue;
    const pid = Number(match[1]);
    let alive = pid !== process.pid;
    try {
      if (alive) process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (!alive) rmSync(join(folder, name), { force: true });
  }
}

function needFile(file: string): void {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new ArchiveError('not_found', `There is no file at ${file}.`);
}

export interface ExportOptions {
  dataDir: string;
  key?: DataKey | undefined;
  passphrase: ArchivePassphrase;
  /** The archive's path; never an existing file. */
  to: string;
  now: Date;
}

/**
 * Writes the clinic's archive: the backup's online copy (the service keeps running), the
 * settings of this computer's backups left out, rekeyed to the passphrase, verified with it,
 * synced, and renamed into place last. Killed at any point, `to` does not exist; only a
 * `<to>.<pid>.partial` file may be left, removed by the next export to the same path.
 */
export async function exportClinic(options: ExportOptions): Promise<ArchiveSummary> {
  const source = join(options.dataDir, DB_FILE_NAME);
  if (!existsSync(source))
    throw new ArchiveError('not_found', `There is no database in ${options.dataDir}.`);
  const folder = dirname(options.to);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new ArchiveError('not_found', `The folder ${folder} is not there.`);
  if (existsSync(options.to))
    throw new ArchiveError('exists', `${options.to} exists already; it is never replaced.`);
  clearPartials(options.to);
  return run(
    {
      kind: 'archive-export',
      source,
      target: options.to,
      partial: `${options.to}.${process.pid}.partial`,
      ...(options.key ? { secret: options.key.reveal() } : {}),
      passphrase: options.passphrase.reveal(),
      schemaVersion: LATEST_VERSION,
      appVersion: SERVICE_VERSION,
      exportedAt: options.now.toISOString(),
      appendOnly: ['credit_ledger', 'events'],
      localSettings: BACKUP_SETTINGS,
    },
    options.to,
  );
}

/** Opens an archive with its passphrase and says what it holds; changes nothing anywhere. */
export async function inspectArchive(
  file: string,
  passphrase: ArchivePassphrase,
): Promise<ArchiveSummary> {
  needFile(file);
  return run({ kind: 'archive-inspect', file, passphrase: passphrase.reveal() }, file);
}

/** Where an import's verified copy waits for the restore: beside the clinic, one file system. */
export function stagedImportPath(dataDir: string): string {
  return join(dataDir, 'engage-desk.importing.db');
}

export interface StageOptions {
  file: string;
  passphrase: ArchivePassphrase;
  dataDir: string;
  /** This clinic's data key; absent for a plain clinic. */
  key?: DataKey | undefined;
}

/**
 * The first half of an import, while the clinic keeps running: the archive verified with its
 * passphrase, refused when a newer Engage Desk wrote it, and copied beside the clinic under this
 * computer's data key, verified again. The restore (restoreBackup, through the host in the app)
 * swaps the staged copy in; nothing of the clinic has changed until then.
 */
export async function stageImport(options: StageOptions): Promise<ArchiveSummary> {
  needFile(options.file);
  const summary = await inspectArchive(options.file, options.passphrase);
  refuseFromTheFuture(summary);
  if (!existsSync(options.dataDir)) mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  return run(
    {
      kind: 'archive-stage',
      file: options.file,
      passphrase: options.passphrase.reveal(),
      staged: stagedImportPath(options.dataDir),
      ...(options.key ? { secret: options.key.reveal() } : {}),
    },
    options.file,
  );
}

/** Removes a staged import (installed, or abandoned by a killed import). */
export function removeStagedImport(dataDir: string): void {
  const staged = stagedImportPath(dataDir);
  for (const path of [staged, `${staged}-journal`]) rmSync(path, { force: true });
}

/**
 * The whole import, for a clinic that is not running (the CLI): staged, then put in place by the
 * backup's restore (the current database kept aside, one rename), the staged copy removed.
 */
export async function importClinic(
  options: StageOptions & { now: Date },
): Promise<{ archive: ArchiveSummary; restore: RestoreResult }> {
  const archive = await stageImport(options);
  try {
    const restore = await restoreBackup({
      file: stagedImportPath(options.dataDir),
      dataDir: options.dataDir,
      ...(options.key ? { key: options.key } : {}),
      now: options.now,
    });
    return { archive, restore };
  } finally {
    removeStagedImport(options.dataDir);
  }
}

/** A passphrase as typed, or the rule's refusal as an ArchiveError. */
export function passphraseOf(typed: string): ArchivePassphrase {
  try {
    return ArchivePassphrase.from(typed);
  } catch (error) {
    if (error instanceof ArchivePassphraseError)
      throw new ArchiveError('passphrase', error.message);
    throw error;
  }
}
