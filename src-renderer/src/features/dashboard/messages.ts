import type { Catalogue } from '../../i18n/messages';

// The dashboard screen's strings. Spanish is the source; Catalan and English must match its keys.
const es = {
  title: 'Panel',
};

export const dashboardMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Tauler' },
  en: { title: 'Dashboard' },
};
