import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/layout';
import { AsyncView } from '../../ui/states';
import { AssistantCard } from './assistant-card';
import { ClinicCard, LanguageCard, PlanCard, SandboxModeCard, ServerCard } from './general-cards';
import { SandboxPanel } from './sandbox-panel';
import { useSettings } from './settings-queries';
import { SmtpCard } from './smtp-card';
import './settings.css';

export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const settings = useSettings();

  return (
    <div className="settings-screen">
      <PageHeader title={t('title')} description={t('description')} />
      <AsyncView state={settings}>
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
