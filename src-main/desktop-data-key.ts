import { app, dialog, type BrowserWindow } from 'electron';
import { clinicKey, KeyringDeclinedError, KeyStoreError } from './data-key-store';
import { DATA_KEY_TEXTS, systemUiLanguage } from './data-key-texts';
import { conversionFraction, type DataKey } from './service/create-service';

/**
 * The clinic's key for the desktop start (src-main/index.ts): asks about a missing keyring,
 * shows the conversion of a plain database on the window (title and taskbar/dock progress bar),
 * and explains a key it cannot read. Undefined means the app must quit (already told).
 */
export async function desktopDataKey(
  dataDir: string,
  window: BrowserWindow,
): Promise<DataKey | undefined> {
  const text = DATA_KEY_TEXTS[systemUiLanguage(app.getLocale())];
  const title = window.getTitle();
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
      onConversionStart: () => {
        window.setProgressBar(0);
        window.setTitle(text.converting(0));
      },
      onProgress: (progress) => {
        const fraction = conversionFraction(progress);
        window.setProgressBar(fraction);
        window.setTitle(text.converting(Math.floor(fraction * 100)));
      },
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
