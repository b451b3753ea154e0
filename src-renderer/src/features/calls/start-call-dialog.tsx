import { useTranslation } from 'react-i18next';
import type { CallView, Patient } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { StartDialog } from '../chats';
import { useStartCall } from './calls-queries';

/** Places a call to a patient with a phone; its brief is what the call is for. */
export function StartCallDialog(props: {
  patient?: Patient | undefined;
  onClose: () => void;
  onStarted: (call: CallView) => void;
}) {
  const { t } = useTranslation('calls');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const start = useStartCall();
  return (
    <StartDialog
      text={{
        title: t('start.title'),
        intro: t('start.intro'),
        patient: t('start.patient'),
        patientRequired: t('start.patientRequired'),
        brief: t('start.purpose'),
        briefHint: t('start.purposeHint'),
        language: t('start.language'),
        languageHint: t('start.languageHint'),
        languageName: (code) => t(`languages.${code}`),
        submit: t('start.submit'),
        costsLoading: tc('states.loading'),
      }}
      briefField="purpose"
      briefRows={3}
      briefMaxLength={2000}
      patient={props.patient}
      requirePhone
      costs={(prices) => ({
        lines: [
          t('costs.perMinute', {
            count: prices.callPerStartedMinute,
            formatted: format.number(prices.callPerStartedMinute),
          }),
          t('costs.minimum', {
            count: prices.callReservation,
            formatted: format.number(prices.callReservation),
          }),
        ],
        required: prices.callReservation,
      })}
      explain={(failure) =>
        failure.code === 'patient_unreachable' ? t('start.noPhone') : undefined
      }
      start={({ patientId, brief, language }) =>
        start.mutateAsync({ patientId, purpose: brief, language })
      }
      onStarted={props.onStarted}
      onClose={props.onClose}
    />
  );
}
