import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ArchiveError,
  importClinic,
  inspectArchive,
  passphraseOf,
  type ArchivePassphrase,
  type ArchiveSummary,
} from '../service/backup/clinic-archive';
import type { AuditContext } from '../service/domain/audit-trail';
import { DB_FILE_NAME } from '../service/create-service';
import {
  DATA_KEY_OPTIONS,
  DATA_KEY_USAGE,
  keyForDataDir,
  readPrivateFile,
  resolveDataKey,
} from './data-key-option';
import { defaultSandboxDataDir } from './default-data-dir';
import { confirmed, explained, mb, requireDatabase, withClinic } from './database-commands';
import { UsageError, type Io } from './io';

export const ARCHIVE_PASSPHRASE_ENV = 'ENGAGE_DESK_ARCHIVE_PASSPHRASE';

export const ARCHIVE_USAGE = `engage-desk export --to FILE [--data DIR]
engage-desk import FILE [--data DIR] [--yes]

  export     writes the whole clinic into FILE (e.g. Clinica-2026-11-27.engagedesk), one
             archive encrypted with a passphrase, for moving or handing it over; the clinic
             may keep running meanwhile. FILE is never an existing file
  import     opens FILE with its passphrase, shows what it holds, asks, then puts it in place
             of the database (the current one kept aside, as restore does); DIR may be new
  --passphrase-file PATH  the archive's passphrase (one line, a file only you can read:
                      chmod 600); default: $${ARCHIVE_PASSPHRASE_ENV}, else asked on the
                      terminal without echo (twice for export). At least 12 characters
${DATA_KEY_USAGE}`;

const PASSPHRASE_OPTIONS = { 'passphrase-file': { type: 'string' } } as const;

/** The passphrase from its file, the environment, or the terminal; checked by the rule. */
async function passphraseFrom(
  values: { 'passphrase-file'?: string | undefined },
  env: NodeJS.ProcessEnv,
  io: Io,
  twice: boolean,
): Promise<ArchivePassphrase> {
  const path = values['passphrase-file'];
  const fromEnv = env[ARCHIVE_PASSPHRASE_ENV];
  if (path !== undefined && fromEnv)
    throw new UsageError(
      `--passphrase-file and $${ARCHIVE_PASSPHRASE_ENV} are both set; give the passphrase one way only.`,
    );
  let typed: string;
  if (path !== undefined) typed = readPrivateFile(path, 'passphrase-file', 'The passphrase');
  else if (fromEnv) typed = fromEnv;
  else {
    if (!io.askSecret)
      throw new UsageError(
        `No passphrase: set $${ARCHIVE_PASSPHRASE_ENV} or pass --passphrase-file PATH (there is no terminal to ask on).`,
      );
    typed = await io.askSecret('Archive passphrase: ');
    if (twice && (await io.askSecret('The same passphrase again: ')) !== typed)
      throw new UsageError('The two passphrases differ; nothing was written.');
  }
  try {
    return passphraseOf(typed);
  } catch (error) {
    if (error instanceof ArchiveError) throw new UsageError(error.message);
    throw error;
  }
}

export function describeArchive(a: ArchiveSummary): string[] {
  return [
    `  Clinic          ${a.clinicName ?? '(no name)'}`,
    `  Patients        ${a.patients}`,
    `  Last activity   ${a.lastActivityAt ?? 'none'}`,
    `  Exported at     ${a.exportedAt}`,
    `  From            Engage Desk ${a.appVersion}, schema version ${a.schemaVersion}`,
    `  Size            ${mb(a.size)}, encrypted with its passphrase`,
  ];
}

/** Who exports from the command line, in the audit trail. */
const CLI_EXPORT: AuditContext = {
  channel: 'cli',
  actor: { type: 'cli', name: 'engage-desk export' },
};

/** `engage-desk export --to FILE`: the clinic as one passphrase-protected archive. */
export async function exportCommand(argv: string[], io: Io, env = process.env): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      data: { type: 'string' },
      to: { type: 'string' },
      ...PASSPHRASE_OPTIONS,
      ...DATA_KEY_OPTIONS,
    },
  });
  if (values.to === undefined)
    throw new UsageError('export needs --to FILE (the archive to write)');
  const to = resolve(values.to);
  const dataDir = values.data ?? defaultSandboxDataDir();
  requireDatabase(dataDir);
  if (existsSync(to)) throw new UsageError(`${to} exists already; it is never replaced.`);
  const key = keyForDataDir(dataDir, resolveDataKey(values, env), io);
  const passphrase = await passphraseFrom(values, env, io, true);
  // Through the core, as the command: the export is recorded for every patient it holds.
  const archive = await withClinic(dataDir, key, (core) =>
    core.audit.as(CLI_EXPORT, () =>
      core.clinicArchive!.export({ passphrase, to, now: new Date() }),
    ),
  );
  io.out(archive.file);
  io.err('Exported and verified with the passphrase:');
  for (const line of describeArchive(archive)) io.err(line);
  io.err('Keep the passphrase apart from the file: without it the archive opens for nobody.');
}

/** `engage-desk import FILE`: inspect with the passphrase, show, ask, then install it. */
export async function importCommand(argv: string[], io: Io, env = process.env): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      yes: { type: 'boolean', default: false },
      ...PASSPHRASE_OPTIONS,
      ...DATA_KEY_OPTIONS,
    },
  });
  if (positionals.length !== 1) throw new UsageError('import needs exactly one archive file');
  const file = resolve(positionals[0]!);
  const dataDir = values.data ?? defaultSandboxDataDir();
  // A new folder takes the key given (or --plain), as every command creates one.
  const key = keyForDataDir(dataDir, resolveDataKey(values, env), io);
  const passphrase = await passphraseFrom(values, env, io, false);
  try {
    const archive = await inspectArchive(file, passphrase);
    io.err(`${file} opens with the passphrase, is whole and holds:`);
    for (const line of describeArchive(archive)) io.err(line);
    const question = existsSync(join(dataDir, DB_FILE_NAME))
      ? `Replace the clinic in ${dataDir} with it? The current database is kept aside.`
      : `Install it in ${dataDir}?`;
    if (!(await confirmed(io, values.yes, 'import', question))) return;
    const { restore } = await importClinic({ file, passphrase, dataDir, key, now: new Date() });
    io.out(join(dataDir, DB_FILE_NAME));
    io.err(
      `Imported${key ? ', encrypted with this computer’s data key' : ''}. ${restore.keptAside ? `The database that was there is kept as ${restore.keptAside}.` : ''}`.trim(),
    );
  } catch (error) {
    explained(error);
  }
}
