import { Menu, shell, type KeyboardInputEvent, type MenuItemConstructorOptions } from 'electron';
import { SHORTCUTS } from './service/contract';

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
  /** Types a shortcut into the window (a menu click does what the keys do there). */
  onShortcut: (input: KeyboardInputEvent) => void;
}

/** The menu's words for the shortcuts it lists (the menu is in English, as its roles are). */
const SHORTCUT_LABELS: Record<string, string> = {
  palette: 'Search…',
  help: 'Keyboard shortcuts',
};

/**
 * The key a menu item shows for a shortcut of the window's table (contract/shortcuts.ts): the
 * first with a modifier or a function key, which a menu can show (`Mod+K` → `CmdOrCtrl+K`).
 */
export function menuAccelerator(keys: readonly string[]): string | undefined {
  const key = keys.find((k) => k.includes('+') || /^F\d+$/.test(k));
  return key
    ?.replace('Mod', 'CmdOrCtrl')
    .replace(/\+([a-z])$/, (_, c: string) => `+${c.toUpperCase()}`);
}

/** The keystroke that `accelerator` stands for, as the window should receive it. */
export function shortcutInput(accelerator: string, platform: NodeJS.Platform): KeyboardInputEvent {
  const parts = accelerator.split('+');
  const keyCode = parts.at(-1)!;
  const modifiers = parts.includes('CmdOrCtrl') ? [platform === 'darwin' ? 'meta' : 'control'] : [];
  return { type: 'keyDown', keyCode, modifiers } as KeyboardInputEvent;
}

/**
 * The window's shortcuts the menu lists, with their keys shown but not registered: the window
 * handles the keys itself (one handler, the same in web mode), and a click types them for it.
 */
function shortcutItems(options: MenuOptions): MenuItemConstructorOptions[] {
  return SHORTCUTS.flatMap((shortcut) => {
    const accelerator =
      'menu' in shortcut && shortcut.menu ? menuAccelerator(shortcut.keys) : undefined;
    if (!accelerator) return [];
    return [
      {
        label: SHORTCUT_LABELS[shortcut.id] ?? shortcut.id,
        accelerator,
        registerAccelerator: false,
        click: () => options.onShortcut(shortcutInput(accelerator, options.platform)),
      },
    ];
  });
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
        ...shortcutItems(options),
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
