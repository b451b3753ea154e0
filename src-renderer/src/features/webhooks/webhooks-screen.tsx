import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { WebhookView } from '../../../../src-preload/contract';
import { Button } from '../../ui/button';
import { Card, PageHeader } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { AsyncView, EmptyState } from '../../ui/states';
import { ReceiverPanel } from './receiver-panel';
import { RegisterWebhookDialog } from './register-dialogs';
import { describeWebhookError } from './webhook-labels';
import {
  DeleteWebhookDialog,
  disabledWhy,
  EventChips,
  LastAttempt,
  StatusBadge,
  SuccessRate,
} from './webhook-status';
import { useReceiver, useUpdateWebhook, useWebhookList } from './webhooks-queries';
import './webhooks.css';

export function WebhooksScreen() {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const webhooks = useWebhookList();
  const receiver = useReceiver();
  const update = useUpdateWebhook();
  const [registering, setRegistering] = useState(false);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [notice, setNotice] = useState<string>();

  const receiverUrl = receiver.data?.available ? receiver.data.info.url : undefined;
  const failure = update.error;

  function reactivate(webhook: WebhookView) {
    setNotice(undefined);
    update.mutate(
      { id: webhook.id, patch: { status: 'active' } },
      { onSuccess: () => setNotice(t('notices.reactivated', { url: webhook.url })) },
    );
  }

  return (
    <div className="webhooks-screen">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="primary" onClick={() => setRegistering(true)}>
            {t('register')}
          </Button>
        }
      />
      <p className="webhooks-status" role="status">
        {notice}
      </p>
      {failure && (
        <p className="notice notice-danger" role="alert">
          {describeWebhookError(t, tc, failure)}
        </p>
      )}
      <AsyncView
        state={webhooks}
        isEmpty={(list) => list.length === 0}
        empty={
          <Card>
            <EmptyState title={t('empty.title')}>
              <p className="webhooks-empty-body">{t('empty.body')}</p>
              <Button variant="primary" onClick={() => setRegistering(true)}>
                {t('register')}
              </Button>
            </EmptyState>
          </Card>
        }
      >
        {(list) => (
          <Card title={t('listTitle')}>
            <div className="webhooks-table-wrap">
              <table className="table webhooks-table" aria-label={t('listTitle')}>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.url')}</th>
                    <th scope="col">{t('columns.events')}</th>
                    <th scope="col">{t('columns.status')}</th>
                    <th scope="col">{t('columns.success')}</th>
                    <th scope="col">{t('columns.last')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((webhook) => (
                    <tr key={webhook.id}>
                      <th scope="row" className="webhooks-url-cell">
                        <Link
                          href={`/webhooks/${webhook.id}`}
                          className="webhooks-url"
                          aria-label={t('actions.openLabel', { url: webhook.url })}
                        >
                          {webhook.url}
                        </Link>
                      </th>
                      <td>
                        <EventChips events={webhook.events} />
                      </td>
                      <td>
                        <StatusBadge webhook={webhook} />
                        {webhook.status === 'disabled' && (
                          <p className="webhooks-disabled-why">{disabledWhy(t, webhook)}</p>
                        )}
                      </td>
                      <td>
                        <SuccessRate webhook={webhook} />
                      </td>
                      <td>
                        <LastAttempt webhook={webhook} />
                      </td>
                      <td className="webhooks-row-actions">
                        <Link href={`/webhooks/${webhook.id}`} className="btn btn-sm">
                          {t('actions.open')}
                        </Link>
                        {webhook.status === 'disabled' && (
                          <Button
                            size="sm"
                            variant="primary"
                            aria-label={t('actions.reactivateLabel', { url: webhook.url })}
                            onClick={() => reactivate(webhook)}
                          >
                            {t('actions.reactivate')}
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="ghost"
                          className="webhooks-delete"
                          aria-label={t('actions.deleteLabel', { url: webhook.url })}
                          onClick={() => {
                            setNotice(undefined);
                            setDeleting(webhook);
                          }}
                        >
                          {t('actions.delete')}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMoreFooter
              hasMore={webhooks.hasMore}
              loading={webhooks.loadingMore}
              error={webhooks.moreError}
              onMore={webhooks.loadMore}
            />
          </Card>
        )}
      </AsyncView>
      <ReceiverPanel />
      {registering && (
        <RegisterWebhookDialog receiverUrl={receiverUrl} onClose={() => setRegistering(false)} />
      )}
      {deleting && (
        <DeleteWebhookDialog
          webhook={deleting}
          onDone={(deleted) => {
            if (deleted) setNotice(t('notices.deleted', { url: deleting.url }));
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
