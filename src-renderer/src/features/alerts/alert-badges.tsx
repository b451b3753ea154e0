import { useTranslation } from 'react-i18next';
import type { AlertPriority, AlertState } from '../../../../src-preload/contract';
import { Badge } from '../../ui/layout';
import { AlertIcon } from '../chats';

/** Urgent in red with the warning sign (not colour alone); for review in amber. */
export function PriorityBadge(props: { priority: AlertPriority }) {
  const { t } = useTranslation('alerts');
  return props.priority === 'urgent' ? (
    <Badge tone="danger">
      <AlertIcon />
      {t('priority.urgent')}
    </Badge>
  ) : (
    <Badge tone="warning">{t('priority.review')}</Badge>
  );
}

const STATE_TONES = { open: 'info', acknowledged: 'neutral', resolved: 'success' } as const;

export function StateBadge(props: { state: AlertState }) {
  const { t } = useTranslation('alerts');
  return <Badge tone={STATE_TONES[props.state]}>{t(`states.${props.state}`)}</Badge>;
}
