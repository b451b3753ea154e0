import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useBridge } from '../../app/app-context';
import { alertCountsQuery, useAlertCounts } from './alerts-queries';

/**
 * The open alerts beside "Alertas" in the navigation: urgent ones in a red pill marked "!", the
 * ones for review in an amber one. The link's accessible name says the same in words.
 */
export function AlertsNavCount() {
  const { t } = useTranslation('alerts');
  const counts = useAlertCounts();
  const data = counts.data;
  const urgent = data?.urgent ?? 0;
  const review = data?.review ?? 0;
  const words =
    counts.isError && !data
      ? t('counts.unknown')
      : urgent + review === 0
        ? t('counts.none')
        : [
            urgent ? t('counts.urgent', { count: urgent }) : '',
            review ? t('counts.review', { count: review }) : '',
          ]
            .filter(Boolean)
            .join(', ');
  const shown = (n: number) => (n > 99 ? '99+' : String(n));

  return (
    <>
      {data && (
        <span className="alerts-nav-counts" aria-hidden="true" data-testid="alerts-nav-count">
          {urgent > 0 && (
            <span className="alerts-pill alerts-pill-urgent" data-testid="alerts-nav-urgent">
              ! {shown(urgent)}
            </span>
          )}
          {review > 0 && (
            <span className="alerts-pill alerts-pill-review" data-testid="alerts-nav-review">
              {shown(review)}
            </span>
          )}
        </span>
      )}{' '}
      <span className="visually-hidden">({words})</span>
    </>
  );
}

/** Says "Nueva alerta urgente" to screen readers when one is raised (outside the link). */
export function AlertsAnnouncer() {
  const { t } = useTranslation('alerts');
  const bridge = useBridge();
  const client = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  useEffect(
    () =>
      bridge.on('alert', ({ priority }) => {
        void client.invalidateQueries({ queryKey: alertCountsQuery(bridge).queryKey });
        setAnnouncement(t(`announce.${priority}`));
      }),
    [bridge, client, t],
  );
  return (
    <span className="visually-hidden" role="status">
      {announcement}
    </span>
  );
}
