import { beforeEach, describe, expect, it, vi } from 'vitest';
import { electron, fakeEvent, FakeBrowserWindow, resetFake } from './fake-electron';
import { createMainWindow } from '../../src-main/window';
import type { UiLanguage } from '../../src-main/leave-guard';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

beforeEach(resetFake);

function open(language: UiLanguage = 'es') {
  createMainWindow({
    preloadPath: '/opt/engage/out/preload/index.cjs',
    location: { kind: 'file', path: '/opt/engage/out/renderer/index.html' },
    language: () => language,
  });
  return FakeBrowserWindow.instances.at(-1)!;
}

/** The page cancelled beforeunload (unsaved work): does the close or reload go on? */
function unloadGoesOn(window: FakeBrowserWindow, answer: number): boolean {
  electron.dialog.showMessageBoxSync.mockReturnValueOnce(answer);
  const event = fakeEvent({});
  window.webContents.emit('will-prevent-unload', event);
  return event.preventDefault.mock.calls.length > 0;
}

describe('unsaved work in the window', () => {
  it('asks in the window, with "stay" as the default and the Escape answer', () => {
    const window = open();
    expect(unloadGoesOn(window, 1)).toBe(false);
    const [parent, options] = electron.dialog.showMessageBoxSync.mock.calls[0] as [
      unknown,
      Record<string, unknown>,
    ];
    expect(parent).toBe(window);
    expect(options).toMatchObject({
      type: 'question',
      buttons: ['Salir sin guardar', 'Seguir aquí'],
      defaultId: 1,
      cancelId: 1,
      message: 'Hay cambios sin guardar.',
    });
  });

  it('lets the close go on only when told to leave', () => {
    const window = open();
    expect(unloadGoesOn(window, 0)).toBe(true);
    expect(unloadGoesOn(window, 1)).toBe(false);
  });

  it('speaks the language the window is set to', () => {
    const window = open('ca');
    unloadGoesOn(window, 1);
    const options = electron.dialog.showMessageBoxSync.mock.calls[0]![1] as { buttons: string[] };
    expect(options.buttons).toEqual(['Surt sense desar', 'Continua aquí']);
  });
});
