import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useFeatureStore } from '../../app/app-context';
import { PageHeader } from '../../ui/layout';
import { ApiReferencePanel } from './api-reference-panel';
import { ConnectionCard } from './connection-card';
import { CurlPanel } from './curl-panel';
import { useFollowRequestLog, useOpenApiDocument, useRequestLog } from './developer-queries';
import { createDeveloperStore, type DeveloperTab } from './developer-store';
import { RequestLogPanel } from './request-log-panel';
import { Tabs } from '../../ui/tabs';
import './developer.css';

export function DeveloperScreen() {
  const { t } = useTranslation('developer');
  const store = useFeatureStore(createDeveloperStore);
  const tab = useStore(store, (s) => s.tab);
  const [mounted, setMounted] = useState<ReadonlySet<DeveloperTab>>(() => new Set([tab]));

  // Both are read when the screen opens, whichever tab is showing; the log then follows the
  // service while the screen is open.
  useOpenApiDocument();
  useRequestLog();
  useFollowRequestLog();

  const select = (key: DeveloperTab) => {
    store.getState().setTab(key);
    setMounted((previous) => (previous.has(key) ? previous : new Set([...previous, key])));
  };

  return (
    <div className="developer-screen">
      <PageHeader title={t('title')} description={t('description')} />
      <ConnectionCard />
      <Tabs<DeveloperTab>
        label={t('tabs.label')}
        tabs={[
          { key: 'reference', label: t('tabs.reference') },
          { key: 'curl', label: t('tabs.curl') },
          { key: 'log', label: t('tabs.log') },
        ]}
        selected={tab}
        onSelect={select}
        mounted={mounted}
        render={(key) =>
          key === 'reference' ? (
            <ApiReferencePanel />
          ) : key === 'curl' ? (
            <CurlPanel />
          ) : (
            <RequestLogPanel />
          )
        }
      />
    </div>
  );
}
