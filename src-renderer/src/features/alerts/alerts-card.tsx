import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card } from '../../ui/layout';
import { AsyncView } from '../../ui/states';
import { AlertIcon } from '../chats';
import { useAlertCounts } from './alerts-queries';
import './alerts.css';

/** The dashboard's card: how many alerts are open, urgent ones first, and a link to Alertas. */
export function AlertsCard() {
  const { t } = useTranslation('alerts');
  const counts = useAlertCounts();

  return (
    <Card
      title={t('card.title')}
      label={t('card.title')}
      className="dashboard-card alerts-dashboard-card"
      actions={
        <Link href="/alerts" className="dashboard-link">
          {t('card.link')}
        </Link>
      }
    >
      <AsyncView state={counts}>
        {({ urgent, review }) =>
          urgent + review === 0 ? (
            <p className="muted alerts-card-none">{t('card.none')}</p>
          ) : (
            <ul className="alerts-card-counts" data-testid="alerts-card-counts">
              <li className={urgent > 0 ? 'alerts-card-urgent' : 'alerts-card-zero'}>
                {urgent > 0 && <AlertIcon />}
                {t('counts.urgent', { count: urgent })}
              </li>
              <li className={review > 0 ? 'alerts-card-review' : 'alerts-card-zero'}>
                {t('counts.review', { count: review })}
              </li>
            </ul>
          )
        }
      </AsyncView>
    </Card>
  );
}
