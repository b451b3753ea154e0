import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The command palette's and the keyboard help's strings. Spanish is the source; Catalan and
// English must match its keys. Screen names are the navigation's (common `nav`).
export const commandPaletteMessages: Catalogue<typeof es> = { es, ca, en };
