import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The patient import and export's strings. Spanish is the source; Catalan and English match it.
export const transfersMessages: Catalogue<typeof es> = { es, ca, en };
