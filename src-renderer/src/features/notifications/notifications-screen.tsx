import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useFeatureStore, useRefreshOn } from '../../app/app-context';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { Card, PageHeader } from '../../ui/layout';
import { AsyncView, describeError, EmptyState } from '../../ui/states';
import { NotificationItem } from './notification-item';
import { createNotificationsStore } from './notifications-store';
import './notifications.css';

/** Every notification, newest first, a page at a time, optionally only the unread ones. */
export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const store = useFeatureStore(createNotificationsStore);
  const list = useStore(store, (s) => s.list);
  const onlyUnread = useStore(store, (s) => s.onlyUnread);
  const loadingMore = useStore(store, (s) => s.loadingMore);
  const unread = useStore(store, (s) => s.unread);
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<BridgeFailure>();
  const [marking, setMarking] = useState(false);
  const filterId = useId();

  useEffect(() => {
    void store.getState().loadList();
    void store.getState().loadUnread();
  }, [store]);
  useRefreshOn(['notifications'], () => void store.getState().refresh());

  const unreadCount = 'data' in unread ? (unread.data ?? 0) : 0;

  const markAll = () => {
    setMarking(true);
    setNotice(undefined);
    setFailure(undefined);
    store
      .getState()
      .markAllRead()
      .then(
        (marked) => setNotice(t('allMarked', { count: marked })),
        (error: unknown) => setFailure(asFailure(error)),
      )
      .finally(() => setMarking(false));
  };

  const more = () => {
    setFailure(undefined);
    store
      .getState()
      .loadMore()
      .catch((error: unknown) => setFailure(asFailure(error)));
  };

  return (
    <div className="notifications-screen">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button busy={marking} disabled={unreadCount === 0} onClick={markAll}>
            {t('markAllRead')}
          </Button>
        }
      />
      <p className="notifications-status" role="status">
        {notice}
      </p>
      {failure && (
        <p className="notice notice-danger" role="alert">
          {describeError(tc, failure)}
        </p>
      )}
      <Card>
        <div className="notifications-filter">
          <input
            id={filterId}
            type="checkbox"
            checked={onlyUnread}
            onChange={(event) => void store.getState().setOnlyUnread(event.target.checked)}
          />
          <label htmlFor={filterId}>{t('onlyUnread')}</label>
        </div>
        <AsyncView
          state={list.items}
          onRetry={() => void store.getState().loadList()}
          isEmpty={(items) => items.length === 0}
          empty={
            <EmptyState title={onlyUnread ? t('empty.unread') : t('empty.all')}>
              {!onlyUnread && <p className="muted">{t('empty.allBody')}</p>}
            </EmptyState>
          }
        >
          {(items) => (
            <>
              <ul className="flag-list notification-list" aria-label={t('title')}>
                {items.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem notification={notification} />
                  </li>
                ))}
              </ul>
              {list.hasMore && (
                <div className="notifications-more">
                  <Button busy={loadingMore} onClick={more}>
                    {t('loadMore')}
                  </Button>
                </div>
              )}
            </>
          )}
        </AsyncView>
      </Card>
    </div>
  );
}
