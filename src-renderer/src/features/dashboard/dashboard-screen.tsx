import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  return <PageHeader title={t('title')} />;
}
