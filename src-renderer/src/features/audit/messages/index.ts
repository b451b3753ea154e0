import type { Catalogue } from '../../../i18n/messages';
import { ca } from './ca';
import { en } from './en';
import { es } from './es';

// The audit trail's strings (the patient page's activity tab, the settings' audit log).
// Spanish is the source; Catalan and English must match its keys.
export const auditMessages: Catalogue<typeof es> = { es, ca, en };
