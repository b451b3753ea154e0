import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the responses feature.
export function ResponsesScreen(props: { formId: string }) {
  const { t } = useTranslation('responses');
  void props;
  return <PageHeader title={t('title')} />;
}
