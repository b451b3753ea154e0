// Spanish, the source: ca.ts and en.ts must have exactly these keys (see index.ts).
export const es = {
  title: 'Configuración',
  description:
    'Idioma, datos de la clínica, plan, servidor local, asistente, correo, copias de seguridad y modo sandbox.',
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
    data: 'Datos',
  },
  data: {
    backups: 'Copias de seguridad',
    lastSuccess: 'Última copia correcta: {{date}} ({{size}} MB).',
    never: 'Todavía no hay ninguna copia de seguridad.',
    lastFailure: 'La última copia falló ({{date}}): {{message}}',
    overdue: 'No hay ninguna copia correcta desde hace más de un día.',
    restored: 'Restaurada el {{date}} desde {{file}}.',
    restoreFailed:
      'La restauración del {{date}} desde {{file}} no se hizo; la clínica sigue como estaba: {{message}}',
    keptAside: 'La base de datos anterior se guardó en {{file}}.',
    schedule:
      'Se hace una copia cada hora mientras la aplicación está abierta y otra al salir, cifrada con la misma clave y comprobada al escribirla. Se guardan las de las últimas 24 horas, 14 días y 8 semanas.',
    backUpNow: 'Hacer copia ahora',
    backedUp: 'Copia hecha y comprobada.',
    folder: 'Carpeta de las copias',
    defaultFolder: '(la carpeta por defecto, junto a la de datos)',
    chooseFolder: 'Elegir carpeta…',
    useDefault: 'Usar la carpeta por defecto',
    folderField: 'Carpeta de las copias',
    folderHint:
      'Un segundo disco o una carpeta compartida; tiene que existir. Vacía: la carpeta por defecto.',
    saveFolder: 'Guardar carpeta',
    list: 'Copias guardadas',
    empty: 'No hay copias en esta carpeta.',
    takenAt: 'Fecha',
    size: 'Tamaño',
    megabytes: '{{size}} MB',
    patients: 'Pacientes',
    verified: 'Comprobada',
    yes: 'Sí',
    actions: 'Acciones',
    restore: 'Restaurar…',
    restoreOne: 'Restaurar la copia del {{date}}',
    otherFile: 'Restaurar otro archivo',
    otherFileHint: 'La ruta completa de una copia (.db) de Engage Desk.',
    inspect: 'Ver qué contiene',
    restoreTitle: 'Restaurar una copia de seguridad',
    checking: 'Comprobando la copia…',
    holds: 'Lo que contiene la copia',
    clinic: 'Clínica',
    lastActivity: 'Última actividad',
    schemaVersion: 'Versión del esquema',
    restoreWarning:
      'La base de datos actual se guarda aparte (no se borra) y la copia ocupa su lugar. Lo que se haya hecho después de la copia no aparecerá. La aplicación se recargará.',
    restoreConfirm: 'Restaurar esta copia',
    restoring: 'Restaurando; la aplicación se recargará en unos segundos…',
    archive: {
      title: 'Mover o entregar la clínica',
      intro:
        'Toda la clínica en un solo archivo cifrado con una frase de paso, para llevarla a otro ordenador o entregarla. Las copias de seguridad de este ordenador no viajan con ella.',
      export: 'Exportar la clínica…',
      import: 'Importar una clínica…',
      exportTitle: 'Exportar la clínica',
      exportIntro:
        'El archivo solo se abre con la frase de paso: guárdala aparte del archivo. Sin ella, nadie (tampoco el soporte) podrá recuperar la clínica.',
      chooseSave: 'Elegir dónde guardarla…',
      chooseOpen: 'Elegir el archivo…',
      saveTo: 'Archivo que se creará',
      saveToHint:
        'La ruta completa, por ejemplo /home/ana/Clinica-2026-11-27.engagedesk. Nunca se sustituye un archivo que ya existe.',
      file: 'Archivo de la clínica',
      fileHint: 'La ruta completa de un archivo .engagedesk.',
      passphrase: 'Frase de paso',
      passphraseHint:
        'Al menos {{min}} caracteres; unas cuantas palabras que no sean una cita conocida son fáciles de recordar y difíciles de adivinar.',
      passphraseAgain: 'Repite la frase de paso',
      tooShort: 'La frase de paso necesita al menos {{min}} caracteres.',
      differ: 'Las dos frases de paso no coinciden.',
      exportConfirm: 'Exportar',
      exporting: 'Copiando, cifrando y comprobando la clínica…',
      exported: 'Clínica exportada y comprobada en {{file}}.',
      keepApart:
        'Entrega la frase de paso por otro camino que el archivo (en persona o por teléfono).',
      holds: 'Lo que contiene el archivo',
      exportedAt: 'Exportada el',
      version: 'Versión',
      versionValue: 'Engage Desk {{app}}, esquema {{schema}}',
      importTitle: 'Importar una clínica',
      checking: 'Abriendo y comprobando el archivo…',
      importWarning:
        'La clínica actual se guarda aparte (no se borra) y la del archivo ocupa su lugar, cifrada con la clave de este ordenador. La aplicación se recargará.',
      importConfirm: 'Importar esta clínica',
      wrongPassphrase:
        'La frase de paso no abre este archivo, o no es un archivo de Engage Desk. No se ha cambiado nada.',
      damaged: 'El archivo está dañado; no se ha cambiado nada. Pide que lo exporten de nuevo.',
      notArchive: 'Este archivo no es una clínica exportada por Engage Desk.',
      newer:
        'El archivo viene de una versión más reciente de Engage Desk; actualiza la aplicación antes de importarlo.',
      exists: 'Ya existe un archivo con ese nombre; elige otro (nunca se sustituye).',
    },
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
  retention: {
    title: 'Conservación del registro',
    label: 'Conservar el registro de accesos durante',
    hint_one:
      'Ahora {{count}} año. Las normas de datos de salud piden conservarlo: 6 años por defecto (el plazo de HIPAA). Lo más antiguo se borra en la purga diaria.',
    hint_other:
      'Ahora {{count}} años. Las normas de datos de salud piden conservarlo: 6 años por defecto (el plazo de HIPAA). Lo más antiguo se borra en la purga diaria.',
    years_one: '{{count}} año',
    years_other: '{{count}} años',
    confirmTitle_one: '¿Conservar el registro solo {{count}} año?',
    confirmTitle_other: '¿Conservar el registro solo {{count}} años?',
    purges_one:
      'La próxima purga borrará para siempre {{events}} acceso registrado antes del {{before}} (de {{patients}} pacientes; el más antiguo, del {{oldest}}).',
    purges_other:
      'La próxima purga borrará para siempre {{events}} accesos registrados antes del {{before}} (de {{patients}} pacientes; el más antiguo, del {{oldest}}).',
    purgesNothing_one:
      'Ningún acceso registrado tiene aún más de {{count}} año: la próxima purga no borrará nada.',
    purgesNothing_other:
      'Ningún acceso registrado tiene aún más de {{count}} años: la próxima purga no borrará nada.',
    when_one:
      'La purga se hace al abrir Engage Desk y cada 24 horas; desde entonces, cada acceso se borrará al cumplir {{count}} año. El cambio queda anotado en el registro.',
    when_other:
      'La purga se hace al abrir Engage Desk y cada 24 horas; desde entonces, cada acceso se borrará al cumplir {{count}} años. El cambio queda anotado en el registro.',
    confirm: 'Acortar y borrar al purgar',
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
