import { dialog, type BrowserWindow } from 'electron';

export type UiLanguage = 'es' | 'ca' | 'en';

const TEXT: Record<UiLanguage, { message: string; detail: string; leave: string; stay: string }> = {
  es: {
    message: 'Hay cambios sin guardar.',
    detail: 'Si sales ahora, se perderán.',
    leave: 'Salir sin guardar',
    stay: 'Seguir aquí',
  },
  ca: {
    message: 'Hi ha canvis sense desar.',
    detail: 'Si surts ara, es perdran.',
    leave: 'Surt sense desar',
    stay: 'Continua aquí',
  },
  en: {
    message: 'There are unsaved changes.',
    detail: 'If you leave now, they will be lost.',
    leave: 'Leave without saving',
    stay: 'Stay',
  },
};

/**
 * A screen with unsaved work (the form builder) cancels `beforeunload`; a browser then asks by
 * itself, but Electron silently keeps the window open, which would make it impossible to close.
 * So main asks, in the window's language, and lets the close or reload go on only when told to.
 * "Stay" is the default and what Escape chooses: nothing is lost by accident.
 */
export function guardUnsavedWork(window: BrowserWindow, language: () => UiLanguage): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const text = TEXT[language()] ?? TEXT.es;
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      buttons: [text.leave, text.stay],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
      message: text.message,
      detail: text.detail,
    });
    // preventDefault here ignores the page's beforeunload: the window closes or reloads.
    if (choice === 0) event.preventDefault();
  });
}
