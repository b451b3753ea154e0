import type { Catalogue } from '../../i18n/messages';

// The credits screen's strings. Spanish is the source; Catalan and English must match its keys.
const es = {
  title: 'Créditos',
};

export const creditsMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Crèdits' },
  en: { title: 'Credits' },
};
