import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import { useApp } from './app-context';
import { CopyButton } from '../ui/copy-button';
import { useFormat } from '../i18n/format';
import { icons, type IconName } from '../ui/icons';
import { ProgressBar } from '../ui/layout';
import { ErrorState } from '../ui/states';
import { NotificationBell } from '../features/notifications/notification-bell';
import { AlertsAnnouncer, AlertsNavCount } from '../features/alerts/alerts-nav-count';
import { useServiceNow } from './service-clock';
import { useDeveloperMode } from './developer-mode';
import { visibleScreens } from './screens';
import { KeyboardLayer } from '../features/command-palette';

function NavItem(props: {
  href: string;
  label: string;
  icon: IconName;
  /** Inside the link, after its label (a count). */
  extra?: ReactNode;
  /** After the link (a live region must not be part of its name). */
  after?: ReactNode;
}) {
  // "/patients/pat_…" keeps "Patients" current.
  const [exact] = useRoute(props.href);
  const [nested] = useRoute(`${props.href}/*`);
  const current = exact || (props.href !== '/' && nested);
  return (
    <li>
      <Link href={props.href} className="nav-link" aria-current={current ? 'page' : undefined}>
        <span className="nav-icon">{icons[props.icon]}</span>
        {props.label}
        {props.extra}
      </Link>
      {props.after}
    </li>
  );
}

function StatusBar() {
  const { t } = useTranslation();
  const format = useFormat();
  const info = useApp((s) => s.info);
  const sandbox = useApp((s) => s.sandbox);
  const clock = useApp((s) => s.clock);
  // The API address, web mode and the sandbox badge are a developer's details (developer mode).
  const developerMode = useDeveloperMode();
  // The service's time, moving on by itself (it may run ahead of the computer's in the sandbox).
  const now = useServiceNow();
  const data = 'data' in info ? info.data : undefined;
  return (
    <footer className="status-bar" aria-label={t('statusBar.api')}>
      {data && developerMode && (
        <span className="status-item">
          <span className="status-label">{t('statusBar.api')}</span>
          <code data-testid="api-base-url">{data.apiBaseUrl}</code>
          <CopyButton text={data.apiBaseUrl} label={t('statusBar.copyUrl')} />
        </span>
      )}
      {data?.portNotice && developerMode && (
        <span className="status-item status-warning" role="status">
          {t('statusBar.portNotice', data.portNotice)}
        </span>
      )}
      {sandbox && (
        <span className="status-item">
          {developerMode && <span className="badge badge-warning">{t('statusBar.sandbox')}</span>}
          {clock && (
            <span title={t('statusBar.clock')} data-testid="status-clock">
              {format.dateTime(now)}
            </span>
          )}
        </span>
      )}
      {data?.mode === 'web' && developerMode && (
        <span className="status-item status-muted">{t('statusBar.web')}</span>
      )}
    </footer>
  );
}

/**
 * Shown until the service answers for the first time: on a first run the desktop app opens the
 * database and seeds the demo clinic behind it, which takes a moment; on the first start with
 * encryption it converts a plain clinic first, and the bar says how far.
 */
function StartingScreen() {
  const { t } = useTranslation();
  const info = useApp((s) => s.info);
  const retry = useApp((s) => s.start);
  // The desktop converting a plain clinic to an encrypted one first (its first start with it).
  const conversion = useApp((s) => s.conversion);
  const percent = conversion === undefined ? undefined : Math.floor(conversion * 100);
  return (
    <div className="starting">
      <div className="starting-card">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          {t('appName')}
        </div>
        {info.status === 'error' ? (
          <ErrorState error={info.error} onRetry={() => void retry()} />
        ) : (
          <>
            {percent === undefined ? (
              <>
                <p role="status">{t('starting')}</p>
                <ProgressBar label={t('starting')} />
              </>
            ) : (
              <>
                <p role="status">{t('startingEncryption.status', { percent })}</p>
                <p className="muted">{t('startingEncryption.why')}</p>
                <ProgressBar label={t('startingEncryption.label')} value={percent} />
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export function Shell(props: { children: ReactNode }) {
  const { t } = useTranslation();
  const language = useApp((s) => s.language);
  const info = useApp((s) => s.info);
  const developerMode = useDeveloperMode();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  if (!('data' in info) || info.data === undefined) return <StartingScreen />;
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
        <NotificationBell />
        <KeyboardLayer />
        <nav aria-label={t('nav.label')}>
          <ul>
            {visibleScreens(developerMode).map((item) => (
              <NavItem
                key={item.key}
                href={item.href}
                icon={item.key}
                label={t(`nav.${item.key}`)}
                {...(item.key === 'alerts'
                  ? { extra: <AlertsNavCount />, after: <AlertsAnnouncer /> }
                  : {})}
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
