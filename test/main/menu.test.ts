import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { electron } from './fake-electron';
import { menuAccelerator, menuTemplate, type MenuOptions } from '../../src-main/menu';
import { SHORTCUTS } from '../../src-main/service/contract';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

const base: MenuOptions = {
  platform: 'linux',
  isPackaged: true,
  apiBaseUrl: 'http://127.0.0.1:4010/api/v1',
  dataDir: '/home/test/.config/Engage Desk',
  demo: false,
  onSwitchClinic: vi.fn(),
  onShortcut: vi.fn(),
};

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

describe('the application menu', () => {
  it('has the usual menus from roles; the app menu on macOS only', () => {
    expect(menuTemplate(base).map((item) => item.role)).toEqual([
      'fileMenu',
      'editMenu',
      'viewMenu',
      'windowMenu',
      'help',
    ]);
    expect(menuTemplate({ ...base, platform: 'darwin' })[0]!.role).toBe('appMenu');
  });

  it('offers reload and the developer tools only while developing', () => {
    const packaged = roles(menuTemplate(base));
    expect(packaged).not.toContain('reload');
    expect(packaged).not.toContain('forceReload');
    expect(packaged).not.toContain('toggleDevTools');
    expect(packaged).toContain('zoomIn');
    const dev = roles(menuTemplate({ ...base, isPackaged: false }));
    expect(dev).toEqual(expect.arrayContaining(['reload', 'toggleDevTools', 'zoomIn']));
  });

  it('help opens the API reference in the browser and the data folder in the file manager', () => {
    const help = menuTemplate(base).at(-1)!.submenu as MenuItemConstructorOptions[];
    for (const item of help.slice(0, 2)) (item.click as () => void)();
    expect(electron.shell.openExternal).toHaveBeenCalledWith(
      'http://127.0.0.1:4010/api/v1/openapi.json',
    );
    expect(electron.shell.openPath).toHaveBeenCalledWith(base.dataDir);
  });

  it('help opens the demo clinic, or from it goes back to the clinic (a new run of the app)', () => {
    const label = (demo: boolean) =>
      (menuTemplate({ ...base, demo }).at(-1)!.submenu as MenuItemConstructorOptions[]).at(-1)!;
    expect(label(false).label).toBe('Open the demo clinic');
    expect(label(true).label).toBe('Back to the clinic');
    (label(false).click as () => void)();
    expect(base.onSwitchClinic).toHaveBeenCalledTimes(1);
  });

  it("lists the window's menu shortcuts from its one table, shown but left to the window", () => {
    const help = menuTemplate(base).at(-1)!.submenu as MenuItemConstructorOptions[];
    const listed = help.filter((item) => item.accelerator);
    expect(listed.map((item) => [item.label, item.accelerator])).toEqual([
      ['Search…', 'CmdOrCtrl+K'],
      ['Keyboard shortcuts', 'F1'],
    ]);
    // Every accelerator is one of the table's keys.
    const palette = SHORTCUTS.find((s) => s.id === 'palette')!;
    expect(menuAccelerator(palette.keys)).toBe('CmdOrCtrl+K');
    expect(listed.every((item) => item.registerAccelerator === false)).toBe(true);
    (listed[0]!.click as () => void)();
    expect(base.onShortcut).toHaveBeenCalledWith({
      type: 'keyDown',
      keyCode: 'K',
      modifiers: ['control'],
    });
    const mac = menuTemplate({ ...base, platform: 'darwin' }).at(-1)!
      .submenu as MenuItemConstructorOptions[];
    (mac.find((item) => item.accelerator === 'F1')!.click as () => void)();
    expect(base.onShortcut).toHaveBeenLastCalledWith({
      type: 'keyDown',
      keyCode: 'F1',
      modifiers: [],
    });
  });
});
