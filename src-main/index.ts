import { app, BrowserWindow, ipcMain } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createService, type Service } from './service/create-service';

/**
 * Electron bootstrap: start the embedded service on loopback with the per-user data folder, then
 * open the window. The full shell (IPC bridge, CSP, menus, single-instance lock) comes with the
 * desktop-app issue; this keeps `electron-vite build` honest in the meantime.
 */
let service: Service | undefined;
const here = fileURLToPath(new URL('.', import.meta.url));

async function start(): Promise<void> {
  service = await createService({ dataDir: app.getPath('userData'), host: '127.0.0.1', port: 0 });
  const url = service.url;
  ipcMain.handle('engage:apiBaseUrl', () => ({ ok: true, value: url }));
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'Engage Desk',
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  if (process.env.ELECTRON_RENDERER_URL) await window.loadURL(process.env.ELECTRON_RENDERER_URL);
  else await window.loadFile(join(here, '../renderer/index.html'));
}

app.whenReady().then(start, (error: unknown) => {
  console.error(error);
  app.quit();
});

app.on('window-all-closed', () => app.quit());
app.on('will-quit', (event) => {
  if (!service) return;
  event.preventDefault();
  const closing = service;
  service = undefined;
  void closing.close().finally(() => app.quit());
});
