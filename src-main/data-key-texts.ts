import type { UiLanguage } from './leave-guard';

/**
 * What the desktop says about the data key before the clinic's database is open (so before its
 * saved language is known: the system's language picks). Short and plain: what happened, what it
 * means for the patients' data, what to do.
 */
export interface DataKeyTexts {
  noKeyringMessage: string;
  noKeyringDetail: (folder: string) => string;
  keepInFile: string;
  quit: string;
  converting: (percent: number) => string;
  keyErrorTitle: string;
  keyErrorDetail: (reason: string, folder: string) => string;
}

export const DATA_KEY_TEXTS: Record<UiLanguage, DataKeyTexts> = {
  es: {
    noKeyringMessage:
      'Este ordenador no tiene un llavero del sistema para guardar la clave de la clínica.',
    noKeyringDetail: (folder) =>
      `Los datos se cifran igualmente, pero la clave quedará en un archivo que solo tu usuario puede leer, dentro de ${folder}. Quien copie la carpeta entera o entre con tu usuario podrá leer los pacientes. Para protegerla mejor, instala y desbloquea GNOME Keyring o KWallet y vuelve a abrir Engage Desk: la clave se moverá allí.`,
    keepInFile: 'Guardar la clave en un archivo',
    quit: 'Salir',
    converting: (percent) => `Engage Desk: cifrando los datos de la clínica (${percent} %)…`,
    keyErrorTitle: 'Engage Desk no puede abrir los datos cifrados',
    keyErrorDetail: (reason, folder) =>
      `${reason}\n\nNo se ha cambiado nada y no se creará una base de datos nueva encima. Carpeta de datos: ${folder}`,
  },
  ca: {
    noKeyringMessage:
      'Aquest ordinador no té un clauer del sistema per desar la clau de la clínica.',
    noKeyringDetail: (folder) =>
      `Les dades es xifren igualment, però la clau quedarà en un fitxer que només el vostre usuari pot llegir, dins de ${folder}. Qui copiï la carpeta sencera o entri amb el vostre usuari podrà llegir els pacients. Per protegir-la millor, instal·leu i desbloquegeu GNOME Keyring o KWallet i torneu a obrir Engage Desk: la clau s'hi mourà.`,
    keepInFile: 'Desa la clau en un fitxer',
    quit: 'Surt',
    converting: (percent) => `Engage Desk: xifrant les dades de la clínica (${percent} %)…`,
    keyErrorTitle: 'Engage Desk no pot obrir les dades xifrades',
    keyErrorDetail: (reason, folder) =>
      `${reason}\n\nNo s'ha canviat res i no es crearà cap base de dades nova al damunt. Carpeta de dades: ${folder}`,
  },
  en: {
    noKeyringMessage: "This computer has no system keyring to keep the clinic's key in.",
    noKeyringDetail: (folder) =>
      `The data is encrypted all the same, but the key will be kept in a file only your user can read, in ${folder}. Anyone who copies the whole folder or signs in as you can read the patients. To protect it better, install and unlock GNOME Keyring or KWallet and open Engage Desk again: the key moves there.`,
    keepInFile: 'Keep the key in a file',
    quit: 'Quit',
    converting: (percent) => `Engage Desk: encrypting the clinic's data (${percent}%)…`,
    keyErrorTitle: 'Engage Desk cannot open the encrypted data',
    keyErrorDetail: (reason, folder) =>
      `${reason}\n\nNothing was changed, and no new database will be created over it. Data folder: ${folder}`,
  },
};

/** The system's language (app.getLocale()) as one the app speaks; Spanish otherwise. */
export function systemUiLanguage(locale: string): UiLanguage {
  const base = locale.toLowerCase().split(/[-_]/)[0];
  return base === 'ca' || base === 'en' ? base : 'es';
}
