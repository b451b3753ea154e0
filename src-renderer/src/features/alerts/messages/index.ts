import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The alerts' strings (the screen, the navigation count, the dashboard card, the patient page).
// Spanish is the source; Catalan and English must match its keys. The warning signs' own words
// are the notification centre's (notifications `redFlags`), not repeated here.
// One file per language, so a translator or reviewer reads one language at a time.
export const alertsMessages: Catalogue<typeof es> = { es, ca, en };
