import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the forms feature.
export function FormBuilderScreen(props: { id?: string }) {
  const { t } = useTranslation('forms');
  void props;
  return <PageHeader title={t('title')} />;
}
