import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the webhooks feature.
export function WebhooksScreen() {
  const { t } = useTranslation('webhooks');
  return <PageHeader title={t('title')} />;
}
