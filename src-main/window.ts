import { BrowserWindow } from 'electron';
import { guardUnsavedWork, type UiLanguage } from './leave-guard';
import type { RendererLocation } from './renderer-location';
import { guardWebContents } from './web-security';

export interface MainWindowDeps {
  /** Absolute path of the built preload (out/preload/index.cjs). */
  preloadPath: string;
  location: RendererLocation;
  /** The window's language for main's own dialogs (the saved setting once the service runs). */
  language?: () => UiLanguage;
}

/**
 * The one window. The page runs with no Node, in Chromium's sandbox, in its own JavaScript world:
 * all it can reach is `window.engage` from the preload.
 */
export function createMainWindow({
  preloadPath,
  location,
  language = () => 'es',
}: MainWindowDeps): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    // Below this the sidebar and a patient's detail no longer fit side by side.
    minWidth: 960,
    minHeight: 600,
    title: 'Engage Desk',
    // Shown once painted, on a background close to the page's, so it never flashes white.
    show: false,
    backgroundColor: '#f5f7f9',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      // Coordinators type messages to patients; the checker runs on this computer.
      spellcheck: true,
    },
  });
  // Guarded before the first load, so not even the first navigation is unchecked.
  guardWebContents(window.webContents, location);
  guardUnsavedWork(window, language);
  window.once('ready-to-show', () => window.show());
  const loading =
    location.kind === 'url' ? window.loadURL(location.url) : window.loadFile(location.path);
  loading.catch((error: unknown) => console.error('The window could not load its page:', error));
  return window;
}
