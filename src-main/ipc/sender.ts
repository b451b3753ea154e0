import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { isAppUrl, type RendererLocation } from '../renderer-location';
import type { SenderCheck } from './register-operations';

/**
 * An invoke is ours when it comes from the main frame of our window showing our own page: not
 * from an iframe, not from another webContents (devtools extensions, a stray popup), not from a
 * page that somehow navigated away.
 */
export function appFrameCheck(
  getWindow: () => BrowserWindow | undefined,
  location: RendererLocation,
): SenderCheck {
  return (event: IpcMainInvokeEvent) => {
    const window = getWindow();
    const frame = event.senderFrame;
    if (!window || window.isDestroyed() || event.sender !== window.webContents) return false;
    return frame !== null && frame.parent === null && isAppUrl(frame.url, location);
  };
}
