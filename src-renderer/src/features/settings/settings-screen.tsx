import { useTranslation } from 'react-i18next';
import { Link, Redirect } from 'wouter';
import type { AppSettings } from '../../../../src-preload/contract';
import { useDeveloperMode } from '../../app/developer-mode';
import { PageHeader } from '../../ui/layout';
import { AsyncView } from '../../ui/states';
import { AuditLog } from '../audit';
import { AssistantCard } from './assistant-card';
import { DataPage } from './data-page';
import { RetentionCard } from './retention-card';
import { GeneralCard, PlanCard, SandboxModeCard, ServerCard } from './general-cards';
import { SandboxPanel } from './sandbox-panel';
import { useSettings } from './settings-queries';
import { SmtpCard } from './smtp-card';
import './settings.css';

/**
 * The settings' pages, each one form with one Save (the service checks a page's values together
 * and saves all or none). The developer page (sandbox mode and its tools) only in developer mode.
 */
const PAGES = [
  { key: 'general', href: '/settings' },
  { key: 'plan', href: '/settings/plan' },
  { key: 'server', href: '/settings/server' },
  { key: 'email', href: '/settings/email' },
  { key: 'assistant', href: '/settings/assistant' },
  { key: 'data', href: '/settings/data' },
  // Who saw or changed which patient (docs/data-safety.md): how long it is kept, with its
  // own Save, above the log, which is read-only.
  { key: 'audit', href: '/settings/audit' },
  { key: 'developer', href: '/settings/developer', developer: true },
] as const;

type Page = (typeof PAGES)[number]['key'];

function PageBody(props: { page: Page; settings: AppSettings }) {
  const { settings } = props;
  switch (props.page) {
    case 'general':
      return <GeneralCard settings={settings} />;
    case 'plan':
      return <PlanCard settings={settings} />;
    case 'server':
      return <ServerCard settings={settings} />;
    case 'email':
      return <SmtpCard settings={settings} />;
    case 'assistant':
      return <AssistantCard settings={settings} />;
    case 'data':
      return <DataPage />;
    case 'audit':
      // How long the log is kept (its own Save), then the log itself (read-only).
      return (
        <>
          <RetentionCard settings={settings} />
          <AuditLog />
        </>
      );
    case 'developer':
      return (
        <>
          <SandboxModeCard settings={settings} />
          {settings.sandbox && <SandboxPanel />}
        </>
      );
  }
}

export function SettingsScreen(props: { page?: string }) {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  // The settings' own answer once it is in (the app store may not have read it yet).
  const storeDeveloperMode = useDeveloperMode();
  const developerMode = settings.data?.developerMode ?? storeDeveloperMode;
  const pages = PAGES.filter((p) => developerMode || !('developer' in p));
  const page = PAGES.find((p) => p.key === (props.page ?? 'general'));
  const hidden = page && 'developer' in page && settings.data && !developerMode;
  if (!page || hidden) return <Redirect to="/settings" replace />;

  return (
    <div className="settings-screen">
      <PageHeader title={t('title')} description={t('description')} />
      <nav className="settings-pages" aria-label={t('pages.label')}>
        <ul>
          {pages.map((p) => (
            <li key={p.key}>
              <Link
                href={p.href}
                className="settings-page-link"
                aria-current={p.key === page.key ? 'page' : undefined}
              >
                {t(`pages.${p.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <AsyncView state={settings}>
        {(data) => (
          <div
            className={`settings-page${page.key === 'audit' ? ' settings-page-wide' : ''}`}
            key={page.key}
          >
            <PageBody page={page.key} settings={data} />
          </div>
        )}
      </AsyncView>
    </div>
  );
}
