// Spanish, the source: ca.ts and en.ts must have exactly these keys (see index.ts).
export const es = {
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
