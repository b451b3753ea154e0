import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CreatedWebhook,
  ReceivedRequest,
  ReceiverVerdict,
} from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Badge, Card } from '../../ui/layout';
import { AsyncView, EmptyState } from '../../ui/states';
import { Switch } from '../../ui/switch';
import { SecretDialog } from './register-dialogs';
import { ALL_EVENTS, describeWebhookError, eventLabel, prettyJson } from './webhook-labels';
import {
  useClearReceived,
  useCreateWebhook,
  useReceiver,
  useSetReceiverFailing,
} from './webhooks-queries';

/**
 * The sandbox's built-in test receiver: its URL, a one-click registration, the "make it fail"
 * switch, and what it received, live, with whether each signature verified.
 */
export function ReceiverPanel() {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  // Requests arrive over HTTP; the sandbox switch lives in the settings: the query follows both.
  const receiver = useReceiver();
  const createWebhook = useCreateWebhook();
  const setFailing = useSetReceiverFailing();
  const clearReceived = useClearReceived();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [busy, setBusy] = useState<'register' | 'failing' | 'clear'>();
  const [failure, setFailure] = useState<BridgeFailure>();
  const [notice, setNotice] = useState<string>();
  const switchLabelId = useId();
  const switchHintId = useId();

  async function act(kind: 'register' | 'failing' | 'clear', work: () => Promise<void>) {
    setBusy(kind);
    setFailure(undefined);
    setNotice(undefined);
    try {
      await work();
    } catch (error) {
      setFailure(asFailure(error));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <Card title={t('receiver.title')} className="webhooks-receiver" label={t('receiver.title')}>
      <AsyncView state={receiver}>
        {(view) => {
          if (!view.available) return <p className="muted">{t('receiver.unavailable')}</p>;
          const { info, received } = view;
          return (
            <>
              <p className="webhooks-receiver-description">{t('receiver.description')}</p>
              <div className="webhooks-receiver-url">
                <span className="webhooks-receiver-url-label">{t('receiver.url')}</span>
                <code data-testid="receiver-url">{info.url}</code>
                <CopyButton text={info.url} label={t('receiver.copyUrl')} />
              </div>
              <div className="webhooks-receiver-actions">
                <Button
                  variant="primary"
                  busy={busy === 'register'}
                  onClick={() =>
                    void act('register', async () => {
                      setCreated(await createWebhook({ url: info.url, events: ALL_EVENTS }));
                    })
                  }
                >
                  {t('receiver.registerHere')}
                </Button>
                <div className="switch-row">
                  <Switch
                    checked={info.failing}
                    tone="danger"
                    labelledBy={switchLabelId}
                    describedBy={switchHintId}
                    busy={busy === 'failing'}
                    onChange={(next) =>
                      void act('failing', async () => {
                        await setFailing.mutateAsync(next);
                      })
                    }
                  />
                  <span id={switchLabelId} className="switch-label">
                    {t('receiver.failing')}
                  </span>
                  <Badge tone={info.failing ? 'danger' : 'success'}>
                    {info.failing ? t('receiver.failingOn') : t('receiver.failingOff')}
                  </Badge>
                </div>
              </div>
              <p className="field-hint" id={switchHintId}>
                {t('receiver.failingHint')}
              </p>
              {failure && (
                <p className="notice notice-danger" role="alert">
                  {describeWebhookError(t, tc, failure)}
                </p>
              )}
              <p className="webhooks-status" role="status">
                {notice}
              </p>
              <div className="webhooks-received-header">
                <h3>{t('receiver.listLabel')}</h3>
                <span className="muted">
                  {t('receiver.received', { count: received.length, keep: info.keep })}
                </span>
                {received.length > 0 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    busy={busy === 'clear'}
                    onClick={() =>
                      void act('clear', async () => {
                        await clearReceived.mutateAsync();
                        setNotice(t('receiver.cleared'));
                      })
                    }
                  >
                    {t('receiver.clear')}
                  </Button>
                )}
              </div>
              {received.length === 0 ? (
                <EmptyState title={t('receiver.empty')} />
              ) : (
                <ol className="webhooks-received" aria-label={t('receiver.listLabel')}>
                  {received.map((request) => (
                    <ReceivedItem key={request.seq} request={request} />
                  ))}
                </ol>
              )}
            </>
          );
        }}
      </AsyncView>
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
    </Card>
  );
}

function ReceivedItem(props: { request: ReceivedRequest }) {
  const { t } = useTranslation('webhooks');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const { request } = props;
  const when = format.dateTime(request.receivedAt);
  return (
    <li className="webhooks-received-item" data-testid="received-request">
      <div className="webhooks-received-summary">
        <time dateTime={request.receivedAt}>{format.time(request.receivedAt)}</time>
        <span className="webhooks-received-event">
          {request.event ? eventLabel(t, request.event) : t('receiver.withoutEvent')}
        </span>
        <Badge tone={request.verified ? 'success' : 'danger'}>
          {request.verified ? t('receiver.verified') : t('receiver.notVerified')}
        </Badge>
        <Badge tone={request.answeredStatus < 300 ? 'neutral' : 'warning'}>
          {t('receiver.answered', { status: request.answeredStatus })}
        </Badge>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={open}
          aria-controls={detailId}
          aria-label={t('receiver.toggleLabel', { date: when })}
          onClick={() => setOpen(!open)}
        >
          {open ? t('receiver.hide') : t('receiver.show')}
        </Button>
      </div>
      {!request.verified && (
        <p className="webhooks-verdict">
          {t(`receiver.verdicts.${request.verdict as Exclude<ReceiverVerdict, 'verified'>}`)}
        </p>
      )}
      <div id={detailId} hidden={!open} className="webhooks-received-detail">
        {open && (
          <>
            <h4>{t('receiver.headers')}</h4>
            <HeaderList headers={request.headers} />
            <h4>{t('receiver.body')}</h4>
            {request.bodyTruncated && (
              <p className="muted">
                {t('receiver.truncated', {
                  kept: format.number(new TextEncoder().encode(request.body).length),
                  size: format.number(request.bodySize),
                })}
              </p>
            )}
            <pre className="webhooks-code" data-testid="received-body">
              <code>{prettyJson(request.body)}</code>
            </pre>
          </>
        )}
      </div>
    </li>
  );
}

/** Header names and values exactly as sent or received (data, not interface text). */
export function HeaderList(props: { headers: Record<string, string> }) {
  return (
    <dl className="webhooks-headers" translate="no">
      {Object.entries(props.headers).map(([name, value]) => (
        <div key={name}>
          <dt>
            <code>{name}</code>
          </dt>
          <dd>
            <code>{value}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}
