import type { Catalogue } from '../../i18n/messages';

// PLACEHOLDER (issue 7 skeleton): the calls screen's strings. Spanish is the source.
const es = {
  title: 'Llamadas',
};

export const callsMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Trucades' },
  en: { title: 'Calls' },
};
