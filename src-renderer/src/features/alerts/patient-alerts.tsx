import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ErrorState } from '../../ui/states';
import { PriorityBadge, StateBadge } from './alert-badges';
import { useAlertText } from './alert-text';
import { usePatientAlerts } from './alerts-queries';
import './alerts.css';

/**
 * The patient page's header: the patient's alerts not yet resolved (urgent first), each with its
 * priority and reason, and a link to Alertas showing only theirs. Nothing when there are none.
 */
export function PatientAlerts(props: { patientId: string }) {
  const { t } = useTranslation('alerts');
  const alerts = usePatientAlerts(props.patientId);
  const describe = useAlertText();

  const list = alerts.data;
  if (!list) {
    return alerts.error ? (
      <section className="patient-alerts" aria-label={t('patient.title')}>
        <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} />
      </section>
    ) : null;
  }
  if (list.length === 0) return null;
  const href = `/alerts?patientId=${encodeURIComponent(props.patientId)}`;
  return (
    <section
      className={`patient-alerts${list.some((a) => a.priority === 'urgent') ? ' patient-alerts-urgent' : ''}`}
      aria-label={t('patient.title')}
    >
      <div className="patient-alerts-header">
        <h2>{t('patient.title')}</h2>
        <Link href={href}>{t('patient.seeAll')}</Link>
      </div>
      <ul className="patient-alerts-list">
        {list.map((alert) => (
          <li key={alert.id}>
            <PriorityBadge priority={alert.priority} />
            {alert.state !== 'open' && <StateBadge state={alert.state} />}
            <span className="patient-alerts-reason">{describe(alert).reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
