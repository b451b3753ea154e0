import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useStore } from 'zustand';
import { useFeatureStore } from '../../app/app-context';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/layout';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { ChatView } from './chat-view';
import { useChatSection, useConversation, useEndChat, useSendMessage } from './chats-queries';
import { createChatsStore } from './chats-store';
import { ConversationSection } from './conversation-list';
import { PatientPicker } from './patient-picker';
import { StartChatDialog } from './start-chat-dialog';
import './chats.css';

/**
 * Chats: the conversation list on the left (active ones first, then ended ones, escalated ones
 * flagged) and the conversation `id` on the right.
 */
export function ChatsScreen(props: { id?: string }) {
  const { t } = useTranslation('chats');
  const [, navigate] = useLocation();
  const store = useFeatureStore(createChatsStore);
  const filter = useStore(store, (s) => s.filter);
  // A message, an end or an inactivity close, from this window, the HTTP API or a job: the
  // service's change feed names the topic, and both the list and the open chat follow it.
  const sections = {
    active: useChatSection('active', filter),
    ended: useChatSection('ended', filter),
  };
  const [starting, setStarting] = useState(false);
  const escalatedId = useId();

  const filtered = filter.patient !== undefined || filter.escalatedOnly;

  return (
    <div className="chats-screen">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="primary" onClick={() => setStarting(true)}>
            {t('newChat')}
          </Button>
        }
      />
      <div className="chats-layout">
        <aside className="card chats-list" aria-label={t('list.label')}>
          <div className="chats-filters" role="search" aria-label={t('filters.label')}>
            <PatientPicker
              label={t('filters.patient')}
              value={filter.patient}
              onChange={(patient) => store.getState().setFilter({ patient })}
              clearLabel={t('filters.allPatients')}
            />
            <label className="chats-check" htmlFor={escalatedId}>
              <input
                id={escalatedId}
                type="checkbox"
                checked={filter.escalatedOnly}
                onChange={(e) => store.getState().setFilter({ escalatedOnly: e.target.checked })}
              />
              {t('filters.escalatedOnly')}
            </label>
          </div>
          {(['active', 'ended'] as const).map((status) => (
            <ConversationSection
              key={status}
              status={status}
              section={sections[status]}
              selectedId={props.id}
              filtered={filtered}
            />
          ))}
        </aside>
        <div className="chats-detail">
          {props.id ? (
            <OpenChat key={props.id} id={props.id} />
          ) : (
            <div className="card chats-placeholder">
              <EmptyState title={t('noSelection.title')}>
                <p>{t('noSelection.hint')}</p>
              </EmptyState>
            </div>
          )}
        </div>
      </div>
      {starting && (
        <StartChatDialog
          patient={filter.patient}
          onClose={() => setStarting(false)}
          onStarted={(conversation) => {
            setStarting(false);
            navigate(`/chats/${encodeURIComponent(conversation.id)}`);
          }}
        />
      )}
    </div>
  );
}

/** The conversation on the right, with what is being sent (mounted afresh for each id). */
function OpenChat(props: { id: string }) {
  const { t } = useTranslation('chats');
  const conversation = useConversation(props.id);
  const send = useSendMessage(props.id);
  const end = useEndChat(props.id);
  // The patient message on its way: shown at once, greyed, until the reply is in the messages.
  const [pending, setPending] = useState<{ content: string; shownBefore: number }>();
  const [sendError, setSendError] = useState<BridgeFailure>();
  const data = conversation.data;

  if (!data) {
    if (conversation.error?.code === 'resource_missing') {
      return (
        <div className="card">
          <EmptyState title={t('notFound')}>
            <Link href="/chats">{t('backToList')}</Link>
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="card">
        {conversation.error ? (
          <ErrorState error={conversation.error} onRetry={() => void conversation.refetch()} />
        ) : (
          <LoadingState />
        )}
      </div>
    );
  }

  const shownPending =
    pending && data.messages.length <= pending.shownBefore ? pending.content : undefined;

  async function onSend(content: string): Promise<boolean> {
    if (send.isPending) return false;
    setPending({ content, shownBefore: data!.messages.length });
    setSendError(undefined);
    try {
      await send.mutateAsync(content);
      return true;
    } catch (error) {
      setPending(undefined);
      setSendError(asFailure(error));
      return false;
    }
  }

  return (
    <div className="card chats-chat">
      {conversation.error && (
        <ErrorState error={conversation.error} onRetry={() => void conversation.refetch()} />
      )}
      <ChatView
        conversation={data}
        pending={shownPending}
        sendError={sendError}
        onSend={onSend}
        onEnd={async () => {
          await end.mutateAsync();
        }}
      />
    </div>
  );
}
