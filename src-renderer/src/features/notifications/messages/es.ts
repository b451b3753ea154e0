// Spanish, the source: ca.ts and en.ts must have exactly these keys (see index.ts).
export const es = {
  title: 'Avisos',
  description:
    'Lo que Engage Desk necesita que sepas: webhooks desactivados, créditos que se acaban y conversaciones escaladas.',
  bell: {
    // Begins with the button's visible text (WCAG 2.5.3: voice control says what it sees).
    label: 'Avisos: {{count}} sin leer',
    labelNone: 'Avisos: ninguno sin leer',
    labelUnknown: 'Avisos: no se ha podido saber cuántos hay sin leer',
    text: 'Avisos',
  },
  panel: {
    title: 'Avisos recientes',
    seeAll: 'Ver todos los avisos',
    close: 'Cerrar',
  },
  markRead: 'Marcar como leído',
  markReadLabel: 'Marcar como leído: {{title}}',
  markAllRead: 'Marcar todos como leídos',
  allMarked_one: 'Se ha marcado {{count}} aviso como leído.',
  allMarked_other: 'Se han marcado {{count}} avisos como leídos.',
  unreadBadge: 'Sin leer',
  onlyUnread: 'Mostrar solo los no leídos',
  loadMore: 'Cargar más avisos',
  empty: {
    all: 'No hay ningún aviso',
    allBody:
      'Aquí aparecerá cuando se desactive un webhook, queden pocos créditos o un paciente escriba algo urgente en un chat.',
    unread: 'No hay avisos sin leer',
  },
  kinds: {
    webhookDisabled: {
      title: 'Webhook desactivado',
      body: '{{url}} ha dejado de recibir eventos: fallaron {{failed}} de {{attempts}} intentos de entrega en las últimas 24 horas.',
      link: 'Ver el webhook',
    },
    creditsLow: {
      title: 'Quedan pocos créditos',
      body: 'Quedan {{balance}} créditos de los {{allowance}} del plan mensual (el aviso salta por debajo de {{threshold}}). El saldo se renueva el {{date}}.',
      link: 'Ver los créditos',
    },
    conversationEscalated: {
      title: 'Conversación escalada',
      body: '{{name}} ha escrito en el chat algo que requiere atención urgente ({{flags}}). El asistente le ha indicado que llame al 112.',
      link: 'Abrir el chat',
    },

    conversationUnanswered: {
      title: 'Mensaje de chat sin responder',
      body: '{{name}} ha escrito desde su enlace de chat y no hay créditos para responder: «{{content}}». Llámele.',
      signs: 'Señales de alarma: {{flags}}.',
      link: 'Abrir el chat',
    },
    backupFailed: {
      title: 'La copia de seguridad ha fallado',
      body: 'No se pudo hacer la copia en {{folder}}: {{message}}',
      link: 'Ver las copias',
    },
    backupOverdue: {
      title: 'Copia de seguridad atrasada',
      body: 'No hay ninguna copia correcta desde hace más de {{hours}} horas (la última, {{date}}).',
      never: 'No se ha hecho ninguna copia correcta en más de {{hours}} horas.',
      link: 'Ver las copias',
    },
  },
  redFlags: {
    chest_pain: 'dolor en el pecho',
    breathing_difficulty: 'dificultad para respirar',
    suicidal_thoughts: 'ideas de suicidio',
    heavy_bleeding: 'sangrado abundante',
    stroke: 'signos de ictus',
    unconsciousness: 'pérdida de conocimiento',
    anaphylaxis: 'reacción alérgica grave',
    seizure: 'convulsión',
    post_op_fever: 'fiebre tras la operación',
    wound_infection: 'signos de infección de la herida',
    severe_pain: 'dolor intenso',
    fall_injury: 'caída con lesión',
    urinary_retention: 'no puede orinar',
  },
  unknownFlag: 'señal de alarma',
};
