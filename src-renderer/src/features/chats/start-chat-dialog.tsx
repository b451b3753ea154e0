import { useTranslation } from 'react-i18next';
import type { ConversationView, Patient } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { useStartChat } from './chats-queries';
import { StartDialog } from './start-dialog';

/** Starts a conversation, whose brief is the context the assistant follows throughout. */
export function StartChatDialog(props: {
  patient?: Patient | undefined;
  onClose: () => void;
  onStarted: (conversation: ConversationView) => void;
}) {
  const { t } = useTranslation('chats');
  const format = useFormat();
  const start = useStartChat();
  return (
    <StartDialog
      text={{
        title: t('start.title'),
        intro: t('start.intro'),
        patient: t('start.patient'),
        patientRequired: t('start.patientRequired'),
        brief: t('start.context'),
        briefHint: t('start.contextHint'),
        language: t('start.language'),
        languageHint: t('start.languageHint'),
        languageName: (code) => t(`languages.${code}`),
        submit: t('start.submit'),
        costsLoading: t('costs.loading'),
      }}
      briefField="context"
      briefRows={4}
      briefMaxLength={4000}
      patient={props.patient}
      costs={(prices) => ({
        lines: [
          t('costs.start', {
            count: prices.conversationStart,
            formatted: format.number(prices.conversationStart),
          }),
          t('costs.message', {
            count: prices.conversationMessage,
            formatted: format.number(prices.conversationMessage),
          }),
        ],
        required: prices.conversationStart,
      })}
      start={({ patientId, brief, language }) =>
        start.mutateAsync({ patientId, context: brief, language })
      }
      onStarted={props.onStarted}
      onClose={props.onClose}
    />
  );
}
