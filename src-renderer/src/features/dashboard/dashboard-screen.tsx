import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type {
  AttentionConversation,
  FailedDelivery,
  PatientRef,
  RecentResponse,
  UpcomingDelivery,
} from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Badge, Card, PageHeader } from '../../ui/layout';
import { AsyncView, EmptyState, type Loadable } from '../../ui/states';
import { BalanceSummary, LowBalanceNotice } from '../credits';
import { useServiceNow } from '../../app/service-clock';
import { useBalance, useUsage } from '../credits';
import { UsageChart } from '../credits';
import { AlertsCard } from '../alerts';
import {
  useAttention,
  useFailedDeliveries,
  useRecentResponses,
  useUpcoming,
} from './dashboard-queries';
import { groupByDay, type DeliveryDay } from './delivery-days';
import './dashboard.css';

export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const now = useServiceNow();

  return (
    <div className="dashboard">
      <PageHeader title={t('title')} description={t('description')} />
      <AlertsCard />
      <div className="grid grid-2">
        <CreditsCard now={now} />
        <UpcomingCard now={now} />
      </div>
      <div className="grid grid-3">
        <AttentionCard now={now} />
        <RecentCard now={now} />
        <FailedWebhooksCard now={now} />
      </div>
    </div>
  );
}

/** A card with its own loading, error (with retry) and empty state. */
function SourceCard<T extends unknown[]>(props: {
  title: string;
  state: Loadable<T>;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card title={props.title} label={props.title} className="dashboard-card">
      <AsyncView
        state={props.state}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title={props.empty} />}
      >
        {props.children}
      </AsyncView>
    </Card>
  );
}

function patientName(patient: PatientRef): string {
  return `${patient.firstName} ${patient.lastName}`.trim();
}

function PatientLink(props: { patient: PatientRef }) {
  return (
    <Link href={`/patients/${encodeURIComponent(props.patient.id)}`} className="dashboard-patient">
      {patientName(props.patient)}
    </Link>
  );
}

function CreditsCard(props: { now: Date }) {
  const { t } = useTranslation('dashboard');
  const balance = useBalance();
  const usage = useUsage();
  const retry = () => {
    void balance.refetch();
    void usage.refetch();
  };
  return (
    <Card
      title={t('credits.title')}
      label={t('credits.title')}
      className="dashboard-card"
      actions={
        <Link href="/credits" className="dashboard-link">
          {t('credits.link')}
        </Link>
      }
    >
      <AsyncView state={balance} onRetry={retry}>
        {(data) => (
          <>
            <LowBalanceNotice balance={data} />
            <BalanceSummary balance={data} now={props.now} />
          </>
        )}
      </AsyncView>
      <div className="dashboard-chart">
        {/* One retry reloads both; shown once, by the balance, when both failed. */}
        <AsyncView
          state={{ data: usage.data, error: usage.error }}
          {...(balance.isError && usage.isError ? {} : { onRetry: retry })}
        >
          {(data) => <UsageChart usage={data} height={160} title={t('credits.chartTitle')} />}
        </AsyncView>
      </div>
    </Card>
  );
}

/** An overview, not the schedule: the next ten, and how many more the week holds. */
const UPCOMING_SHOWN = 10;

function UpcomingCard(props: { now: Date }) {
  const { t } = useTranslation('dashboard');
  const upcoming = useUpcoming(props.now);
  return (
    <SourceCard title={t('upcoming.title')} state={upcoming} empty={t('upcoming.empty')}>
      {(list) => (
        <div className="dashboard-days">
          {groupByDay(list.slice(0, UPCOMING_SHOWN), props.now).map((group) => (
            <DeliveryDayTable key={group.day} group={group} />
          ))}
          {list.length > UPCOMING_SHOWN && (
            <p className="muted">{t('upcoming.more', { count: list.length - UPCOMING_SHOWN })}</p>
          )}
        </div>
      )}
    </SourceCard>
  );
}

function DeliveryDayTable(props: { group: DeliveryDay }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const headingId = useId();
  const { group } = props;
  const heading =
    group.relation === 'today'
      ? t('upcoming.today')
      : group.relation === 'tomorrow'
        ? t('upcoming.tomorrow')
        : new Intl.DateTimeFormat(format.locale, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
          }).format(new Date(group.deliveries[0]?.scheduledAt ?? `${group.day}T12:00:00`));
  return (
    <section className="dashboard-day" aria-labelledby={headingId}>
      <h3 id={headingId} className="dashboard-day-title">
        {heading}
      </h3>
      <table className="table dashboard-table" aria-labelledby={headingId}>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('upcoming.time')}</th>
            <th scope="col">{t('upcoming.patient')}</th>
            <th scope="col">{t('upcoming.form')}</th>
            <th scope="col">{t('upcoming.channel')}</th>
          </tr>
        </thead>
        <tbody>
          {group.deliveries.map((delivery: UpcomingDelivery) => (
            <tr key={delivery.id}>
              <td className="dashboard-time">
                <time dateTime={delivery.scheduledAt}>{format.time(delivery.scheduledAt)}</time>
              </td>
              <td>
                <PatientLink patient={delivery.patient} />
              </td>
              <td>{delivery.formName}</td>
              <td>
                <Badge tone={delivery.channel === 'whatsapp' ? 'success' : 'info'}>
                  {t(`channels.${delivery.channel}`)}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RecentCard(props: { now: Date }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const recent = useRecentResponses();
  return (
    <SourceCard title={t('recent.title')} state={recent} empty={t('recent.empty')}>
      {(list) => (
        <ul className="dashboard-list">
          {list.map((response: RecentResponse) => (
            <li key={response.id}>
              <div className="dashboard-item-main">
                <PatientLink patient={response.patient} />
                <Link
                  href={`/responses/${encodeURIComponent(response.id)}`}
                  className="dashboard-item-sub"
                >
                  {response.formName}
                </Link>
              </div>
              <time
                className="dashboard-when"
                dateTime={response.completedAt}
                title={format.dateTime(response.completedAt)}
              >
                {format.relative(response.completedAt, props.now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </SourceCard>
  );
}

function AttentionCard(props: { now: Date }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const attention = useAttention();
  return (
    <SourceCard title={t('attention.title')} state={attention} empty={t('attention.empty')}>
      {(list) => (
        <ul className="dashboard-list">
          {list.map((conversation: AttentionConversation) => {
            const at = conversation.escalatedAt ?? conversation.lastMessageAt;
            return (
              <li key={conversation.id}>
                <div className="dashboard-item-main">
                  <PatientLink patient={conversation.patient} />
                  <time className="dashboard-item-sub" dateTime={at} title={format.dateTime(at)}>
                    {t('attention.escalatedAt', { relative: format.relative(at, props.now) })}
                  </time>
                </div>
                <Link
                  href={`/chats/${encodeURIComponent(conversation.id)}`}
                  aria-label={t('attention.open', {
                    name: `${conversation.patient.firstName} ${conversation.patient.lastName}`,
                  })}
                >
                  <Badge tone="danger">{t('attention.escalated')}</Badge>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </SourceCard>
  );
}

const EVENT_KEYS = {
  'patient.created': 'patientCreated',
  'form.completed': 'formCompleted',
  'call.ended': 'callEnded',
  'conversation.ended': 'conversationEnded',
  'credits.low': 'creditsLow',
  'schedule.sent': 'scheduleSent',
} as const;

function urlHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function FailedWebhooksCard(props: { now: Date }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const failed = useFailedDeliveries();
  const eventLabel = (event: string) => {
    const key = EVENT_KEYS[event as keyof typeof EVENT_KEYS];
    return key ? t(`webhooks.events.${key}`) : event;
  };
  const reasonLabel = (reason: string | undefined) =>
    reason === 'retries_exhausted' || reason === 'webhook_disabled'
      ? t(`webhooks.reasons.${reason}`)
      : t('webhooks.reasons.other');
  return (
    <SourceCard title={t('webhooks.title')} state={failed} empty={t('webhooks.empty')}>
      {(list) => (
        <ul className="dashboard-list">
          {list.map((delivery: FailedDelivery) => (
            <li key={`${delivery.webhookId}:${delivery.eventId}`}>
              <div className="dashboard-item-main">
                <span className="dashboard-item-title">
                  {eventLabel(delivery.event)} <code>{delivery.event}</code>
                </span>
                <span className="dashboard-item-sub" title={delivery.webhookUrl}>
                  {urlHost(delivery.webhookUrl)}
                </span>
                <span className="dashboard-item-sub">
                  {reasonLabel(delivery.failureReason)} ·{' '}
                  {t('webhooks.attempts', { count: delivery.attemptCount })}
                </span>
              </div>
              <time
                className="dashboard-when"
                dateTime={delivery.failedAt}
                title={format.dateTime(delivery.failedAt)}
              >
                {t('webhooks.failedAt', {
                  relative: format.relative(delivery.failedAt, props.now),
                })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </SourceCard>
  );
}
