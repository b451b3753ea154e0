import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel, ChatLink, ChatLinkChannel } from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorState, LoadingState, describeError } from '../../ui/states';
import { useLinkOptions, useSendLink } from './chats-queries';

/** The consent as recorded for a channel, in words: yes, no, or nobody recorded it. */
function consentKey(consent: boolean | null) {
  return consent === null ? 'unknown' : consent ? 'yes' : 'no';
}

/**
 * Sends the patient a personal link to this conversation (WhatsApp or e-mail), so they write in
 * it themselves from their phone. Each channel says where it would go and what the patient said
 * about being contacted that way; a channel without an address or with consent refused cannot be
 * chosen. It costs nothing (the conversation is paid for); the message it sends is shown after,
 * as it stands in the outbox.
 */
export function SendLinkDialog(props: {
  conversationId: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('chats');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const options = useLinkOptions(props.conversationId, true);
  const send = useSendLink(props.conversationId);
  const [choice, setChoice] = useState<Channel>();
  const [sent, setSent] = useState<ChatLink>();
  const [error, setError] = useState<BridgeFailure>();

  const channels = options.data?.channels ?? [];
  const firstUsable = channels.find((c) => c.usable)?.channel;
  const channel = choice ?? firstUsable;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!channel) return;
    setError(undefined);
    try {
      setSent(await send.mutateAsync(channel));
    } catch (failure) {
      setError(asFailure(failure));
    }
  }

  const describeChannel = (c: ChatLinkChannel) =>
    [
      c.address ?? t('link.noAddress'),
      t(`link.consent.${consentKey(c.consent)}`),
      ...(c.reason === 'no_consent' ? [t('link.refused')] : []),
    ].join(' · ');

  return (
    <Dialog
      open
      title={t('link.title', { name: props.name })}
      onClose={props.onClose}
      footer={
        sent ? (
          <Button variant="primary" onClick={props.onClose}>
            {t('link.done')}
          </Button>
        ) : (
          <>
            <Button onClick={props.onClose}>{tc('actions.cancel')}</Button>
            <Button
              type="submit"
              form="send-link-form"
              variant="primary"
              busy={send.isPending}
              disabled={!channel || !options.data?.active}
            >
              {t('link.submit')}
            </Button>
          </>
        )
      }
    >
      <p>{t('link.intro')}</p>
      {options.error ? (
        <ErrorState error={options.error} onRetry={() => void options.refetch()} />
      ) : !options.data ? (
        <LoadingState />
      ) : sent ? (
        <p className="notice" role="status" data-testid="link-sent">
          {t('link.sent', {
            channel: t(`link.channels.${sent.channel ?? 'whatsapp'}`),
            to: sent.to ?? '',
          })}
        </p>
      ) : (
        <form id="send-link-form" onSubmit={(e) => void onSubmit(e)}>
          <fieldset className="chat-link-channels">
            <legend>{t('link.channel')}</legend>
            {channels.map((c) => (
              <label key={c.channel} className="chat-link-channel">
                <input
                  type="radio"
                  name="channel"
                  value={c.channel}
                  checked={channel === c.channel}
                  disabled={!c.usable}
                  onChange={() => setChoice(c.channel)}
                />
                <span>
                  <strong>{t(`link.channels.${c.channel}`)}</strong>
                  <span className="muted"> {describeChannel(c)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {!firstUsable && (
            <p className="notice notice-warning" role="alert">
              {t('link.noChannel')}
            </p>
          )}
          <p className="muted" data-testid="link-cost">
            {t('link.cost')}
          </p>
          {error && (
            <p className="notice notice-danger" role="alert">
              {t('link.failed', { reason: describeError(tc, error) })}
            </p>
          )}
        </form>
      )}
      {options.data && options.data.sent.length > 0 && (
        <section className="chat-link-sent" aria-label={t('link.sentListLabel')}>
          <h3>{t('link.sentList')}</h3>
          <ul>
            {options.data.sent.map((s) => (
              <li key={s.outboxMessageId} data-testid="link-outbox-entry">
                {t('link.sentEntry', {
                  channel: t(`link.channels.${s.channel}`),
                  to: s.to,
                  date: format.dateTime(s.createdAt),
                })}{' '}
                <span className="muted">{t(`link.transport.${s.transport}`)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Dialog>
  );
}
