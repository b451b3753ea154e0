import type { Catalogue } from '../../i18n/messages';

// The keys screen's strings. Spanish is the source; Catalan and English must match its keys.
const es = {
  title: 'Claves de API',
};

export const keysMessages: Catalogue<typeof es> = {
  es,
  ca: { title: "Claus d'API" },
  en: { title: 'API keys' },
};
