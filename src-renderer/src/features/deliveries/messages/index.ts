import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

/** The Deliveries screen's strings. Spanish is the source. */
// One file per language, so a translator or reviewer reads one language at a time.
export const deliveriesMessages: Catalogue<typeof es> = { es, ca, en };
