import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationView, Language, Patient } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SelectField } from '../../ui/field';
import { fieldErrorsOf, fieldErrorText } from '../../ui/field-errors';
import { describeError } from '../../ui/states';
import { createChatsStore } from './chats-store';
import { CostNotice, useCosts } from './cost-notice';
import { PatientPicker } from './patient-picker';
import { TextAreaField } from './text-area-field';

export const CHAT_LANGUAGES: readonly Language[] = ['es', 'ca', 'en'];

/** The patient's metadata.preferredLanguage when it is one the assistant speaks. */
export function preferredLanguageOf(patient: Pick<Patient, 'metadata'>): Language | undefined {
  const value = patient.metadata?.preferredLanguage;
  return (CHAT_LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : undefined;
}

/**
 * Starts a conversation: the patient, the context the assistant follows and its language (the
 * patient's preferred one unless changed), with the cost and the balance shown before starting.
 * Mounted only while open, so each opening starts afresh.
 */
export function StartChatDialog(props: {
  patient?: Patient | undefined;
  onClose: () => void;
  onStarted: (conversation: ConversationView) => void;
}) {
  const { t } = useTranslation('chats');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const store = useFeatureStore(createChatsStore);
  const costs = useCosts();
  const [patient, setPatient] = useState<Patient | undefined>(props.patient);
  const [context, setContext] = useState('');
  const [language, setLanguage] = useState<Language>(
    (props.patient && preferredLanguageOf(props.patient)) ?? 'es',
  );
  const [languageChosen, setLanguageChosen] = useState(false);
  const [local, setLocal] = useState<{ patient?: string; context?: string }>({});
  const [failure, setFailure] = useState<BridgeFailure>();
  const [busy, setBusy] = useState(false);

  const fields = fieldErrorsOf(failure);
  const patientError = local.patient ?? fieldErrorText(tc, fields['/patientId']);
  const contextError = local.context ?? fieldErrorText(tc, fields['/context']);
  const languageError = fieldErrorText(tc, fields['/language']);
  const otherError =
    failure && Object.keys(fields).length === 0 ? describeError(tc, failure) : undefined;

  const prices = costs.prices;
  const lines = prices
    ? [
        t('costs.start', {
          count: prices.conversationStart,
          formatted: format.number(prices.conversationStart),
        }),
        t('costs.message', {
          count: prices.conversationMessage,
          formatted: format.number(prices.conversationMessage),
        }),
      ]
    : [t('costs.loading')];

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
      ...(context.trim() ? {} : { context: tc('fieldErrors.required') }),
    };
    setLocal(problems);
    if (!patient || Object.keys(problems).length) return;
    setBusy(true);
    try {
      const conversation = await store
        .getState()
        .start({ patientId: patient.id, context: context.trim(), language });
      props.onStarted(conversation);
    } catch (error) {
      setFailure(asFailure(error));
      setBusy(false);
    }
  }

  return (
    <Dialog open wide title={t('start.title')} onClose={props.onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate className="start-chat-form">
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
          error={patientError}
          autoFocus={!props.patient}
        />
        <TextAreaField
          label={t('start.context')}
          hint={t('start.contextHint')}
          error={contextError}
          value={context}
          rows={4}
          maxLength={4000}
          aria-required="true"
          onChange={(e) => {
            setContext(e.target.value);
            setLocal((l) => ({ ...l, context: undefined }));
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
          required={prices?.conversationStart}
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
