import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { electron, fakeEvent, resetFake } from './fake-electron';
import { installGracefulQuit } from '../../src-main/graceful-quit';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

const signals = new Map<string, () => void>();

beforeEach(() => {
  resetFake();
  signals.clear();
  // Recorded, not installed: a real SIGINT handler would outlive the test in the worker.
  vi.spyOn(process, 'on').mockImplementation(((name: string, handler: () => void) => {
    signals.set(name, handler);
    return process;
  }) as any);
});
afterEach(() => vi.restoreAllMocks());

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('graceful quit', () => {
  it('holds the quit until the service has closed, once, then quits', async () => {
    const closing = deferred();
    const close = vi.fn(() => closing.promise);
    installGracefulQuit(close);

    const first = fakeEvent();
    electron.app.emit('before-quit', first);
    expect(first.preventDefault).toHaveBeenCalled();
    const again = fakeEvent();
    electron.app.emit('will-quit', again);
    expect(again.preventDefault).toHaveBeenCalled();
    expect(close).toHaveBeenCalledOnce();
    expect(electron.app.quit).not.toHaveBeenCalled();

    closing.resolve();
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalledOnce());
    const after = fakeEvent();
    electron.app.emit('before-quit', after);
    electron.app.emit('will-quit', after);
    expect(after.preventDefault).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalledOnce();
  });

  it('quits even when closing fails or hangs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installGracefulQuit(() => new Promise<void>(() => {}), 20);
    electron.app.emit('before-quit', fakeEvent());
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalledOnce());

    resetFake();
    installGracefulQuit(() => Promise.reject(new Error('disk full')));
    electron.app.emit('before-quit', fakeEvent());
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalledOnce());
  });

  it('Ctrl+C and SIGTERM take the same path', () => {
    installGracefulQuit(async () => {});
    expect([...signals.keys()].sort()).toEqual(['SIGINT', 'SIGTERM']);
    signals.get('SIGTERM')!();
    expect(electron.app.quit).toHaveBeenCalledOnce();
  });
});
