import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushEvent } from '../../src-preload/contract';
import { notifyUrgentAlerts } from '../../src-main/alert-notifications';
import { FakeBrowserWindow, FakeNotification, resetFake } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).electron);

beforeEach(resetFake);

function feed() {
  const listeners = new Set<(event: PushEvent) => void>();
  return {
    subscribe(listener: (event: PushEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event: PushEvent) => listeners.forEach((l) => l(event)),
    get size() {
      return listeners.size;
    },
  };
}

/** The patient's name is read from the service first: a notification shows a moment later. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const alert = (priority: 'urgent' | 'review'): PushEvent => ({
  type: 'alert',
  data: { id: 'alert_1', priority, patientId: 'pat_1', code: 'chat_emergency' },
});

describe('desktop notifications for alerts', () => {
  it('shows an urgent alert with the patient in the window language, and nothing clinical', async () => {
    const changes = feed();
    const window = new FakeBrowserWindow({});
    notifyUrgentAlerts(
      { changes, patientName: async () => 'Núria Puig' },
      () => window as never,
      () => 'ca',
    );
    changes.emit(alert('urgent'));
    await settled();
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0]!.options).toEqual({
      title: 'Alerta urgent: Núria Puig',
      body: 'Obriu-la a Alertes.',
      urgency: 'critical',
    });
  });

  it('a click brings the window forward', async () => {
    const changes = feed();
    const window = new FakeBrowserWindow({});
    notifyUrgentAlerts(
      { changes, patientName: async () => 'Ana' },
      () => window as never,
      () => 'es',
    );
    changes.emit(alert('urgent'));
    await settled();
    FakeNotification.shown[0]!.emit('click');
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });

  it('review alerts and other events wait in the window', async () => {
    const changes = feed();
    notifyUrgentAlerts(
      { changes, patientName: async () => 'Ana' },
      () => undefined,
      () => 'en',
    );
    changes.emit(alert('review'));
    changes.emit({ type: 'changed', data: { topics: ['alerts'] } });
    await settled();
    expect(FakeNotification.shown).toEqual([]);
  });

  it('stops listening when asked', () => {
    const changes = feed();
    const stop = notifyUrgentAlerts(
      { changes, patientName: async () => 'Ana' },
      () => undefined,
      () => 'es',
    );
    expect(changes.size).toBe(1);
    stop();
    expect(changes.size).toBe(0);
  });
});
