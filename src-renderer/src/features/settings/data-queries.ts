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
      // A restore that failed in the host leaves the clinic as it was and records nothing: after
      // two minutes the window reloads anyway, onto whatever the service holds.
      for (let tries = 0; tries < 240; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const now = await callOperation(bridge, 'backups', 'status').catch(() => undefined);
        const restore = now?.lastRestore;
        if (restore && restore.file === file && restore.at !== before.lastRestore?.at) break;
      }
      window.location.reload();
    },
  });
}
