import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the webhooks feature.
export function WebhookPage(props: { id: string }) {
  const { t } = useTranslation('webhooks');
  void props;
  return <PageHeader title={t('title')} />;
}
