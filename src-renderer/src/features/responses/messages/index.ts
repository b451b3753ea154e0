import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The responses screens' strings. Spanish is the source.
// One file per language, so a translator or reviewer reads one language at a time.
export const responsesMessages: Catalogue<typeof es> = { es, ca, en };
