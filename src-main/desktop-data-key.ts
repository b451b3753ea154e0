import { app, dialog, type BrowserWindow } from 'electron';
import { clinicKey, KeyringDeclinedError, KeyStoreError } from './data-key-store';
import { DATA_KEY_TEXTS, systemUiLanguage } from './data-key-texts';
import { IPC_EVENT_CHANNEL, type PushEvent } from './service/contract';
import { conversionFraction, type DataKey } from './service/create-service';

/**
 * The clinic's key for the desktop start (src-main/index.ts): asks about a missing keyring,
 * shows the conversion of a plain database on the window (its starting screen's bar, the title
 * and the taskbar/dock progress bar),
 * and explains a key it cannot read. Undefined means the app must quit (already told).
 */
export async function desktopDataKey(
  dataDir: string,
  window: BrowserWindow,
): Promise<DataKey | undefined> {
  const text = DATA_KEY_TEXTS[systemUiLanguage(app.getLocale())];
  const title = window.getTitle();
  /** The bar on the taskbar or dock, the title, and the window's starting screen, at once. */
  const show = (fraction: number) => {
    window.setProgressBar(fraction);
    window.setTitle(text.converting(Math.floor(fraction * 100)));
    if (window.isDestroyed() || window.webContents.isDestroyed()) return;
    const event: PushEvent = { type: 'startup.conversion', data: { fraction } };
    window.webContents.send(IPC_EVENT_CHANNEL, event);
  };
  try {
    return await clinicKey({
      dataDir,
      confirmKeyWithoutKeyring: () =>
        dialog.showMessageBoxSync(window, {
          type: 'warning',
          buttons: [text.keepInFile, text.quit],
          defaultId: 0,
          cancelId: 1,
          noLink: true,
          message: text.noKeyringMessage,
          detail: text.noKeyringDetail(dataDir),
        }) === 0,
      onConversionStart: () => show(0),
      onProgress: (progress) => show(conversionFraction(progress)),
    });
  } catch (error) {
    if (error instanceof KeyringDeclinedError) return undefined;
    const reason =
      error instanceof KeyStoreError || error instanceof Error ? error.message : String(error);
    dialog.showErrorBox(text.keyErrorTitle, text.keyErrorDetail(reason, dataDir));
    return undefined;
  } finally {
    if (!window.isDestroyed()) {
      window.setProgressBar(-1);
      window.setTitle(title);
    }
  }
}
