import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AlertView } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { Button } from '../../ui/button';
import { fullName } from '../patients';
import { PriorityBadge, StateBadge } from './alert-badges';
import { useAlertText } from './alert-text';
import type { AlertAction } from './alerts-store';

type Actor = NonNullable<AlertView['acknowledgedBy']>;

/** "Vista el 24 nov 2026, 10:31 desde Engage Desk." and the note, for one step of an alert. */
function HistoryStep(props: {
  step: 'acknowledged' | 'resolved';
  at: string | undefined;
  by: Actor | undefined;
  note: string | undefined;
}) {
  const { t } = useTranslation('alerts');
  const format = useFormat();
  if (!props.at) return null;
  const by =
    props.by?.type === 'api_key'
      ? t('history.byApiKey', { name: props.by.name })
      : t('history.byDesk');
  return (
    <div className="alert-step" data-testid={`alert-${props.step}`}>
      <p>{t(`history.${props.step}`, { date: format.dateTime(props.at), by })}</p>
      {props.note && (
        <p className="alert-note">
          <span className="alert-note-label">{t('history.note')}</span>{' '}
          <q translate="no">{props.note}</q>
        </p>
      )}
    </div>
  );
}

/**
 * One alert: whose it is (a link to the patient), why in words, priority and state, when it was
 * raised, where it came from, who acknowledged or resolved it and with what note, and the actions
 * it still allows.
 */
export function AlertItem(props: {
  alert: AlertView;
  onAct: (alert: AlertView, action: AlertAction) => void;
}) {
  const { t } = useTranslation('alerts');
  const format = useFormat();
  const describe = useAlertText();
  const titleId = useId();
  const { alert } = props;
  const text = describe(alert);
  const name = fullName(alert.patient);
  return (
    <article
      className={`flag-card alert-item alert-item-${alert.priority} alert-item-${alert.state}`}
      aria-labelledby={titleId}
      data-testid="alert-item"
    >
      <div className="alert-content">
        <h3 id={titleId} className="alert-title">
          <Link href={`/patients/${encodeURIComponent(alert.patientId)}`}>{name}</Link>
          <PriorityBadge priority={alert.priority} />
          <StateBadge state={alert.state} />
        </h3>
        <p className="alert-reason">{text.reason}</p>
        <p className="alert-meta">
          <time dateTime={alert.raisedAt}>
            {t('list.raisedAt', { date: format.dateTime(alert.raisedAt) })}
          </time>
          <span aria-hidden="true"> · </span>
          <span>{t(`sources.${alert.source.type}`)}</span>
          <span aria-hidden="true"> · </span>
          <Link href={text.source.href}>{text.source.label}</Link>
        </p>
        <HistoryStep
          step="acknowledged"
          at={alert.acknowledgedAt}
          by={alert.acknowledgedBy}
          note={alert.acknowledgeNote}
        />
        <HistoryStep
          step="resolved"
          at={alert.resolvedAt}
          by={alert.resolvedBy}
          note={alert.resolveNote}
        />
      </div>
      {alert.state !== 'resolved' && (
        <div className="alert-actions">
          {alert.state === 'open' && (
            <Button
              size="sm"
              aria-label={t('actions.acknowledgeLabel', { name })}
              onClick={() => props.onAct(alert, 'acknowledge')}
            >
              {t('actions.acknowledge')}
            </Button>
          )}
          <Button
            size="sm"
            aria-label={t('actions.resolveLabel', { name })}
            onClick={() => props.onAct(alert, 'resolve')}
          >
            {t('actions.resolve')}
          </Button>
        </div>
      )}
    </article>
  );
}
