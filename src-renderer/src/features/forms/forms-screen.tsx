import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the forms feature.
export function FormsScreen() {
  const { t } = useTranslation('forms');
  return <PageHeader title={t('title')} />;
}
