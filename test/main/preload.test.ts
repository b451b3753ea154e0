import { beforeAll, describe, expect, it, vi } from 'vitest';
import { electron } from './fake-electron';
import { IPC_EVENT_CHANNEL, OPERATIONS } from '../../src-preload/contract';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

let engage: any;

beforeAll(async () => {
  await import('../../src-preload/index');
  engage = electron.contextBridge.exposed.get('engage');
});

describe('the preload (the window half of the contract coverage)', () => {
  it('exposes window.engage and nothing else', () => {
    expect([...electron.contextBridge.exposed.keys()]).toEqual(['engage']);
  });

  it('exposes exactly the contract groups and methods, plus on()', () => {
    expect(Object.keys(engage).sort()).toEqual([...Object.keys(OPERATIONS), 'on'].sort());
    for (const [group, methods] of Object.entries(OPERATIONS)) {
      expect(Object.keys(engage[group]).sort(), group).toEqual([...methods].sort());
      for (const method of methods) expect(typeof engage[group][method]).toBe('function');
    }
    expect(typeof engage.on).toBe('function');
  });

  it('sends a call to its own channel with its input, and returns the reply', async () => {
    const reply = await engage.conversations.send({ id: 'conv_1', content: 'Hola' });
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('engage:conversations.send', {
      id: 'conv_1',
      content: 'Hola',
    });
    expect(reply).toEqual({
      ok: true,
      value: { channel: 'engage:conversations.send', input: { id: 'conv_1', content: 'Hola' } },
    });
    await engage.app.info();
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith('engage:app.info', undefined);
  });

  it('on() delivers only the named event and unsubscribes its own handler', () => {
    const listener = vi.fn();
    const off = engage.on('clock', listener);
    const [channel, handler] = electron.ipcRenderer.on.mock.calls.at(-1)!;
    expect(channel).toBe(IPC_EVENT_CHANNEL);
    handler({}, { type: 'changed', data: { topics: ['clock'] } });
    expect(listener).not.toHaveBeenCalled();
    const clock = { now: '2026-01-01T00:00:00.000Z', offsetSeconds: 60 };
    handler({}, { type: 'clock', data: clock });
    expect(listener).toHaveBeenCalledExactlyOnceWith(clock);
    off();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(IPC_EVENT_CHANNEL, handler);
  });

  it('on() delivers the request log and notification events too', () => {
    const logged = vi.fn();
    engage.on('request.logged', logged);
    const [, onLogged] = electron.ipcRenderer.on.mock.calls.at(-1)!;
    const noticed = vi.fn();
    engage.on('notification', noticed);
    const [, onNotice] = electron.ipcRenderer.on.mock.calls.at(-1)!;
    const entries = { entries: [] };
    const notice = { id: 'ntf_1', kind: 'credits.low' };
    for (const handler of [onLogged, onNotice]) {
      handler({}, { type: 'request.logged', data: entries });
      handler({}, { type: 'notification', data: notice });
    }
    expect(logged).toHaveBeenCalledExactlyOnceWith(entries);
    expect(noticed).toHaveBeenCalledExactlyOnceWith(notice);
  });
});
