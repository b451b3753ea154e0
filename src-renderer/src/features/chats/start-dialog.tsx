import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, Patient, PriceList } from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SelectField } from '../../ui/field';
import { fieldErrorsOf, fieldErrorText } from '../../ui/field-errors';
import { describeError } from '../../ui/states';
import { CostNotice, useCosts } from './cost-notice';
import { PatientPicker } from './patient-picker';
import { TextAreaField } from '../../ui/field';

export const CHAT_LANGUAGES: readonly Language[] = ['es', 'ca', 'en'];

/** The patient's metadata.preferredLanguage when it is one the assistant speaks. */
export function preferredLanguageOf(patient: Pick<Patient, 'metadata'>): Language | undefined {
  const value = patient.metadata?.preferredLanguage;
  return (CHAT_LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : undefined;
}

/** The dialog's words; each screen keeps its own. */
export interface StartDialogText {
  title: string;
  intro: string;
  patient: string;
  patientRequired: string;
  brief: string;
  briefHint: string;
  language: string;
  languageHint: string;
  languageName: (code: Language) => string;
  submit: string;
  costsLoading: string;
}

/** What the assistant is told: for whom, what about (the brief) and in which language. */
export interface StartRequest {
  patientId: string;
  brief: string;
  language: Language;
}

/**
 * Starts the assistant with a patient (a chat or a call): the patient, the brief the assistant
 * follows and its language (the patient's preferred one unless changed), with the cost and the
 * balance shown before starting. Mounted only while open, so each opening starts afresh.
 */
export function StartDialog<T>(props: {
  text: StartDialogText;
  /** The brief's name in the request ("context", "purpose"): the service's field errors use it. */
  briefField: string;
  briefRows: number;
  briefMaxLength: number;
  /** The patient to start with (the list's filter), when there is one. */
  patient?: Patient | undefined;
  /** Only patients with a phone can be chosen. */
  requirePhone?: boolean;
  costs: (prices: PriceList) => { lines: string[]; required: number };
  /** A sentence for a refusal that is not about one field, when describeError's is not right. */
  explain?: (failure: BridgeFailure) => string | undefined;
  start: (request: StartRequest) => Promise<T>;
  onStarted: (result: T) => void;
  onClose: () => void;
}) {
  const { t: tc } = useTranslation();
  const { text } = props;
  const costs = useCosts();
  const initial = props.requirePhone && !props.patient?.phone ? undefined : props.patient;
  const [patient, setPatient] = useState<Patient | undefined>(initial);
  const [brief, setBrief] = useState('');
  const [language, setLanguage] = useState<Language>(
    (initial && preferredLanguageOf(initial)) ?? 'es',
  );
  const [languageChosen, setLanguageChosen] = useState(false);
  const [local, setLocal] = useState<{ patient?: string; brief?: string }>({});
  const [failure, setFailure] = useState<BridgeFailure>();
  const [busy, setBusy] = useState(false);

  const fields = fieldErrorsOf(failure);
  const patientError = local.patient ?? fieldErrorText(tc, fields['/patientId']);
  const briefError = local.brief ?? fieldErrorText(tc, fields[`/${props.briefField}`]);
  const languageError = fieldErrorText(tc, fields['/language']);
  const otherError =
    failure && Object.keys(fields).length === 0
      ? (props.explain?.(failure) ?? describeError(tc, failure))
      : undefined;
  const cost = costs.prices && props.costs(costs.prices);

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
      ...(patient ? {} : { patient: text.patientRequired }),
      ...(brief.trim() ? {} : { brief: tc('fieldErrors.required') }),
    };
    setLocal(problems);
    if (!patient || Object.keys(problems).length) return;
    setBusy(true);
    try {
      props.onStarted(await props.start({ patientId: patient.id, brief: brief.trim(), language }));
    } catch (error) {
      setFailure(asFailure(error));
      setBusy(false);
    }
  }

  return (
    <Dialog open wide title={text.title} onClose={props.onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">{text.intro}</p>
        {otherError && (
          <p className="notice notice-danger" role="alert">
            {otherError}
          </p>
        )}
        <PatientPicker
          label={text.patient}
          value={patient}
          onChange={choose}
          activeOnly
          requirePhone={props.requirePhone}
          error={patientError}
          autoFocus={!initial}
        />
        <TextAreaField
          label={text.brief}
          hint={text.briefHint}
          error={briefError}
          value={brief}
          rows={props.briefRows}
          maxLength={props.briefMaxLength}
          aria-required="true"
          onChange={(e) => {
            setBrief(e.target.value);
            setLocal((l) => ({ ...l, brief: undefined }));
          }}
        />
        <SelectField
          label={text.language}
          hint={text.languageHint}
          error={languageError}
          value={language}
          onChange={(e) => {
            setLanguage(e.target.value as Language);
            setLanguageChosen(true);
          }}
        >
          {CHAT_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {text.languageName(code)}
            </option>
          ))}
        </SelectField>
        <CostNotice
          lines={cost?.lines ?? [text.costsLoading]}
          balance={costs.balance}
          required={cost?.required}
          failed={costs.failed}
          onRetry={costs.retry}
        />
        <div className="dialog-footer">
          <Button onClick={props.onClose} disabled={busy}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={busy}>
            {text.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
