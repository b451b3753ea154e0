import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppSettings, Plan } from '../../../../src-preload/contract';
import { useApp } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { LANGUAGES, type AppLanguage } from '../../i18n/messages';
import { CopyButton } from '../../ui/copy-button';
import { ConfirmDialog } from '../../ui/dialog';
import { SelectField, TextField } from '../../ui/field';
import { Switch } from '../../ui/switch';
import { PLAN_ALLOWANCE, PLANS } from './plans';
import { SectionCard, useSectionSave } from './section';
import { useDraft } from './use-draft';

/**
 * The General page: the language (the whole window follows once it is saved), the clinic's name
 * and notice address, and developer mode, in one form with one Save.
 */
export function GeneralCard(props: { settings: AppSettings }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const section = useSectionSave([
    '/language',
    '/clinicName',
    '/notificationEmail',
    '/developerMode',
  ]);
  const language = useApp((s) => s.language);
  const draft = useDraft({
    language: language as AppLanguage,
    clinicName: props.settings.clinicName,
    notificationEmail: props.settings.notificationEmail,
    developerMode: props.settings.developerMode,
  });
  const labelId = useId();
  const hintId = useId();
  const edit = (patch: Partial<typeof draft.value>) => {
    section.touch();
    draft.set(patch);
  };
  return (
    <SectionCard
      title={t('pages.general')}
      section={section}
      dirty={draft.dirty}
      onSubmit={() => {
        if (!draft.dirty) return;
        void section.save(draft.changed).then((saved) => saved && draft.clear());
      }}
    >
      <SelectField
        label={t('language.label')}
        hint={t('language.hint')}
        value={draft.value.language}
        error={section.fieldError('/language')}
        onChange={(e) => edit({ language: e.target.value as AppLanguage })}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {tc(`language.${l}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('clinic.name')}
        value={draft.value.clinicName}
        autoComplete="organization"
        error={section.fieldError('/clinicName')}
        onChange={(e) => edit({ clinicName: e.target.value })}
      />
      <TextField
        label={t('clinic.email')}
        hint={t('clinic.emailHint')}
        type="email"
        autoComplete="email"
        value={draft.value.notificationEmail}
        error={section.fieldError('/notificationEmail', { format: tc('fieldErrors.email') })}
        onChange={(e) => edit({ notificationEmail: e.target.value })}
      />
      <div className="switch-row settings-switch-row">
        <Switch
          checked={draft.value.developerMode}
          labelledBy={labelId}
          describedBy={hintId}
          onChange={(developerMode) => edit({ developerMode })}
        />
        <span id={labelId} className="switch-label">
          {t('developerMode.switchLabel')}
        </span>
        <span className="muted" aria-hidden="true">
          {draft.value.developerMode ? t('sandbox.on') : t('sandbox.off')}
        </span>
      </div>
      <p className="field-hint" id={hintId}>
        {t('developerMode.hint')}
      </p>
    </SectionCard>
  );
}

/** The port the service really listens on (its base URL's), or undefined before it said. */
function portOf(apiBaseUrl: string): number | undefined {
  const port = Number(new URL(apiBaseUrl).port);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

/**
 * Where the service listens now, and why it may not be the saved port: the saved one was taken at
 * start (the service fell back to a free one), the command line gave another for this run (web
 * mode), or a new one was saved and applies from the next start.
 */
function RunningAddress(props: { saved: number }) {
  const { t } = useTranslation('settings');
  const info = useApp((s) => s.info);
  const data = 'data' in info ? info.data : undefined;
  if (!data) return null;
  const actual = portOf(data.apiBaseUrl);
  const why = data.portNotice
    ? t('server.portTaken', data.portNotice)
    : actual !== undefined && actual !== props.saved
      ? data.mode === 'web'
        ? t('server.portFromRun')
        : t('server.portPending', { saved: props.saved })
      : undefined;
  return (
    <div className="settings-running">
      <span className="field-label">{t('server.inUse')}</span>
      <span className="settings-running-url">
        <code data-testid="settings-api-url">{data.apiBaseUrl}</code>
        <CopyButton text={data.apiBaseUrl} label={t('server.inUse')} />
      </span>
      {actual !== undefined && <p className="muted">{t('server.portInUse', { port: actual })}</p>}
      {why && (
        <p className="notice notice-warning settings-inline-notice" role="status">
          {why}
        </p>
      )}
    </div>
  );
}

export function ServerCard(props: { settings: AppSettings }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const section = useSectionSave(['/port']);
  const draft = useDraft({ port: String(props.settings.port) });
  const [localError, setLocalError] = useState<string>();
  const range = t('server.portRange');
  return (
    <SectionCard
      title={t('server.title')}
      section={section}
      dirty={draft.dirty}
      savedMessage={t('server.savedRestart')}
      intro={<RunningAddress saved={props.settings.port} />}
      onSubmit={() => {
        if (!draft.dirty) return;
        const text = draft.value.port.trim();
        if (!/^\d+$/.test(text)) {
          setLocalError(text === '' ? tc('fieldErrors.required') : range);
          return;
        }
        void section.save({ port: Number(text) }).then((saved) => saved && draft.clear());
      }}
    >
      <TextField
        label={t('server.port')}
        hint={t('server.portHint')}
        type="number"
        inputMode="numeric"
        min={1024}
        max={65535}
        step={1}
        className="settings-port"
        value={draft.value.port}
        error={
          localError ?? section.fieldError('/port', { minimum: range, maximum: range, type: range })
        }
        onChange={(e) => {
          section.touch();
          setLocalError(undefined);
          draft.set({ port: e.target.value });
        }}
      />
    </SectionCard>
  );
}

export function PlanCard(props: { settings: AppSettings }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const section = useSectionSave(['/plan']);
  const draft = useDraft<{ plan: Plan }>({ plan: props.settings.plan });
  const [confirming, setConfirming] = useState(false);
  const name = useId();
  const current = props.settings.plan;
  const next = draft.value.plan;
  return (
    <>
      <SectionCard
        title={t('plan.title')}
        section={section}
        dirty={draft.dirty}
        onSubmit={() => draft.dirty && setConfirming(true)}
      >
        <fieldset className="settings-choices">
          <legend className="visually-hidden">{t('plan.legend')}</legend>
          {PLANS.map((plan) => (
            <label key={plan} className="settings-choice">
              <input
                type="radio"
                name={name}
                value={plan}
                checked={next === plan}
                onChange={() => {
                  section.touch();
                  draft.set({ plan });
                }}
              />
              <span>
                <span className="settings-choice-title">
                  {t(`plan.names.${plan}`)}
                  {plan === current && (
                    <span className="badge badge-success">{t('plan.current')}</span>
                  )}
                </span>
                <span className="settings-choice-hint">
                  {t('plan.allowance', { credits: format.number(PLAN_ALLOWANCE[plan]) })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      </SectionCard>
      <ConfirmDialog
        open={confirming}
        title={t('plan.confirmTitle', { plan: t(`plan.names.${next}`) })}
        confirmLabel={t('plan.confirm')}
        busy={section.saving}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          void section.save({ plan: next }).then((saved) => {
            setConfirming(false);
            if (saved) draft.clear();
          });
        }}
      >
        <p>
          {t('plan.confirmBody', {
            from: format.number(PLAN_ALLOWANCE[current]),
            to: format.number(PLAN_ALLOWANCE[next]),
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}

export function SandboxModeCard(props: { settings: AppSettings }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const section = useSectionSave(['/sandbox', '/confirmSandbox']);
  const draft = useDraft({ sandbox: props.settings.sandbox });
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const hintId = useId();
  const on = draft.value.sandbox;
  const save = (confirmSandbox: boolean) =>
    void section
      .save({ sandbox: on, ...(confirmSandbox ? { confirmSandbox } : {}) })
      .then((saved) => {
        setConfirming(false);
        if (saved) draft.clear();
      });
  return (
    <>
      <SectionCard
        title={t('sandbox.title')}
        section={section}
        dirty={draft.dirty}
        onSubmit={() => {
          if (!draft.dirty) return;
          // Turning it on lets its tools replace this clinic: a person confirms, and it is recorded.
          if (on && !props.settings.sandbox) setConfirming(true);
          else save(false);
        }}
      >
        <div className="switch-row settings-switch-row">
          <Switch
            checked={on}
            labelledBy={labelId}
            describedBy={hintId}
            onChange={(next) => {
              section.touch();
              draft.set({ sandbox: next });
            }}
          />
          <span id={labelId} className="switch-label">
            {t('sandbox.switchLabel')}
          </span>
          <span className="muted" aria-hidden="true">
            {on ? t('sandbox.on') : t('sandbox.off')}
          </span>
        </div>
        <p className="field-hint" id={hintId}>
          {t('sandbox.hint')}
        </p>
        {!on && props.settings.sandbox && (
          <p className="notice notice-warning settings-inline-notice" role="alert">
            {t('sandbox.offWarning')}
          </p>
        )}
        {props.settings.sandboxLog.length > 0 && (
          <div className="settings-sandbox-log">
            <h3>{t('sandbox.logTitle')}</h3>
            <ul>
              {props.settings.sandboxLog.map((entry) => (
                <li key={entry.id}>
                  {t(`sandbox.log.${entry.action}`, {
                    when: format.dateTime(entry.at),
                    source: t(`sandbox.sources.${entry.source}`),
                    count: entry.patients,
                    formatted: format.number(entry.patients),
                  })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </SectionCard>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('sandbox.confirmTitle')}
        confirmLabel={t('sandbox.confirm')}
        busy={section.saving}
        onCancel={() => setConfirming(false)}
        onConfirm={() => save(true)}
      >
        <p>{t('sandbox.confirmBody')}</p>
      </ConfirmDialog>
    </>
  );
}
