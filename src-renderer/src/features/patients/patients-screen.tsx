import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

export function PatientsScreen() {
  const { t } = useTranslation('patients');
  return <PageHeader title={t('title')} />;
}
