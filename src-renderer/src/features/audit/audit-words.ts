import { useTranslation } from 'react-i18next';
import type { AuditEventView } from '../../../../src-preload/contract';
import { es } from './messages/es';

/** The action codes in the order the filter offers them (the messages hold every one). */
export const AUDIT_ACTIONS = Object.keys(es.actions) as AuditEventView['action'][];
export const AUDIT_CHANNELS = [
  'window',
  'api',
  'cli',
] as const satisfies readonly AuditEventView['channel'][];

/** Who, from where and what of an event, in the window's language. */
export function useAuditWords() {
  const { t } = useTranslation('audit');
  return {
    who: (e: AuditEventView) =>
      e.actor.type === 'desk'
        ? t('actor.desk')
        : e.actor.type === 'cli'
          ? t('actor.cli', { name: e.actor.name })
          : t('actor.apiKey', { name: e.actor.name }),
    channel: (e: AuditEventView) => t(`channels.${e.channel}`),
    action: (e: AuditEventView) =>
      e.count === null
        ? t(`actions.${e.action}`)
        : `${t(`actions.${e.action}`)} (${t('exportOf', { count: e.count })})`,
  };
}
