import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// Catalan: exactly the keys of es.ts (a missing or extra key is a type error).
export const ca: Translation<typeof es> = {
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
    more_one: 'I {{count}} enviament més en els propers 7 dies.',
    more_other: 'I {{count}} enviaments més en els propers 7 dies.',
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
    open: 'Obre el xat amb {{name}}',
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
};
