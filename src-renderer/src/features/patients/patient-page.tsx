import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

export function PatientPage(props: { id: string }) {
  const { t } = useTranslation('patients');
  return <PageHeader title={`${t('title')} ${props.id}`} />;
}
