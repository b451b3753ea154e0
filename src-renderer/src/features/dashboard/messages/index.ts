import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The dashboard screen's strings. Spanish is the source; Catalan and English must match its keys.
// One file per language, so a translator or reviewer reads one language at a time.
export const dashboardMessages: Catalogue<typeof es> = { es, ca, en };
