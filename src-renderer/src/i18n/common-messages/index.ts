import type { Catalogue } from '../messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The shared strings (namespace `common`): the app shell, navigation, states and field errors.
// One file per language, so a translator or reviewer reads one language at a time.
export const commonMessages: Catalogue<typeof es> = { es, ca, en };
