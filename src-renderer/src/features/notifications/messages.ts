import type { Catalogue } from '../../i18n/messages';

// PLACEHOLDER (issue 7 skeleton): the notifications screen's strings. Spanish is the source.
const es = {
  title: 'Avisos',
};

export const notificationsMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Avisos' },
  en: { title: 'Notifications' },
};
