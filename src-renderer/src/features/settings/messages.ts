import type { Catalogue } from '../../i18n/messages';

// The settings screen's strings. Spanish is the source; Catalan and English must match its keys.
const es = {
  title: 'Configuración',
};

export const settingsMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Configuració' },
  en: { title: 'Settings' },
};
