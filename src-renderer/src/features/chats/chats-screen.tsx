import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useStore } from 'zustand';
import { useFeatureStore, useRefreshOn } from '../../app/app-context';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/layout';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { ChatView } from './chat-view';
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
  const sections = useStore(store, (s) => s.sections);
  const [starting, setStarting] = useState(false);
  const escalatedId = useId();

  // Changes pushed while another screen was shown were not heard: load again on every visit
  // (what the store kept stays on screen meanwhile).
  useEffect(() => {
    void store.getState().loadLists();
  }, [store]);
  useEffect(() => {
    void store.getState().open(props.id);
  }, [store, props.id]);
  // A message, an end or an inactivity close, from this window, the HTTP API or a job: the
  // service's change feed names the topic, and both the list and the open chat follow it.
  useRefreshOn(['conversations'], () => {
    const state = store.getState();
    void state.loadLists();
    void state.refreshConversation();
  });

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
              onChange={(patient) => void store.getState().setFilter({ patient })}
              clearLabel={t('filters.allPatients')}
            />
            <label className="chats-check" htmlFor={escalatedId}>
              <input
                id={escalatedId}
                type="checkbox"
                checked={filter.escalatedOnly}
                onChange={(e) =>
                  void store.getState().setFilter({ escalatedOnly: e.target.checked })
                }
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
              onRetry={() => void store.getState().loadLists()}
              onMore={() => void store.getState().loadMore(status)}
            />
          ))}
        </aside>
        <div className="chats-detail">
          {props.id ? (
            <OpenChat id={props.id} />
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

function OpenChat(props: { id: string }) {
  const { t } = useTranslation('chats');
  const store = useFeatureStore(createChatsStore);
  const openId = useStore(store, (s) => s.openId);
  const conversation = useStore(store, (s) => s.conversation);
  const pending = useStore(store, (s) => s.pending);
  const sendError = useStore(store, (s) => s.sendError);

  // Until the store switches to this id, what it holds belongs to the previous conversation.
  const current = openId === props.id ? conversation : ({ status: 'loading' } as const);
  const data = 'data' in current ? current.data : undefined;

  if (!data) {
    if (current.status === 'error' && current.error.code === 'resource_missing') {
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
        {current.status === 'error' ? (
          <ErrorState
            error={current.error}
            onRetry={() => void store.getState().refreshConversation()}
          />
        ) : (
          <LoadingState />
        )}
      </div>
    );
  }

  return (
    <div className="card chats-chat">
      {current.status === 'error' && (
        <ErrorState
          error={current.error}
          onRetry={() => void store.getState().refreshConversation()}
        />
      )}
      <ChatView
        conversation={data}
        pending={pending}
        sendError={sendError}
        onSend={(content) => store.getState().send(content)}
        onEnd={() => store.getState().end()}
      />
    </div>
  );
}
