import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the developer feature.
export function DeveloperScreen() {
  const { t } = useTranslation('developer');
  return <PageHeader title={t('title')} />;
}
