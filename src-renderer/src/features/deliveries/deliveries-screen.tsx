import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the deliveries feature.
export function DeliveriesScreen() {
  const { t } = useTranslation('deliveries');
  return <PageHeader title={t('title')} />;
}
