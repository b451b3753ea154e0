import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
  title: 'Desenvolupadors',
  description:
    "L'API local d'Engage Desk per a integracions: la seva referència, un exemple curl de cada operació i les peticions que rep, en directe.",
  connection: {
    title: 'Connexió',
    baseUrl: 'URL base',
    copyBaseUrl: "Copia l'URL base",
    document: 'Document OpenAPI',
    copyDocument: "Copia l'URL del document OpenAPI",
    keyHint:
      "Cada petició porta una clau d'API a la capçalera Authorization. Crea'n una a «Claus d'API» i desa-la a la variable ENGAGE_API_KEY: els exemples la fan servir tal qual.",
    keysLink: "Ves a Claus d'API",
  },
  tabs: {
    label: 'Eines per a desenvolupadors',
    reference: "Referència de l'API",
    curl: 'Exemples curl',
    log: 'Peticions en directe',
  },
  reference: {
    label: "Referència de l'API",
    note: "Generada a partir del document OpenAPI del mateix servei, sense connexió a internet. Els textos de l'API són en anglès, com els seus missatges d'error.",
    noTryIt:
      "Per provar una operació, copia'n l'exemple curl: aquesta finestra no envia peticions a l'API.",
    loading: "S'està carregant la referència de l'API…",
  },
  curl: {
    label: 'Exemples curl',
    filter: 'Filtra les operacions',
    filterHint: 'Per mètode, ruta o descripció, p. ex. «POST /patients».',
    count_one: '{{count}} operació',
    count_other: '{{count}} operacions',
    none: 'Cap operació no coincideix amb «{{query}}».',
    copy: 'Copia el curl de {{endpoint}}',
    public: 'Sense clau',
    publicHint: "No necessita clau d'API",
  },
  log: {
    label: 'Peticions rebudes',
    intro:
      "Les darreres peticions a l'API, les més recents primer. Només es guarden a la memòria mentre l'aplicació és oberta; mai no es registren claus ni continguts.",
    pause: 'Posa en pausa',
    resume: 'Reprèn',
    paused_one: 'En pausa: {{count}} petició nova sense mostrar.',
    paused_other: 'En pausa: {{count}} peticions noves sense mostrar.',
    pausedNone: 'En pausa: les peticions noves no es mostren fins que reprenguis.',
    live: 'En directe',
    clear: 'Buida',
    cleared: "S'ha buidat el registre.",
    empty: {
      title: 'Encara no ha arribat cap petició',
      body: "Copia un exemple curl, posa-hi la teva clau i executa'l: la petició apareixerà aquí de seguida.",
    },
    columns: {
      time: 'Hora',
      method: 'Mètode',
      path: 'Ruta',
      status: 'Estat',
      duration: 'Durada',
      credential: 'Credencial',
    },
    duration: '{{value}} ms',
    noCredential: 'Sense credencial',
    viaToken: "amb testimoni d'accés",
    viaTokenHint: "Testimoni d'accés emès per a la clau «{{name}}»",
  },
};
