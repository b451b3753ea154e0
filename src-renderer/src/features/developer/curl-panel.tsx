import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../app/app-context';
import { CopyButton } from '../../ui/copy-button';
import { AsyncView, EmptyState } from '../../ui/states';
import { useOpenApiDocument } from './developer-queries';
import { curlOf, endpointsOf, type Endpoint } from './openapi-endpoints';

/** Every operation of the service with a curl command that runs as is once ENGAGE_API_KEY is set. */
export function CurlPanel() {
  const { t } = useTranslation('developer');
  const document = useOpenApiDocument();
  return (
    <AsyncView state={document}>
      {(doc) => <CurlList endpoints={endpointsOf(doc)} label={t('curl.label')} />}
    </AsyncView>
  );
}

function matches(endpoint: Endpoint, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text =
    `${endpoint.method} ${endpoint.path} ${endpoint.summary} ${endpoint.tag}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

function CurlList(props: { endpoints: Endpoint[]; label: string }) {
  const { t } = useTranslation('developer');
  const info = useApp((s) => s.info);
  const baseUrl = 'data' in info && info.data ? info.data.apiBaseUrl : '';
  const [query, setQuery] = useState('');
  const filterId = useId();
  const shown = useMemo(
    () => props.endpoints.filter((e) => matches(e, query)),
    [props.endpoints, query],
  );
  return (
    <section className="developer-curl" aria-label={props.label}>
      <div className="field developer-filter">
        <label htmlFor={filterId}>{t('curl.filter')}</label>
        <input
          id={filterId}
          className="input"
          type="search"
          value={query}
          aria-describedby={`${filterId}-hint`}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p id={`${filterId}-hint`} className="field-hint">
          {t('curl.filterHint')}
        </p>
      </div>
      <p className="muted" role="status">
        {t('curl.count', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <EmptyState title={t('curl.none', { query })} />
      ) : (
        <ul className="developer-endpoints">
          {shown.map((endpoint) => (
            <li key={endpoint.id} className="developer-endpoint">
              <div className="developer-endpoint-head">
                <h3 translate="no">
                  <span className={`developer-method developer-method-${endpoint.method}`}>
                    {endpoint.method}
                  </span>{' '}
                  <code>{endpoint.path}</code>
                </h3>
                {!endpoint.authenticated && (
                  <span className="badge badge-neutral" title={t('curl.publicHint')}>
                    {t('curl.public')}
                  </span>
                )}
                <CopyButton
                  text={curlOf(endpoint, baseUrl)}
                  label={t('curl.copy', { endpoint: endpoint.id })}
                />
              </div>
              {endpoint.summary && (
                <p className="developer-summary" translate="no">
                  {endpoint.summary}
                </p>
              )}
              <pre className="developer-code" translate="no">
                <code>{curlOf(endpoint, baseUrl)}</code>
              </pre>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
