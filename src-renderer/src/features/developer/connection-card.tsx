import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useApp } from '../../app/app-context';
import { CopyButton } from '../../ui/copy-button';
import { Card } from '../../ui/layout';

/** Where the API is and how to authenticate: what every curl example assumes. */
export function ConnectionCard() {
  const { t } = useTranslation('developer');
  const info = useApp((s) => s.info);
  const baseUrl = 'data' in info && info.data ? info.data.apiBaseUrl : '';
  const documentUrl = `${baseUrl}/openapi.json`;
  return (
    <Card title={t('connection.title')} className="developer-connection">
      <dl className="developer-facts">
        <div>
          <dt>{t('connection.baseUrl')}</dt>
          <dd>
            <code data-testid="developer-base-url">{baseUrl}</code>
            <CopyButton text={baseUrl} label={t('connection.copyBaseUrl')} />
          </dd>
        </div>
        <div>
          <dt>{t('connection.document')}</dt>
          <dd>
            <code>{documentUrl}</code>
            <CopyButton text={documentUrl} label={t('connection.copyDocument')} />
          </dd>
        </div>
      </dl>
      <p className="developer-hint">
        {t('connection.keyHint')} <Link href="/keys">{t('connection.keysLink')}</Link>
      </p>
    </Card>
  );
}
