import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// English: exactly the keys of es.ts (a missing or extra key is a type error).
export const en: Translation<typeof es> = {
  palette: {
    open: 'Search',
    title: 'Search Engage Desk',
    label: 'Search patients, forms and screens',
    placeholder: 'Patient, form or screen…',
    results: 'Results',
    groups: {
      actions: 'Actions',
      screens: 'Screens',
      patients: 'Patients',
      forms: 'Forms',
    },
    actions: {
      newPatient: 'New patient',
      scheduleForm: 'Schedule a form',
      shortcuts: 'Keyboard shortcuts',
    },
    archived: 'archived',
    searching: 'Searching patients…',
    patientsFailed: 'Patients could not be searched.',
    noResults: 'Nothing matches “{{search}}”.',
    count_one: '{{count}} result',
    count_other: '{{count}} results',
    hint: '↑ ↓ to move, Enter to open, Esc to close',
  },
  help: {
    title: 'Keyboard shortcuts',
    then: 'then',
    or: 'or',
    note: 'Single keys do nothing while you type in a field.',
    goTo: 'Go to {{screen}}',
  },
  shortcuts: {
    palette: 'Search patients, forms and screens',
    help: 'Show the keyboard shortcuts',
    focusSearch: "Go to the screen's search box",
    newPatient: 'New patient (on Patients)',
  },
};
