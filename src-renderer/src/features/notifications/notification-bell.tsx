import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useBridge } from '../../app/app-context';
import { invalidateTopics } from '../../data/topic-invalidation';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { icons } from '../../ui/icons';
import { AsyncView, describeError, EmptyState } from '../../ui/states';
import { NotificationItem } from './notification-item';
import {
  unreadQuery,
  useLatestNotifications,
  useMarkAllRead,
  useUnreadCount,
} from './notifications-queries';
import './notifications.css';

/**
 * The sidebar's bell: the unread count (in its accessible name too, "3 avisos sin leer") and a
 * dialog with the latest notifications, each marked read on its own or all at once.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const bridge = useBridge();
  const client = useQueryClient();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  // Something new for the centre: read everything shown again, then say how many are unread.
  useEffect(
    () =>
      bridge.on('notification', () => {
        void invalidateTopics(client, ['notifications']).then(() => {
          const count = client.getQueryData(unreadQuery(bridge).queryKey);
          if (count) setAnnouncement(t('bell.label', { count: count.unread }));
        });
      }),
    [bridge, client, t],
  );

  const count = unread.data ?? 0;
  // A count that failed to load is not "none unread": say so rather than reassure.
  const label = unread.isError
    ? t('bell.labelUnknown')
    : count > 0
      ? t('bell.label', { count })
      : t('bell.labelNone');

  const show = () => {
    markAll.reset();
    setOpen(true);
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
        {/* A space between word and number, so the visible text reads "Avisos 3" as the name
            begins (label in name, WCAG 2.5.3). */}
        {count > 0 && ' '}
        {count > 0 && (
          <span className="notification-count" aria-hidden="true">
            {/* The whole number, as the button's name says it ("99+" would not be in it). */}
            {count}
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
            <Button
              busy={markAll.isPending}
              disabled={count === 0}
              onClick={() => markAll.mutate()}
            >
              {t('markAllRead')}
            </Button>
            <Button variant="primary" onClick={() => setOpen(false)}>
              {t('panel.close')}
            </Button>
          </>
        }
      >
        {markAll.error && (
          <p className="notice notice-danger" role="alert">
            {describeError(tc, markAll.error)}
          </p>
        )}
        <LatestNotifications onFollow={() => setOpen(false)} />
      </Dialog>
    </div>
  );
}

/** The panel's list: read each time the panel opens. */
function LatestNotifications(props: { onFollow: () => void }) {
  const { t } = useTranslation('notifications');
  const latest = useLatestNotifications();
  return (
    <AsyncView
      state={latest}
      isEmpty={(list) => list.length === 0}
      empty={<EmptyState title={t('empty.all')} />}
    >
      {(list) => (
        <ul className="flag-list notification-list" aria-label={t('panel.title')}>
          {list.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} onFollow={props.onFollow} />
            </li>
          ))}
        </ul>
      )}
    </AsyncView>
  );
}
