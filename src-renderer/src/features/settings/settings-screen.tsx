import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

export function SettingsScreen() {
  const { t } = useTranslation('settings');
  return <PageHeader title={t('title')} />;
}
