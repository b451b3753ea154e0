import type { Catalogue } from '../../i18n/messages';

// The alerts' strings (the screen, the navigation count, the dashboard card, the patient page).
// Spanish is the source; Catalan and English must match its keys. The warning signs' own words
// are the notification centre's (notifications `redFlags`), not repeated here.
const es = {
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

export const alertsMessages: Catalogue<typeof es> = {
  es,
  ca: {
    title: 'Alertes',
    description:
      "Senyals d'alarma de xats, trucades, formularis i enviaments que una persona ha de mirar: primer les obertes, i a dalt les urgents.",
    counts: {
      urgent_one: '{{count}} urgent',
      urgent_other: '{{count}} urgents',
      review_one: '{{count}} per revisar',
      review_other: '{{count}} per revisar',
      none: 'cap oberta',
      unknown: "no s'ha pogut saber quantes n'hi ha d'obertes",
    },
    announce: {
      urgent: 'Nova alerta urgent',
      review: 'Nova alerta per revisar',
    },
    priority: {
      urgent: 'Urgent',
      review: 'Per revisar',
    },
    states: {
      open: 'Oberta',
      acknowledged: 'Vista',
      resolved: 'Resolta',
    },
    sources: {
      conversation: 'Xat',
      call: 'Trucada',
      form_response: 'Resposta a un formulari',
      form_schedule: "Enviament d'un formulari",
    },
    sourceLinks: {
      conversation: 'Obre el xat',
      call: 'Mostra la trucada',
      form_response: 'Mostra la resposta',
      form_schedule: 'Mostra els enviaments',
    },
    filters: {
      label: 'Filtra les alertes',
      patient: 'Pacient',
      allPatients: 'Tots els pacients',
      priority: 'Prioritat',
      allPriorities: 'Totes les prioritats',
      source: 'Origen',
      allSources: 'Tots els orígens',
      state: 'Estat',
      allStates: 'Tots els estats',
      clear: 'Treu els filtres',
    },
    list: {
      label: "Llista d'alertes",
      empty: 'No hi ha cap alerta',
      emptyBody:
        "Apareixeran aquí quan un pacient escrigui o digui alguna cosa preocupant en un xat o una trucada, quan una resposta compleixi una regla d'alerta o quan no es pugui lliurar un formulari important.",
      noMatches: 'Cap alerta no coincideix amb els filtres.',
      moreFailed: "No s'han pogut carregar més alertes.",
      raisedAt: 'Creada el {{date}}',
      alertOf: 'Alerta de {{name}}',
    },
    history: {
      acknowledged: 'Vista el {{date}} {{by}}.',
      resolved: 'Resolta el {{date}} {{by}}.',
      byDesk: "des d'Engage Desk",
      byApiKey: "amb la clau d'API «{{name}}»",
      note: 'Nota:',
    },
    actions: {
      acknowledge: 'Marca com a vista',
      resolve: 'Resol',
      acknowledgeLabel: "Marca com a vista l'alerta de {{name}}",
      resolveLabel: "Resol l'alerta de {{name}}",
    },
    dialog: {
      acknowledgeTitle: "Marca l'alerta com a vista",
      resolveTitle: "Resol l'alerta",
      note: 'Nota (opcional)',
      noteHint: "Què s'ha fet o decidit; queda registrat amb l'alerta.",
      done: {
        acknowledged: "L'alerta de {{name}} s'ha marcat com a vista.",
        resolved: "L'alerta de {{name}} s'ha resolt.",
      },
      errors: {
        alert_acknowledged: "Algú ja l'havia marcada com a vista.",
        alert_resolved: "Algú ja l'havia resolta.",
      },
    },
    reasons: {
      chat_emergency: 'Urgència vital en un xat: {{signs}}. Se li ha indicat que truqui al 112.',
      chat_urgent: "Urgent en un xat: {{signs}}. L'equip ha de trucar avui al pacient.",
      chat_for_team:
        "Un missatge del xat que l'assistent no ha sabut interpretar necessita que el llegeixi una persona.",
      call_emergency:
        'Urgència vital en una trucada: {{signs}}. Se li ha indicat que truqui al 112.',
      call_urgent: "Urgent en una trucada: {{signs}}. L'equip ha de trucar avui al pacient.",
      call_for_team:
        'Una cosa que el pacient va dir en una trucada necessita que la llegeixi una persona.',
      call_failed:
        "No s'ha pogut parlar amb un pacient que té una alerta urgent: la trucada ha fallat ({{failure}}).",
      response_rule:
        "{{form}}: la resposta a «{{subject}}» és {{value}} (l'alerta salta amb {{rule}}).",
      response_score:
        "{{form}}: la puntuació total del {{instrument}} és {{value}} (l'alerta salta amb {{rule}}).",
      response_text: '{{form}}: una resposta escrita esmenta {{signs}}.',
      response_text_for_team:
        '{{form}}: una resposta escrita necessita que la llegeixi una persona.',
      delivery_failed: "No s'ha pogut lliurar «{{form}}» ({{failure}}).",
      aForm: 'Un formulari',
      unknownFailure: 'motiu desconegut',
    },
    rules: {
      between: 'un valor entre {{min}} i {{max}}',
      atLeast: '{{min}} o més',
      atMost: '{{max}} o menys',
      equals: '«{{value}}»',
      yes: 'Sí',
      no: 'No',
    },
    card: {
      title: 'Alertes obertes',
      link: 'Mostra les alertes',
      none: 'No hi ha cap alerta oberta.',
    },
    patient: {
      title: 'Alertes sense resoldre',
      seeAll: 'Mostra les seves alertes',
    },
  },
  en: {
    title: 'Alerts',
    description:
      'Warning signs from chats, calls, forms and deliveries that a person should look at: open ones first, urgent ones at the top.',
    counts: {
      urgent_one: '{{count}} urgent',
      urgent_other: '{{count}} urgent',
      review_one: '{{count}} to review',
      review_other: '{{count}} to review',
      none: 'none open',
      unknown: 'the open count could not be loaded',
    },
    announce: {
      urgent: 'New urgent alert',
      review: 'New alert to review',
    },
    priority: {
      urgent: 'Urgent',
      review: 'To review',
    },
    states: {
      open: 'Open',
      acknowledged: 'Acknowledged',
      resolved: 'Resolved',
    },
    sources: {
      conversation: 'Chat',
      call: 'Call',
      form_response: 'Form response',
      form_schedule: 'Form delivery',
    },
    sourceLinks: {
      conversation: 'Open the chat',
      call: 'See the call',
      form_response: 'See the response',
      form_schedule: 'See deliveries',
    },
    filters: {
      label: 'Filter alerts',
      patient: 'Patient',
      allPatients: 'All patients',
      priority: 'Priority',
      allPriorities: 'All priorities',
      source: 'Source',
      allSources: 'All sources',
      state: 'State',
      allStates: 'All states',
      clear: 'Clear filters',
    },
    list: {
      label: 'Alert list',
      empty: 'No alerts',
      emptyBody:
        'They appear here when a patient writes or says something worrying in a chat or a call, when an answer meets an alert rule, or when an important form cannot be delivered.',
      noMatches: 'No alert matches the filters.',
      moreFailed: 'More alerts could not be loaded.',
      raisedAt: 'Raised on {{date}}',
      alertOf: 'Alert for {{name}}',
    },
    history: {
      acknowledged: 'Acknowledged on {{date}} {{by}}.',
      resolved: 'Resolved on {{date}} {{by}}.',
      byDesk: 'in Engage Desk',
      byApiKey: 'with the API key “{{name}}”',
      note: 'Note:',
    },
    actions: {
      acknowledge: 'Acknowledge',
      resolve: 'Resolve',
      acknowledgeLabel: 'Acknowledge the alert for {{name}}',
      resolveLabel: 'Resolve the alert for {{name}}',
    },
    dialog: {
      acknowledgeTitle: 'Acknowledge the alert',
      resolveTitle: 'Resolve the alert',
      note: 'Note (optional)',
      noteHint: 'What was done or decided; it is kept with the alert.',
      done: {
        acknowledged: 'The alert for {{name}} was acknowledged.',
        resolved: 'The alert for {{name}} was resolved.',
      },
      errors: {
        alert_acknowledged: 'Someone had already acknowledged it.',
        alert_resolved: 'Someone had already resolved it.',
      },
    },
    reasons: {
      chat_emergency: 'Emergency in a chat: {{signs}}. The patient was told to call 112.',
      chat_urgent: 'Urgent in a chat: {{signs}}. The team should call the patient today.',
      chat_for_team: 'A chat message the assistant could not interpret needs a person to read it.',
      call_emergency: 'Emergency in a call: {{signs}}. The patient was told to call 112.',
      call_urgent: 'Urgent in a call: {{signs}}. The team should call the patient today.',
      call_for_team: 'Something the patient said in a call needs a person to read it.',
      call_failed:
        'A patient with an urgent alert could not be reached: the call failed ({{failure}}).',
      response_rule:
        '{{form}}: the answer to “{{subject}}” is {{value}} (the alert is for {{rule}}).',
      response_score:
        '{{form}}: the {{instrument}} total score is {{value}} (the alert is for {{rule}}).',
      response_text: '{{form}}: a written answer mentions {{signs}}.',
      response_text_for_team: '{{form}}: a written answer needs a person to read it.',
      delivery_failed: '“{{form}}” could not be delivered ({{failure}}).',
      aForm: 'A form',
      unknownFailure: 'unknown reason',
    },
    rules: {
      between: 'a value from {{min}} to {{max}}',
      atLeast: '{{min}} or more',
      atMost: '{{max}} or less',
      equals: '“{{value}}”',
      yes: 'Yes',
      no: 'No',
    },
    card: {
      title: 'Open alerts',
      link: 'See alerts',
      none: 'No open alerts.',
    },
    patient: {
      title: 'Unresolved alerts',
      seeAll: 'See their alerts',
    },
  },
};
