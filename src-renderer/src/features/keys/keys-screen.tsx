import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

export function KeysScreen() {
  const { t } = useTranslation('keys');
  return <PageHeader title={t('title')} />;
}
