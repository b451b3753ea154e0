import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedWebhook, WebhookView } from '../../../../src-preload/contract';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { WebhookForm, type WebhookDraft } from './webhook-form';
import { inListOrder } from './webhook-labels';
import { useCreateWebhook, useUpdateWebhook } from './webhooks-queries';
import verifySnippet from './verify-signature-snippet.txt?raw';

/**
 * How a receiver checks X-Service-Signature (interface spec, Delivery format): the HMAC of the raw
 * body keyed with the whole secret, compared in constant time. Kept as a text file beside this
 * one (imported above): it is Node code for the receiver's side, shown, never run in the window.
 */
export const VERIFY_SNIPPET = verifySnippet.trimEnd();

/**
 * Registers a webhook, then shows its secret once. Mounted only while open: closing unmounts it,
 * so the secret (held in this component's state alone) is gone with it.
 */
export function RegisterWebhookDialog(props: {
  receiverUrl?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const createWebhook = useCreateWebhook();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  if (created) return <SecretDialog created={created} onClose={props.onClose} />;
  return (
    <Dialog open title={t('form.registerTitle')} onClose={props.onClose}>
      <WebhookForm
        initial={{ url: '', events: [] }}
        submitLabel={t('form.submit')}
        receiverUrl={props.receiverUrl}
        onCancel={props.onClose}
        onSubmit={async (draft) => setCreated(await createWebhook(draft))}
      />
    </Dialog>
  );
}

/** The one time a webhook's signing secret is shown, with how to verify what it signs. */
export function SecretDialog(props: { created: CreatedWebhook; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const secretId = useId();
  return (
    <Dialog open wide title={t('created.title')} onClose={props.onClose}>
      <div className="webhooks-shown-once">
        <p className="webhooks-created-url">
          <code translate="no">{props.created.url}</code>
        </p>
        <div className="notice notice-warning" role="alert">
          <strong>{t('created.warning')}</strong> {t('created.explanation')}
        </div>
        <div className="field">
          <label htmlFor={secretId}>{t('created.secret')}</label>
          <div className="shown-once-row">
            <input
              id={secretId}
              className="input webhooks-mono"
              readOnly
              autoFocus
              spellCheck={false}
              value={props.created.secret}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={props.created.secret} label={t('created.copySecret')} size="md" />
          </div>
        </div>
        <section className="shown-once-usage webhooks-verify" aria-label={t('created.verifyTitle')}>
          <h3>{t('created.verifyTitle')}</h3>
          <p className="muted">{t('created.verifyHint')}</p>
          <div className="shown-once-row">
            <pre className="webhooks-code" data-testid="verify-snippet">
              <code>{VERIFY_SNIPPET}</code>
            </pre>
            <CopyButton text={VERIFY_SNIPPET} label={t('created.copySnippet')} />
          </div>
        </section>
        <div className="dialog-footer">
          <Button variant="primary" onClick={props.onClose}>
            {t('created.done')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** Changes a webhook's URL and events; sends only what changed. */
export function EditWebhookDialog(props: {
  webhook: WebhookView;
  receiverUrl?: string | undefined;
  onClose: (saved?: WebhookView) => void;
}) {
  const { t } = useTranslation('webhooks');
  const update = useUpdateWebhook();
  const { webhook } = props;
  const initial: WebhookDraft = { url: webhook.url, events: inListOrder(webhook.events) };
  return (
    <Dialog open title={t('form.editTitle')} onClose={() => props.onClose()}>
      <WebhookForm
        initial={initial}
        submitLabel={t('form.save')}
        receiverUrl={props.receiverUrl}
        onCancel={() => props.onClose()}
        onSubmit={async (draft) => {
          const sameEvents = draft.events.join() === initial.events.join();
          if (draft.url === webhook.url && sameEvents) return props.onClose();
          const saved = await update.mutateAsync({
            id: webhook.id,
            patch: {
              ...(draft.url === webhook.url ? {} : { url: draft.url }),
              ...(sameEvents ? {} : { events: draft.events }),
            },
          });
          props.onClose(saved);
        }}
      />
    </Dialog>
  );
}
