import { Menu, shell, type MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Reload and the developer tools only while developing: a reload drops unsaved input. */
  isPackaged: boolean;
  /** The embedded API's base URL; Help opens its OpenAPI document. */
  apiBaseUrl: string;
  dataDir: string;
  /** This run shows the demo clinic (its own folder, sandbox mode), not the clinic's own. */
  demo: boolean;
  /** Opens the other clinic (relaunches the app). */
  onSwitchClinic: () => void;
}

/**
 * The application menu. Items use Electron's roles wherever one exists, so labels, shortcuts and
 * platform placement come from the system in the user's language.
 */
export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    ...(options.isPackaged
      ? []
      : ([
          { role: 'reload' },
          { role: 'forceReload' },
          { role: 'toggleDevTools' },
          { type: 'separator' },
        ] satisfies MenuItemConstructorOptions[])),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(mac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { role: 'viewMenu', submenu: view },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          // The embedded server documents itself; the user's browser shows it.
          label: 'API reference (OpenAPI)',
          click: () => void shell.openExternal(`${options.apiBaseUrl}/openapi.json`),
        },
        {
          label: 'Show data folder',
          click: () => void shell.openPath(options.dataDir),
        },
        { type: 'separator' },
        {
          label: options.demo ? 'Back to the clinic' : 'Open the demo clinic',
          click: options.onSwitchClinic,
        },
      ],
    },
  ];
}

export function buildMenu(options: MenuOptions): Menu {
  return Menu.buildFromTemplate(menuTemplate(options));
}
