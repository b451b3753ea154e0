import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useBridge, useFeatureStore, useRefreshOn } from '../../app/app-context';
import { createAlertsStore } from './alerts-store';

/**
 * The open alerts beside "Alertas" in the navigation: urgent ones in a red pill marked "!", the
 * ones for review in an amber one. The link's accessible name says the same in words.
 */
export function AlertsNavCount() {
  const { t } = useTranslation('alerts');
  const store = useFeatureStore(createAlertsStore);
  const counts = useStore(store, (s) => s.counts);

  useEffect(() => {
    void store.getState().loadCounts();
  }, [store]);
  useRefreshOn(['alerts'], () => void store.getState().loadCounts());

  const data = 'data' in counts ? counts.data : undefined;
  const urgent = data?.urgent ?? 0;
  const review = data?.review ?? 0;
  const words =
    counts.status === 'error' && !data
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
  const store = useFeatureStore(createAlertsStore);
  const [announcement, setAnnouncement] = useState('');
  useEffect(
    () =>
      bridge.on('alert', ({ priority }) => {
        void store.getState().loadCounts();
        setAnnouncement(t(`announce.${priority}`));
      }),
    [bridge, store, t],
  );
  return (
    <span className="visually-hidden" role="status">
      {announcement}
    </span>
  );
}
