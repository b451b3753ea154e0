import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppSettings, Plan } from '../../../../src-preload/contract';
import { useApp } from '../../app/app-context';
import type { BridgeFailure } from '../../bridge/bridge';
import { describeError } from '../../ui/states';
import { useFormat } from '../../i18n/format';
import { LANGUAGES, type AppLanguage } from '../../i18n/messages';
import { ConfirmDialog } from '../../ui/dialog';
import { SelectField, TextField } from '../../ui/field';
import { Card } from '../../ui/layout';
import { Switch } from '../../ui/switch';
import { PLAN_ALLOWANCE, PLANS } from './plans';
import { SectionCard, useSectionSave } from './section';
import { usePatchSettings } from './settings-queries';
import { useDraft } from './use-draft';

/** Switches at once: the app store changes i18n and saves it; the whole window follows. */
export function LanguageCard() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const language = useApp((s) => s.language);
  const setLanguage = useApp((s) => s.setLanguage);
  const patchSettings = usePatchSettings();
  const [failure, setFailure] = useState<BridgeFailure>();
  return (
    <Card title={t('language.title')} label={t('language.title')} className="settings-card">
      {failure && (
        <p className="notice notice-danger" role="alert">
          {describeError(tc, failure)}
        </p>
      )}
      <SelectField
        label={t('language.label')}
        hint={t('language.hint')}
        value={language}
        onChange={(e) => {
          const next = e.target.value as AppLanguage;
          patchSettings({ language: next });
          void setLanguage(next).then(setFailure);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {tc(`language.${l}`)}
          </option>
        ))}
      </SelectField>
    </Card>
  );
}

export function ClinicCard(props: { settings: AppSettings }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const section = useSectionSave(['/clinicName', '/notificationEmail']);
  const draft = useDraft({
    clinicName: props.settings.clinicName,
    notificationEmail: props.settings.notificationEmail,
  });
  return (
    <SectionCard
      title={t('clinic.title')}
      section={section}
      dirty={draft.dirty}
      onSubmit={() => {
        if (!draft.dirty) return;
        void section.save(draft.changed).then((saved) => saved && draft.clear());
      }}
    >
      <TextField
        label={t('clinic.name')}
        value={draft.value.clinicName}
        autoComplete="organization"
        error={section.fieldError('/clinicName')}
        onChange={(e) => {
          section.touch();
          draft.set({ clinicName: e.target.value });
        }}
      />
      <TextField
        label={t('clinic.email')}
        hint={t('clinic.emailHint')}
        type="email"
        autoComplete="email"
        value={draft.value.notificationEmail}
        error={section.fieldError('/notificationEmail', { format: tc('fieldErrors.email') })}
        onChange={(e) => {
          section.touch();
          draft.set({ notificationEmail: e.target.value });
        }}
      />
    </SectionCard>
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
  const setSandbox = useApp((s) => s.setSandbox);
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
        if (!saved) return;
        draft.clear();
        setSandbox(saved.sandbox);
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
