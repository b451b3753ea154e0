import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel, Language, Patient } from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { useServiceNowMs } from '../../app/service-clock';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SelectField, TextField } from '../../ui/field';
import { ErrorState } from '../../ui/states';
import { useBalance, usePrices } from '../credits';
import { fullName } from '../patients';
import { BulkRun, type BulkPlan } from './bulk-run';
import { type ScheduleInput } from './bulk-schedule';
import { CHANNELS, refusalText, useCreditsText } from './delivery-text';
import { useAllForms, useScheduleDelivery, useScheduleSeries } from './deliveries-queries';
import { activeForms, priceOf } from './deliveries-store';
import { PatientPicker, reachable } from './patient-picker';
import { RepeatFields } from './repeat-fields';
import { checkRepeat, DEFAULT_REPEAT, type RepeatChoice } from './series-plan';
import { localInputToIso, localTimeZone, nextRoundHour, toLocalInputValue } from './service-time';

const LANGUAGES: readonly Language[] = ['es', 'ca', 'en'];
/** The service plans at most a year ahead (366 days); a day less keeps clear of the edge. */
const MAX_AHEAD_MS = 365 * 86_400_000;
/** Names listed in a warning before "…". */
const NAMES_SHOWN = 5;

interface LocalErrors {
  patients?: string;
  form?: string;
  at?: string;
}

/**
 * Schedules a form: to one patient straight away, or to several after a confirmation with the
 * total cost, then one by one with a progress bar and a summary (bulk-run.tsx). Closing reports
 * what to announce on the screen.
 */
export function ScheduleDialog(props: {
  onClose: (notice?: string) => void;
  initialPatients?: Patient[];
}) {
  const { t } = useTranslation('deliveries');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const credits = useCreditsText();
  const forms = useAllForms();
  const prices = usePrices();
  // The balance decides whether a bulk delivery may start: read fresh when the dialog opens.
  const balance = useBalance();
  const schedule = useScheduleDelivery();
  const scheduleSeries = useScheduleSeries();
  const serviceNow = useServiceNowMs();
  const formId = useId();

  const [selected, setSelected] = useState<Patient[]>(props.initialPatients ?? []);
  const [form, setForm] = useState('');
  const [channel, setChannel] = useState<Channel>('email');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState(() => toLocalInputValue(nextRoundHour(serviceNow())));
  const [language, setLanguage] = useState<Language | ''>('');
  const [message, setMessage] = useState('');
  const [repeat, setRepeat] = useState<RepeatChoice>(DEFAULT_REPEAT);
  // Checked as typed once the coordinator tried to submit, so the cost follows the choices.
  const [repeatTouched, setRepeatTouched] = useState(false);
  const [local, setLocal] = useState<LocalErrors>({});
  const [failure, setFailure] = useState<BridgeFailure>();
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<BulkPlan>();
  const running = useRef(false);

  const formList = forms.data ? activeForms(forms.data) : [];
  const priceList = prices.data;
  const balanceNow = balance.data?.balance;
  const chosenForm = formList.find((f) => f.id === form);
  const unreachable = selected.filter((p) => !reachable(p, channel));
  const startMs =
    when === 'later' ? Date.parse(localInputToIso(at) ?? '') || serviceNow() : serviceNow();
  const series = checkRepeat(repeat, startMs, serviceNow());
  const shownSeries = repeatTouched ? series : { ...series, errors: {} };

  const close = (notice?: string) => {
    if (running.current) return;
    props.onClose(notice);
  };

  function check(): { input: Omit<ScheduleInput, 'patientId'>; plan: typeof series } | undefined {
    setRepeatTouched(true);
    const errors: LocalErrors = {};
    if (selected.length === 0) errors.patients = t('schedule.errors.noPatients');
    if (!form) errors.form = t('schedule.errors.noForm');
    let scheduledAt: string | undefined;
    if (when === 'later') {
      scheduledAt = localInputToIso(at);
      const now = serviceNow();
      if (!scheduledAt) errors.at = t('schedule.errors.noDateTime');
      else if (Date.parse(scheduledAt) <= now) errors.at = t('schedule.errors.past');
      else if (Date.parse(scheduledAt) > now + MAX_AHEAD_MS)
        errors.at = t('schedule.errors.tooFar');
    }
    setLocal(errors);
    const repeatErrors = Object.keys(series.errors).length > 0;
    if (errors.patients || errors.form || errors.at || repeatErrors) return undefined;
    const text = message.trim();
    return {
      plan: series,
      input: {
        formId: form,
        channel,
        ...(scheduledAt ? { scheduledAt } : {}),
        ...(text ? { message: text } : {}),
        ...(language ? { language } : {}),
        ...(series.remindAfterDays ? { remindAfterDays: series.remindAfterDays } : {}),
      },
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const checked = check();
    if (!checked || !chosenForm) return;
    const { recurrence } = checked.plan;
    if (selected.length > 1) {
      setPlan({
        patients: selected,
        input: checked.input,
        formName: chosenForm.name,
        ...(recurrence ? { recurrence, occurrences: checked.plan.occurrences } : {}),
      });
      return;
    }
    const patient = selected[0]!;
    setBusy(true);
    try {
      if (recurrence) {
        const { scheduledAt, ...rest } = checked.input;
        const made = await scheduleSeries.mutateAsync({
          ...rest,
          ...(scheduledAt ? { startsAt: scheduledAt } : {}),
          recurrence,
          patientId: patient.id,
        });
        props.onClose(
          t('repeat.scheduled', {
            name: fullName(patient),
            count: made.occurrences,
            formatted: format.number(made.occurrences),
            first: format.dateTime(made.startsAt),
          }),
        );
        return;
      }
      const created = await schedule.mutateAsync({ ...checked.input, patientId: patient.id });
      props.onClose(
        t('schedule.scheduled', {
          name: fullName(patient),
          when: checked.input.scheduledAt
            ? format.dateTime(created.scheduledAt)
            : t('schedule.scheduledNow'),
        }),
      );
    } catch (error) {
      setFailure(asFailure(error));
      setBusy(false);
    }
  }

  if (plan) {
    return (
      <BulkRun
        plan={plan}
        onBack={() => setPlan(undefined)}
        onRunning={(on) => {
          running.current = on;
        }}
        onClose={close}
      />
    );
  }

  const fields = failure?.code === 'validation_failed' ? failure.fieldErrors() : {};
  const atError =
    local.at ??
    (fields['/scheduledAt']?.code === 'past'
      ? t('schedule.errors.past')
      : fields['/scheduledAt']
        ? t('schedule.errors.tooFar')
        : undefined);
  const generalError =
    failure && !fields['/scheduledAt'] ? refusalText(t, tc, failure, channel) : undefined;
  const price = priceList ? priceOf(priceList, channel) : undefined;

  return (
    <Dialog open wide title={t('schedule.title')} onClose={() => close()}>
      <form className="deliveries-schedule" onSubmit={(e) => void submit(e)} noValidate>
        {generalError && (
          <p className="notice notice-danger" role="alert">
            {generalError}
          </p>
        )}
        <fieldset className={`deliveries-fieldset${local.patients ? ' field-invalid' : ''}`}>
          <legend>{t('schedule.recipients')}</legend>
          <PatientPicker
            selected={selected}
            onChange={(next) => {
              setSelected(next);
              setLocal((l) => ({ ...l, patients: undefined }));
            }}
            channel={channel}
          />
          {local.patients && (
            <p className="field-error" role="alert">
              {local.patients}
            </p>
          )}
        </fieldset>

        {forms.error && (
          <ErrorState variant="notice" error={forms.error} onRetry={() => void forms.refetch()} />
        )}
        {forms.isSuccess && formList.length === 0 && (
          <p className="notice notice-warning">{t('schedule.noActiveForms')}</p>
        )}
        <SelectField
          id={formId}
          label={t('schedule.form')}
          value={form}
          error={local.form}
          aria-required="true"
          onChange={(e) => {
            setForm(e.target.value);
            setLocal((l) => ({ ...l, form: undefined }));
          }}
        >
          <option value="">{t('schedule.chooseForm')}</option>
          {formList.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </SelectField>

        <fieldset className="deliveries-fieldset deliveries-radios">
          <legend>{t('schedule.channel')}</legend>
          {CHANNELS.map((c) => (
            <label key={c} className="deliveries-check">
              <input
                type="radio"
                name="channel"
                value={c}
                checked={channel === c}
                onChange={() => setChannel(c)}
              />
              <span>
                {priceList
                  ? t('schedule.channelOption', {
                      channel: t(`channels.${c}`),
                      price: credits(priceOf(priceList, c)),
                    })
                  : t(`channels.${c}`)}
              </span>
            </label>
          ))}
        </fieldset>
        {unreachable.length > 0 && (
          <div className="notice notice-warning deliveries-unreachable" role="status">
            <p>
              {t(channel === 'whatsapp' ? 'unreachable.whatsapp' : 'unreachable.email', {
                count: unreachable.length,
                formatted: format.number(unreachable.length),
                names:
                  unreachable.slice(0, NAMES_SHOWN).map(fullName).join(', ') +
                  (unreachable.length > NAMES_SHOWN ? ', …' : ''),
              })}
            </p>
            <Button
              size="sm"
              onClick={() => setSelected(selected.filter((p) => reachable(p, channel)))}
            >
              {t('unreachable.remove')}
            </Button>
          </div>
        )}

        <fieldset className="deliveries-fieldset deliveries-radios">
          <legend>{t('schedule.when')}</legend>
          <label className="deliveries-check">
            <input
              type="radio"
              name="when"
              value="now"
              checked={when === 'now'}
              onChange={() => setWhen('now')}
            />
            <span>{t('schedule.now')}</span>
          </label>
          <label className="deliveries-check">
            <input
              type="radio"
              name="when"
              value="later"
              checked={when === 'later'}
              onChange={() => setWhen('later')}
            />
            <span>{t('schedule.later')}</span>
          </label>
        </fieldset>
        {when === 'later' && (
          <TextField
            label={t('schedule.dateTime')}
            type="datetime-local"
            value={at}
            min={toLocalInputValue(serviceNow())}
            hint={t('schedule.dateTimeHint', { zone: localTimeZone() })}
            error={atError}
            onChange={(e) => {
              setAt(e.target.value);
              setLocal((l) => ({ ...l, at: undefined }));
            }}
          />
        )}

        <RepeatFields
          value={repeat}
          checked={shownSeries}
          onChange={(patch) => setRepeat((r) => ({ ...r, ...patch }))}
        />

        <div className="form-row">
          <SelectField
            label={t('schedule.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language | '')}
          >
            <option value="">{t('schedule.preferredLanguage')}</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`schedule.languages.${l}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-message`}>{t('schedule.message')}</label>
          <textarea
            id={`${formId}-message`}
            rows={2}
            maxLength={1000}
            value={message}
            aria-describedby={`${formId}-message-hint`}
            onChange={(e) => setMessage(e.target.value)}
          />
          <p className="field-hint" id={`${formId}-message-hint`}>
            {t('schedule.messageHint')}
          </p>
        </div>

        <div className="dialog-footer deliveries-footer">
          {price !== undefined && balanceNow !== undefined && (
            <span className="muted deliveries-cost" data-testid="schedule-cost">
              {repeat.repeat
                ? t('repeat.cost', {
                    count: series.occurrences,
                    formatted: format.number(series.occurrences),
                    cost: credits(price * series.occurrences * Math.max(selected.length, 1)),
                    balance: format.number(balanceNow),
                  })
                : t('schedule.cost', {
                    cost: credits(price * Math.max(selected.length, 1)),
                    balance: format.number(balanceNow),
                  })}
            </span>
          )}
          <Button onClick={() => close()}>{tc('actions.cancel')}</Button>
          <Button type="submit" variant="primary" busy={busy}>
            {selected.length > 1
              ? t('schedule.review', {
                  count: selected.length,
                  formatted: format.number(selected.length),
                })
              : repeat.repeat
                ? t('repeat.submit')
                : t('schedule.submitOne')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
