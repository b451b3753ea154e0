import { basename, dirname, isAbsolute, join } from 'node:path';
import type { NotificationRaiser } from '../domain/notifications';
import type { Clock } from '../jobs/clock';
import type { DataKey } from '../store/data-key';
import type { SettingsQueries } from '../store/queries/settings';
import {
  BackupError,
  createBackup,
  listBackups,
  probeFolder,
  pruneBackups,
  verifyBackup,
  type BackupEntry,
} from './backup-engine';
import { DEFAULT_ROTATION, type RotationPolicy } from './backup-rotation';

/** The backups' state as the window and `engage-desk backups` show it. */
export interface BackupStatus {
  folder: string;
  /** True when no folder was chosen (the default beside the data folder). */
  defaultFolder: boolean;
  lastSuccess: { at: string; file: string; size: number } | null;
  lastFailure: { at: string; message: string } | null;
  /** No successful backup for `overdueHours` while the service ran. */
  overdue: boolean;
  running: boolean;
  /**
   * The last restore into this folder: when, from which file, where the replaced one is, and the
   * attempt the restore operation answered with (what the waiting window looks for).
   */
  lastRestore: { at: string; file: string; keptAside: string | null; attempt?: string } | null;
  /**
   * The last restore that did not happen (the clinic stayed as it was): when, which file, why
   * (`reason` as a backup_failed problem's), and its attempt. Shown while newer than the last
   * restore.
   */
  lastRestoreFailure: {
    at: string;
    file: string;
    reason: string;
    message: string;
    attempt?: string;
  } | null;
}

export interface BackupListItem {
  file: string;
  takenAt: string;
  size: number;
  schemaVersion: number;
  clinicName: string | null;
  patients: number;
  lastActivityAt: string | null;
}

const FOLDER = 'backup_folder';
const LAST_SUCCESS = 'backup_last_success';
const LAST_FAILURE = 'backup_last_failure';
/** The last success an overdue notice was raised for: one notice per overdue spell. */
const OVERDUE_NOTICE = 'backup_overdue_notice_for';
const LAST_RESTORE = 'backup_last_restore';
const LAST_RESTORE_FAILURE = 'backup_last_restore_failure';
/**
 * The settings that describe this computer's backups, not the clinic: a clinic archive leaves
 * them behind (the folder is a path on this computer; the record is of its backups).
 */
export const BACKUP_SETTINGS = [
  FOLDER,
  LAST_SUCCESS,
  LAST_FAILURE,
  OVERDUE_NOTICE,
  LAST_RESTORE,
  LAST_RESTORE_FAILURE,
] as const;

export const HOUR_MS = 3_600_000;
export const OVERDUE_HOURS = 26;

/** The default folder: `<data folder> backups`, beside the data folder (a sibling, not inside). */
export function defaultBackupFolder(dataDir: string): string {
  return join(dirname(dataDir), `${basename(dataDir)} backups`);
}

/** A path from the window is taken as given: relative to nothing, so it must be a full one. */
function fullPath(path: string): void {
  if (!isAbsolute(path))
    throw new BackupError('not_found', `Give the full path (${path} is relative to nothing here).`);
}

export function toListItem(entry: BackupEntry): BackupListItem {
  const m = entry.manifest;
  return {
    file: entry.path,
    takenAt: m.takenAt,
    size: m.size,
    schemaVersion: m.schemaVersion,
    clinicName: m.clinicName,
    patients: m.patients,
    lastActivityAt: m.lastActivityAt,
  };
}

export interface BackupScheduleOptions {
  dataDir: string;
  key?: DataKey;
  clock: Clock;
  settings: SettingsQueries;
  notifications: NotificationRaiser;
  /** Told after each attempt, so the window refreshes (the `settings` topic). */
  onChange?: () => void;
  policy?: RotationPolicy;
  intervalMs?: number;
  /** The first timed backup after start (default 5 minutes: a short session still gets one). */
  firstDelayMs?: number;
}

/**
 * Backups without asking: every hour while the service runs (a timer in real time; times and the
 * overdue rule on the service clock), at quit, and on demand; one at a time. A failure is
 * recorded and raises `backup.failed` on the bell once per run of failures; a service that has
 * run `OVERDUE_HOURS` without a success raises `backup.overdue` once.
 */
export function createBackupSchedule(options: BackupScheduleOptions) {
  const { clock, settings, notifications } = options;
  const policy = options.policy ?? DEFAULT_ROTATION;
  const intervalMs = options.intervalMs ?? HOUR_MS;
  const startedAt = clock.now();
  let queue: Promise<unknown> = Promise.resolve();
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const readJson = async <T>(key: string): Promise<T | null> => {
    const raw = await settings.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  };
  const chosen = () => settings.get(FOLDER);
  const folder = async () => (await chosen()) ?? defaultBackupFolder(options.dataDir);

  async function status(): Promise<BackupStatus> {
    const lastSuccess = await readJson<BackupStatus['lastSuccess']>(LAST_SUCCESS);
    const since = lastSuccess ? Date.parse(lastSuccess.at) : startedAt;
    return {
      folder: await folder(),
      defaultFolder: (await chosen()) === undefined,
      lastSuccess,
      lastFailure: await readJson<BackupStatus['lastFailure']>(LAST_FAILURE),
      overdue: clock.now() - since >= OVERDUE_HOURS * HOUR_MS,
      running: running > 0,
      lastRestore: await readJson<BackupStatus['lastRestore']>(LAST_RESTORE),
      lastRestoreFailure: await readJson<BackupStatus['lastRestoreFailure']>(LAST_RESTORE_FAILURE),
    };
  }

  async function attempt(elsewhere?: string): Promise<BackupEntry> {
    const before = await status();
    const target = elsewhere ?? before.folder;
    try {
      const entry = await createBackup({
        dataDir: options.dataDir,
        ...(options.key ? { key: options.key } : {}),
        folder: target,
        createFolder: elsewhere === undefined && before.defaultFolder,
        takenAt: new Date(clock.now()),
      });
      // A one-off folder (`engage-desk backup --to`) is the user's: it is neither recorded as the
      // clinic's backup nor rotated.
      if (elsewhere !== undefined) return entry;
      await settings.set(
        LAST_SUCCESS,
        JSON.stringify({ at: entry.manifest.takenAt, file: entry.path, size: entry.manifest.size }),
      );
      pruneBackups(target, policy);
      return entry;
    } catch (error) {
      if (elsewhere !== undefined) throw error; // told to whoever asked, not to the bell
      const message = error instanceof Error ? error.message : String(error);
      const at = clock.nowIso();
      await settings.set(LAST_FAILURE, JSON.stringify({ at, message }));
      // One notice per run of failures: the first failure after a success (or ever).
      const first =
        !before.lastFailure ||
        (before.lastSuccess !== null && before.lastSuccess.at >= before.lastFailure.at);
      if (first) await notifications.raise('backup.failed', { at, folder: target, message });
      throw error;
    } finally {
      if (elsewhere === undefined) options.onChange?.();
    }
  }

  /**
   * Runs one backup after any in progress (never two at once on the same folder), into the
   * backup folder or, once, into `folder`.
   */
  function backUpNow(once: { folder?: string } = {}): Promise<BackupEntry> {
    const run = queue.then(async () => {
      running++;
      options.onChange?.();
      try {
        return await attempt(once.folder);
      } finally {
        running--;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  async function checkOverdue(): Promise<void> {
    const now = await status();
    if (!now.overdue) return;
    const spell = now.lastSuccess?.at ?? 'never';
    if ((await settings.get(OVERDUE_NOTICE)) === spell) return;
    await settings.set(OVERDUE_NOTICE, spell);
    await notifications.raise('backup.overdue', {
      lastSuccessAt: now.lastSuccess?.at ?? null,
      folder: now.folder,
      hours: OVERDUE_HOURS,
    });
    options.onChange?.();
  }

  async function tick(): Promise<void> {
    const last = (await status()).lastSuccess;
    // A backup made in the meantime (by hand, by the CLI) counts.
    if (!last || clock.now() - Date.parse(last.at) >= intervalMs * 0.9)
      await backUpNow().catch(() => undefined);
    await checkOverdue();
  }

  function arm(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(() => arm(intervalMs));
    }, delay);
    timer.unref();
  }

  return {
    status,
    folder,
    /** The finished backups of the folder, newest first. */
    list: async (): Promise<BackupListItem[]> => listBackups(await folder()).map(toListItem),
    backUpNow,
    /** Verifies a backup (or a file picked by hand) with this clinic's key; changes nothing. */
    async inspect(file: string): Promise<BackupListItem> {
      fullPath(file);
      const manifest = await verifyBackup(file, options.key);
      return toListItem({ path: file, manifest });
    },
    /**
     * Written by the host into the restored database, once it is open again. The restored
     * settings remember the backups as they were then; the folder knows the newer ones.
     */
    async recordRestore(restore: {
      file: string;
      keptAside?: string | undefined;
      attempt?: string | undefined;
    }): Promise<void> {
      const newest = listBackups(await folder())[0];
      const remembered = await readJson<BackupStatus['lastSuccess']>(LAST_SUCCESS);
      if (newest && (!remembered || newest.manifest.takenAt > remembered.at))
        await settings.set(
          LAST_SUCCESS,
          JSON.stringify({
            at: newest.manifest.takenAt,
            file: newest.path,
            size: newest.manifest.size,
          }),
        );
      await settings.set(
        LAST_RESTORE,
        JSON.stringify({
          at: clock.nowIso(),
          file: restore.file,
          keptAside: restore.keptAside ?? null,
          ...(restore.attempt ? { attempt: restore.attempt } : {}),
        }),
      );
      options.onChange?.();
    },
    /** Written by the host into the clinic that stayed when a restore did not happen. */
    async recordRestoreFailure(failure: {
      file: string;
      reason: string;
      message: string;
      attempt?: string | undefined;
    }): Promise<void> {
      await settings.set(
        LAST_RESTORE_FAILURE,
        JSON.stringify({
          at: clock.nowIso(),
          file: failure.file,
          reason: failure.reason,
          message: failure.message,
          ...(failure.attempt ? { attempt: failure.attempt } : {}),
        }),
      );
      options.onChange?.();
    },
    /**
     * Chooses the folder (null: back to the default). It must exist and be writable now; later
     * absences (a share not mounted) are failed backups, not refusals.
     */
    async setFolder(path: string | null): Promise<BackupStatus> {
      if (path === null) await settings.delete(FOLDER);
      else {
        fullPath(path);
        probeFolder(path);
        await settings.set(FOLDER, path);
      }
      options.onChange?.();
      return await status();
    },
    start(): void {
      stopped = false;
      arm(options.firstDelayMs ?? 5 * 60_000);
    },
    /** Stops the timer and waits for a backup in progress. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await queue;
    },
    /** The backup at quit: after the last write, before the database closes. */
    async atQuit(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await backUpNow().catch(() => undefined);
    },
    checkOverdue,
  };
}

export type BackupSchedule = ReturnType<typeof createBackupSchedule>;
