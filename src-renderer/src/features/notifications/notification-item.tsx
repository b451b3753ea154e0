import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Notification } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { describeError } from '../../ui/states';
import { describeNotification } from './notification-text';
import { useMarkRead } from './notifications-queries';
import { useServiceNow } from '../../app/service-clock';

/**
 * One notification: what happened, when (relative to the service clock, exact on hover), a link
 * to the thing, and "mark as read" while it is unread. Following the link marks it read too.
 */
export function NotificationItem(props: { notification: Notification; onFollow?: () => void }) {
  const { t } = useTranslation('notifications');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const markRead = useMarkRead();
  const now = useServiceNow();
  const titleId = useId();
  const { notification } = props;
  const text = describeNotification(notification, t, format);
  const unread = !notification.readAt;

  return (
    <article
      className={`flag-card notification-item notification-${text.tone}${unread ? ' notification-unread' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="notification-content">
        <h3 id={titleId} className="notification-title">
          {text.title}
          {unread && <span className="badge badge-info notification-new">{t('unreadBadge')}</span>}
        </h3>
        <p className="notification-body">{text.body}</p>
        <p className="notification-meta">
          <time dateTime={notification.createdAt} title={format.dateTime(notification.createdAt)}>
            {format.relative(notification.createdAt, now)}
          </time>
          <span aria-hidden="true"> · </span>
          <Link
            href={text.href}
            onClick={() => {
              if (unread) markRead.mutate(notification.id);
              props.onFollow?.();
            }}
          >
            {text.linkLabel}
          </Link>
        </p>
        {markRead.error && (
          <p className="notice notice-danger" role="alert">
            {describeError(tc, markRead.error)}
          </p>
        )}
      </div>
      {unread && (
        <Button
          size="sm"
          variant="ghost"
          busy={markRead.isPending}
          aria-label={t('markReadLabel', { title: text.title })}
          onClick={() => markRead.mutate(notification.id)}
        >
          {t('markRead')}
        </Button>
      )}
    </article>
  );
}
