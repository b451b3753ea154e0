import { Notification, type BrowserWindow } from 'electron';
import type { PushEvent } from './service/contract';
import type { UiLanguage } from './leave-guard';

/** What the desktop notification needs of the service. */
export interface AlertSource {
  changes: { subscribe(listener: (event: PushEvent) => void): () => void };
  /** The alert's patient, for the notification's title; undefined when it cannot be read. */
  patientName(id: string): Promise<string | undefined>;
}

// The reason stays in the window, in words the coordinator reads there; the notification says
// only who and where to look, so nothing clinical sits on a lock screen.
const TEXT: Record<UiLanguage, { title: (name: string) => string; body: string }> = {
  es: { title: (name) => `Alerta urgente: ${name}`, body: 'Ábrala en Alertas.' },
  ca: { title: (name) => `Alerta urgent: ${name}`, body: 'Obriu-la a Alertes.' },
  en: { title: (name) => `Urgent alert: ${name}`, body: 'Open it in Alerts.' },
};

/**
 * An urgent alert (an emergency or a same-day call) must reach a coordinator even when the
 * window is hidden behind another program: the operating system shows a notification, and a
 * click brings the window forward. Review alerts wait in the window. Returns the unsubscribe
 * function.
 */
export function notifyUrgentAlerts(
  source: AlertSource,
  getWindow: () => BrowserWindow | undefined,
  language: () => UiLanguage,
): () => void {
  const unsubscribe = source.changes.subscribe((event) => {
    if (event.type !== 'alert' || event.data.priority !== 'urgent') return;
    if (!Notification.isSupported()) return;
    void show(event.data.id);
  });
  return unsubscribe;

  async function show(alertId: string): Promise<void> {
    const name = await source.patientName(alertId);
    const text = TEXT[language()] ?? TEXT.es;
    const notification = new Notification({
      title: text.title(name ?? ''),
      body: text.body,
      urgency: 'critical',
    });
    notification.on('click', () => {
      const window = getWindow();
      if (!window || window.isDestroyed()) return;
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    });
    notification.show();
  }
}
