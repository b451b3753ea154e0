import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The chats screen's strings (and the patient picker and cost notice Calls shares). Spanish is
// the source.
// One file per language, so a translator or reviewer reads one language at a time.
export const chatsMessages: Catalogue<typeof es> = { es, ca, en };
