import type { UiLanguage } from './leave-guard';
import {
  app,
  BrowserWindow,
  dialog,
  Menu,
  session,
  type OpenDialogOptions,
  type SaveDialogOptions,
} from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAppInfo } from './app-info';
import { installGracefulQuit } from './graceful-quit';
import { forwardPushEvents } from './ipc/push-events';
import { notifyUrgentAlerts } from './alert-notifications';
import {
  registerOperations,
  type OperationRunner,
  type RegisteredOperations,
} from './ipc/register-operations';
import { appFrameCheck } from './ipc/sender';
import { buildMenu } from './menu';
import { rendererLocation } from './renderer-location';
import { createService, type Service } from './service/create-service';
import { createOperations, type OperationHost, type RestoreRequest } from './service/operations';
import { restoreInPlace } from './service/backup/restore-in-place';
import { ARCHIVE_EXTENSION } from './service/backup/clinic-archive';
import { guardAllWebContents, secureSession } from './web-security';
import { createMainWindow } from './window';
import { desktopDataKey } from './desktop-data-key';
import { clinicFromArgs, relaunchArgs } from './clinic-folder';

/**
 * Electron bootstrap only: one instance, the embedded service on loopback with the per-user data
 * folder, IPC, menu and window, and a quit that closes the database first. What each piece does
 * lives in its own module.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
const location = rendererLocation(join(here, '../renderer/index.html'));
const preloadPath = join(here, '../preload/index.cjs');

let service: Service | undefined;
let starting: Promise<Service> | undefined;
let mainWindow: BrowserWindow | undefined;
let registration: RegisteredOperations | undefined;
let stopPushEvents: (() => void) | undefined;
let stopAlertNotifications: (() => void) | undefined;
let stopLanguageWatch: (() => void) | undefined;
/**
 * The window's language as last read from the service: main's own dialogs need it at once (a
 * will-prevent-unload handler cannot wait), so it is read at start and again when settings change.
 */
let uiLanguage: UiLanguage = 'es';

function openWindow(): BrowserWindow {
  if (mainWindow && !mainWindow.isDestroyed()) return mainWindow;
  const window = createMainWindow({
    preloadPath,
    location,
    language: () => uiLanguage,
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  mainWindow = window;
  return window;
}

function focusWindow(): void {
  // Before ready, start() opens the window itself.
  if (!app.isReady()) return;
  const window = openWindow();
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

async function start(): Promise<void> {
  const clinic = clinicFromArgs(process.argv, app.getPath('userData'));
  const { dataDir } = clinic;
  secureSession(session.defaultSession, location);
  // The window's calls wait for the service rather than failing while it starts (or restarts
  // after a restore): the window opens first and shows its starting screen, and answers follow
  // as soon as the service is up.
  let ready!: (operations: OperationRunner) => void;
  let operationsReady = new Promise<OperationRunner>((resolve) => (ready = resolve));
  registration = registerOperations(
    { run: async (name, input) => (await operationsReady).run(name, input) },
    appFrameCheck(() => mainWindow, location),
  );
  const window = openWindow();
  // Opening the database (and seeding the demo clinic on a first run) is synchronous work that
  // holds main's event loop; let the window paint its starting screen first.
  await new Promise<void>((resolve) => {
    window.once('ready-to-show', () => resolve());
    setTimeout(resolve, 3000);
  });
  // The clinic's key from the keyring (made on the first start, and a plain database of an earlier
  // version converted on a verified copy, with progress on the window): never a new empty
  // database over one it cannot open.
  const key = await desktopDataKey(dataDir, window);
  if (!key) {
    app.exit(1);
    return;
  }
  const launch = () =>
    createService({
      dataDir,
      key,
      ...clinic.options,
      host: '127.0.0.1',
      port: 'saved',
      portFallback: true,
      // Hourly while the app runs and at the graceful quit (service/backup/).
      backups: true,
    });
  /** A service that will not open (at start, or again after a restore): said, then the app ends. */
  const cannotStart = (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox(
      'Engage Desk could not start',
      `The embedded Healthcare Engagement Service did not start:\n\n${reason}\n\nData folder: ${dataDir}`,
    );
    app.exit(1);
  };
  try {
    starting = launch();
    service = await starting;
  } catch (error) {
    cannotStart(error);
    return;
  }
  /**
   * Settings > Data's restore (service/backup/restore-in-place.ts): the window's calls wait while
   * the service closes, the backup goes in place and the service opens again; then the window
   * reloads onto the restored clinic (or, when the restore did not happen, says why).
   */
  const restoreFrom = async (file: string, how: RestoreRequest) => {
    operationsReady = new Promise<OperationRunner>((resolve) => (ready = resolve));
    stopPushEvents?.();
    stopAlertNotifications?.();
    stopLanguageWatch?.();
    const closing = service;
    service = undefined;
    service = await restoreInPlace({
      file,
      how,
      dataDir,
      key,
      close: async () => closing?.close({ backup: false }),
      open: () => (starting = launch()),
      backupsOf: (running) => running.core.backups,
      log: (message) => console.error(`Engage Desk: ${message}`),
    });
    await serve(service);
    mainWindow?.webContents.reload();
  };
  const host: OperationHost = {
    restore: (file, how) => void restoreFrom(file, how).catch(cannotStart),
    /** Settings > Data's archive: where to write it (named after the clinic), or which to read. */
    async chooseArchive(wanted) {
      const filters = [{ name: 'Engage Desk', extensions: [ARCHIVE_EXTENSION] }];
      if (wanted.save) {
        const options: SaveDialogOptions = {
          defaultPath: join(app.getPath('documents'), wanted.name),
          filters,
        };
        const picked = mainWindow
          ? await dialog.showSaveDialog(mainWindow, options)
          : await dialog.showSaveDialog(options);
        return picked.canceled ? null : (picked.filePath ?? null);
      }
      const options: OpenDialogOptions = { properties: ['openFile'], filters };
      const picked = mainWindow
        ? await dialog.showOpenDialog(mainWindow, options)
        : await dialog.showOpenDialog(options);
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
    async chooseFolder() {
      const options: OpenDialogOptions = { properties: ['openDirectory', 'createDirectory'] };
      const picked = mainWindow
        ? await dialog.showOpenDialog(mainWindow, options)
        : await dialog.showOpenDialog(options);
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
  };
  const serve = async (running: Service) => {
    ready(
      createOperations({
        core: running.core,
        info: () => buildAppInfo(running, app.getVersion(), dataDir),
        host,
        // The window gets a generic message; the cause belongs in the terminal or the log.
        onError: (name, error) => console.error(`Operation ${name} failed:`, error),
      }),
    );
    watch(running);
  };
  await serve(service);
  menu(service);
}

/** The window's pushed events and the system notifications of urgent alerts, for one service. */
function watch(running: Service): void {
  stopPushEvents = forwardPushEvents(running.core.changes, () => mainWindow);
  const readLanguage = () =>
    void running.core.delivery.appLanguage().then(
      (language) => (uiLanguage = language),
      () => undefined, // the service closing: the last language read stays
    );
  readLanguage();
  stopLanguageWatch = running.core.changes.subscribe((event) => {
    if (event.type === 'changed' && event.data.topics.includes('settings')) readLanguage();
  });
  stopAlertNotifications = notifyUrgentAlerts(
    {
      changes: running.core.changes,
      patientName: async (id) => {
        try {
          const alert = await running.core.alerts.get(id);
          const patient = await running.core.patients.get(alert.patientId);
          return `${patient.firstName} ${patient.lastName}`;
        } catch {
          return undefined;
        }
      },
    },
    () => mainWindow,
    () => uiLanguage,
  );
}

function menu(running: Service): void {
  const clinic = clinicFromArgs(process.argv, app.getPath('userData'));
  const { dataDir } = clinic;
  Menu.setApplicationMenu(
    buildMenu({
      platform: process.platform,
      isPackaged: app.isPackaged,
      apiBaseUrl: running.url,
      dataDir,
      demo: clinic.demo,
      // The other clinic opens in a new run of the app: one database per process.
      onSwitchClinic: () => {
        app.relaunch({ args: relaunchArgs(process.argv.slice(1), !clinic.demo) });
        app.quit();
      },
      onShortcut: (input) => {
        const contents = mainWindow?.webContents;
        if (!contents || contents.isDestroyed()) return;
        contents.sendInputEvent(input);
        contents.sendInputEvent({ ...input, type: 'keyUp' });
      },
    }),
  );
}

async function stop(): Promise<void> {
  // Waits for a start still under way, so a quit during start-up still closes the database.
  const running = await starting?.catch(() => undefined);
  stopPushEvents?.();
  stopAlertNotifications?.();
  stopLanguageWatch?.();
  registration?.unregister();
  await running?.close();
}

if (!app.requestSingleInstanceLock()) {
  // Another Engage Desk holds the data folder; it brings its window forward (second-instance).
  app.quit();
} else {
  // Every renderer sandboxed, whatever a future window forgets to set.
  app.enableSandbox();
  guardAllWebContents(location);
  installGracefulQuit(stop);
  app.on('second-instance', focusWindow);
  app.on('activate', () => {
    if (service && BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.whenReady().then(start, (error: unknown) => {
    console.error(error);
    app.exit(1);
  });
}
