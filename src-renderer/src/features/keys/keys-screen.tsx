import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyInfo } from '../../../../src-preload/contract';
import type { BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { Card, PageHeader } from '../../ui/layout';
import { AsyncView, describeError, EmptyState } from '../../ui/states';
import { CreateKeyDialog } from './create-key-dialog';
import { splitKeys, useKeys, useRevokeKey } from './keys-queries';
import { PERMISSION_LABEL_KEYS } from './permissions';
import './keys.css';
import { useServiceNow } from '../../app/service-clock';

export function KeysScreen() {
  const { t } = useTranslation('keys');
  const keys = useKeys();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyInfo | null>(null);
  const [notice, setNotice] = useState<string>();

  return (
    <div className="keys-screen">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button
            variant="primary"
            onClick={() => {
              setNotice(undefined);
              setCreating(true);
            }}
          >
            {t('newKey')}
          </Button>
        }
      />
      <p className="keys-status" role="status">
        {notice}
      </p>
      <AsyncView
        state={keys}
        isEmpty={(list) => list.length === 0}
        empty={
          <Card>
            <EmptyState title={t('empty.title')}>
              <p className="keys-empty-body">{t('empty.body')}</p>
              <Button variant="primary" onClick={() => setCreating(true)}>
                {t('empty.action')}
              </Button>
            </EmptyState>
          </Card>
        }
      >
        {(list) => {
          const { active, revoked } = splitKeys(list);
          return (
            <>
              <Card title={t('activeTitle')}>
                {active.length === 0 ? (
                  <p className="muted">{t('noActive')}</p>
                ) : (
                  <KeysTable keys={active} onRevoke={setRevoking} label={t('activeTitle')} />
                )}
              </Card>
              {revoked.length > 0 && (
                <Card title={t('revokedTitle')} className="keys-revoked">
                  <KeysTable keys={revoked} label={t('revokedTitle')} />
                </Card>
              )}
            </>
          );
        }}
      </AsyncView>
      {creating && (
        <CreateKeyDialog
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
      {revoking && (
        <RevokeDialog
          apiKey={revoking}
          onDone={(revoked) => {
            setRevoking(null);
            if (revoked) setNotice(t('revoke.done', { name: revoked.name }));
          }}
        />
      )}
    </div>
  );
}

function KeysTable(props: {
  keys: ApiKeyInfo[];
  label: string;
  onRevoke?: (key: ApiKeyInfo) => void;
}) {
  const { t } = useTranslation('keys');
  const format = useFormat();
  // In sandbox mode "last used" is relative to the service clock, which may run ahead.
  const now = useServiceNow();
  return (
    <div className="keys-table-wrap">
      <table className="table keys-table" aria-label={props.label}>
        <thead>
          <tr>
            <th scope="col">{t('columns.name')}</th>
            <th scope="col">{t('columns.key')}</th>
            <th scope="col">{t('columns.permissions')}</th>
            <th scope="col">{t('columns.created')}</th>
            <th scope="col">{t('columns.lastUsed')}</th>
            <th scope="col">{t('columns.status')}</th>
            {props.onRevoke && (
              <th scope="col">
                <span className="visually-hidden">{t('columns.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {props.keys.map((key) => (
            <tr key={key.id}>
              <th scope="row" className="keys-name">
                {key.name}
              </th>
              <td>
                <code className="keys-mono">{key.hint}</code>
              </td>
              <td>
                <ul className="keys-chips">
                  {key.permissions.map((p) => (
                    <li key={p} className="badge badge-info" title={p}>
                      {t(`permissions.${PERMISSION_LABEL_KEYS[p]}`)}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                <time dateTime={key.createdAt}>{format.date(key.createdAt)}</time>
              </td>
              <td>
                {key.lastUsedAt ? (
                  <time dateTime={key.lastUsedAt} title={format.dateTime(key.lastUsedAt)}>
                    {format.relative(key.lastUsedAt, now)}
                  </time>
                ) : (
                  <span className="muted">{t('never')}</span>
                )}
              </td>
              <td>
                {key.revokedAt ? (
                  <span className="badge badge-neutral">
                    {t('status.revoked', { date: format.date(key.revokedAt) })}
                  </span>
                ) : (
                  <span className="badge badge-success">{t('status.active')}</span>
                )}
              </td>
              {props.onRevoke && (
                <td className="keys-actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    className="keys-revoke"
                    aria-label={t('revoke.actionLabel', { name: key.name })}
                    onClick={() => props.onRevoke?.(key)}
                  >
                    {t('revoke.action')}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RevokeDialog(props: { apiKey: ApiKeyInfo; onDone: (revoked?: ApiKeyInfo) => void }) {
  const { t } = useTranslation('keys');
  const { t: tc } = useTranslation();
  const revoke = useRevokeKey();
  const [failure, setFailure] = useState<BridgeFailure>();
  return (
    <ConfirmDialog
      open
      danger
      busy={revoke.isPending}
      title={t('revoke.title', { name: props.apiKey.name })}
      confirmLabel={t('revoke.confirm')}
      onCancel={() => props.onDone()}
      onConfirm={() => {
        setFailure(undefined);
        revoke.mutate(props.apiKey.id, { onSuccess: props.onDone, onError: setFailure });
      }}
    >
      <p>{t('revoke.body')}</p>
      <p>
        <code className="keys-mono">{props.apiKey.hint}</code>
      </p>
      {failure && (
        <p className="notice notice-danger" role="alert">
          {describeError(tc, failure)}
        </p>
      )}
    </ConfirmDialog>
  );
}
