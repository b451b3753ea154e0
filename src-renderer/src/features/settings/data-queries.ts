import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../../app/app-context';
import type { Bridge } from '../../bridge/bridge';
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
 * until the service answers again with this restore recorded, then reloads the whole window so
 * nothing of the replaced clinic stays on screen.
 */
export function useRestoreBackup() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: async (file: string) => {
      const before = await callOperation(bridge, 'backups', 'status');
      await callOperation(bridge, 'backups', 'restore', { file });
      await reloadOnceRestored(bridge, file, before.lastRestore?.at);
    },
  });
}

/**
 * Waits until the service answers again with a restore from `file` recorded, then reloads the
 * window. A restore that failed in the host leaves the clinic as it was and records nothing:
 * after two minutes the window reloads anyway, onto whatever the service holds.
 */
async function reloadOnceRestored(bridge: Bridge, file: string, before: string | undefined) {
  for (let tries = 0; tries < 240; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await callOperation(bridge, 'backups', 'status').catch(() => undefined);
    const restore = now?.lastRestore;
    if (restore && restore.file === file && restore.at !== before) break;
  }
  window.location.reload();
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
 * (recorded as from the archive); this waits for that record, then reloads the whole window.
 */
export function useImportArchive() {
  const bridge = useBridge();
  return useWrite({
    mutationFn: async (request: ArchiveRequest) => {
      const before = await callOperation(bridge, 'backups', 'status');
      await callOperation(bridge, 'archives', 'import', request);
      await reloadOnceRestored(bridge, request.file, before.lastRestore?.at);
    },
  });
}
