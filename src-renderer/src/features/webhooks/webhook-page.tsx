import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useFeatureStore } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Card, PageHeader } from '../../ui/layout';
import { AsyncView } from '../../ui/states';
import { DeliveryLog } from './delivery-log';
import { EditWebhookDialog } from './register-dialogs';
import { describeWebhookError } from './webhook-labels';
import { createWebhookLogStore } from './webhook-log-store';
import {
  DeleteWebhookDialog,
  disabledWhy,
  EventChips,
  LastAttempt,
  StatusBadge,
  SuccessRate,
} from './webhook-status';
import { useReceiver, useUpdateWebhook, useWebhook } from './webhooks-queries';
import './webhooks.css';

/** One webhook: its state and figures, edit, reactivate, delete, and its delivery log. */
export function WebhookPage(props: { id: string }) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const [, navigate] = useLocation();
  const store = useFeatureStore(createWebhookLogStore);
  const webhook = useWebhook(props.id);
  // The edit form offers the test receiver's address, and this page may be opened before the
  // list (a link from the dashboard or a notification), so it asks for the receiver itself.
  const receiver = useReceiver();
  const update = useUpdateWebhook();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    store.getState().open(props.id);
  }, [store, props.id]);

  const receiverUrl = receiver.data?.available ? receiver.data.info.url : undefined;
  const missing = webhook.error?.code === 'resource_missing' && !webhook.data;
  const failure = update.error;

  const back = (
    <Link href="/webhooks" className="webhooks-back">
      <span aria-hidden="true">← </span>
      {t('actions.back')}
    </Link>
  );

  if (missing) {
    return (
      <div className="webhooks-screen">
        {back}
        <PageHeader title={t('title')} />
        <Card>
          <p>{t('page.missing')}</p>
        </Card>
      </div>
    );
  }

  return (
    <div className="webhooks-screen">
      {back}
      <AsyncView state={webhook}>
        {(hook) => (
          <>
            <PageHeader
              title={<span className="webhooks-page-url">{hook.url}</span>}
              description={t('page.since', { date: format.date(hook.createdAt) })}
              actions={
                <>
                  {hook.status === 'disabled' && (
                    <Button
                      variant="primary"
                      busy={update.isPending}
                      onClick={() => {
                        setNotice(undefined);
                        update.mutate(
                          { id: hook.id, patch: { status: 'active' } },
                          {
                            onSuccess: (saved) =>
                              setNotice(t('notices.reactivated', { url: saved.url })),
                          },
                        );
                      }}
                    >
                      {t('actions.reactivate')}
                    </Button>
                  )}
                  <Button
                    onClick={() => {
                      setNotice(undefined);
                      setEditing(true);
                    }}
                  >
                    {t('actions.edit')}
                  </Button>
                  <Button variant="danger" onClick={() => setDeleting(true)}>
                    {t('actions.delete')}
                  </Button>
                </>
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
            {hook.status === 'disabled' && (
              <div className="notice notice-danger webhooks-disabled-notice">
                <strong>{disabledWhy(t, hook)}</strong> {t('disabledReason.hint')}
              </div>
            )}
            <Card className="webhooks-summary">
              <dl className="webhooks-facts">
                <div>
                  <dt>{t('columns.status')}</dt>
                  <dd>
                    <StatusBadge webhook={hook} />
                  </dd>
                </div>
                <div>
                  <dt>{t('columns.success')}</dt>
                  <dd>
                    <SuccessRate webhook={hook} />
                  </dd>
                </div>
                <div>
                  <dt>{t('columns.last')}</dt>
                  <dd>
                    <LastAttempt webhook={hook} />
                  </dd>
                </div>
                <div>
                  <dt>{t('page.subscribed')}</dt>
                  <dd>
                    <EventChips events={hook.events} />
                  </dd>
                </div>
              </dl>
              {(hook.stats.pendingDeliveries > 0 || hook.stats.failedDeliveries > 0) && (
                <p className="webhooks-open-deliveries">
                  {hook.stats.pendingDeliveries > 0 && (
                    <span>{t('stats.pending', { count: hook.stats.pendingDeliveries })}</span>
                  )}
                  {hook.stats.failedDeliveries > 0 && (
                    <span className="webhooks-rate-bad">
                      {t('stats.failed', { count: hook.stats.failedDeliveries })}
                    </span>
                  )}
                </p>
              )}
            </Card>
            <DeliveryLog webhookId={hook.id} disabled={hook.status === 'disabled'} />
            {editing && (
              <EditWebhookDialog
                webhook={hook}
                receiverUrl={receiverUrl}
                onClose={(saved) => {
                  setEditing(false);
                  if (saved) setNotice(t('notices.saved'));
                }}
              />
            )}
            {deleting && (
              <DeleteWebhookDialog
                webhook={hook}
                onDone={(deleted) => {
                  setDeleting(false);
                  if (deleted) navigate('/webhooks');
                }}
              />
            )}
          </>
        )}
      </AsyncView>
    </div>
  );
}
