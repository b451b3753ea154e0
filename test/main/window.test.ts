import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  electron,
  fakeEvent,
  FakeBrowserWindow,
  FakeWebContents,
  resetFake,
} from './fake-electron';
import { guardAllWebContents } from '../../src-main/web-security';
import { createMainWindow } from '../../src-main/window';
import type { RendererLocation } from '../../src-main/renderer-location';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

const built: RendererLocation = { kind: 'file', path: '/opt/engage/out/renderer/index.html' };
const ownPage = 'file:///opt/engage/out/renderer/index.html';
const preloadPath = '/opt/engage/out/preload/index.cjs';

function open(location: RendererLocation = built) {
  createMainWindow({ preloadPath, location });
  const window = FakeBrowserWindow.instances.at(-1)!;
  return { window, contents: window.webContents };
}

function navigates(contents: FakeWebContents, kind: string, url: string): boolean {
  const event = fakeEvent({ url });
  contents.emit(kind, event, url);
  return event.preventDefault.mock.calls.length === 0;
}

beforeEach(resetFake);

describe('the main window', () => {
  it('runs the page isolated, sandboxed and without Node, with the built preload', () => {
    const { window } = open();
    expect(window.options.webPreferences).toEqual({
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: true,
    });
  });

  it('stays hidden until painted, and keeps a usable minimum size', () => {
    const { window } = open();
    expect(window.options.show).toBe(false);
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
    expect(window.options.minWidth).toBeGreaterThanOrEqual(800);
    expect(window.options.minHeight).toBeGreaterThanOrEqual(500);
  });

  it('loads the built page from disk, or the dev server when electron-vite runs dev', () => {
    expect(open().window.loaded).toEqual({ file: built.path });
    const dev = open({ kind: 'url', url: 'http://localhost:5173/' }).window;
    expect(dev.loaded).toEqual({ url: 'http://localhost:5173/' });
  });
});

describe('navigation guards', () => {
  it.each(['will-navigate', 'will-redirect', 'will-frame-navigate'])(
    '%s: only the app page itself',
    (kind) => {
      const { contents } = open();
      expect(navigates(contents, kind, `${ownPage}#/patients/p_1`)).toBe(true);
      expect(navigates(contents, kind, 'https://evil.example/')).toBe(false);
      expect(navigates(contents, kind, 'http://127.0.0.1:4010/api/v1/openapi.json')).toBe(false);
      expect(navigates(contents, kind, 'file:///etc/passwd')).toBe(false);
      expect(navigates(contents, kind, 'file:///opt/engage/out/renderer/other.html')).toBe(false);
      expect(navigates(contents, kind, 'javascript:alert(1)')).toBe(false);
      expect(navigates(contents, kind, 'not a url')).toBe(false);
    },
  );

  it('with the dev server, allows its origin only', () => {
    const { contents } = open({ kind: 'url', url: 'http://localhost:5173/' });
    expect(navigates(contents, 'will-navigate', 'http://localhost:5173/#/calls')).toBe(true);
    expect(navigates(contents, 'will-navigate', 'http://localhost:5174/')).toBe(false);
    expect(navigates(contents, 'will-navigate', ownPage)).toBe(false);
  });

  it('window.open: always denied; https links go to the browser, nothing else does', () => {
    const { contents } = open();
    const openWindow = (url: string) => contents.windowOpenHandler!({ url });
    expect(openWindow('https://example.org/help?x=1')).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledExactlyOnceWith(
      'https://example.org/help?x=1',
    );
    for (const url of [
      'http://example.org/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      ownPage,
    ]) {
      expect(openWindow(url)).toEqual({ action: 'deny' });
    }
    expect(electron.shell.openExternal).toHaveBeenCalledOnce();
  });

  it('refuses to attach a <webview>', () => {
    const { contents } = open();
    const event = fakeEvent();
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('guards every other webContents the app creates, once each', () => {
    guardAllWebContents(built);
    const { contents } = open();
    const other = new FakeWebContents();
    electron.app.emit('web-contents-created', fakeEvent(), other);
    electron.app.emit('web-contents-created', fakeEvent(), contents);
    expect(navigates(other, 'will-navigate', 'https://evil.example/')).toBe(false);
    const attach = fakeEvent();
    other.emit('will-attach-webview', attach, {}, {});
    expect(attach.preventDefault).toHaveBeenCalled();
    expect(other.windowOpenHandler!({ url: 'https://x.example/' })).toEqual({ action: 'deny' });
    expect(contents.listenerCount('will-navigate')).toBe(1);
  });
});
