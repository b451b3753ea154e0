// Spanish, the source: ca.ts and en.ts must have exactly these keys (see index.ts).
export const es = {
  title: 'Alertas',
  description:
    'Señales de alarma de chats, llamadas, formularios y envíos que una persona debe mirar: primero las abiertas, y arriba las urgentes.',
  counts: {
    urgent_one: '{{count}} urgente',
    urgent_other: '{{count}} urgentes',
    review_one: '{{count}} para revisar',
    review_other: '{{count}} para revisar',
    none: 'ninguna abierta',
    unknown: 'no se ha podido saber cuántas hay abiertas',
  },
  announce: {
    urgent: 'Nueva alerta urgente',
    review: 'Nueva alerta para revisar',
  },
  priority: {
    urgent: 'Urgente',
    review: 'Para revisar',
  },
  states: {
    open: 'Abierta',
    acknowledged: 'Vista',
    resolved: 'Resuelta',
  },
  sources: {
    conversation: 'Chat',
    call: 'Llamada',
    form_response: 'Respuesta a un formulario',
    form_schedule: 'Envío de un formulario',
  },
  sourceLinks: {
    conversation: 'Abrir el chat',
    call: 'Ver la llamada',
    form_response: 'Ver la respuesta',
    form_schedule: 'Ver los envíos',
  },
  filters: {
    label: 'Filtrar las alertas',
    patient: 'Paciente',
    allPatients: 'Todos los pacientes',
    priority: 'Prioridad',
    allPriorities: 'Todas las prioridades',
    source: 'Origen',
    allSources: 'Todos los orígenes',
    state: 'Estado',
    allStates: 'Todos los estados',
    clear: 'Quitar los filtros',
  },
  list: {
    label: 'Lista de alertas',
    empty: 'No hay ninguna alerta',
    emptyBody:
      'Aparecerán aquí cuando un paciente escriba o diga algo preocupante en un chat o una llamada, cuando una respuesta cumpla una regla de alerta o cuando no se pueda entregar un formulario importante.',
    noMatches: 'Ninguna alerta coincide con los filtros.',
    moreFailed: 'No se han podido cargar más alertas.',
    raisedAt: 'Creada el {{date}}',
    alertOf: 'Alerta de {{name}}',
  },
  history: {
    acknowledged: 'Vista el {{date}} {{by}}.',
    resolved: 'Resuelta el {{date}} {{by}}.',
    byDesk: 'desde Engage Desk',
    byApiKey: 'con la clave de API «{{name}}»',
    note: 'Nota:',
  },
  actions: {
    acknowledge: 'Marcar como vista',
    resolve: 'Resolver',
    acknowledgeLabel: 'Marcar como vista la alerta de {{name}}',
    resolveLabel: 'Resolver la alerta de {{name}}',
  },
  dialog: {
    acknowledgeTitle: 'Marcar la alerta como vista',
    resolveTitle: 'Resolver la alerta',
    note: 'Nota (opcional)',
    noteHint: 'Qué se ha hecho o decidido; queda registrado con la alerta.',
    done: {
      acknowledged: 'La alerta de {{name}} se ha marcado como vista.',
      resolved: 'La alerta de {{name}} se ha resuelto.',
    },
    errors: {
      alert_acknowledged: 'Alguien ya la había marcado como vista.',
      alert_resolved: 'Alguien ya la había resuelto.',
    },
  },
  reasons: {
    chat_emergency: 'Urgencia vital en un chat: {{signs}}. Se le ha indicado que llame al 112.',
    chat_urgent: 'Urgente en un chat: {{signs}}. El equipo debe llamar hoy al paciente.',
    chat_for_team:
      'Un mensaje del chat que el asistente no ha sabido interpretar necesita que lo lea una persona.',
    call_emergency: 'Urgencia vital en una llamada: {{signs}}. Se le ha indicado que llame al 112.',
    call_urgent: 'Urgente en una llamada: {{signs}}. El equipo debe llamar hoy al paciente.',
    call_for_team: 'Algo que el paciente dijo en una llamada necesita que lo lea una persona.',
    call_failed:
      'No se ha podido hablar con un paciente que tiene una alerta urgente: la llamada ha fallado ({{failure}}).',
    response_rule:
      '{{form}}: la respuesta a «{{subject}}» es {{value}} (la alerta salta con {{rule}}).',
    response_score:
      '{{form}}: la puntuación total del {{instrument}} es {{value}} (la alerta salta con {{rule}}).',
    response_text: '{{form}}: una respuesta escrita menciona {{signs}}.',
    response_text_for_team: '{{form}}: una respuesta escrita necesita que la lea una persona.',
    delivery_failed: 'No se ha podido entregar «{{form}}» ({{failure}}).',
    aForm: 'Un formulario',
    unknownFailure: 'motivo desconocido',
  },
  rules: {
    between: 'un valor entre {{min}} y {{max}}',
    atLeast: '{{min}} o más',
    atMost: '{{max}} o menos',
    equals: '«{{value}}»',
    yes: 'Sí',
    no: 'No',
  },
  card: {
    title: 'Alertas abiertas',
    link: 'Ver las alertas',
    none: 'No hay ninguna alerta abierta.',
  },
  patient: {
    title: 'Alertas sin resolver',
    seeAll: 'Ver sus alertas',
  },
};
