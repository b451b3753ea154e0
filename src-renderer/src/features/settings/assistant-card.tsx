import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppSettings, AppSettingsUpdate } from '../../../../src-preload/contract';
import { TextField } from '../../ui/field';
import { Card } from '../../ui/layout';
import { SectionCard, useSectionSave } from './section';
import { useDraft } from './use-draft';

type Provider = 'builtin' | 'openai';

const POINTERS = [
  '/assistant',
  '/assistant/provider',
  '/assistant/baseUrl',
  '/assistant/model',
  '/assistant/apiKey',
  '/assistant/timeoutSeconds',
];

export function AssistantCard(props: { settings: AppSettings }) {
  const view = props.settings.assistant;
  if (view.source === 'run') return <AssistantReadOnly settings={props.settings} />;
  return <AssistantForm settings={props.settings} />;
}

function AssistantForm(props: { settings: AppSettings }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const view = props.settings.assistant;
  const section = useSectionSave(POINTERS);
  const draft = useDraft<{
    provider: Provider;
    baseUrl: string;
    model: string;
    apiKey: string;
    timeout: string;
  }>({
    provider: view.provider,
    baseUrl: view.baseUrl ?? '',
    model: view.model ?? '',
    apiKey: '',
    timeout: view.timeoutSeconds === undefined ? '' : String(view.timeoutSeconds),
  });
  const [local, setLocal] = useState<Record<string, string>>({});
  const name = useId();
  const value = draft.value;
  const edit = (patch: Partial<typeof value>) => {
    section.touch();
    setLocal({});
    draft.set(patch);
  };

  function submit() {
    if (!draft.dirty) return;
    let update: AppSettingsUpdate['assistant'];
    if (value.provider === 'builtin') {
      update = { provider: 'builtin' };
    } else {
      const problems: Record<string, string> = {};
      if (!value.baseUrl.trim()) problems.baseUrl = tc('fieldErrors.required');
      if (!value.model.trim()) problems.model = tc('fieldErrors.required');
      const timeout = value.timeout.trim();
      if (timeout && !/^\d+$/.test(timeout)) problems.timeout = tc('fieldErrors.type');
      setLocal(problems);
      if (Object.keys(problems).length) return;
      update = {
        provider: 'openai',
        baseUrl: value.baseUrl.trim(),
        model: value.model.trim(),
        ...(value.apiKey ? { apiKey: value.apiKey } : {}),
        ...(timeout ? { timeoutSeconds: Number(timeout) } : {}),
      };
    }
    void section.save({ assistant: update }).then((saved) => saved && draft.clear());
  }

  return (
    <SectionCard
      title={t('assistant.title')}
      section={section}
      dirty={draft.dirty}
      onSubmit={submit}
    >
      <fieldset className="settings-choices">
        <legend className="visually-hidden">{t('assistant.legend')}</legend>
        {(['builtin', 'openai'] as const).map((provider) => (
          <label key={provider} className="settings-choice">
            <input
              type="radio"
              name={name}
              value={provider}
              checked={value.provider === provider}
              onChange={() => edit({ provider })}
            />
            <span>
              <span className="settings-choice-title">{t(`assistant.${provider}`)}</span>
              <span className="settings-choice-hint">{t(`assistant.${provider}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {value.provider === 'openai' && (
        <div className="settings-subform">
          <TextField
            label={t('assistant.baseUrl')}
            type="url"
            placeholder={t('assistant.baseUrlPlaceholder')}
            spellCheck={false}
            value={value.baseUrl}
            error={local.baseUrl ?? section.fieldError('/assistant/baseUrl')}
            onChange={(e) => edit({ baseUrl: e.target.value })}
          />
          <div className="form-row">
            <TextField
              label={t('assistant.model')}
              spellCheck={false}
              value={value.model}
              error={local.model ?? section.fieldError('/assistant/model')}
              onChange={(e) => edit({ model: e.target.value })}
            />
            <TextField
              label={t('assistant.timeout')}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={value.timeout}
              error={local.timeout ?? section.fieldError('/assistant/timeoutSeconds')}
              onChange={(e) => edit({ timeout: e.target.value })}
            />
          </div>
          <TextField
            label={t('assistant.apiKey')}
            type="password"
            autoComplete="off"
            hint={view.hasKey ? t('assistant.apiKeyKeep') : t('assistant.apiKeyOptional')}
            value={value.apiKey}
            error={section.fieldError('/assistant/apiKey')}
            onChange={(e) => edit({ apiKey: e.target.value })}
          />
        </div>
      )}
    </SectionCard>
  );
}

function AssistantReadOnly(props: { settings: AppSettings }) {
  const { t } = useTranslation('settings');
  const view = props.settings.assistant;
  return (
    <Card title={t('assistant.title')} label={t('assistant.title')} className="settings-card">
      <p className="notice settings-inline-notice">{t('assistant.runNote')}</p>
      <dl className="settings-readonly">
        <dt>{t('assistant.legend')}</dt>
        <dd>{t(`assistant.${view.provider}`)}</dd>
        {view.provider === 'openai' && (
          <>
            <dt>{t('assistant.baseUrl')}</dt>
            <dd>
              <code>{view.baseUrl}</code>
            </dd>
            <dt>{t('assistant.model')}</dt>
            <dd>
              <code>{view.model}</code>
            </dd>
            {view.timeoutSeconds !== undefined && (
              <>
                <dt>{t('assistant.timeout')}</dt>
                <dd>{view.timeoutSeconds}</dd>
              </>
            )}
            <dt>{t('assistant.apiKey')}</dt>
            <dd>{view.hasKey ? t('assistant.keySaved') : t('assistant.keyNone')}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}
