import type { Catalogue } from '../../i18n/messages';

// The patients screen's strings. Spanish is the source; Catalan and English must match its keys.
const es = {
  title: 'Pacientes',
};

export const patientsMessages: Catalogue<typeof es> = {
  es,
  ca: { title: 'Pacients' },
  en: { title: 'Patients' },
};
