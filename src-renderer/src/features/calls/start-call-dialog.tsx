import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallView, Language, Patient } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SelectField } from '../../ui/field';
import { fieldErrorsOf, fieldErrorText } from '../../ui/field-errors';
import { describeError } from '../../ui/states';
import { CostNotice, useCosts } from '../chats/cost-notice';
import { PatientPicker } from '../chats/patient-picker';
import { CHAT_LANGUAGES, preferredLanguageOf } from '../chats/start-chat-dialog';
import { TextAreaField } from '../chats/text-area-field';
import { createCallsStore } from './calls-store';

/**
 * Places a call: a patient with a phone, what it is for and its language (the patient's preferred
 * one unless changed), with the charging rule and the balance shown before starting. Mounted only
 * while open, so each opening starts afresh.
 */
export function StartCallDialog(props: {
  patient?: Patient | undefined;
  onClose: () => void;
  onStarted: (call: CallView) => void;
}) {
  const { t } = useTranslation('calls');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const store = useFeatureStore(createCallsStore);
  const costs = useCosts();
  const initial = props.patient?.phone ? props.patient : undefined;
  const [patient, setPatient] = useState<Patient | undefined>(initial);
  const [purpose, setPurpose] = useState('');
  const [language, setLanguage] = useState<Language>(
    (initial && preferredLanguageOf(initial)) ?? 'es',
  );
  const [languageChosen, setLanguageChosen] = useState(false);
  const [local, setLocal] = useState<{ patient?: string; purpose?: string }>({});
  const [failure, setFailure] = useState<BridgeFailure>();
  const [busy, setBusy] = useState(false);

  const fields = fieldErrorsOf(failure);
  const patientError = local.patient ?? fieldErrorText(tc, fields['/patientId']);
  const purposeError = local.purpose ?? fieldErrorText(tc, fields['/purpose']);
  const languageError = fieldErrorText(tc, fields['/language']);
  const otherError =
    failure && Object.keys(fields).length === 0
      ? failure.code === 'patient_unreachable'
        ? t('start.noPhone')
        : describeError(tc, failure)
      : undefined;

  const prices = costs.prices;
  const lines = prices
    ? [
        t('costs.perMinute', {
          count: prices.callPerStartedMinute,
          formatted: format.number(prices.callPerStartedMinute),
        }),
        t('costs.minimum', {
          count: prices.callMinimumBalance,
          formatted: format.number(prices.callMinimumBalance),
        }),
      ]
    : [tc('states.loading')];

  function choose(next: Patient | undefined) {
    setPatient(next);
    setLocal((l) => ({ ...l, patient: undefined }));
    setFailure(undefined);
    if (next && !languageChosen) setLanguage(preferredLanguageOf(next) ?? 'es');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const problems = {
      ...(patient ? {} : { patient: t('start.patientRequired') }),
      ...(purpose.trim() ? {} : { purpose: tc('fieldErrors.required') }),
    };
    setLocal(problems);
    if (!patient || Object.keys(problems).length) return;
    setBusy(true);
    try {
      const call = await store
        .getState()
        .start({ patientId: patient.id, purpose: purpose.trim(), language });
      props.onStarted(call);
    } catch (error) {
      setFailure(asFailure(error));
      setBusy(false);
    }
  }

  return (
    <Dialog open wide title={t('start.title')} onClose={props.onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">{t('start.intro')}</p>
        {otherError && (
          <p className="notice notice-danger" role="alert">
            {otherError}
          </p>
        )}
        <PatientPicker
          label={t('start.patient')}
          value={patient}
          onChange={choose}
          activeOnly
          requirePhone
          error={patientError}
          autoFocus={!initial}
        />
        <TextAreaField
          label={t('start.purpose')}
          hint={t('start.purposeHint')}
          error={purposeError}
          value={purpose}
          rows={3}
          maxLength={2000}
          aria-required="true"
          onChange={(e) => {
            setPurpose(e.target.value);
            setLocal((l) => ({ ...l, purpose: undefined }));
          }}
        />
        <SelectField
          label={t('start.language')}
          hint={t('start.languageHint')}
          error={languageError}
          value={language}
          onChange={(e) => {
            setLanguage(e.target.value as Language);
            setLanguageChosen(true);
          }}
        >
          {CHAT_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`languages.${code}`)}
            </option>
          ))}
        </SelectField>
        <CostNotice
          lines={lines}
          balance={costs.balance}
          required={prices?.callMinimumBalance}
          failed={costs.failed}
          onRetry={costs.retry}
        />
        <div className="dialog-footer">
          <Button onClick={props.onClose} disabled={busy}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {t('start.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
