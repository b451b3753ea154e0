import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

export function CreditsScreen() {
  const { t } = useTranslation('credits');
  return <PageHeader title={t('title')} />;
}
