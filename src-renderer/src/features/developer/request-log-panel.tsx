import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { RequestLogEntry } from '../../../../src-preload/contract';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Card } from '../../ui/layout';
import { AsyncView, describeError, EmptyState } from '../../ui/states';
import { useClearRequestLog, useRequestLog, useSetPaused } from './developer-queries';
import { createDeveloperStore } from './developer-store';

function statusTone(status: number): string {
  if (status >= 500) return 'danger';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'info';
  return 'success';
}

/** The requests the service answered, newest first, following it live unless paused. */
export function RequestLogPanel() {
  const { t } = useTranslation('developer');
  const { t: tc } = useTranslation();
  const store = useFeatureStore(createDeveloperStore);
  const log = useRequestLog();
  const paused = useStore(store, (s) => s.paused);
  const missed = useStore(store, (s) => s.missed);
  const setPaused = useSetPaused();
  const clearLog = useClearRequestLog();
  const [notice, setNotice] = useState<string>();
  const failure = clearLog.error;

  const clear = () => clearLog.mutate(undefined, { onSuccess: () => setNotice(t('log.cleared')) });

  return (
    <Card
      title={t('log.label')}
      label={t('log.label')}
      className="developer-log"
      actions={
        <div className="developer-log-actions">
          <Button
            size="sm"
            aria-pressed={paused}
            onClick={() => {
              setNotice(undefined);
              setPaused(!paused);
            }}
          >
            {paused ? t('log.resume') : t('log.pause')}
          </Button>
          <Button size="sm" variant="ghost" busy={clearLog.isPending} onClick={clear}>
            {t('log.clear')}
          </Button>
        </div>
      }
    >
      <p className="developer-hint">{t('log.intro')}</p>
      <p className="developer-log-status" role="status">
        {paused ? (
          missed > 0 ? (
            t('log.paused', { count: missed })
          ) : (
            t('log.pausedNone')
          )
        ) : (
          <span className="badge badge-success">{t('log.live')}</span>
        )}
        {notice && <span className="developer-log-notice"> {notice}</span>}
      </p>
      {failure && (
        <p className="notice notice-danger" role="alert">
          {describeError(tc, failure)}
        </p>
      )}
      <AsyncView
        state={log}
        isEmpty={(entries) => entries.length === 0}
        empty={
          <EmptyState title={t('log.empty.title')}>
            <p className="muted">{t('log.empty.body')}</p>
          </EmptyState>
        }
      >
        {(entries) => <LogTable entries={entries} label={t('log.label')} />}
      </AsyncView>
    </Card>
  );
}

function LogTable(props: { entries: RequestLogEntry[]; label: string }) {
  const { t } = useTranslation('developer');
  const format = useFormat();
  // Seconds matter in a request log; the locale is the UI's, as everywhere else.
  const clock = useMemo(
    () => new Intl.DateTimeFormat(format.locale, { timeStyle: 'medium' }),
    [format.locale],
  );
  return (
    <div className="developer-log-wrap">
      <table className="table developer-log-table" aria-label={props.label}>
        <thead>
          <tr>
            <th scope="col">{t('log.columns.time')}</th>
            <th scope="col">{t('log.columns.method')}</th>
            <th scope="col">{t('log.columns.path')}</th>
            <th scope="col">{t('log.columns.status')}</th>
            <th scope="col" className="num">
              {t('log.columns.duration')}
            </th>
            <th scope="col">{t('log.columns.credential')}</th>
          </tr>
        </thead>
        <tbody>
          {props.entries.map((entry) => (
            <tr key={entry.seq}>
              <td>
                <time dateTime={entry.at} title={format.dateTime(entry.at)}>
                  {clock.format(new Date(entry.at))}
                </time>
              </td>
              <td>
                <span
                  className={`developer-method developer-method-${entry.method}`}
                  translate="no"
                >
                  {entry.method}
                </span>
              </td>
              <td className="developer-log-path">
                <code title={entry.path}>{entry.path}</code>
              </td>
              <td>
                <span className={`badge badge-${statusTone(entry.status)}`}>{entry.status}</span>
              </td>
              <td className="num">
                {t('log.duration', { value: format.number(entry.durationMs) })}
              </td>
              <td>
                {entry.credential ? (
                  <>
                    {entry.credential.keyName}
                    {entry.credential.kind === 'jwt' && (
                      <span
                        className="muted developer-via-token"
                        title={t('log.viaTokenHint', { name: entry.credential.keyName })}
                      >
                        {' '}
                        ({t('log.viaToken')})
                      </span>
                    )}
                  </>
                ) : (
                  <span className="muted">{t('log.noCredential')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
