// Spanish, the source: ca.ts and en.ts must have exactly these keys (see index.ts).
export const es = {
  title: 'Configuración',
  description:
    'Idioma, datos de la clínica, plan, servidor local, asistente, correo y modo sandbox.',
  saved: 'Cambios guardados.',
  noChanges: 'No hay cambios que guardar.',
  pages: {
    label: 'Secciones de la configuración',
    general: 'General',
    plan: 'Plan',
    server: 'Servidor',
    email: 'Correo',
    assistant: 'Asistente',
    audit: 'Registro de accesos',
    developer: 'Desarrolladores',
  },
  leave: 'Hay cambios sin guardar en esta página. ¿Salir sin guardarlos?',
  developerMode: {
    title: 'Modo desarrollador',
    switchLabel: 'Modo desarrollador',
    hint: 'Muestra las herramientas para integradores y pruebas: las claves de API, los webhooks, la pantalla de desarrolladores, el modo sandbox y sus herramientas, la bandeja de salida y la dirección de la API. Para toda la clínica.',
  },
  language: {
    title: 'Idioma',
    label: 'Idioma de la aplicación',
    hint: 'Toda la aplicación y los avisos del servicio lo siguen al guardar.',
  },
  clinic: {
    title: 'Clínica',
    name: 'Nombre de la clínica',
    email: 'Correo para avisos',
    emailHint: 'Aquí llegan los avisos de la clínica (créditos bajos, envíos fallidos…).',
  },
  server: {
    inUse: 'Dirección en uso',
    portInUse: 'El servicio escucha en el puerto {{port}}.',
    portTaken:
      'El puerto {{wanted}} estaba ocupado por otro programa al arrancar, así que el servicio usa el {{actual}}. Libera el {{wanted}} o guarda otro puerto y reinicia la aplicación.',
    portFromRun:
      'En esta ejecución el puerto lo ha dado la línea de órdenes (--port). El puerto guardado es el que usa la aplicación de escritorio.',
    portPending:
      'El puerto guardado ({{saved}}) se usará la próxima vez que se abra la aplicación.',
    title: 'Servidor local',
    port: 'Puerto',
    portHint: 'Entre 1024 y 65535. Se aplica al reiniciar la aplicación.',
    portRange: 'Elige un puerto entre 1024 y 65535.',
    savedRestart: 'Guardado. El nuevo puerto se usará al reiniciar la aplicación.',
  },
  plan: {
    title: 'Plan',
    legend: 'Plan contratado',
    names: {
      starter: 'Inicial',
      professional: 'Profesional',
      enterprise: 'Empresa',
    },
    allowance: '{{credits}} créditos al mes',
    current: 'Plan actual',
    confirmTitle: '¿Cambiar al plan {{plan}}?',
    confirmBody:
      'La asignación mensual de créditos pasará de {{from}} a {{to}}. Los créditos añadidos a mano no cambian.',
    confirm: 'Cambiar de plan',
  },
  sandbox: {
    title: 'Modo sandbox',
    switchLabel: 'Modo sandbox',
    on: 'Activado',
    off: 'Desactivado',
    hint: 'Herramientas para probar integraciones: adelantar el reloj del servicio, restablecer la clínica de demostración y webhooks a http://localhost.',
    offWarning:
      'Si lo desactivas, dejan de funcionar las herramientas de sandbox y los webhooks a http://localhost.',
    confirmTitle: '¿Activar el modo sandbox en esta clínica?',
    confirmBody:
      'En modo sandbox, cualquier clave de API con el permiso «Herramientas del sandbox» puede leer los mensajes enviados a los pacientes, adelantar el reloj y sustituir todos los datos de la clínica. Actívalo solo en una clínica de pruebas. El cambio queda registrado.',
    confirm: 'Activar el modo sandbox',
    logTitle: 'Registro del modo sandbox',
    sources: { window: 'la ventana', cli: 'la línea de órdenes', api: 'la API' },
    log: {
      enabled_one: '{{when}}: activado desde {{source}} ({{formatted}} paciente)',
      enabled_other: '{{when}}: activado desde {{source}} ({{formatted}} pacientes)',
      disabled_one: '{{when}}: desactivado desde {{source}} ({{formatted}} paciente)',
      disabled_other: '{{when}}: desactivado desde {{source}} ({{formatted}} pacientes)',
      reset_demo_one:
        '{{when}}: clínica sustituida por la de demostración desde {{source}} (tenía {{formatted}} paciente)',
      reset_demo_other:
        '{{when}}: clínica sustituida por la de demostración desde {{source}} (tenía {{formatted}} pacientes)',
      reset_empty_one: '{{when}}: clínica vaciada desde {{source}} (tenía {{formatted}} paciente)',
      reset_empty_other:
        '{{when}}: clínica vaciada desde {{source}} (tenía {{formatted}} pacientes)',
    },
  },
  assistant: {
    title: 'Asistente',
    legend: 'Proveedor del asistente',
    builtin: 'Asistente integrado (sin conexión)',
    builtinHint: 'Funciona en este equipo, sin enviar datos fuera.',
    openai: 'Servicio compatible con OpenAI',
    openaiHint: 'Un servidor propio o de un proveedor que hable la API de OpenAI.',
    baseUrl: 'URL base',
    baseUrlPlaceholder: 'https://api.ejemplo.com/v1',
    model: 'Modelo',
    apiKey: 'Clave del servicio',
    apiKeyKeep: 'Hay una clave guardada: déjalo en blanco para conservar la actual.',
    apiKeyOptional: 'Opcional si el servicio no pide clave.',
    timeout: 'Tiempo máximo de espera (segundos)',
    runNote:
      'Lo ha fijado una opción de la línea de órdenes para esta ejecución; aquí solo se puede consultar.',
    keySaved: 'Guardada',
    keyNone: 'Ninguna',
  },
  smtp: {
    title: 'Correo saliente (SMTP)',
    url: 'URL del servidor SMTP',
    placeholder: 'smtp://usuario:contraseña@smtp.ejemplo.com:587?from=citas@clinica.es',
    hint: 'Formato smtp://usuario:contraseña@servidor:587?from=remitente (smtps:// para TLS directo). La contraseña guardada se muestra oculta: si cambias la dirección, vuelve a escribirla. Vacío: los correos se quedan en la bandeja de salida.',
    outbox: 'Ahora los correos se quedan en la bandeja de salida.',
    from: 'Remitente: {{from}}',
    runNote:
      'Lo ha fijado una opción de la línea de órdenes para esta ejecución; aquí solo se puede consultar.',
  },
  tools: {
    title: 'Herramientas de sandbox',
    clock: 'Reloj del servicio',
    offset: {
      ahead: '+{{amount}} respecto a la hora real',
      behind: '−{{amount}} respecto a la hora real',
      none: 'Coincide con la hora real',
      days_one: '{{count}} día',
      days_other: '{{count}} días',
      hours: '{{count}} h',
      minutes: '{{count}} min',
    },
    advance: 'Adelantar el reloj',
    advanceHint:
      'Las tareas que venzan por el camino (envíos, recordatorios, reintentos) se ejecutan.',
    presets: {
      hour: '+1 hora',
      day: '+1 día',
      week: '+1 semana',
      month: '+30 días',
    },
    jobsRun_one: 'Se ha ejecutado {{count}} tarea.',
    jobsRun_other: 'Se han ejecutado {{count}} tareas.',
    jobsRunNone: 'No había tareas pendientes.',
    reset: {
      action: 'Restablecer la clínica de demostración',
      hint: 'Vuelve a empezar con datos de ejemplo o con una clínica vacía.',
      title: '¿Restablecer la clínica?',
      warning:
        'Se sustituirán todos los pacientes, formularios, envíos, conversaciones, llamadas y el historial de créditos. Las claves de API y la configuración se mantienen.',
      legend: 'Empezar con',
      demo: 'La clínica de demostración (pacientes y formularios de ejemplo)',
      empty: 'Una clínica vacía',
      confirm: 'Restablecer',
      running: 'Restableciendo la clínica…',
      done_one: 'Clínica restablecida con {{count}} paciente.',
      done_other: 'Clínica restablecida con {{count}} pacientes.',
      doneEmpty: 'Clínica restablecida y vacía.',
    },
  },
};
