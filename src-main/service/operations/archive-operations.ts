import { randomUUID } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { DatabaseFromTheFutureError } from '../backup/backup-engine';
import {
  ArchiveError,
  archiveFileName,
  inspectArchive,
  passphraseOf,
  stageImport,
  stagedImportPath,
  type ArchiveSummary,
} from '../backup/clinic-archive';
import type { ArchiveItem } from '../contract';
import { ProblemError } from '../errors';
import { op, type GroupHandlers, type OperationDeps } from './operation-kit';

/** An archive's refusal as the window shows it: the engine's sentence, never the passphrase. */
async function refusing<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ArchiveError || error instanceof DatabaseFromTheFutureError)
      throw new ProblemError(422, 'archive_failed', error.message, {
        reason: error instanceof ArchiveError ? error.code : 'from_the_future',
      });
    throw error;
  }
}

const itemOf = ({ counts: _counts, ...item }: ArchiveSummary): ArchiveItem => item;

/** A path from the window is taken as given: it must be a full one. */
function fullPath(file: string): string {
  if (!isAbsolute(file))
    throw new ProblemError(
      422,
      'archive_failed',
      `Give the full path (${file} is relative to nothing here).`,
      { reason: 'not_found' },
    );
  return file;
}

/**
 * Settings > Data: moving or handing over the clinic (docs/data-safety.md). The export
 * runs while the clinic keeps working; the import is staged while it keeps working too, then
 * installed by the same restore as a backup's.
 */
export function archiveOperations({ core, host }: OperationDeps): GroupHandlers<'archives'> {
  const clinic = () => {
    if (!core.disk)
      throw new ProblemError(
        409,
        'archives_unavailable',
        'This clinic lives in memory only: there is no database on disk to export or replace.',
      );
    return core.disk;
  };
  const archiveOf = () => {
    clinic();
    return core.clinicArchive!;
  };
  const dialog = () => {
    if (!host?.chooseArchive)
      throw new ProblemError(
        409,
        'archives_unavailable',
        'Only the desktop app has a file dialog; type the path instead.',
      );
    return host.chooseArchive;
  };
  return {
    chooseExportFile: op({
      run: async () => ({
        file: await dialog()({
          save: true,
          name: archiveFileName(await core.delivery.clinicName(), new Date()),
        }),
      }),
    }),
    chooseImportFile: op({ run: async () => ({ file: await dialog()({ save: false }) }) }),
    export: op({
      run: ({ file, passphrase }) =>
        refusing(async () =>
          itemOf(
            // Through the core: the export is recorded for every patient it holds.
            await archiveOf().export({
              passphrase: passphraseOf(passphrase),
              to: fullPath(file),
              now: new Date(),
            }),
          ),
        ),
    }),
    inspect: op({
      run: ({ file, passphrase }) =>
        refusing(async () =>
          itemOf(await inspectArchive(fullPath(file), passphraseOf(passphrase))),
        ),
    }),
    import: op({
      run: async ({ file, passphrase }) => {
        const restore = host?.restore;
        if (!restore)
          throw new ProblemError(
            409,
            'archives_unavailable',
            'This service cannot replace its clinic while it runs; stop it and use engage-desk import.',
          );
        const { dataDir, key } = clinic();
        await refusing(() =>
          stageImport({ file: fullPath(file), passphrase: passphraseOf(passphrase), dataDir, key }),
        );
        // After this answer has left: the host closes the service it travels through.
        const attempt = randomUUID();
        setImmediate(() => restore(stagedImportPath(dataDir), { attempt, archive: file }));
        return { restarting: true as const, file, attempt };
      },
    }),
  };
}
