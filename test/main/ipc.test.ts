import { beforeEach, describe, expect, it, vi } from 'vitest';
import { electron, FakeBrowserWindow, FakeWebContents, resetFake } from './fake-electron';
import { forwardPushEvents } from '../../src-main/ipc/push-events';
import { registerOperations } from '../../src-main/ipc/register-operations';
import { appFrameCheck } from '../../src-main/ipc/sender';
import type { RendererLocation } from '../../src-main/renderer-location';
import {
  IPC_EVENT_CHANNEL,
  IPC_PREFIX,
  operationNames,
  type PushEvent,
} from '../../src-preload/contract';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

const built: RendererLocation = { kind: 'file', path: '/opt/engage/out/renderer/index.html' };
const ownPage = 'file:///opt/engage/out/renderer/index.html';

function setup() {
  const window = new FakeBrowserWindow({});
  const operations = {
    run: vi.fn(async (name: string, input: unknown) => ({
      ok: true as const,
      value: { name, input },
    })),
  };
  const registered = registerOperations(
    operations,
    appFrameCheck(() => window as any, built),
  );
  const invoke = (channel: string, event: object, input?: unknown) =>
    electron.ipcMain.handlers.get(channel)!(event, input) as Promise<unknown>;
  const fromApp = {
    sender: window.webContents,
    senderFrame: { url: `${ownPage}#/`, parent: null },
  };
  return { window, operations, registered, invoke, fromApp };
}

beforeEach(resetFake);

describe('IPC registration (the main half of the contract coverage)', () => {
  it('registers exactly one channel per contract operation', () => {
    const { registered } = setup();
    const expected = operationNames().map((name) => `${IPC_PREFIX}${name}`);
    expect(expected).toContain('engage:patients.list');
    expect([...registered.channels].sort()).toEqual([...expected].sort());
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual([...expected].sort());
  });

  it('passes a call from our window to the operation and returns its envelope untouched', async () => {
    const { operations, invoke, fromApp } = setup();
    const reply = await invoke('engage:patients.get', fromApp, { id: 'pat_1' });
    expect(operations.run).toHaveBeenCalledExactlyOnceWith('patients.get', { id: 'pat_1' });
    expect(reply).toEqual({ ok: true, value: { name: 'patients.get', input: { id: 'pat_1' } } });
  });

  it('passes error envelopes through as data', async () => {
    const { operations, invoke, fromApp } = setup();
    const problem = { ok: false, error: { code: 'not_found', message: 'No such patient.' } };
    operations.run.mockResolvedValueOnce(problem as any);
    expect(await invoke('engage:patients.get', fromApp, { id: 'x' })).toEqual(problem);
  });

  it('turns a thrown error into an envelope instead of a flattened string', async () => {
    const { operations, invoke, fromApp } = setup();
    operations.run.mockRejectedValueOnce(new Error('database is locked'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reply = (await invoke('engage:credits.balance', fromApp)) as any;
    expect(reply.ok).toBe(false);
    expect(reply.error.code).toBe('internal_error');
    expect(reply.error.message).not.toContain('database');
  });

  it.each([
    [
      'a foreign page',
      (w: FakeBrowserWindow) => ({
        sender: w.webContents,
        senderFrame: { url: 'https://evil.example/', parent: null },
      }),
    ],
    [
      'an iframe of our page',
      (w: FakeBrowserWindow) => ({
        sender: w.webContents,
        senderFrame: { url: ownPage, parent: {} },
      }),
    ],
    [
      'a frame already gone',
      (w: FakeBrowserWindow) => ({ sender: w.webContents, senderFrame: null }),
    ],
    [
      'another webContents',
      () => ({ sender: new FakeWebContents(), senderFrame: { url: ownPage, parent: null } }),
    ],
    [
      'another file',
      (w: FakeBrowserWindow) => ({
        sender: w.webContents,
        senderFrame: { url: 'file:///tmp/index.html', parent: null },
      }),
    ],
  ])('refuses a call from %s', async (_what, event) => {
    const { window, operations, invoke } = setup();
    const reply = (await invoke('engage:keys.create', event(window), {
      name: 'x',
      permissions: [],
    })) as any;
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(operations.run).not.toHaveBeenCalled();
  });

  it('refuses calls once the window is destroyed', async () => {
    const { window, operations, invoke, fromApp } = setup();
    window.destroy();
    expect(await invoke('engage:patients.list', fromApp, {})).toMatchObject({ ok: false });
    expect(operations.run).not.toHaveBeenCalled();
  });

  it('unregisters every channel, so a restart can register again', () => {
    const { registered } = setup();
    registered.unregister();
    expect(electron.ipcMain.handlers.size).toBe(0);
    expect(() => setup()).not.toThrow();
  });
});

describe('push events', () => {
  function feed() {
    const listeners = new Set<(event: PushEvent) => void>();
    return {
      listeners,
      subscribe(listener: (event: PushEvent) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      emit(event: PushEvent) {
        for (const listener of listeners) listener(event);
      },
    };
  }

  it('forwards each change to the window on the event channel', () => {
    const changes = feed();
    const window = new FakeBrowserWindow({});
    forwardPushEvents(changes, () => window as any);
    const first: PushEvent = { type: 'changed', data: { topics: ['patients'] } };
    const second: PushEvent = { type: 'conversation.message', data: { conversationId: 'conv_1' } };
    // The Developer screen's live request log travels the same way.
    const third: PushEvent = {
      type: 'request.logged',
      data: {
        entries: [
          {
            seq: 7,
            requestId: 'req_1',
            at: '2026-11-24T10:00:00.000Z',
            method: 'GET',
            path: '/api/v1/patients',
            status: 200,
            durationMs: 2.5,
            credential: { keyId: 'key_1', keyName: 'CRM', kind: 'api_key' },
          },
        ],
      },
    };
    changes.emit(first);
    changes.emit(second);
    changes.emit(third);
    expect(window.webContents.sent).toEqual([
      [IPC_EVENT_CHANNEL, first],
      [IPC_EVENT_CHANNEL, second],
      [IPC_EVENT_CHANNEL, third],
    ]);
  });

  it('drops events while there is no live window, and stops when unsubscribed', () => {
    const changes = feed();
    let current: FakeBrowserWindow | undefined = new FakeBrowserWindow({});
    const destroyed = current;
    const stop = forwardPushEvents(changes, () => current as any);
    destroyed.destroy();
    expect(() => changes.emit({ type: 'changed', data: { topics: ['calls'] } })).not.toThrow();
    current = undefined;
    changes.emit({ type: 'changed', data: { topics: ['calls'] } });
    expect(destroyed.webContents.sent).toEqual([]);
    stop();
    expect(changes.listeners.size).toBe(0);
  });
});
