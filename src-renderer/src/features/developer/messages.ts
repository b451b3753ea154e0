import type { Catalogue } from '../../i18n/messages';

// The Developer screen's strings. Spanish is the source; Catalan and English must match its keys.
const es = {
  title: 'Desarrolladores',
  description:
    'La API local de Engage Desk para integraciones: su referencia, un ejemplo curl de cada operación y las peticiones que recibe, en directo.',
  connection: {
    title: 'Conexión',
    baseUrl: 'URL base',
    copyBaseUrl: 'Copiar la URL base',
    document: 'Documento OpenAPI',
    copyDocument: 'Copiar la URL del documento OpenAPI',
    keyHint:
      'Cada petición lleva una clave de API en la cabecera Authorization. Crea una en «Claves de API» y guárdala en la variable ENGAGE_API_KEY: los ejemplos la usan tal cual.',
    keysLink: 'Ir a Claves de API',
  },
  tabs: {
    label: 'Herramientas para desarrolladores',
    reference: 'Referencia de la API',
    curl: 'Ejemplos curl',
    log: 'Peticiones en directo',
  },
  reference: {
    label: 'Referencia de la API',
    note: 'Generada a partir del documento OpenAPI del propio servicio, sin conexión a internet. Los textos de la API están en inglés, como sus mensajes de error.',
    noTryIt:
      'Para probar una operación, copia su ejemplo curl: esta ventana no envía peticiones a la API.',
    loading: 'Cargando la referencia de la API…',
  },
  curl: {
    label: 'Ejemplos curl',
    filter: 'Filtrar operaciones',
    filterHint: 'Por método, ruta o descripción, p. ej. «POST /patients».',
    count_one: '{{count}} operación',
    count_other: '{{count}} operaciones',
    none: 'Ninguna operación coincide con «{{query}}».',
    copy: 'Copiar curl de {{endpoint}}',
    public: 'Sin clave',
    publicHint: 'No necesita clave de API',
  },
  log: {
    label: 'Peticiones recibidas',
    intro:
      'Las últimas peticiones a la API, las más recientes primero. Solo se guardan en memoria mientras la aplicación está abierta; nunca se registran claves ni contenidos.',
    pause: 'Pausar',
    resume: 'Reanudar',
    paused_one: 'En pausa: {{count}} petición nueva sin mostrar.',
    paused_other: 'En pausa: {{count}} peticiones nuevas sin mostrar.',
    pausedNone: 'En pausa: las peticiones nuevas no se muestran hasta que reanudes.',
    live: 'En directo',
    clear: 'Vaciar',
    cleared: 'Se ha vaciado el registro.',
    empty: {
      title: 'Todavía no ha llegado ninguna petición',
      body: 'Copia un ejemplo curl, ponle tu clave y ejecútalo: la petición aparecerá aquí al momento.',
    },
    columns: {
      time: 'Hora',
      method: 'Método',
      path: 'Ruta',
      status: 'Estado',
      duration: 'Duración',
      credential: 'Credencial',
    },
    duration: '{{value}} ms',
    noCredential: 'Sin credencial',
    viaToken: 'con token de acceso',
    viaTokenHint: 'Token de acceso emitido para la clave «{{name}}»',
  },
};

export const developerMessages: Catalogue<typeof es> = {
  es,
  ca: {
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
  },
  en: {
    title: 'Developers',
    description:
      "Engage Desk's local API for integrations: its reference, a curl example for every operation and the requests it receives, live.",
    connection: {
      title: 'Connection',
      baseUrl: 'Base URL',
      copyBaseUrl: 'Copy the base URL',
      document: 'OpenAPI document',
      copyDocument: 'Copy the OpenAPI document URL',
      keyHint:
        'Every request carries an API key in the Authorization header. Create one under “API keys” and keep it in the ENGAGE_API_KEY variable: the examples use it as is.',
      keysLink: 'Go to API keys',
    },
    tabs: {
      label: 'Developer tools',
      reference: 'API reference',
      curl: 'curl examples',
      log: 'Live requests',
    },
    reference: {
      label: 'API reference',
      note: "Built from the service's own OpenAPI document, offline.",
      noTryIt:
        'To try an operation, copy its curl example: this window does not send requests to the API.',
      loading: 'Loading the API reference…',
    },
    curl: {
      label: 'curl examples',
      filter: 'Filter operations',
      filterHint: 'By method, path or summary, e.g. “POST /patients”.',
      count_one: '{{count}} operation',
      count_other: '{{count}} operations',
      none: 'No operation matches “{{query}}”.',
      copy: 'Copy curl for {{endpoint}}',
      public: 'No key',
      publicHint: 'Needs no API key',
    },
    log: {
      label: 'Requests received',
      intro:
        'The latest requests to the API, newest first. They are kept in memory only while the app is open; keys and bodies are never recorded.',
      pause: 'Pause',
      resume: 'Resume',
      paused_one: 'Paused: {{count}} new request not shown.',
      paused_other: 'Paused: {{count}} new requests not shown.',
      pausedNone: 'Paused: new requests are not shown until you resume.',
      live: 'Live',
      clear: 'Clear',
      cleared: 'The log was cleared.',
      empty: {
        title: 'No request has arrived yet',
        body: 'Copy a curl example, add your key and run it: the request shows up here at once.',
      },
      columns: {
        time: 'Time',
        method: 'Method',
        path: 'Path',
        status: 'Status',
        duration: 'Duration',
        credential: 'Credential',
      },
      duration: '{{value}} ms',
      noCredential: 'No credential',
      viaToken: 'with an access token',
      viaTokenHint: 'Access token issued for the key “{{name}}”',
    },
  },
};
