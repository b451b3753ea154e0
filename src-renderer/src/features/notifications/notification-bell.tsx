import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { Link } from 'wouter';
import { useBridge, useFeatureStore, useRefreshOn } from '../../app/app-context';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { icons } from '../../ui/icons';
import { AsyncView, describeError, EmptyState } from '../../ui/states';
import { NotificationItem } from './notification-item';
import { createNotificationsStore } from './notifications-store';
import './notifications.css';

/**
 * The sidebar's bell: the unread count (in its accessible name too, "3 avisos sin leer") and a
 * dialog with the latest notifications, each marked read on its own or all at once.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const bridge = useBridge();
  const store = useFeatureStore(createNotificationsStore);
  const unread = useStore(store, (s) => s.unread);
  const latest = useStore(store, (s) => s.latest);
  const [open, setOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  const [failure, setFailure] = useState<BridgeFailure>();
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    void store.getState().loadUnread();
  }, [store]);
  useRefreshOn(['notifications'], () => void store.getState().refresh());
  useEffect(
    () =>
      bridge.on('notification', () => {
        void store
          .getState()
          .refresh()
          .then(() => {
            const count = store.getState().unread;
            if (count.status === 'ready') setAnnouncement(t('bell.label', { count: count.data }));
          });
      }),
    [bridge, store, t],
  );

  const count = 'data' in unread ? (unread.data ?? 0) : 0;
  // A count that failed to load is not "none unread": say so rather than reassure.
  const label =
    unread.status === 'error'
      ? t('bell.labelUnknown')
      : count > 0
        ? t('bell.label', { count })
        : t('bell.labelNone');

  const show = () => {
    setFailure(undefined);
    setOpen(true);
    void store.getState().loadLatest();
  };

  const markAll = () => {
    setMarking(true);
    setFailure(undefined);
    store
      .getState()
      .markAllRead()
      .catch((error: unknown) => setFailure(asFailure(error)))
      .finally(() => setMarking(false));
  };

  return (
    <div className="notification-bell-area">
      <button
        type="button"
        className={`notification-bell${count > 0 ? ' notification-bell-unread' : ''}`}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={show}
      >
        <span className="nav-icon">{icons.notifications}</span>
        <span aria-hidden="true">{t('bell.text')}</span>
        {count > 0 && (
          <span className="notification-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
      <Dialog
        open={open}
        wide
        title={t('panel.title')}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Link href="/notifications" className="btn btn-ghost" onClick={() => setOpen(false)}>
              {t('panel.seeAll')}
            </Link>
            <Button busy={marking} disabled={count === 0} onClick={markAll}>
              {t('markAllRead')}
            </Button>
            <Button variant="primary" onClick={() => setOpen(false)}>
              {t('panel.close')}
            </Button>
          </>
        }
      >
        {failure && (
          <p className="notice notice-danger" role="alert">
            {describeError(tc, failure)}
          </p>
        )}
        <AsyncView
          state={latest}
          onRetry={() => void store.getState().loadLatest()}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState title={t('empty.all')} />}
        >
          {(list) => (
            <ul className="flag-list notification-list" aria-label={t('panel.title')}>
              {list.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onFollow={() => setOpen(false)} />
                </li>
              ))}
            </ul>
          )}
        </AsyncView>
      </Dialog>
    </div>
  );
}
