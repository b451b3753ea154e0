import type { Catalogue } from '../../i18n/messages';

// PLACEHOLDER (issue 7 skeleton): the forms screen's strings. Spanish is the source.
const es = {
  title: 'Formularios',
};

export const formsMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Formularis' },
  en: { title: 'Forms' },
};
