import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ConversationView, Message } from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge } from '../../ui/layout';
import { AlertIcon } from './alert-icon';
import { describeChatError } from './chat-errors';
import { CostNotice, useCosts } from './cost-notice';
import { fullName } from '../patients';
import { TextAreaField } from '../../ui/field';
import { useDeveloperMode } from '../../app/developer-mode';
import { useApp } from '../../app/app-context';
import { SendLinkDialog } from './send-link-dialog';

/** The badge an escalated conversation wears everywhere: icon, word and when. */
export function EscalatedFlag(props: { at: string | undefined }) {
  const { t } = useTranslation('chats');
  const format = useFormat();
  return (
    <span className="chat-flag">
      <Badge tone="danger">
        <AlertIcon /> {t('escalated')}
      </Badge>
      {props.at && (
        <time className="chat-flag-time" dateTime={props.at}>
          {t('escalatedAt', { date: format.dateTime(props.at) })}
        </time>
      )}
    </span>
  );
}

function sameDay(a: string, b: string): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}

/**
 * One conversation: who and what it is about, its messages, and either the composer (active) or
 * why and when it ended (read-only).
 */
export function ChatView(props: {
  conversation: ConversationView;
  pending: string | undefined;
  sendError: BridgeFailure | undefined;
  onSend: (content: string) => Promise<boolean>;
  onEnd: () => Promise<void>;
}) {
  const { t } = useTranslation('chats');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const { conversation, pending } = props;
  const name = fullName(conversation.patient);
  const active = conversation.status === 'active';
  // Typing the patient's side is a sandbox tool: only in sandbox and developer mode.
  const developerMode = useDeveloperMode();
  const [confirming, setConfirming] = useState(false);
  const [linking, setLinking] = useState(false);
  // Typing as the patient is a testing tool: a real clinic's patients write from their link.
  const sandbox = useApp((s) => s.sandbox);
  const [ending, setEnding] = useState(false);
  const [endError, setEndError] = useState<BridgeFailure>();
  const logRef = useRef<HTMLDivElement>(null);

  // New messages (and the pending one) come in at the bottom: keep them in view.
  const count = conversation.messages.length + (pending === undefined ? 0 : 1);
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count, conversation.id]);

  async function end() {
    setEnding(true);
    setEndError(undefined);
    try {
      await props.onEnd();
      setConfirming(false);
    } catch (error) {
      setEndError(asFailure(error));
      setConfirming(false);
    } finally {
      setEnding(false);
    }
  }

  return (
    <section className="chat-view" aria-label={t('chat.label', { name })}>
      <header className="chat-header">
        <div className="chat-title">
          <h2>{name}</h2>
          <Badge tone={active ? 'success' : 'neutral'}>{t(`status.${conversation.status}`)}</Badge>
          {conversation.escalated && <EscalatedFlag at={conversation.escalatedAt} />}
        </div>
        <div className="chat-header-actions">
          <Link href={`/patients/${encodeURIComponent(conversation.patientId)}`}>
            {t('chat.openPatient', { name })}
          </Link>
          {active && (
            <Button size="sm" onClick={() => setLinking(true)}>
              {t('link.open')}
            </Button>
          )}
          {active && (
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
              {t('chat.end')}
            </Button>
          )}
        </div>
      </header>

      <dl className="chat-meta">
        <div className="chat-meta-context">
          <dt>{t('chat.context')}</dt>
          {/* The coordinator's own words, shown as written (not interface text). Kept to three
              lines so the history keeps the height; a longer one scrolls, by keyboard too. */}
          <dd translate="no" tabIndex={0}>
            {conversation.context}
          </dd>
        </div>
        <div>
          <dt>{t('chat.language')}</dt>
          <dd>{t(`languages.${conversation.language}`)}</dd>
        </div>
        <div>
          <dt>{t('chat.startedAt')}</dt>
          <dd>
            <time dateTime={conversation.createdAt}>{format.dateTime(conversation.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('chat.credits')}</dt>
          <dd>{format.number(conversation.creditsConsumed)}</dd>
        </div>
      </dl>

      {endError && (
        <p className="notice notice-danger" role="alert">
          {t('chat.endFailed', { reason: describeChatError(t, tc, endError) })}
        </p>
      )}

      {/* The log is the scrolling box and the list is inside it: a role on the <ol> itself would
          hide its list semantics, leaving its <li>s without a list. */}
      <div
        ref={logRef}
        className="chat-messages"
        role="log"
        aria-label={t('chat.messagesLabel')}
        tabIndex={0}
      >
        <ol className="chat-message-list">
          {conversation.messages.map((message) => (
            <ChatMessage
              key={message.id}
              message={message}
              language={conversation.language}
              withDate={!sameDay(message.createdAt, conversation.createdAt)}
            />
          ))}
          {pending !== undefined && (
            <>
              <li className="chat-message chat-message-patient chat-message-pending">
                <div className="chat-bubble">
                  <p className="chat-message-meta">
                    <span className="chat-role">{t('roles.patient')}</span>
                    <span className="muted">{t('chat.sending')}</span>
                  </p>
                  <p className="chat-message-text" lang={conversation.language} translate="no">
                    {pending}
                  </p>
                </div>
              </li>
              <li className="chat-message chat-message-assistant chat-message-typing">
                <p className="muted" role="status">
                  <span className="spinner" aria-hidden="true" /> {t('chat.typing')}
                </p>
              </li>
            </>
          )}
        </ol>
      </div>

      {props.sendError && (
        <p className="notice notice-danger chat-send-error" role="alert">
          {t('errors.notSent')} {describeChatError(t, tc, props.sendError)}
        </p>
      )}

      {!active ? (
        <EndedNotice conversation={conversation} />
      ) : sandbox && developerMode ? (
        <section className="chat-sandbox-tool" aria-label={t('sandboxComposer.title')}>
          <p className="chat-sandbox-tool-title">
            <Badge tone="warning">{t('sandboxComposer.badge')}</Badge>{' '}
            <span className="muted">{t('sandboxComposer.hint')}</span>
          </p>
          <Composer
            name={conversation.patient.firstName || name}
            pending={pending !== undefined}
            rows={2}
            onSend={props.onSend}
          />
        </section>
      ) : (
        <p className="notice chat-patient-writes">{t('patientWrites')}</p>
      )}

      {linking && (
        <SendLinkDialog
          conversationId={conversation.id}
          name={name}
          onClose={() => setLinking(false)}
        />
      )}

      <ConfirmDialog
        open={confirming}
        title={t('chat.endTitle')}
        confirmLabel={t('chat.endConfirm')}
        danger
        busy={ending}
        onConfirm={() => void end()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('chat.endBody', { name })}</p>
      </ConfirmDialog>
    </section>
  );
}

function ChatMessage(props: { message: Message; language: string; withDate: boolean }) {
  const { t } = useTranslation('chats');
  const format = useFormat();
  const { message } = props;
  return (
    <li
      className={`chat-message chat-message-${message.role}${message.escalated ? ' chat-message-escalated' : ''}`}
      data-testid="chat-message"
    >
      <div className="chat-bubble">
        <p className="chat-message-meta">
          <span className="chat-role">{t(`roles.${message.role}`)}</span>
          <time dateTime={message.createdAt} title={format.dateTime(message.createdAt)}>
            {props.withDate ? format.dateTime(message.createdAt) : format.time(message.createdAt)}
          </time>
          {message.escalated && (
            <Badge tone="danger">
              <AlertIcon />{' '}
              {message.role === 'patient' ? t('chat.redFlag') : t('chat.redFlagEscalated')}
            </Badge>
          )}
        </p>
        {/* What the patient and the assistant wrote, in the conversation's language. */}
        <p className="chat-message-text" lang={props.language} translate="no">
          {message.content}
        </p>
        {message.metadata?.fallback && (
          <p className="chat-message-note muted">{t('chat.fallback')}</p>
        )}
      </div>
    </li>
  );
}

function EndedNotice(props: { conversation: ConversationView }) {
  const { t } = useTranslation('chats');
  const format = useFormat();
  const { endedAt, endReason } = props.conversation;
  return (
    <div className="chat-ended" data-testid="chat-ended">
      {endedAt && (
        <p className="chat-ended-title">{t('ended.title', { date: format.dateTime(endedAt) })}</p>
      )}
      <p>{endReason ? t(`ended.${endReason}`) : t('ended.unknown')}</p>
      <p className="muted">{t('ended.readOnly')}</p>
    </div>
  );
}

/** The patient's side, written by the coordinator: Enter sends, Shift+Enter starts a new line. */
function Composer(props: {
  name: string;
  pending: boolean;
  rows: number;
  onSend: (content: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('chats');
  const format = useFormat();
  const costs = useCosts();
  const [text, setText] = useState('');
  const price = costs.prices?.conversationMessage;

  async function send() {
    const content = text;
    if (props.pending || content.trim() === '') return;
    setText('');
    // Refused: the words come back to the box, to send again once the problem is solved.
    if (!(await props.onSend(content))) setText((typed) => typed || content);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <form className="chat-composer" onSubmit={onSubmit}>
      <TextAreaField
        label={t('composer.label')}
        hint={t('composer.hint')}
        placeholder={t('composer.placeholder', { name: props.name })}
        value={text}
        rows={props.rows}
        maxLength={4000}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer-footer">
        <CostNotice
          compact
          lines={[
            price === undefined
              ? t('costs.loading')
              : t('costs.message', { count: price, formatted: format.number(price) }),
          ]}
          balance={costs.balance}
          required={price}
          failed={costs.failed}
          onRetry={costs.retry}
        />
        <Button type="submit" variant="primary" busy={props.pending} disabled={text.trim() === ''}>
          {t('composer.send')}
        </Button>
      </div>
    </form>
  );
}
