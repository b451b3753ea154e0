import type { Catalogue } from '../../i18n/messages';

// The notification centre's strings. Spanish is the source; Catalan and English must match its keys.
const es = {
  title: 'Avisos',
  description:
    'Lo que Engage Desk necesita que sepas: webhooks desactivados, créditos que se acaban y conversaciones escaladas.',
  bell: {
    label_one: '{{count}} aviso sin leer',
    label_other: '{{count}} avisos sin leer',
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

export const notificationsMessages: Catalogue<typeof es> = {
  es,
  ca: {
    title: 'Avisos',
    description:
      "El que Engage Desk necessita que sàpigues: webhooks desactivats, crèdits que s'acaben i converses escalades.",
    bell: {
      label_one: '{{count}} avís sense llegir',
      label_other: '{{count}} avisos sense llegir',
      labelNone: 'Avisos: cap sense llegir',
      labelUnknown: "Avisos: no s'ha pogut saber quants n'hi ha sense llegir",
      text: 'Avisos',
    },
    panel: {
      title: 'Avisos recents',
      seeAll: 'Mostra tots els avisos',
      close: 'Tanca',
    },
    markRead: 'Marca com a llegit',
    markReadLabel: 'Marca com a llegit: {{title}}',
    markAllRead: 'Marca-ho tot com a llegit',
    allMarked_one: "S'ha marcat {{count}} avís com a llegit.",
    allMarked_other: "S'han marcat {{count}} avisos com a llegits.",
    unreadBadge: 'Sense llegir',
    onlyUnread: 'Mostra només els no llegits',
    loadMore: "Carrega'n més",
    empty: {
      all: 'No hi ha cap avís',
      allBody:
        'Apareixerà aquí quan es desactivi un webhook, quedin pocs crèdits o un pacient escrigui alguna cosa urgent en un xat.',
      unread: 'No hi ha avisos sense llegir',
    },
    kinds: {
      webhookDisabled: {
        title: 'Webhook desactivat',
        body: '{{url}} ha deixat de rebre esdeveniments: han fallat {{failed}} de {{attempts}} intents de lliurament de les darreres 24 hores.',
        link: 'Mostra el webhook',
      },
      creditsLow: {
        title: 'Queden pocs crèdits',
        body: "Queden {{balance}} crèdits dels {{allowance}} del pla mensual (l'avís salta per sota de {{threshold}}). El saldo es renova el {{date}}.",
        link: 'Mostra els crèdits',
      },
      conversationEscalated: {
        title: 'Conversa escalada',
        body: "{{name}} ha escrit al xat alguna cosa que requereix atenció urgent ({{flags}}). L'assistent li ha indicat que truqui al 112.",
        link: 'Obre el xat',
      },
    },
    redFlags: {
      chest_pain: 'dolor al pit',
      breathing_difficulty: 'dificultat per respirar',
      suicidal_thoughts: 'idees de suïcidi',
      heavy_bleeding: 'sagnat abundant',
      stroke: "signes d'ictus",
      unconsciousness: 'pèrdua de coneixement',
      anaphylaxis: 'reacció al·lèrgica greu',
      seizure: 'convulsió',
      post_op_fever: "febre després de l'operació",
      wound_infection: "signes d'infecció de la ferida",
      severe_pain: 'dolor intens',
      fall_injury: 'caiguda amb lesió',
      urinary_retention: 'no pot orinar',
    },
    unknownFlag: "senyal d'alarma",
  },
  en: {
    title: 'Notifications',
    description:
      'What Engage Desk needs you to know: disabled webhooks, credits running out and escalated conversations.',
    bell: {
      label_one: '{{count}} unread notification',
      label_other: '{{count}} unread notifications',
      labelNone: 'Notifications: none unread',
      labelUnknown: 'Notifications: the unread count could not be loaded',
      text: 'Notifications',
    },
    panel: {
      title: 'Recent notifications',
      seeAll: 'See all notifications',
      close: 'Close',
    },
    markRead: 'Mark as read',
    markReadLabel: 'Mark as read: {{title}}',
    markAllRead: 'Mark all as read',
    allMarked_one: '{{count}} notification marked as read.',
    allMarked_other: '{{count}} notifications marked as read.',
    unreadBadge: 'Unread',
    onlyUnread: 'Show unread only',
    loadMore: 'Load more notifications',
    empty: {
      all: 'No notifications',
      allBody:
        'They appear here when a webhook is disabled, credits run low or a patient writes something urgent in a chat.',
      unread: 'No unread notifications',
    },
    kinds: {
      webhookDisabled: {
        title: 'Webhook disabled',
        body: '{{url}} no longer receives events: {{failed}} of {{attempts}} delivery attempts in the last 24 hours failed.',
        link: 'See the webhook',
      },
      creditsLow: {
        title: 'Credits running low',
        body: '{{balance}} of the {{allowance}} credits of the monthly plan are left (the warning comes below {{threshold}}). The balance renews on {{date}}.',
        link: 'See credits',
      },
      conversationEscalated: {
        title: 'Conversation escalated',
        body: '{{name}} wrote something in the chat that needs urgent attention ({{flags}}). The assistant told them to call 112.',
        link: 'Open the chat',
      },
    },
    redFlags: {
      chest_pain: 'chest pain',
      breathing_difficulty: 'difficulty breathing',
      suicidal_thoughts: 'suicidal thoughts',
      heavy_bleeding: 'heavy bleeding',
      stroke: 'signs of a stroke',
      unconsciousness: 'loss of consciousness',
      anaphylaxis: 'severe allergic reaction',
      seizure: 'seizure',
      post_op_fever: 'fever after surgery',
      wound_infection: 'signs of wound infection',
      severe_pain: 'severe pain',
      fall_injury: 'fall with injury',
      urinary_retention: 'cannot pass urine',
    },
    unknownFlag: 'warning sign',
  },
};
