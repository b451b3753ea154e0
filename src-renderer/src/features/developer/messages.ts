import type { Catalogue } from '../../i18n/messages';

// PLACEHOLDER (issue 7 skeleton): the developer screen's strings. Spanish is the source.
const es = {
  title: 'Desarrolladores',
};

export const developerMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Desenvolupadors' },
  en: { title: 'Developers' },
};
