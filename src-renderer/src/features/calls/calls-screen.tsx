import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the calls feature.
export function CallsScreen() {
  const { t } = useTranslation('calls');
  return <PageHeader title={t('title')} />;
}
