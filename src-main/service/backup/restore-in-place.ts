import type { RestoreRequest } from '../operations/operation-kit';
import type { DataKey } from '../store/data-key';
import { backupFailureReason, restoreBackup } from './backup-engine';
import type { BackupSchedule } from './backup-schedule';
import { removeStagedImport } from './clinic-archive';

/** What a host (the desktop app, `engage-desk web`) hands the restore: its running service. */
export interface RestoreInPlaceOptions<S> {
  /** The backup, or an imported archive's staged copy. */
  file: string;
  /**
   * The operation's attempt, recorded with the outcome; for an import, the archive as the
   * coordinator named it, recorded instead of `file`.
   */
  how: RestoreRequest;
  dataDir: string;
  key?: DataKey | undefined;
  /** Closes the running service, without the backup at quit (it could rotate out `file`). */
  close(): Promise<void>;
  /** Opens the service again on the data folder: the restored clinic, or the one that stayed. */
  open(): Promise<S>;
  backupsOf(service: S): BackupSchedule | undefined;
  /** The host's log: the restore's steps, and what went wrong. */
  log(message: string): void;
}

/**
 * Settings > Data's restore and import, the one sequence both hosts run: the service closes, the
 * verified backup goes in place (the current database kept aside), the service opens again, and
 * the outcome is recorded in the clinic that is open then, so the waiting window learns it. A
 * restore that fails leaves the clinic as it was and records why; the window says so instead of
 * waiting. An import's staged copy is removed either way. The service that `open` returns is
 * returned; if it cannot open, that error is thrown and the host says it cannot start.
 */
export async function restoreInPlace<S>(options: RestoreInPlaceOptions<S>): Promise<S> {
  const { file, how, dataDir, key } = options;
  const named = how.archive ?? file;
  // Each step said, so a restart that never comes back shows in the log where it stopped.
  options.log(`Restoring ${named} (attempt ${how.attempt}): the service stops`);
  await options.close();
  options.log(`Restoring ${named}: the service has stopped; the copy goes in place`);
  let outcome:
    { ok: true; keptAside: string | undefined } | { ok: false; reason: string; message: string };
  try {
    const restored = await restoreBackup({
      file,
      dataDir,
      now: new Date(),
      ...(key ? { key } : {}),
    });
    outcome = { ok: true, keptAside: restored.keptAside };
  } catch (error) {
    outcome = {
      ok: false,
      reason: backupFailureReason(error) ?? 'io',
      message: (error as Error).message,
    };
    options.log(`Restore failed, the clinic is as it was: ${outcome.message}`);
  } finally {
    if (how.archive !== undefined) removeStagedImport(dataDir);
  }
  const service = await options.open();
  options.log(
    `Restoring ${named}: ${outcome.ok ? 'restored' : 'not restored'}; the service runs again`,
  );
  const backups = options.backupsOf(service);
  const record = { file: named, attempt: how.attempt };
  try {
    if (outcome.ok) await backups?.recordRestore({ ...record, keptAside: outcome.keptAside });
    else
      await backups?.recordRestoreFailure({
        ...record,
        reason: outcome.reason,
        message: outcome.message,
      });
  } catch (error) {
    options.log(
      `The restore ${outcome.ok ? 'is done' : 'failed and'} but could not be noted: ${(error as Error).message}`,
    );
  }
  return service;
}
