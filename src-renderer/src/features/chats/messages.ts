import type { Catalogue } from '../../i18n/messages';

// PLACEHOLDER (issue 7 skeleton): the chats screen's strings. Spanish is the source.
const es = {
  title: 'Chats',
};

export const chatsMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Xats' },
  en: { title: 'Chats' },
};
