import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { useApp } from './app-context';
import { CopyButton } from '../ui/copy-button';
import { useFormat } from '../i18n/format';

const NAV = [
  { href: '/', key: 'dashboard', icon: '◧' },
  { href: '/patients', key: 'patients', icon: '☺' },
  { href: '/credits', key: 'credits', icon: '◎' },
  { href: '/keys', key: 'keys', icon: '⚿' },
  { href: '/settings', key: 'settings', icon: '⚙' },
] as const;

function NavItem(props: { href: string; label: string; icon: string }) {
  // "/patients/pat_…" keeps "Patients" current.
  const [exact] = useRoute(props.href);
  const [nested] = useRoute(`${props.href}/*`);
  const current = exact || (props.href !== '/' && nested);
  return (
    <li>
      <Link href={props.href} className="nav-link" aria-current={current ? 'page' : undefined}>
        <span className="nav-icon" aria-hidden="true">
          {props.icon}
        </span>
        {props.label}
      </Link>
    </li>
  );
}

function StatusBar() {
  const { t } = useTranslation();
  const format = useFormat();
  const info = useApp((s) => s.info);
  const sandbox = useApp((s) => s.sandbox);
  const clock = useApp((s) => s.clock);
  const data = 'data' in info ? info.data : undefined;
  return (
    <footer className="status-bar" aria-label={t('statusBar.api')}>
      {data && (
        <span className="status-item">
          <span className="status-label">{t('statusBar.api')}</span>
          <code data-testid="api-base-url">{data.apiBaseUrl}</code>
          <CopyButton text={data.apiBaseUrl} label={t('statusBar.copyUrl')} />
        </span>
      )}
      {data?.portNotice && (
        <span className="status-item status-warning" role="status">
          {t('statusBar.portNotice', data.portNotice)}
        </span>
      )}
      {sandbox && (
        <span className="status-item">
          <span className="badge badge-warning">{t('statusBar.sandbox')}</span>
          {clock && (
            <span title={t('statusBar.clock')} data-testid="status-clock">
              {format.dateTime(clock.now)}
            </span>
          )}
        </span>
      )}
      {data?.mode === 'web' && (
        <span className="status-item status-muted">{t('statusBar.web')}</span>
      )}
    </footer>
  );
}

export function Shell(props: { children: ReactNode }) {
  const { t } = useTranslation();
  const language = useApp((s) => s.language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('nav.label')}
      </a>
      <aside className="sidebar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          {t('appName')}
        </div>
        <nav aria-label={t('nav.label')}>
          <ul>
            {NAV.map((item) => (
              <NavItem
                key={item.key}
                href={item.href}
                icon={item.icon}
                label={t(`nav.${item.key}`)}
              />
            ))}
          </ul>
        </nav>
      </aside>
      <main id="main" className="main" tabIndex={-1}>
        {props.children}
      </main>
      <StatusBar />
    </div>
  );
}
