import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useFeatureStore, useRefreshOn } from '../../app/app-context';
import { PageHeader } from '../../ui/layout';
import { AsyncView } from '../../ui/states';
import { AssistantCard } from './assistant-card';
import { ClinicCard, LanguageCard, PlanCard, SandboxModeCard, ServerCard } from './general-cards';
import { SandboxPanel } from './sandbox-panel';
import { createSettingsStore } from './settings-store';
import { SmtpCard } from './smtp-card';
import './settings.css';

export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const store = useFeatureStore(createSettingsStore);
  const settings = useStore(store, (s) => s.settings);

  useEffect(() => {
    void store.getState().load();
  }, [store]);
  useRefreshOn(['settings'], () => void store.getState().load());

  return (
    <div className="settings-screen">
      <PageHeader title={t('title')} description={t('description')} />
      <AsyncView state={settings} onRetry={() => void store.getState().load()}>
        {(data) => (
          <div className="settings-grid">
            <LanguageCard />
            <ClinicCard settings={data} />
            <PlanCard settings={data} />
            <ServerCard settings={data} />
            <AssistantCard settings={data} />
            <SmtpCard settings={data} />
            <SandboxModeCard settings={data} />
            {data.sandbox && <SandboxPanel />}
          </div>
        )}
      </AsyncView>
    </div>
  );
}
