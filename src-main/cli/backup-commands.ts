import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DB_FILE_NAME } from '../service/create-service';
import { restoreBackup, verifyBackup, type BackupManifest } from '../service/backup/backup-engine';
import { createCore } from '../service/core';
import { OVERDUE_HOURS } from '../service/backup/backup-schedule';
import {
  DATA_KEY_OPTIONS,
  DATA_KEY_USAGE,
  keyForDataDir,
  resolveDataKey,
  type DataKeyValues,
} from './data-key-option';
import { defaultSandboxDataDir } from './default-data-dir';
import { confirmed, explained, mb, requireDatabase, withClinic } from './database-commands';
import { UsageError, type Io } from './io';

export const BACKUP_USAGE = `engage-desk backup [--data DIR] [--to FOLDER]
engage-desk backups [--data DIR] [--json]
engage-desk restore FILE [--data DIR] [--yes]

  backup     copies the database into its backup folder (Settings > Data; default: the
             folder "<data folder> backups" beside it), or into FOLDER, and verifies the copy
  backups    lists the backups of the backup folder: time, size, verified
  restore    shows what FILE holds, asks, then puts it in place of the database; the current
             one is kept aside in the data folder. Refused while a server has the folder open.
${DATA_KEY_USAGE}`;

/**
 * The key for a folder's database, as every command takes it (data-key-option.ts); a folder
 * without a database yet (a restore into a new folder) takes the key given, if any.
 */
function keyFor(
  dataDir: string,
  values: DataKeyValues & Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  io: Io,
) {
  const choice = resolveDataKey(values, env);
  if (existsSync(join(dataDir, DB_FILE_NAME))) return keyForDataDir(dataDir, choice, io);
  return choice.mode === 'key' ? choice.key : undefined;
}

/** `engage-desk backup`: one backup now, while a server may keep running on the folder. */
export async function backupCommand(argv: string[], io: Io, env = process.env): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: { data: { type: 'string' }, to: { type: 'string' }, ...DATA_KEY_OPTIONS },
  });
  const dataDir = values.data ?? defaultSandboxDataDir();
  requireDatabase(dataDir);
  const key = keyFor(dataDir, values, env, io);
  const entry = await withClinic(dataDir, key, (core) =>
    core.backups!.backUpNow(values.to !== undefined ? { folder: resolve(values.to) } : {}),
  );
  const m = entry.manifest;
  io.out(entry.path);
  io.err(
    `Backed up and verified: ${m.patients} patients, ${mb(m.size)}, schema version ${m.schemaVersion}${m.encrypted ? ', encrypted with the data key' : ''}.`,
  );
}

/** `engage-desk backups`: the backup folder's finished backups, newest first. */
export async function backupsCommand(argv: string[], io: Io, env = process.env): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      data: { type: 'string' },
      json: { type: 'boolean', default: false },
      ...DATA_KEY_OPTIONS,
    },
  });
  const dataDir = values.data ?? defaultSandboxDataDir();
  requireDatabase(dataDir);
  const key = keyFor(dataDir, values, env, io);
  let core;
  try {
    core = await createCore({ dataDir, ...(key ? { key } : {}) });
  } catch (error) {
    explained(error);
  }
  try {
    const status = await core.backups!.status();
    // Listed means finished: copied, verified and described by its manifest.
    const list = (await core.backups!.list()).map((b) => ({ ...b, verified: true }));
    if (values.json) {
      io.out(JSON.stringify({ folder: status.folder, backups: list }));
      return;
    }
    io.out(`Backup folder: ${status.folder}`);
    io.out(`Last success:  ${status.lastSuccess?.at ?? 'never'}`);
    if (
      status.lastFailure &&
      (!status.lastSuccess || status.lastFailure.at >= status.lastSuccess.at)
    )
      io.out(`Last failure:  ${status.lastFailure.at}: ${status.lastFailure.message}`);
    if (status.overdue)
      io.out(`Overdue:       no backup has succeeded for ${OVERDUE_HOURS} hours or more`);
    if (list.length === 0) io.out('No backups yet.');
    for (const b of list)
      io.out(
        `${b.takenAt}  ${mb(b.size).padStart(9)}  verified  ${b.patients} patients  ${b.file}`,
      );
  } finally {
    await core.close();
  }
}

export function describeBackup(m: BackupManifest): string[] {
  return [
    `  Clinic          ${m.clinicName ?? '(no name)'}`,
    `  Patients        ${m.patients}`,
    `  Last activity   ${m.lastActivityAt ?? 'none'}`,
    `  Taken at        ${m.takenAt}`,
    `  Schema version  ${m.schemaVersion}`,
    `  Size            ${mb(m.size)}${m.encrypted ? ', encrypted' : ''}`,
  ];
}

/** `engage-desk restore FILE`: verify, show, ask, then swap it in. */
export async function restoreCommand(argv: string[], io: Io, env = process.env): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      yes: { type: 'boolean', default: false },
      ...DATA_KEY_OPTIONS,
    },
  });
  if (positionals.length !== 1)
    throw new UsageError('restore needs exactly one backup file (see engage-desk backups)');
  const file = resolve(positionals[0]!);
  const dataDir = values.data ?? defaultSandboxDataDir();
  const key = keyFor(dataDir, values, env, io);
  try {
    const manifest = await verifyBackup(file, key);
    io.err(`${file} is whole and holds:`);
    for (const line of describeBackup(manifest)) io.err(line);
    const question = `Replace the database in ${dataDir} with it? The current one is kept aside.`;
    if (!(await confirmed(io, values.yes, 'restore', question))) return;
    const result = await restoreBackup({
      file,
      dataDir,
      ...(key ? { key } : {}),
      now: new Date(),
    });
    io.out(join(dataDir, DB_FILE_NAME));
    io.err(
      `Restored. ${result.keptAside ? `The database that was there is kept as ${result.keptAside}.` : ''}`.trim(),
    );
  } catch (error) {
    explained(error);
  }
}
