import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The patients screens' strings. Spanish is the source; Catalan and English must match its keys.
// Counts use `formatted` (the number in the UI locale) so totals read "12.345 pacientes".
// One file per language, so a translator or reviewer reads one language at a time.
export const patientsMessages: Catalogue<typeof es> = { es, ca, en };
