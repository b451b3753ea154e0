import type { Catalogue } from '../../i18n/messages';

// PLACEHOLDER (issue 7 skeleton): the deliveries screen's strings. Spanish is the source.
const es = {
  title: 'Envíos',
};

export const deliveriesMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Enviaments' },
  en: { title: 'Deliveries' },
};
