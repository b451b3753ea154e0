import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The forms list and the form builder. Spanish is the source; Catalan and English match its keys.
// One file per language, so a translator or reviewer reads one language at a time.
export const formsMessages: Catalogue<typeof es> = { es, ca, en };
