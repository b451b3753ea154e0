import type { BrowserWindow } from 'electron';
import { IPC_EVENT_CHANNEL, type PushEvent } from '../service/contract';

/** The service's change feed (`service.core.changes`). */
export interface ChangeFeed {
  subscribe(listener: (event: PushEvent) => void): () => void;
}

/**
 * Forwards every change the service reports (from the window, the HTTP API or a job) to the
 * window, which refreshes what it shows. Between a window closing and the app quitting (or
 * before macOS reopens one) there is nobody to tell, so events are dropped, not queued: the next
 * window loads fresh data anyway. Returns the unsubscribe function.
 */
export function forwardPushEvents(
  changes: ChangeFeed,
  getWindow: () => BrowserWindow | undefined,
): () => void {
  return changes.subscribe((event) => {
    const window = getWindow();
    if (!window || window.isDestroyed() || window.webContents.isDestroyed()) return;
    window.webContents.send(IPC_EVENT_CHANNEL, event);
  });
}
