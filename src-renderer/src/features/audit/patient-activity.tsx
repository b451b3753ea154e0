import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { LoadMoreFooter } from '../../ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { useAuditEvents } from './audit-queries';
import { useAuditWords } from './audit-words';
import './audit.css';

/** The patient page's activity tab: who saw or changed this patient, when and from where. */
export function PatientActivity(props: { patientId: string }) {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const words = useAuditWords();
  const list = useAuditEvents({ patientId: props.patientId });
  const items = list.data ?? [];
  if (list.data === undefined) {
    return list.error ? <ErrorState error={list.error} onRetry={list.refetch} /> : <LoadingState />;
  }
  if (items.length === 0) return <EmptyState title={t('empty')} />;
  return (
    <>
      <ol className="audit-activity" aria-label={t('tabLabel')}>
        {items.map((e) => (
          <li key={e.id} className="audit-activity-item">
            <span className="audit-activity-what">{words.action(e)}</span>
            <span className="muted">
              {words.who(e)} · {words.channel(e)} ·{' '}
              <time dateTime={e.at}>{format.dateTime(e.at)}</time>
            </span>
          </li>
        ))}
      </ol>
      <LoadMoreFooter
        hasMore={list.hasMore}
        loading={list.loadingMore}
        error={list.moreError}
        failed={t('moreError')}
        onMore={list.loadMore}
        size="sm"
      />
    </>
  );
}
