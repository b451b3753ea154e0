import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../../app/app-context';
import { BridgeFailure, type Bridge } from '../../bridge/bridge';
import { callOperation, operationQuery } from '../../data/bridge-query';
import { useWrite } from '../../data/topic-invalidation';

// A backup's outcome is kept in the settings, so the `settings` topic refreshes these.
const statusQuery = (bridge: Bridge) => operationQuery(bridge, ['settings'], 'backups', 'status');
const listQuery = (bridge: Bridge) => operationQuery(bridge, ['settings'], 'backups', 'list');

export function useBackupStatus() {
  return useQuery(statusQuery(useBridge()));
}

export function useBackupList() {
  return useQuery(listQuery(useBridge()));
}

export function useBackUpNow() {
  const bridge = useBridge();
  return useWrite({ mutationFn: () => callOperation(bridge, 'backups', 'run') });
}

export function useSetBackupFolder() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useWrite({
    mutationFn: (folder: string | null) =>
      callOperation(bridge, 'backups', 'setFolder', { folder }),
    onSuccess: (status) => client.setQueryData(statusQuery(bridge).queryKey, status),
  });
}

export function useChooseFolder() {
  const bridge = useBridge();
  return useWrite({ mutationFn: () => callOperation(bridge, 'backups', 'chooseFolder') });
}

export function useInspectBackup() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (file: string) => callOperation(bridge, 'backups', 'inspect', { file }),
  });
}

/**
 * Restores `file`: the service answers, closes, swaps the database and opens again; this waits
 * until the service answers again with this restore's outcome, then reloads the whole window so
 * nothing of the replaced clinic stays on screen (or says why nothing was restored).
 */
export function useRestoreBackup() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useWrite({
    mutationFn: async (file: string) =>
      awaitRestore(bridge, await callOperation(bridge, 'backups', 'restore', { file })),
    // The service that answers now is another one (it restarted): its status says what happened.
    onError: () => client.invalidateQueries({ queryKey: statusQuery(bridge).queryKey }),
  });
}

/** How long one status call may take while the service restarts before it is asked again. */
const STATUS_WAIT_MS = 5_000;
/** How long the restart may take before the window reloads onto whatever the service holds. */
const RESTART_WAIT_MS = 120_000;

/**
 * Waits for the host to record this restore's outcome under its attempt, asking the service for
 * its status every half second (a call lost in the restart is abandoned after a few seconds, not
 * waited on). Restored: the window reloads. Not restored (the clinic stayed as it was): the
 * failure is thrown, for the dialog to say why. A service that does not come back within two
 * minutes: the window reloads anyway, onto whatever answers (or the "not answering" screen).
 */
async function awaitRestore(bridge: Bridge, started: { attempt: string }): Promise<void> {
  const until = Date.now() + RESTART_WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await within(STATUS_WAIT_MS, callOperation(bridge, 'backups', 'status')).catch(
      () => undefined,
    );
    if (now?.lastRestore?.attempt === started.attempt) break;
    const failed = now?.lastRestoreFailure;
    if (failed?.attempt === started.attempt)
      throw new BridgeFailure({
        code: 'restore_failed',
        message: failed.message,
        details: { reason: failed.reason },
      });
  }
  window.location.reload();
}

function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer yet')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The system's save or open dialog for a clinic archive (the desktop app only). */
export function useChooseArchive() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (save: boolean) =>
      callOperation(bridge, 'archives', save ? 'chooseExportFile' : 'chooseImportFile'),
  });
}

export interface ArchiveRequest {
  file: string;
  passphrase: string;
}

export function useExportArchive() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (request: ArchiveRequest) => callOperation(bridge, 'archives', 'export', request),
  });
}

export function useInspectArchive() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: (request: ArchiveRequest) => callOperation(bridge, 'archives', 'inspect', request),
  });
}

/**
 * Imports an archive: the service stages a verified copy, answers, and restores it as a backup
 * (recorded as from the archive); this waits for its outcome, as a restore does.
 */
export function useImportArchive() {
  const bridge = useBridge();
  const client = useQueryClient();
  return useWrite({
    mutationFn: async (request: ArchiveRequest) =>
      awaitRestore(bridge, await callOperation(bridge, 'archives', 'import', request)),
    onError: () => client.invalidateQueries({ queryKey: statusQuery(bridge).queryKey }),
  });
}
