import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useStore } from 'zustand';
import { useFeatureStore, useRefreshOn } from '../../app/app-context';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/layout';
import { CancelDeliveryDialog, type CancellableDelivery } from './cancel-dialog';
import { createCalendarStore } from './calendar-store';
import { DeliveriesList } from './deliveries-list';
import { createDeliveriesStore } from './deliveries-store';
import { DeliveryCalendar } from './delivery-calendar';
import { OutboxView } from './outbox-view';
import { ScheduleDialog } from './schedule-dialog';
import './deliveries.css';

const VIEWS = [
  { key: 'list', href: '/deliveries' },
  { key: 'calendar', href: '/deliveries/calendar' },
  { key: 'outbox', href: '/deliveries/outbox' },
] as const;

type View = (typeof VIEWS)[number]['key'];

function viewOf(param: string | undefined): View {
  return param === 'calendar' || param === 'outbox' ? param : 'list';
}

/**
 * Deliveries: the list (/deliveries), the calendar of pending ones (/deliveries/calendar) and
 * the outbox of sent messages (/deliveries/outbox), with scheduling and cancelling on top.
 */
export function DeliveriesScreen(props: { view?: string }) {
  const { t } = useTranslation('deliveries');
  const format = useFormat();
  const store = useFeatureStore(createDeliveriesStore);
  const calendar = useFeatureStore(createCalendarStore);
  const balance = useStore(store, (s) => s.balance);
  const [scheduling, setScheduling] = useState(false);
  const [cancelling, setCancelling] = useState<CancellableDelivery>();
  const [notice, setNotice] = useState<string>();
  const view = viewOf(props.view);

  useEffect(() => {
    void store.getState().loadBalance();
  }, [store]);
  // Only what has been loaded is reloaded: a view not opened yet loads when it opens.
  useRefreshOn(['schedules'], () => {
    if (store.getState().rows.status !== 'idle') void store.getState().loadRows();
  });
  useRefreshOn(['credits'], () => void store.getState().loadBalance());
  useRefreshOn(['forms'], () => {
    if (store.getState().forms.status !== 'idle') void store.getState().loadForms();
  });

  const current = 'data' in balance ? balance.data?.balance : undefined;

  return (
    <div className="deliveries-screen">
      <PageHeader
        title={t('title')}
        description={
          <>
            {t('description')}{' '}
            {current !== undefined && (
              <span className="deliveries-balance" data-testid="deliveries-balance">
                {t('balance', { balance: format.number(current) })}
              </span>
            )}
          </>
        }
        actions={
          <Button
            variant="primary"
            onClick={() => {
              setNotice(undefined);
              setScheduling(true);
            }}
          >
            {t('newDelivery')}
          </Button>
        }
      />
      <nav className="deliveries-views" aria-label={t('views.label')}>
        {VIEWS.map((v) => (
          <Link
            key={v.key}
            href={v.href}
            className="deliveries-view-link"
            aria-current={view === v.key ? 'page' : undefined}
          >
            {t(`views.${v.key}`)}
          </Link>
        ))}
      </nav>
      <p className="deliveries-status" role="status">
        {notice}
      </p>
      {view === 'list' && <DeliveriesList onCancel={setCancelling} />}
      {view === 'calendar' && <DeliveryCalendar onCancel={setCancelling} />}
      {view === 'outbox' && <OutboxView />}
      {scheduling && (
        <ScheduleDialog
          onClose={(done) => {
            setScheduling(false);
            if (done) {
              setNotice(done);
              void calendar.getState().refresh();
            }
          }}
        />
      )}
      {cancelling && (
        <CancelDeliveryDialog
          delivery={cancelling}
          onDone={(done) => {
            setCancelling(undefined);
            void calendar.getState().refresh();
            if (done) setNotice(done);
          }}
        />
      )}
    </div>
  );
}
