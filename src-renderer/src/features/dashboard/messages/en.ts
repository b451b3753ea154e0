import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// English: exactly the keys of es.ts (a missing or extra key is a type error).
export const en: Translation<typeof es> = {
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
    more_one: 'And {{count}} more delivery in the next 7 days.',
    more_other: 'And {{count}} more deliveries in the next 7 days.',
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
    open: 'Open the chat with {{name}}',
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
};
