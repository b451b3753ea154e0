import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the notifications feature.
export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  return <PageHeader title={t('title')} />;
}
