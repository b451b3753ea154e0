import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the calls feature.
export function CallPage(props: { id: string }) {
  const { t } = useTranslation('calls');
  void props;
  return <PageHeader title={t('title')} />;
}
