import type { TFunction } from 'i18next';
import type { Notification, TriageSign } from '../../../../src-preload/contract';
import type { Formatters } from '../../i18n/format';

export interface NotificationText {
  title: string;
  body: string;
  /** The screen the notification is about. */
  href: string;
  linkLabel: string;
  tone: 'warning' | 'danger';
}

/** A notification in the UI language: names and amounts, never ids. */
export function describeNotification(
  notification: Notification,
  t: TFunction<'notifications'>,
  format: Formatters,
): NotificationText {
  switch (notification.kind) {
    case 'webhook.disabled': {
      const d = notification.data;
      return {
        title: t('kinds.webhookDisabled.title'),
        body: t('kinds.webhookDisabled.body', {
          url: d.url,
          failed: format.number(d.failedAttempts),
          attempts: format.number(d.attempts),
        }),
        href: `/webhooks/${encodeURIComponent(d.webhookId)}`,
        linkLabel: t('kinds.webhookDisabled.link'),
        tone: 'danger',
      };
    }
    case 'credits.low': {
      const d = notification.data;
      return {
        title: t('kinds.creditsLow.title'),
        body: t('kinds.creditsLow.body', {
          balance: format.number(d.balance),
          allowance: format.number(d.monthlyAllowance),
          threshold: format.number(d.threshold),
          date: format.date(d.resetsAt),
        }),
        href: '/credits',
        linkLabel: t('kinds.creditsLow.link'),
        tone: 'warning',
      };
    }
    case 'conversation.escalated': {
      const d = notification.data;
      const flags = d.redFlags.length
        ? d.redFlags.map((flag) => signWord(flag, t))
        : [t('unknownFlag')];
      return {
        title: t('kinds.conversationEscalated.title'),
        body: t('kinds.conversationEscalated.body', {
          name: `${d.patient.firstName} ${d.patient.lastName}`.trim(),
          flags: flags.join(', '),
        }),
        href: `/chats/${encodeURIComponent(d.conversationId)}`,
        linkLabel: t('kinds.conversationEscalated.link'),
        tone: 'danger',
      };
    }
    case 'conversation.unanswered': {
      const d = notification.data;
      const body = t('kinds.conversationUnanswered.body', {
        name: `${d.patient.firstName} ${d.patient.lastName}`.trim(),
        content: d.content,
      });
      const signs = d.signs.length
        ? ` ${t('kinds.conversationUnanswered.signs', { flags: d.signs.map((s) => signWord(s, t)).join(', ') })}`
        : '';
      return {
        title: t('kinds.conversationUnanswered.title'),
        body: `${body}${signs}`,
        href: `/chats/${encodeURIComponent(d.conversationId)}`,
        linkLabel: t('kinds.conversationUnanswered.link'),
        tone: d.signs.length ? 'danger' : 'warning',
      };
    }
    case 'backup.failed': {
      const d = notification.data;
      return {
        title: t('kinds.backupFailed.title'),
        body: t('kinds.backupFailed.body', { folder: d.folder, message: d.message }),
        href: '/settings/data',
        linkLabel: t('kinds.backupFailed.link'),
        tone: 'danger',
      };
    }
    case 'backup.overdue': {
      const d = notification.data;
      return {
        title: t('kinds.backupOverdue.title'),
        body: d.lastSuccessAt
          ? t('kinds.backupOverdue.body', {
              hours: format.number(d.hours),
              date: format.dateTime(d.lastSuccessAt),
            })
          : t('kinds.backupOverdue.never', { hours: format.number(d.hours) }),
        href: '/settings/data',
        linkLabel: t('kinds.backupOverdue.link'),
        tone: 'danger',
      };
    }
  }
}

/**
 * A warning sign in words ("dolor en el pecho"); a sign this window does not know yet is "señal de
 * alarma". The alerts say their signs with these words too.
 */
export function signWord(sign: string, t: TFunction<'notifications'>): string {
  return Object.hasOwn(SIGN_KEYS, sign) ? t(SIGN_KEYS[sign as TriageSign]) : t('unknownFlag');
}

/** Every warning sign triage can name (a new sign without words here does not compile). */
const SIGN_KEYS = {
  chest_pain: 'redFlags.chest_pain',
  breathing_difficulty: 'redFlags.breathing_difficulty',
  suicidal_thoughts: 'redFlags.suicidal_thoughts',
  heavy_bleeding: 'redFlags.heavy_bleeding',
  stroke: 'redFlags.stroke',
  unconsciousness: 'redFlags.unconsciousness',
  anaphylaxis: 'redFlags.anaphylaxis',
  seizure: 'redFlags.seizure',
  post_op_fever: 'redFlags.post_op_fever',
  wound_infection: 'redFlags.wound_infection',
  severe_pain: 'redFlags.severe_pain',
  fall_injury: 'redFlags.fall_injury',
  urinary_retention: 'redFlags.urinary_retention',
} as const satisfies Record<TriageSign, string>;
