import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';

// PLACEHOLDER (issue 7 skeleton): replaced by the chats feature.
export function ChatsScreen(props: { id?: string }) {
  const { t } = useTranslation('chats');
  void props;
  return <PageHeader title={t('title')} />;
}
