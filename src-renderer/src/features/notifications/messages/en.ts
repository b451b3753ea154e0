import type { Translation } from '../../../i18n/messages';
import type { es } from './es';

// English: exactly the keys of es.ts (a missing or extra key is a type error).
export const en: Translation<typeof es> = {
  title: 'Notifications',
  description:
    'What Engage Desk needs you to know: disabled webhooks, credits running out and escalated conversations.',
  bell: {
    label: 'Notifications: {{count}} unread',
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

    conversationUnanswered: {
      title: 'Chat message not answered',
      body: '{{name}} wrote from their chat link and there are no credits to answer: “{{content}}”. Call them.',
      signs: 'Warning signs: {{flags}}.',
      link: 'Open the chat',
    },
    backupFailed: {
      title: 'The backup failed',
      body: 'No backup could be made in {{folder}}: {{message}}',
      link: 'See the backups',
    },
    backupOverdue: {
      title: 'Backup overdue',
      body: 'No backup has succeeded for more than {{hours}} hours (the last one: {{date}}).',
      never: 'No backup has succeeded in more than {{hours}} hours.',
      link: 'See the backups',
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
};
