import type { Catalogue } from '../../i18n/messages';

// The dashboard screen's strings. Spanish is the source; Catalan and English must match its keys.
const es = {
  title: 'Panel',
  description: 'Lo que pasa hoy en la clínica, de un vistazo.',
  credits: {
    title: 'Créditos',
    chartTitle: 'Consumo del periodo',
    link: 'Ver créditos y movimientos',
  },
  upcoming: {
    title: 'Envíos de hoy y próximos',
    caption: 'Envíos pendientes de los próximos 7 días',
    empty: 'No hay envíos programados para los próximos 7 días.',
    today: 'Hoy',
    tomorrow: 'Mañana',
    time: 'Hora',
    patient: 'Paciente',
    form: 'Formulario',
    channel: 'Canal',
  },
  channels: {
    whatsapp: 'WhatsApp',
    email: 'Correo electrónico',
  },
  recent: {
    title: 'Respuestas recientes',
    empty: 'Todavía no ha llegado ninguna respuesta.',
    answered: '{{patient}} respondió {{form}}',
  },
  attention: {
    title: 'Conversaciones que requieren atención',
    empty: 'Ninguna conversación necesita atención',
    escalated: 'Escalada',
    escalatedAt: 'Escalada {{relative}}',
  },
  webhooks: {
    title: 'Webhooks con entregas fallidas',
    empty: 'No hay entregas de webhooks fallidas.',
    failedAt: 'Falló {{relative}}',
    attempts_one: '{{count}} intento',
    attempts_other: '{{count}} intentos',
    reasons: {
      retries_exhausted: 'Se agotaron los reintentos',
      webhook_disabled: 'El webhook está desactivado',
      other: 'Entrega fallida',
    },
    events: {
      patientCreated: 'Paciente creado',
      formCompleted: 'Formulario completado',
      callEnded: 'Llamada finalizada',
      conversationEnded: 'Conversación finalizada',
      creditsLow: 'Créditos bajos',
      scheduleSent: 'Envío realizado',
    },
  },
};

export const dashboardMessages: Catalogue<typeof es> = {
  es,
  ca: {
    title: 'Tauler',
    description: 'El que passa avui a la clínica, d’un cop d’ull.',
    credits: {
      title: 'Crèdits',
      chartTitle: 'Consum del període',
      link: 'Mostra els crèdits i els moviments',
    },
    upcoming: {
      title: "Enviaments d'avui i propers",
      caption: 'Enviaments pendents dels propers 7 dies',
      empty: 'No hi ha enviaments programats per als propers 7 dies.',
      today: 'Avui',
      tomorrow: 'Demà',
      time: 'Hora',
      patient: 'Pacient',
      form: 'Formulari',
      channel: 'Canal',
    },
    channels: {
      whatsapp: 'WhatsApp',
      email: 'Correu electrònic',
    },
    recent: {
      title: 'Respostes recents',
      empty: 'Encara no ha arribat cap resposta.',
      answered: '{{patient}} ha respost {{form}}',
    },
    attention: {
      title: 'Converses que requereixen atenció',
      empty: 'Cap conversa necessita atenció',
      escalated: 'Escalada',
      escalatedAt: 'Escalada {{relative}}',
    },
    webhooks: {
      title: 'Webhooks amb lliuraments fallits',
      empty: 'No hi ha lliuraments de webhooks fallits.',
      failedAt: 'Ha fallat {{relative}}',
      attempts_one: '{{count}} intent',
      attempts_other: '{{count}} intents',
      reasons: {
        retries_exhausted: "S'han esgotat els reintents",
        webhook_disabled: 'El webhook està desactivat',
        other: 'Lliurament fallit',
      },
      events: {
        patientCreated: 'Pacient creat',
        formCompleted: 'Formulari completat',
        callEnded: 'Trucada finalitzada',
        conversationEnded: 'Conversa finalitzada',
        creditsLow: 'Crèdits baixos',
        scheduleSent: 'Enviament fet',
      },
    },
  },
  en: {
    title: 'Dashboard',
    description: 'What is happening at the clinic today, at a glance.',
    credits: {
      title: 'Credits',
      chartTitle: "This period's usage",
      link: 'See credits and movements',
    },
    upcoming: {
      title: "Today's and upcoming deliveries",
      caption: 'Pending deliveries in the next 7 days',
      empty: 'No deliveries are scheduled for the next 7 days.',
      today: 'Today',
      tomorrow: 'Tomorrow',
      time: 'Time',
      patient: 'Patient',
      form: 'Form',
      channel: 'Channel',
    },
    channels: {
      whatsapp: 'WhatsApp',
      email: 'E-mail',
    },
    recent: {
      title: 'Recent responses',
      empty: 'No responses have arrived yet.',
      answered: '{{patient}} answered {{form}}',
    },
    attention: {
      title: 'Conversations needing attention',
      empty: 'No conversation needs attention',
      escalated: 'Escalated',
      escalatedAt: 'Escalated {{relative}}',
    },
    webhooks: {
      title: 'Webhooks with failed deliveries',
      empty: 'No failed webhook deliveries.',
      failedAt: 'Failed {{relative}}',
      attempts_one: '{{count}} attempt',
      attempts_other: '{{count}} attempts',
      reasons: {
        retries_exhausted: 'Retries exhausted',
        webhook_disabled: 'The webhook is disabled',
        other: 'Delivery failed',
      },
      events: {
        patientCreated: 'Patient created',
        formCompleted: 'Form completed',
        callEnded: 'Call ended',
        conversationEnded: 'Conversation ended',
        creditsLow: 'Credits low',
        scheduleSent: 'Delivery sent',
      },
    },
  },
};
