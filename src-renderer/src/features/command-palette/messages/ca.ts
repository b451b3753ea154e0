import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
  palette: {
    open: 'Cerca',
    title: 'Cerca a Engage Desk',
    label: 'Cerca pacients, formularis i pantalles',
    placeholder: 'Pacient, formulari o pantalla…',
    results: 'Resultats',
    groups: {
      actions: 'Accions',
      screens: 'Pantalles',
      patients: 'Pacients',
      forms: 'Formularis',
    },
    actions: {
      newPatient: 'Pacient nou',
      scheduleForm: 'Programa un formulari',
      shortcuts: 'Dreceres de teclat',
    },
    archived: 'arxivat',
    searching: 'Cercant pacients…',
    patientsFailed: "No s'han pogut cercar pacients.",
    noResults: 'Res no coincideix amb «{{search}}».',
    count_one: '{{count}} resultat',
    count_other: '{{count}} resultats',
    hint: '↑ ↓ per moure’t, Retorn per obrir, Esc per tancar',
  },
  help: {
    title: 'Dreceres de teclat',
    then: 'i després',
    or: 'o',
    note: 'Les tecles soles no actuen mentre escrius en un camp.',
    goTo: 'Ves a {{screen}}',
  },
  shortcuts: {
    palette: 'Cerca pacients, formularis i pantalles',
    help: 'Mostra les dreceres de teclat',
    focusSearch: 'Ves al cercador de la pantalla',
    newPatient: 'Pacient nou (a Pacients)',
  },
};
