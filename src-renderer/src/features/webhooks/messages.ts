import type { Catalogue } from '../../i18n/messages';

// PLACEHOLDER (issue 7 skeleton): the webhooks screen's strings. Spanish is the source.
const es = {
  title: 'Webhooks',
};

export const webhooksMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Webhooks' },
  en: { title: 'Webhooks' },
};
