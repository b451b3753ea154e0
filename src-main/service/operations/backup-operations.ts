import { randomUUID } from 'node:crypto';
import { backupFailureReason, refuseFromTheFuture } from '../backup/backup-engine';
import type { BackupSchedule } from '../backup/backup-schedule';
import { ProblemError } from '../errors';
import { op, type GroupHandlers, type OperationDeps } from './operation-kit';

/** A backup's refusal as the window shows it: the engine's sentence, never the key. */
async function refusing<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const reason = backupFailureReason(error);
    if (reason) throw new ProblemError(422, 'backup_failed', (error as Error).message, { reason });
    throw error;
  }
}

/** Settings > Data: the backups of the clinic's database and its restore. */
export function backupOperations({ core, host }: OperationDeps): GroupHandlers<'backups'> {
  const backups = (): BackupSchedule => {
    if (!core.backups)
      throw new ProblemError(
        409,
        'backups_unavailable',
        'This clinic lives in memory only: there is no database on disk to back up.',
      );
    return core.backups;
  };
  const status = async () => ({
    ...(await backups().status()),
    canChooseFolder: Boolean(host?.chooseFolder),
    canRestore: Boolean(host?.restore),
  });
  return {
    status: op({ run: status }),
    list: op({ run: () => backups().list() }),
    run: op({
      run: async () => {
        const entry = await refusing(() => backups().backUpNow());
        return (
          (await backups().list()).find((b) => b.file === entry.path) ??
          (await backups().inspect(entry.path))
        );
      },
    }),
    setFolder: op({
      run: async ({ folder }) => {
        await refusing(() => backups().setFolder(folder));
        return await status();
      },
    }),
    chooseFolder: op({
      run: async () => {
        if (!host?.chooseFolder)
          throw new ProblemError(
            409,
            'backups_unavailable',
            'Only the desktop app has a folder dialog; type the folder instead.',
          );
        return { folder: await host.chooseFolder() };
      },
    }),
    inspect: op({ run: ({ file }) => refusing(() => backups().inspect(file)) }),
    restore: op({
      run: async ({ file }) => {
        const restore = host?.restore;
        if (!restore)
          throw new ProblemError(
            409,
            'backups_unavailable',
            'This service cannot restore while it runs; stop it and use engage-desk restore.',
          );
        const item = await refusing(() => backups().inspect(file));
        await refusing(() => refuseFromTheFuture(item));
        // After this answer has left: the host closes the service it travels through.
        const attempt = randomUUID();
        setImmediate(() => restore(file, { attempt }));
        return { restarting: true as const, file, attempt };
      },
    }),
  };
}
