import type { Catalogue } from '../../i18n/messages';

// PLACEHOLDER (issue 7 skeleton): the responses screen's strings. Spanish is the source.
const es = {
  title: 'Respuestas',
};

export const responsesMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Respostes' },
  en: { title: 'Responses' },
};
