import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/layout';
import { useCommand } from '../../app/commands';
import { useDeveloperMode } from '../../app/developer-mode';
import { CancelDeliveryDialog, type CancellableDelivery } from './cancel-dialog';
import { useBalance } from '../credits';
import { DeliveriesList } from './deliveries-list';
import { DeliveryCalendar } from './delivery-calendar';
import { OutboxView } from './outbox-view';
import { ScheduleDialog } from './schedule-dialog';
import { CancelSeriesDialog, RetryDeliveryDialog, type SeriesRef } from './series-dialogs';
import type { ScheduleListItem } from '../../../../src-preload/contract';
import './deliveries.css';

const VIEWS = [
  { key: 'list', href: '/deliveries' },
  { key: 'calendar', href: '/deliveries/calendar' },
  // The outbox shows what the service sent, as a developer checks it: only in developer mode.
  { key: 'outbox', href: '/deliveries/outbox', developer: true },
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
  const balance = useBalance();
  const [scheduling, setScheduling] = useState(false);
  const [cancelling, setCancelling] = useState<CancellableDelivery>();
  const [notice, setNotice] = useState<string>();
  const [retrying, setRetrying] = useState<ScheduleListItem>();
  const [cancellingSeries, setCancellingSeries] = useState<SeriesRef>();
  const view = viewOf(props.view);
  const developerMode = useDeveloperMode();
  useCommand('scheduleForm', () => setScheduling(true));

  const current = balance.data?.balance;

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
        {VIEWS.filter((v) => developerMode || !('developer' in v)).map((v) => (
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
      {view === 'list' && (
        <DeliveriesList
          onCancel={setCancelling}
          onRetry={(delivery) => {
            setNotice(undefined);
            setRetrying(delivery);
          }}
          onCancelSeries={(series) => {
            setNotice(undefined);
            setCancellingSeries(series);
          }}
        />
      )}
      {view === 'calendar' && <DeliveryCalendar onCancel={setCancelling} />}
      {view === 'outbox' && <OutboxView />}
      {scheduling && (
        <ScheduleDialog
          onClose={(done) => {
            setScheduling(false);
            if (done) setNotice(done);
          }}
        />
      )}
      {retrying && (
        <RetryDeliveryDialog
          delivery={retrying}
          onDone={(done) => {
            setRetrying(undefined);
            if (done) setNotice(done);
          }}
        />
      )}
      {cancellingSeries && (
        <CancelSeriesDialog
          series={cancellingSeries}
          onDone={(done) => {
            setCancellingSeries(undefined);
            if (done) setNotice(done);
          }}
        />
      )}
      {cancelling && (
        <CancelDeliveryDialog
          delivery={cancelling}
          onDone={(done) => {
            setCancelling(undefined);
            if (done) setNotice(done);
          }}
        />
      )}
    </div>
  );
}
