import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useFeatureStore } from '../../app/app-context';
import { Button } from '../../ui/button';
import { Card, PageHeader } from '../../ui/layout';
import { LoadMoreFooter } from '../../ui/load-more';
import { AsyncView, describeError, EmptyState } from '../../ui/states';
import { NotificationItem } from './notification-item';
import { useMarkAllRead, useNotificationList, useUnreadCount } from './notifications-queries';
import { createNotificationsStore } from './notifications-store';
import './notifications.css';

/** Every notification, newest first, a page at a time, optionally only the unread ones. */
export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const store = useFeatureStore(createNotificationsStore);
  const onlyUnread = useStore(store, (s) => s.onlyUnread);
  const list = useNotificationList(onlyUnread);
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const [notice, setNotice] = useState<string>();
  const filterId = useId();

  const unreadCount = unread.data ?? 0;

  return (
    <div className="notifications-screen">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button
            busy={markAll.isPending}
            disabled={unreadCount === 0}
            onClick={() => {
              setNotice(undefined);
              markAll.mutate(undefined, {
                onSuccess: (marked) => setNotice(t('allMarked', { count: marked })),
              });
            }}
          >
            {t('markAllRead')}
          </Button>
        }
      />
      <p className="notifications-status" role="status">
        {notice}
      </p>
      {markAll.error && (
        <p className="notice notice-danger" role="alert">
          {describeError(tc, markAll.error)}
        </p>
      )}
      <Card>
        <div className="notifications-filter">
          <input
            id={filterId}
            type="checkbox"
            checked={onlyUnread}
            onChange={(event) => store.getState().setOnlyUnread(event.target.checked)}
          />
          <label htmlFor={filterId}>{t('onlyUnread')}</label>
        </div>
        <AsyncView
          state={list}
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
              <LoadMoreFooter
                hasMore={list.hasMore}
                loading={list.loadingMore}
                error={list.moreError}
                label={t('loadMore')}
                onMore={list.loadMore}
              />
            </>
          )}
        </AsyncView>
      </Card>
    </div>
  );
}
